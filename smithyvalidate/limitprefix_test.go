package smithyvalidate_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// limitPrefixModel has what the findings before a reader limit must tell
// apart: checks of a finished value (a member's type, a pattern), checks
// of a whole container (a required member, a list's length, a union's
// member count), and values whose verdict depends on what follows (an
// untagged union, a discriminated one).
const limitPrefixModel = `$version: "2"
namespace t

use alloy#discriminated
use alloy#untagged

structure Req {
    @required
    name: String
    @pattern("^[a-z]+$")
    tag: String
    @length(min: 2)
    items: Items
    args: Document
    pick: Pick
    shape: Shape
    block: Block
    deep: Deep
}

@length(min: 2)
list Items { member: Item }

structure Item {
    @required
    id: Integer
    note: String
}

union Pick {
    a: Integer
    b: String
}

@untagged
union Shape {
    circle: Circle
    square: Square
}

structure Circle { @required radius: Integer, fill: Item }
structure Square { @required side: Integer, fill: Item }

@discriminated("type")
union Block {
    text: TextBlock
    list: ListBlock
}
structure TextBlock { @required text: String }
structure ListBlock { @required items: Items }

list Deep { member: Deep2 }
list Deep2 { member: Deep3 }
list Deep3 { member: Integer }
`

// TestFindingsBeforeLimit: a reader limit stops validation where it is
// met, and what ended before it keeps its findings, so that an error
// before the limit makes the result invalid (exit 1) rather than only
// incomplete (exit 5); a finding that the rest of the text could change
// is not reported.
func TestFindingsBeforeLimit(t *testing.T) {
	m := loadAlloyModel(t, limitPrefixModel)
	for _, tt := range []struct {
		name, text string
		opt        sv.Option
		// want lists the findings other than the limit's, "code path".
		want []string
		// valid is the result's Valid.
		valid bool
	}{
		{"a wrong member before the depth limit", `{"name": 5, "deep": [[[[1]]]]}`, sv.MaxDepth(3),
			[]string{"type /name"}, false},
		{"nothing wrong before it", `{"name": "x", "deep": [[[[1]]]]}`, sv.MaxDepth(3), nil, true},
		{"an open object lacks nothing yet", `{"tag": "x", "deep": [[[[1]]]]}`, sv.MaxDepth(3), nil, true},
		{"a pattern and a finished element's missing member", `{"tag": "X", "items": [{"note": "n"}, {"id": 1, "note": [[[1]]]}]}`, sv.MaxDepth(3),
			[]string{"pattern /tag", "required /items/0"}, false},
		{"an open list is not too short", `{"name": "x", "items": [{"id": 1, "note": [[[1]]]}]}`, sv.MaxDepth(3), nil, true},
		{"a finished list is", `{"name": "x", "items": [{"id": 1}], "deep": [[[[1]]]]}`, sv.MaxDepth(3),
			[]string{"length /items"}, false},
		{"the element limit at a key", `{"name": 5, "tag": "x", "items": []}`, sv.MaxElements(4),
			[]string{"type /name"}, false},
		{"the element limit at a value", `{"tag": "A", "name": "x"}`, sv.MaxElements(4),
			[]string{"pattern /tag"}, false},
		{"the number limit", `{"name": 5, "items": [{"id": 123456789}]}`, sv.MaxNumberLength(4),
			[]string{"type /name"}, false},
		{"an open tagged union with one member", `{"pick": {"a": "s", "b": [[[1]]]}}`, sv.MaxDepth(3),
			[]string{"type /pick/a"}, false},
		{"an open untagged union: nothing below it", `{"name": 1, "shape": {"radius": "r", "fill": {"id": [[1]]}}}`, sv.MaxDepth(3),
			[]string{"type /name"}, false},
		{"a finished untagged union", `{"shape": {"radius": "r"}, "deep": [[[[1]]]]}`, sv.MaxDepth(3),
			[]string{"type /shape/radius", "untagged /shape"}, false},
		{"an open discriminated union: nothing below it", `{"block": {"text": 5, "type": [[[1]]]}}`, sv.MaxDepth(3), nil, true},
		{"below a document: nothing", `{"args": {"a": [1, [2, [3]]]}}`, sv.MaxDepth(3), nil, true},
		{"the limit at the root", `[[1]]`, sv.MaxDepth(0), nil, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := mustPrepare(t, m, "t#Req", tt.opt)
			r := validateJSON(t, v, tt.text)
			if r.Complete {
				t.Fatalf("complete: %s", r.Text())
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
			if !slices.Equal(got, tt.want) || limits != 1 || r.Valid != tt.valid {
				t.Errorf("findings %q, %d limit findings, valid %v; want %q, 1, %v\n%s", got, limits, r.Valid, tt.want, tt.valid, r.Text())
			}
		})
	}
}

