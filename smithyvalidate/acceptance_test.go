package smithyvalidate_test

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
	"github.com/smithy-validation/go/smithyvalidate/stream"
)

// The seed's examples against its Calculator model.

func TestSeedPositionalParams(t *testing.T) {
	m := loadModel(t, calculatorModel)
	v := mustPrepare(t, m, "example#SubtractInput")
	msg := `{"jsonrpc":"2.0","method":"subtract","params":[42,"23"],"id":1}`
	c := sv.NewCollector()
	env, ok := stream.ReadJSON(c, []byte(msg), sv.Root())
	if !ok {
		t.Fatal("message did not parse")
	}
	params, _ := env.Get("params")
	obj := sv.Positional(sv.NodeView(&params), "minuend", "subtrahend")
	if err := v.Check(c, sv.Root().Key("params"), obj); err != nil {
		t.Fatal(err)
	}
	r := c.Result()
	if r.Valid || !r.Complete || len(r.Findings) != 1 {
		t.Fatalf("got %+v", r)
	}
	f := r.Findings[0]
	if f.Path.String() != "/params/1" || f.Shape.String() != "example#SubtractInput$subtrahend" || f.Code != sv.CodeType {
		t.Errorf("got %s %s %s", f.Code, f.Path, f.Shape)
	}
	if f.Pos.Line != 1 || f.Pos.Column != 51 {
		t.Errorf("position %s, want 1:51", f.Pos)
	}
	if want := "expected an integer, found a string"; f.Message != want {
		t.Errorf("message %q, want %q", f.Message, want)
	}

	// [42,23] is valid; a missing required argument is reported on the
	// params array with the member's ID.
	for _, tc := range []struct{ name, params, want string }{
		{"valid", `[42,23]`, ""},
		{"missing subtrahend", `[42]`, "required /params example#SubtractInput$subtrahend"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := node.Parse([]byte(tc.params))
			if err != nil {
				t.Fatal(err)
			}
			c := sv.NewCollector()
			if err := v.Check(c, sv.Root().Key("params"), sv.Positional(sv.NodeView(&n), "minuend", "subtrahend")); err != nil {
				t.Fatal(err)
			}
			if got := summary(c.Result()); got != tc.want {
				t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
			}
		})
	}
}

func TestSeedResultMember(t *testing.T) {
	m := loadModel(t, calculatorModel)
	v := mustPrepare(t, m, "example#SubtractOutput$value")
	for _, tc := range []struct {
		name, value string
		valid       bool
		want        string
	}{
		{"number", `19`, true, ""},
		{"string", `"19"`, false, "type  example#SubtractOutput$value"},
		{"fraction", `19.5`, false, "not-integer  example#SubtractOutput$value"},
		{"too large", `2147483648`, false, "type-range  example#SubtractOutput$value"},
		{"null", `null`, false, "null  example#SubtractOutput$value"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := validateJSON(t, v, tc.value)
			if r.Valid != tc.valid || summary(r) != tc.want {
				t.Errorf("%s: valid %v %q, want %v %q", tc.value, r.Valid, summary(r), tc.valid, tc.want)
			}
		})
	}
}

func TestConcurrentValidation(t *testing.T) {
	m := loadModel(t, calculatorModel+`
structure Batch { items: Items }
list Items { member: SubtractInput }
`)
	v := mustPrepare(t, m, "example#Batch")
	input := []byte(`{"items":[{"minuend":1,"subtrahend":"x"},{"minuend":1.5},{"minuend":2,"subtrahend":3,"extra":true}],"other":1}`)
	want, err := v.ValidateJSON(input)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Findings) != 5 {
		t.Fatalf("expected 5 findings, got %s", summary(want))
	}
	var wg sync.WaitGroup
	results := make([]sv.Result, 8)
	for g := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				r, err := v.ValidateJSON(input)
				if err != nil {
					t.Error(err)
					return
				}
				if i == 0 || !reflect.DeepEqual(r, results[g]) {
					if i > 0 {
						t.Errorf("goroutine %d: result changed", g)
					}
					results[g] = r
				}
			}
		}()
	}
	wg.Wait()
	for g, r := range results {
		if !reflect.DeepEqual(r, want) {
			t.Errorf("goroutine %d: got %s, want %s", g, summary(r), summary(want))
		}
	}
}

// A member selected as the root is judged as a member: null is its absence
// when it is optional, an error when it is @required.
func TestRootMemberNull(t *testing.T) {
	m := loadModel(t, `$version: "2"
namespace t
structure S {
    @required
    r: Integer
    o: Integer
}
list Dense { member: Integer }
@sparse
list Sparse { member: Integer }
`)
	for _, tc := range []struct {
		id   string
		opts []sv.Option
		want string
	}{
		{"t#S$r", nil, "null  t#S$r"},
		{"t#S$o", nil, ""},
		{"t#S$o", []sv.Option{sv.RejectNullMembers(true)}, "null  t#S$o"},
		{"t#Dense$member", nil, "null  t#Dense$member"},
		{"t#Sparse$member", nil, ""},
		{"t#S", nil, "null  t#S"},
	} {
		v := mustPrepare(t, m, tc.id, tc.opts...)
		if got := summary(validateJSON(t, v, "null")); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.id, got, tc.want)
		}
	}
}

// ValidateJSON reads its input in place: findings must not change when
// the caller reuses the buffer afterwards.
func TestFindingsDoNotAliasInput(t *testing.T) {
	m := loadModel(t, calculatorModel+`
map Scores { key: String, value: Integer }
`)
	v := mustPrepare(t, m, "example#Scores")
	data := []byte(`{"alice":"x","alice":1,"bob":"y"}`)
	r, err := v.ValidateJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	before := r.Text()
	for i := range data {
		data[i] = '#'
	}
	if after := r.Text(); after != before {
		t.Errorf("findings changed with the input:\n%s\n%s", before, after)
	}
	if !strings.Contains(before, "/alice") || r.Findings[1].Got != "alice" {
		t.Errorf("unexpected findings:\n%s", before)
	}
}
