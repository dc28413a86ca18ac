package assembly_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

type file struct{ name, text string }

func assemble(t *testing.T, files ...file) *assembly.Result {
	t.Helper()
	a := assembly.New()
	for _, f := range files {
		if err := a.AddSource(f.name, []byte(f.text)); err != nil {
			t.Fatalf("AddSource(%s): %v", f.name, err)
		}
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatalf("Assemble: %v", err)
	}
	return res
}

func errorMessages(res *assembly.Result) []string {
	var out []string
	for _, e := range res.Events {
		if e.Severity == model.ErrorSeverity {
			out = append(out, e.Message)
		}
	}
	return out
}

func TestAssemblyEvents(t *testing.T) {
	tests := []struct {
		name  string
		files []file
		want  []string // substrings of the ERROR events, in order; none means valid
	}{
		{
			name: "metadata arrays concatenate, equal values merge",
			files: []file{
				{"a.json", `{"smithy":"2.0","metadata":{"list":[1],"same":"x"}}`},
				{"b.json", `{"smithy":"2.0","metadata":{"list":[2],"same":"x"}}`},
			},
		},
		{
			name: "metadata conflict",
			files: []file{
				{"a.json", `{"smithy":"2.0","metadata":{"foo":"a"}}`},
				{"b.json", `{"smithy":"2.0","metadata":{"foo":"b"}}`},
			},
			want: []string{"Metadata conflict for key `foo`. Defined in both `a.json:1:29` and `b.json:1:29`"},
		},
		{
			name: "same shape in two files merges traits",
			files: []file{
				{"a.json", `{"smithy":"2.0","shapes":{"ns#S":{"type":"string","traits":{"smithy.api#documentation":"d"}}}}`},
				{"b.json", `{"smithy":"2.0","shapes":{"ns#S":{"type":"string","traits":{"smithy.api#sensitive":{}}}}}`},
			},
		},
		{
			name: "conflicting shape types",
			files: []file{
				{"a.json", `{"smithy":"2.0","shapes":{"ns#S":{"type":"string"}}}`},
				{"b.json", `{"smithy":"2.0","shapes":{"ns#S":{"type":"integer"}}}`},
			},
			want: []string{"Conflicting shape definition for `ns#S` found at `a.json:1:27` and `b.json:1:27`: the shape types differ (string and integer)"},
		},
		{
			name: "conflicting trait values",
			files: []file{
				{"a.json", `{"smithy":"2.0","shapes":{"ns#S":{"type":"string","traits":{"smithy.api#documentation":"a"}}}}`},
				{"b.json", `{"smithy":"2.0","shapes":{"ns#S$x":{"type":"apply","traits":{}},"ns#S":{"type":"apply","traits":{"smithy.api#documentation":"b"}}}}`},
			},
			want: []string{"Trait `` applied to unknown shape `ns#S$x`", "Conflicting `smithy.api#documentation` trait found on shape `ns#S`"},
		},
		{
			name: "list traits concatenate",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\n@tags([\"a\"])\nstring S\napply S @tags([\"b\"])\n"},
			},
		},
		{
			// As smithy-rules-engine's valid errorfiles write @suppress:
			// the reference merges each trait of a statement as an apply.
			name: "a trait written twice on one shape merges",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\n@suppress([\"A\"])\n@suppress([\"B\"])\n@sensitive\n@sensitive\nstring S\nstructure U {\n    @tags([\"a\"])\n    @tags([\"b\"])\n    m: String\n}\n"},
			},
		},
		{
			name: "a trait written twice on one shape with two values conflicts",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\n@documentation(\"x\")\n@documentation(\"y\")\nstring S\n"},
			},
			want: []string{"Conflicting `smithy.api#documentation` trait found on shape `ns#S`. The previous trait was defined at `a.smithy:3:1`, and a conflicting trait was defined at `a.smithy:4:1`."},
		},
		{
			name: "a documentation comment beside another @documentation conflicts",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\n/// x\n@documentation(\"y\")\nstring S\n"},
			},
			want: []string{"Conflicting `smithy.api#documentation` trait found on shape `ns#S`. The previous trait was defined at `a.smithy:4:1`, and a conflicting trait was defined at `a.smithy:3:1`."},
		},
		{
			name: "unresolved member target",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\nstructure S {\n    a: Missing\n}\n"},
			},
			want: []string{"member shape targets an unresolved shape `ns#Missing`"},
		},
		{
			name: "unresolved operation input",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\noperation Op { input: Nope }\n"},
			},
			want: []string{"operation shape has an `input` relationship to an unresolved shape `ns#Nope`"},
		},
		{
			name: "mixin cycle",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\n@mixin\nstructure A with [B] {}\n@mixin\nstructure B with [A] {}\n"},
			},
			want: []string{"Unable to resolve mixins; cycles detected between this shape and [ns#B]", "Unable to resolve mixins; cycles detected between this shape and [ns#A]"},
		},
		{
			name: "missing transitive mixin",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\n@mixin\nstructure A with [Missing] {}\n@mixin\nstructure B with [A] {}\n"},
			},
			want: []string{"Cannot apply mixin to ns#A: ns#Missing not found", "Cannot apply mixin to ns#B: ns#A not found"},
		},
		{
			name: "list and map members",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\nlist L { foo: String }\nmap M { key: String }\n"},
			},
			want: []string{"Missing required member of shape `ns#L`: member", "List shapes may only have a `member` member, but found `foo`", "Missing required member of shape `ns#M`: value"},
		},
		{
			name: "prelude shapes are immutable",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\napply smithy.api#String @deprecated\n"},
			},
			want: []string{"Cannot apply `smithy.api#deprecated` to an immutable prelude shape defined in `smithy.api`."},
		},
		{
			name: "elided member from a mixin",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\n@mixin\nstructure M { a: String }\nstructure S with [M] { @required $a }\n"},
			},
		},
		{
			name: "elided member without a source",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\nstructure S { $a }\n"},
			},
			want: []string{"Member target was elided, but no bound resource or mixin contained a matching identifier or member name."},
		},
		{
			name: "conflicting mixin members",
			files: []file{
				{"a.smithy", "$version: \"2\"\nnamespace ns\n@mixin\nstructure A1 { a: String }\n@mixin\nstructure A2 { a: Integer }\nstructure S with [A1, A2] {}\n"},
			},
			want: []string{"Member conflicts with an inherited mixin member: `ns#S$a`"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := errorMessages(assemble(t, tt.files...))
			if len(got) != len(tt.want) {
				t.Fatalf("%s: got %d ERROR events %q, want %d matching %q", tt.name, len(got), got, len(tt.want), tt.want)
			}
			for i := range got {
				if !strings.Contains(got[i], tt.want[i]) {
					t.Errorf("%s: event %d = %q, want it to contain %q", tt.name, i, got[i], tt.want[i])
				}
			}
		})
	}
}

