package ionadapter

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// TestFindingsBeforeLimit: a reader limit stops reading an Ion value where
// it is met, and what the value held before it keeps the findings nothing
// after the limit could change, as the JSON reader's do: an error before
// the limit makes the result invalid (exit 1, not 5); a finding about a
// container the limit left open is not reported.
func TestFindingsBeforeLimit(t *testing.T) {
	for _, tt := range []struct {
		name, shape, text string
		opt               Option
		want              []string // findings other than the limit's, "code path"
		valid             bool
	}{
		{"a wrong field before the depth limit", "Row", `{id: 5, tags: [[[["x"]]]]}`, MaxDepth(2),
			[]string{"type /id"}, false},
		{"nothing wrong before it", "Row", `{id: "a", tags: [[["x"]]]}`, MaxDepth(2), nil, true},
		{"an open struct lacks nothing yet", "Row", `{name: "n", tags: [[["x"]]]}`, MaxDepth(2), nil, true},
		{"the element limit at a field name", "Row", `{count: "c", name: 1, flag: true}`, MaxElements(5),
			[]string{"type /count", "type /name"}, false},
		{"the element limit at a value", "Row", `{count: "c", name: 1, flag: true}`, MaxElements(4),
			[]string{"type /count"}, false},
		{"a list's finished elements", "Tags", `["a", 1, "b", 2, "c"]`, MaxElements(4),
			[]string{"type /1"}, false},
		{"an open union with one member", "Choice", `{a: "x", b: [[1]]}`, MaxDepth(2),
			[]string{"type /a"}, false},
		{"the limit at the top", "Tags", `[[1]]`, MaxDepth(1), nil, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Validate(validator(t, tt.shape), []byte(tt.text), tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			limits := 0
			for _, f := range r.Findings {
				if f.Class == sv.ClassLimit {
					limits++
					continue
				}
				got = append(got, string(f.Code)+" "+f.Path.String())
			}
			slices.Sort(got)
			if r.Complete || !slices.Equal(got, tt.want) || limits != 1 || r.Valid != tt.valid {
				t.Errorf("findings %q, %d limit findings, valid %v, complete %v; want %q, 1, %v, false\n%s",
					got, limits, r.Valid, r.Complete, tt.want, tt.valid, r.Text())
			}
		})
	}
}

// TestFindingsBeforeLimitDatagram: in a datagram the value the limit
// stopped keeps its certain findings under its own index, after the
// values before it.
func TestFindingsBeforeLimitDatagram(t *testing.T) {
	r, err := Validate(validator(t, "Row"), []byte(`{id: "a"} {id: 1} {id: 2, tags: [[["x"]]]}`), MaxDepth(2))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range r.Findings {
		i, _ := f.Path.Document()
		got = append(got, fmt.Sprintf("%s [%d]%s", f.Code, i, f.Path))
	}
	slices.Sort(got)
	want := []string{"depth-limit [2]/tags/0", "type [1]/id", "type [2]/id"}
	if !slices.Equal(got, want) || r.Valid || r.Complete {
		t.Errorf("findings %q, want %q, invalid and incomplete\n%s", got, want, r.Text())
	}
}

// TestFindingsBeforeLimitRandom: whatever value and wherever a limit
// stops it, every finding reported beside the limit's is one that the
// whole value gives without the limit.
func TestFindingsBeforeLimitRandom(t *testing.T) {
	v := validator(t, "Row")
	r := rand.New(rand.NewPCG(27, 2))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	kept := 0
	for range 300 {
		fields := []string{
			"id: " + pick(`"a"`, `5`, `null`, `["x"]`),
			"name: " + pick(`"n"`, `1`, `{a: 1}`),
			"flag: " + pick(`true`, `"t"`),
			"count: " + pick(`1`, `"c"`, `[1, [2]]`),
			"tags: " + pick(`["a", "b"]`, `["a", 1, [2]]`, `[[["x"]], "y"]`, `[]`),
		}
		r.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
		text := "{" + strings.Join(fields[:1+r.IntN(len(fields))], ", ") + "}"
		whole, err := Validate(v, []byte(text))
		if err != nil || !whole.Complete {
			t.Fatalf("%s: %v\n%s", text, err, whole.Text())
		}
		all := map[string]bool{}
		for _, f := range whole.Findings {
			all[string(f.Code)+" "+f.Path.String()+" "+f.Message] = true
		}
		for n := 1; n < 24; n++ {
			for _, opt := range []Option{MaxElements(n), MaxDepth(n%4 + 1)} {
				res, err := Validate(v, []byte(text), opt)
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range res.Findings {
					if f.Class == sv.ClassLimit {
						continue
					}
					kept++
					if k := string(f.Code) + " " + f.Path.String() + " " + f.Message; !all[k] {
						t.Fatalf("%s: %s is not a finding of the whole value\n%s\nwhole:\n%s", text, k, res.Text(), whole.Text())
					}
				}
			}
		}
	}
	if kept == 0 {
		t.Fatal("no finding kept before a limit: the property was not exercised")
	}
}
