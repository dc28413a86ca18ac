package smithyvalidate_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

func TestModelErrors(t *testing.T) {
	m := loadModel(t, `$version: "2"
namespace t

service Svc { version: "1" }

@mixin
structure Base { a: String }

structure UsesMixin with [Base] { b: String }

@pattern("^(?=a)a$")
string Lookahead

@pattern("(a)\\1")
string Backref

@pattern("(?<!x)y")
string Lookbehind

structure Deep {
    ok: String
    bad: Lookahead
    list: BadList
}

list BadList { member: Backref }

@pattern("^[z-a]$")
string BadPattern

@length(min: 3, max: 1)
string Inverted

@timestampFormat("iso")
timestamp BadFormat

@idRef(selector: "invalid")
string BadSelector
`)
	for _, tc := range []struct {
		id   string
		want []string // substrings of the problems, in order
	}{
		{"t#Svc", []string{"t#Svc: a service is not a validation target"}},
		{"t#Base", []string{"t#Base: @smithy.api#mixin: a @mixin shape is never a validation target"}},
		{"t#BadPattern", []string{"t#BadPattern: @smithy.api#pattern", "Illegal character range near index 4"}},
		{"t#Inverted", []string{"min 3 is greater than max 1"}},
		{"t#BadFormat", []string{`"date-time", "http-date" or "epoch-seconds", found "iso"`}},
		{"t#BadSelector", []string{"t#BadSelector: @smithy.api#idRef", "selector: "}},
		{"t#Nope", []string{"shape not found"}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			_, err := sv.Prepare(m, shapeid.MustParse(tc.id))
			var me *sv.ModelError
			if !errors.As(err, &me) {
				t.Fatalf("got %v, want a *ModelError", err)
			}
			msg := err.Error()
			at := 0
			for _, w := range tc.want {
				i := strings.Index(msg[at:], w)
				if i < 0 {
					t.Fatalf("%q not found (in order) in %q", w, msg)
				}
				at += i + len(w)
			}
		})
	}
	// Lookarounds are checked; a backreference (which package pattern
	// does not run) leaves its pattern unchecked but never stops a shape
	// from being prepared, nor the shapes that contain it.
	for _, tc := range []struct{ id, value, want string }{
		{"t#Lookahead", `"a"`, ""},
		{"t#Lookahead", `"b"`, "pattern"},
		{"t#Lookbehind", `"ay"`, ""},
		{"t#Lookbehind", `"xy"`, "pattern"},
		{"t#Backref", `"anything"`, ""},
		{"t#Deep", `{"ok":"x","bad":"a","list":["z"]}`, ""},
		{"t#Deep", `{"ok":"x","bad":"b","list":["z"]}`, "pattern"},
	} {
		v := mustPrepare(t, m, tc.id)
		r := validateJSON(t, v, tc.value)
		got := ""
		if len(r.Findings) > 0 {
			got = string(r.Findings[0].Code)
		}
		if got != tc.want || len(r.Findings) > 1 {
			t.Errorf("%s %s: findings %s, want code %q", tc.id, tc.value, r.Text(), tc.want)
		}
	}
	// A structure that uses a mixin is a target like any other.
	v := mustPrepare(t, m, "t#UsesMixin")
	if r := validateJSON(t, v, `{"a":"x","b":"y"}`); !r.Valid || len(r.Findings) != 0 {
		t.Errorf("mixed-in members: %s", r.Text())
	}
}

// Trait values of the wrong form and unresolved targets, in a model built
// directly (an assembler would refuse some of them first).
func TestModelErrorsBuilt(t *testing.T) {
	str := shapeid.New("smithy.api", "String")
	trait := func(name string, v node.Node) model.Trait {
		return model.Trait{ID: shapeid.New("smithy.api", name), Value: v}
	}
	defs := []model.ShapeDef{
		{ID: str, Type: model.StringType},
		{ID: shapeid.New("t", "S"), Type: model.StructureType, Members: []model.MemberDef{
			{Name: "dangling", Target: shapeid.New("t", "Missing")},
			withTraits(model.MemberDef{Name: "len", Target: str}, []model.Trait{trait("length", node.NewObject(node.Field{Key: "min", Value: node.NewString("x")}))}...),
			withTraits(model.MemberDef{Name: "pat", Target: str}, []model.Trait{trait("pattern", node.NewNumber("1"))}...),
			withTraits(model.MemberDef{Name: "rng", Target: str}, []model.Trait{trait("range", node.NewObject(node.Field{Key: "min", Value: node.NewNumber("1")}))}...),
		}},
	}
	m, err := model.New(defs, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = sv.Prepare(m, shapeid.MustParse("t#S"))
	var me *sv.ModelError
	if !errors.As(err, &me) || len(me.Problems) != 4 {
		t.Fatalf("got %v", err)
	}
	want := []string{
		"t#S$dangling: member target t#Missing is not defined",
		`t#S$len: @smithy.api#length: the value must be an object with non-negative integer min and max, found an object`,
		`t#S$pat: @smithy.api#pattern: the value must be a string, found 1`,
		`t#S$rng: @smithy.api#range: the trait does not apply to a string`,
	}
	for i, p := range me.Problems {
		if p.String() != want[i] {
			t.Errorf("problem %d: %q, want %q", i, p.String(), want[i])
		}
	}
}

// TestWireNameUsedTwice pins the problem of a member whose wire name an
// earlier member of the same structure uses: one problem for each later
// member, naming the last member before it with that name, in a structure
// of few members (found by a scan) and of many (found through the name
// index), under both naming policies.
func TestWireNameUsedTwice(t *testing.T) {
	m := loadModel(t, `$version: "2"
namespace t

structure Few {
    a: String
    @jsonName("a")
    b: String
    c: String
    @jsonName("a")
    d: String
}

structure Many {
    m1: String
    m2: String
    m3: String
    @jsonName("m1")
    m4: String
    m5: String
    m6: String
    m7: String
    m8: String
    @jsonName("m1")
    m9: String
    @jsonName("m2")
    m10: String
}
`)
	for _, tc := range []struct {
		name, id string
		json     bool
		want     []string // each problem's shape and message, in order
	}{
		{"few, jsonName", "t#Few", true, []string{
			`t#Few$b: wire name "a" is also used by member a`,
			`t#Few$d: wire name "a" is also used by member b`,
		}},
		{"many, jsonName", "t#Many", true, []string{ // sorted by shape ID
			`t#Many$m10: wire name "m2" is also used by member m2`,
			`t#Many$m4: wire name "m1" is also used by member m1`,
			`t#Many$m9: wire name "m1" is also used by member m4`,
		}},
		{"few, member names", "t#Few", false, nil},
		{"many, member names", "t#Many", false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := sv.Prepare(m, shapeid.MustParse(tc.id), sv.MatchJSONNames(tc.json))
			var got []string
			var me *sv.ModelError
			if errors.As(err, &me) {
				for _, p := range me.Problems {
					got = append(got, p.Shape.String()+": "+p.Message)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// withTraits returns m with traits ts (a MemberDef keeps its list's first
// element and length: see [model.MemberDef]).
func withTraits(m model.MemberDef, ts ...model.Trait) model.MemberDef {
	m.SetTraits(ts)
	return m
}