func mustShape(t *testing.T, m *model.Model, id string) *model.Shape {
	t.Helper()
	s, ok := m.Shape(shapeid.MustParse(id))
	if !ok {
		t.Fatalf("shape %s not in the model", id)
	}
	return s
}

func TestAssemblySemantics(t *testing.T) {
	res := assemble(t,
		file{"a.smithy", `$version: "2"
namespace ns

@mixin
@documentation("from mixin")
structure M {
    @length(min: 1)
    a: String
}

structure S with [M] {
    @length(max: 5)
    $a
    b: Integer
}

@tags
string Tagged
`},
		file{"v1.json", `{"smithy":"1.0","shapes":{"ns#Set":{"type":"set","member":{"target":"smithy.api#String"}}}}`},
	)
	if msgs := errorMessages(res); len(msgs) > 0 {
		t.Fatalf("unexpected errors: %q", msgs)
	}
	m := res.Model
	s := mustShape(t, m, "ns#S")
	if got := len(s.Members()); got != 2 {
		t.Fatalf("S has %d members, want 2 (a from the mixin, then b)", got)
	}
	if s.Members()[0].MemberName() != "a" || s.Members()[1].MemberName() != "b" {
		t.Errorf("member order = %s, %s; want a, b", s.Members()[0].MemberName(), s.Members()[1].MemberName())
	}
	if _, ok := s.Trait(shapeid.MustParse("smithy.api#documentation")); !ok {
		t.Errorf("S did not inherit the mixin's documentation trait")
	}
	if s.HasTrait(shapeid.MustParse("smithy.api#mixin")) {
		t.Errorf("S inherited @mixin")
	}
	length, _ := s.Members()[0].Trait(shapeid.MustParse("smithy.api#length"))
	if _, ok := length.Get("min"); ok {
		t.Errorf("the redefined member's @length should replace the mixin's as a whole, got %s", jsonText(length))
	}
	set := mustShape(t, m, "ns#Set")
	if set.Type() != model.ListType || !set.HasTrait(shapeid.MustParse("smithy.api#uniqueItems")) {
		t.Errorf("a 1.0 set should become a list with @uniqueItems, got %s", set.Type())
	}
	tags, _ := mustShape(t, m, "ns#Tagged").Trait(shapeid.MustParse("smithy.api#tags"))
	if tags.Len() != 0 || tags.Kind().String() != "array" {
		t.Errorf("@tags with no value should be [], got %s", jsonText(tags))
	}
	// The AST output shows only what S declares itself.
	out := string(jsonast.Encode(m))
	if !strings.Contains(out, `"ns#S": {`) || strings.Count(out, `"from mixin"`) != 1 {
		t.Errorf("ast output should print the mixin's documentation once (on the mixin):\n%s", out)
	}
	flat, err := m.Flatten()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := flat.Shape(shapeid.MustParse("ns#M")); ok {
		t.Errorf("Flatten kept the mixin shape")
	}
	if got := len(mustShape(t, flat, "ns#S").Def().Members); got != 2 {
		t.Errorf("flattened S declares %d members, want 2", got)
	}
}