// Under fail-fast the first error kept before the limit ends validation,
// as any first error does; an error dropped (about an open container)
// does not hide it.
func TestFindingsBeforeLimitFailFast(t *testing.T) {
	m := loadAlloyModel(t, limitPrefixModel)
	v := mustPrepare(t, m, "t#Req", sv.MaxDepth(3), sv.FailFast(true))
	r := validateJSON(t, v, `{"shape": {"radius": "r", "side": 1, "fill": {"id": 1}}, "tag": "X", "name": 5, "deep": [[[[1]]]]}`)
	var errs []sv.Code
	for _, f := range r.Findings {
		if f.Severity == sv.SeverityError || f.Class == sv.ClassLimit {
			errs = append(errs, f.Code)
		}
	}
	if r.Valid || r.Complete || !slices.Equal(errs, []sv.Code{sv.CodePattern}) {
		t.Errorf("want the pattern error and no other error or limit, invalid and incomplete:\n%s", r.Text())
	}
}

// TestFindingsBeforeLimitPositions: the findings kept are positioned in
// the text given, and come before the limit's.
func TestFindingsBeforeLimitPositions(t *testing.T) {
	m := loadAlloyModel(t, limitPrefixModel)
	v := mustPrepare(t, m, "t#Req", sv.MaxDepth(3))
	r := validateJSON(t, v, "\xEF\xBB\xBF{\n  \"tag\": \"X\",\n  \"deep\": [[[[1]]]]\n}")
	if len(r.Findings) != 2 || r.Findings[0].Code != sv.CodePattern || r.Findings[1].Code != sv.CodeDepthLimit {
		t.Fatalf("%s", r.Text())
	}
	if p := r.Findings[0].Pos; p.Line != 2 || p.Column != 10 {
		t.Errorf("pattern at %v, want 2:10", p)
	}
	if p := r.Findings[1].Pos; p.Line != 3 || p.Column != 13 {
		t.Errorf("depth-limit at %v, want 3:13 (the root is level 1)", p)
	}
}

// FuzzFindingsBeforeLimit: whatever the text and wherever a limit stops
// it, every finding reported beside the limit's is one that validation of
// the whole text without the limit reports too (it is certain), and an
// error among them makes the result invalid.
func FuzzFindingsBeforeLimit(f *testing.F) {
	for _, s := range []string{
		`{"name": 5, "deep": [[[[1]]]]}`,
		`{"tag": "X", "items": [{"note": "n"}, {"id": 1, "note": [[[1]]]}]}`,
		`{"shape": {"radius": "r", "fill": {"id": "x", "note": 1}}, "deep": [[[[1]]]]}`,
		`{"shape": {"side": 1, "radius": 2}, "block": {"type": "text", "text": 1}}`,
		`{"block": {"text": 5, "type": "list", "items": [{"id": 1}]}, "pick": {"a": 1, "b": "x"}}`,
		`{"items": [{"id": "1"}, {"id": 2, "id": 3}], "name": null, "args": [[[[[1]]]]]}`,
	} {
		f.Add(s, uint8(3), uint16(7))
	}
	m := loadAlloyModel(f, limitPrefixModel)
	full := mustPrepare(f, m, "t#Req")
	f.Fuzz(func(t *testing.T, text string, depth uint8, elems uint16) {
		if _, err := node.Parse([]byte(text)); err != nil {
			return
		}
		whole := validateJSON(t, full, text)
		if !whole.Complete {
			return
		}
		all := map[string]bool{}
		for _, f := range whole.Findings {
			all[findingKey(f)] = true
		}
		for _, opt := range []sv.Option{sv.MaxDepth(int(depth%8) + 1), sv.MaxElements(int(elems % 64)), sv.MaxNumberLength(2)} {
			r := validateJSON(t, mustPrepare(t, m, "t#Req", opt), text)
			errs := 0
			for _, f := range r.Findings {
				if f.Class == sv.ClassLimit {
					continue
				}
				if f.Severity == sv.SeverityError {
					errs++
				}
				if !all[findingKey(f)] {
					t.Fatalf("%q under a limit: %s is not a finding of the whole text\nlimited:\n%s\nwhole:\n%s", text, findingKey(f), r.Text(), whole.Text())
				}
			}
			if r.Valid != (errs == 0) {
				t.Fatalf("%q: valid %v with %d errors", text, r.Valid, errs)
			}
		}
	})
}