func jsonText(n node.Node) string { return string(node.Marshal(n)) }

// TestRepeatedTraitMerges: a trait written twice before one shape or
// member is merged as the reference merges every trait application (arrays
// concatenate in the order written, equal values are kept once), through
// the assembler's own documents (AddSource) and a caller's (AddDocument),
// whose lists stay as they were.
func TestRepeatedTraitMerges(t *testing.T) {
	const text = `$version: "2"
namespace ns

@suppress(["A"])
@suppress(["B"])
@sensitive
@sensitive
string S

structure U {
    @tags(["a"])
    @tags(["b"])
    m: String
}
`
	check := func(t *testing.T, res *assembly.Result) {
		t.Helper()
		if msgs := errorMessages(res); len(msgs) > 0 {
			t.Fatalf("unexpected errors: %q", msgs)
		}
		s := mustShape(t, res.Model, "ns#S")
		if v, _ := s.Trait(shapeid.MustParse("smithy.api#suppress")); jsonText(v) != `["A","B"]` {
			t.Errorf("@suppress on ns#S = %s, want [\"A\",\"B\"]", jsonText(v))
		}
		if v, ok := s.Trait(shapeid.MustParse("smithy.api#sensitive")); !ok || jsonText(v) != `{}` {
			t.Errorf("@sensitive on ns#S = %s (present %v), want {}", jsonText(v), ok)
		}
		u := mustShape(t, res.Model, "ns#U")
		if v, _ := u.Members()[0].Trait(shapeid.MustParse("smithy.api#tags")); jsonText(v) != `["a","b"]` {
			t.Errorf("@tags on ns#U$m = %s, want [\"a\",\"b\"]", jsonText(v))
		}
	}
	t.Run("source", func(t *testing.T) {
		check(t, assemble(t, file{"a.smithy", text}))
	})
	t.Run("document", func(t *testing.T) {
		id := shapeid.MustParse
		str := func(v string) node.Node { return node.NewArray(node.NewString(v)) }
		sTraits := []model.Trait{
			{ID: id("smithy.api#suppress"), Value: str("A")}, {ID: id("smithy.api#sensitive"), Value: node.NewObject()},
			{ID: id("smithy.api#suppress"), Value: str("B")}, {ID: id("smithy.api#sensitive"), Value: node.NewObject()},
		}
		mTraits := []model.Trait{{ID: id("smithy.api#tags"), Value: str("a")}, {ID: id("smithy.api#tags"), Value: str("b")}}
		doc := &model.Document{File: "caller.json", Version: "2.0", Shapes: []model.ShapeDef{
			{ID: id("ns#S"), Type: model.StringType, Traits: sTraits},
			{ID: id("ns#U"), Type: model.StructureType, Members: []model.MemberDef{withTraits(model.MemberDef{Name: "m", Target: id("smithy.api#String")}, mTraits...)}},
		}}
		a := assembly.New()
		a.AddDocument(doc)
		res, err := a.Assemble()
		if err != nil {
			t.Fatal(err)
		}
		check(t, res)
		if len(doc.Shapes[0].Traits) != 4 || jsonText(doc.Shapes[0].Traits[2].Value) != `["B"]` ||
			len(doc.Shapes[1].Members[0].Traits()) != 2 || jsonText(doc.Shapes[1].Members[0].Traits()[0].Value) != `["a"]` {
			t.Errorf("the caller's trait lists changed: %v, %v", doc.Shapes[0].Traits, doc.Shapes[1].Members[0].Traits())
		}
	})
}

// TestJSONFileThatIsNoModel: a .json file without a top-level `smithy`
// version (a smithy-build.json or package.json beside the model files of
// a directory), or one that is not an object, found by AddPath in a
// directory is skipped with a NOTE, as the reference's loader skips it;
// named on its own (AddPath of the file, AddSource) it stays an error, and
// so does a JSON AST document with an error.
func TestJSONFileThatIsNoModel(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"model.smithy":                "$version: \"2\"\nnamespace ns\nstring S\n",
		"package.json":                `{"name": "x"}`,
		"list.json":                   `[1, 2]`,
		"test-case/smithy-build.json": `{"version": "1.0", "sources": ["model"]}`,
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a := assembly.New()
	if err := a.AddPath(dir); err != nil {
		t.Fatalf("AddPath(dir): %v", err)
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatal(err)
	}
	if res.HasErrors() {
		t.Fatalf("unexpected errors: %q", errorMessages(res))
	}
	mustShape(t, res.Model, "ns#S")
	var ignored []string
	for _, e := range res.Events {
		if e.ID == "Model.IgnoredFile" && e.Severity == model.Note {
			rel, _ := filepath.Rel(dir, e.Source.File)
			ignored = append(ignored, filepath.ToSlash(rel))
		}
	}
	slices.Sort(ignored)
	if strings.Join(ignored, " ") != "list.json package.json test-case/smithy-build.json" {
		t.Errorf("Model.IgnoredFile notes for %q, want list.json, package.json and test-case/smithy-build.json", ignored)
	}
	if err := assembly.New().AddPath(filepath.Join(dir, "package.json")); !errors.Is(err, jsonast.ErrNotModel) {
		t.Errorf("AddPath(package.json) = %v, want the ErrNotModel error: a file named on its own is no model", err)
	}
	for _, bad := range []string{`{"name": "x"}`, `{"smithy": "3.0"}`, `{"smithy": "2.0", "shapes": []}`, `{"smithy": "2.0",`} {
		if err := assembly.New().AddSource("bad.json", []byte(bad)); err == nil {
			t.Errorf("AddSource(%s) = nil, want the document's error", bad)
		}
	}
}

// TestForPrivateResource: a structure bound with `for` to a @private
// resource of another namespace is a PrivateAccess DANGER (the reference's
// ApplyResourceBasedTargets: `for` is no relationship, so the
// PrivateAccess validator cannot see it), found by the sweep over the
// reference's own test resources (private-resource-elision); the same
// namespace, or a resource that is not private, is no event.
func TestForPrivateResource(t *testing.T) {
	const private = "$version: \"2\"\nnamespace smithy.private\n@private\nresource PrivateResource {\n    identifiers: { id: String }\n}\nstructure Inside for PrivateResource {\n    $id\n}\n"
	const public = "$version: \"2\"\nnamespace smithy.public\nresource PublicResource {\n    identifiers: { id: String }\n}\n"
	const other = "$version: \"2\"\nnamespace smithy.example\nstructure Outside for smithy.private#PrivateResource {\n    $id\n}\nstructure Open for smithy.public#PublicResource {\n    $id\n}\n"
	res := assemble(t, file{"private.smithy", private}, file{"public.smithy", public}, file{"other.smithy", other})
	var got []string
	for _, e := range res.Events {
		if e.ID == "PrivateAccess" {
			got = append(got, e.Severity.String()+" "+e.Shape.String()+": "+e.Message)
		}
	}
	want := "DANGER smithy.example#Outside: This shape has an invalid for relationship that targets a private shape, `smithy.private#PrivateResource`, in another namespace."
	if len(got) != 1 || got[0] != want {
		t.Errorf("PrivateAccess events %q, want exactly %q", got, want)
	}
	if msgs := errorMessages(res); len(msgs) > 0 {
		t.Errorf("unexpected errors: %q", msgs)
	}
	if m := mustShape(t, res.Model, "smithy.example#Outside"); len(m.Members()) != 1 {
		t.Errorf("Outside has %d members, want the elided id", len(m.Members()))
	}
}