func findingKey(f sv.Finding) string {
	return fmt.Sprintf("%s %s %v %s", f.Code, f.Path, f.Pos, f.Message)
}

// TestFindingsBeforeLimitRandom runs the fuzz property over generated
// values of the model, cut by every element limit.
func TestFindingsBeforeLimitRandom(t *testing.T) {
	m := loadAlloyModel(t, limitPrefixModel)
	full := mustPrepare(t, m, "t#Req")
	r := rand.New(rand.NewPCG(27, 1))
	kept := 0
	for range 300 {
		text := randomReq(r)
		whole := validateJSON(t, full, text)
		all := map[string]bool{}
		for _, f := range whole.Findings {
			all[findingKey(f)] = true
		}
		for n := 1; n < 60; n++ {
			for _, opt := range []sv.Option{sv.MaxElements(n), sv.MaxDepth(n%5 + 1)} {
				res := validateJSON(t, mustPrepare(t, m, "t#Req", opt), text)
				for _, f := range res.Findings {
					if f.Class == sv.ClassLimit {
						continue
					}
					kept++
					if !all[findingKey(f)] {
						t.Fatalf("%s: %s is not a finding of the whole text\n%s\nwhole:\n%s", text, findingKey(f), res.Text(), whole.Text())
					}
				}
			}
		}
	}
	if kept == 0 {
		t.Fatal("no finding kept before a limit: the property was not exercised")
	}
}

// randomReq writes a t#Req value with mistakes here and there.
func randomReq(r *rand.Rand) string {
	var b strings.Builder
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	item := func() string {
		return pick(`{"id": 1}`, `{"id": "1"}`, `{"note": "n"}`, `{"id": 2, "note": 3}`, `{"id": 1, "note": "x", "zz": [1]}`)
	}
	b.WriteString("{")
	fields := []string{
		`"name": ` + pick(`"n"`, `5`, `null`, `[1]`),
		`"tag": ` + pick(`"abc"`, `"ABC"`, `7`),
		`"items": [` + strings.Join([]string{item(), item(), item()}[:r.IntN(4)], ", ") + `]`,
		`"args": ` + pick(`{"a": [1, [2, [3, [4]]]]}`, `null`, `"s"`),
		`"pick": ` + pick(`{"a": 1}`, `{"b": 2}`, `{"a": 1, "b": "x"}`, `{}`),
		`"shape": ` + pick(`{"radius": 1}`, `{"side": "s"}`, `{"radius": 1, "fill": `+item()+`}`, `{"side": 2, "fill": `+item()+`}`, `{"x": 1}`),
		`"block": ` + pick(`{"type": "text", "text": 1}`, `{"text": "t", "type": "text"}`, `{"type": "list", "items": [`+item()+`]}`, `{"type": "nope"}`),
		`"deep": ` + pick(`[[[1]]]`, `[[["x"]]]`, `[[[1, [2]]]]`, `[]`),
	}
	r.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
	b.WriteString(strings.Join(fields[:1+r.IntN(len(fields))], ", "))
	b.WriteString("}")
	return b.String()
}
