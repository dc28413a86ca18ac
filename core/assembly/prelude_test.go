package assembly_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
)

// TestPreludeRedefinition pins what a model that defines shapes in the
// prelude namespace, smithy.api, gets. The reference keeps the prelude's
// definition over any restatement and accepts new shapes in smithy.api; it
// refuses `apply` to a prelude shape. A restatement that would add or change
// a trait is reported (the reference drops it silently), and never merged.
func TestPreludeRedefinition(t *testing.T) {
	type event struct{ severity, id, at, message string }
	tests := []struct {
		name  string
		files []file
		want  []event // every event, in order
		// shape and trait: the shape keeps (hasTrait) or has not the trait.
		shape, trait string
		hasTrait     bool
		number       string // when set, the trait's number as written
	}{
		{
			name:  "JSON AST new shape in smithy.api is accepted",
			files: []file{{"a.json", `{"smithy":"2.0","shapes":{"smithy.api#MyString":{"type":"string","traits":{"smithy.api#documentation":"d"}}}}`}},
			shape: "smithy.api#MyString", trait: "smithy.api#documentation", hasTrait: true,
		},
		{
			name:  "JSON AST identical restatement is silent",
			files: []file{{"a.json", `{"smithy":"2.0","shapes":{"smithy.api#PrimitiveBoolean":{"type":"boolean","traits":{"smithy.api#default":false}}}}`}},
			shape: "smithy.api#PrimitiveBoolean", trait: "smithy.api#default", hasTrait: true,
		},
		{
			name:  "JSON AST restatement leaving a trait out keeps the prelude's",
			files: []file{{"a.json", `{"smithy":"1.0","shapes":{"smithy.api#PrimitiveBoolean":{"type":"boolean"}}}`}},
			shape: "smithy.api#PrimitiveBoolean", trait: "smithy.api#default", hasTrait: true,
		},
		{
			name:  "JSON AST 1.0 restatement with the reference prelude's @box is silent",
			files: []file{{"a.json", `{"smithy":"1.0","shapes":{"smithy.api#Boolean":{"type":"boolean","traits":{"smithy.api#box":{}}}}}`}},
			shape: "smithy.api#Boolean", trait: "smithy.api#box", hasTrait: false,
		},
		{
			name:  "JSON AST restatement with an extra trait is not merged",
			files: []file{{"a.json", `{"smithy":"2.0","shapes":{"smithy.api#PrimitiveBoolean":{"type":"boolean","traits":{"smithy.api#default":false,"smithy.api#documentation":"d"}}}}`}},
			want: []event{{"WARNING", "Model.IgnoredPreludeRedefinition", "a.json:1:27",
				"Ignoring the definition of prelude shape `smithy.api#PrimitiveBoolean`: prelude shapes are immutable, so its trait(s) `smithy.api#documentation` (not in the prelude's definition at `smithy.api#prelude.smithy:"}},
			shape: "smithy.api#PrimitiveBoolean", trait: "smithy.api#documentation", hasTrait: false,
		},
		{
			name:  "JSON AST restatement with another trait value is not merged",
			files: []file{{"a.json", `{"smithy":"2.0","shapes":{"smithy.api#PrimitiveInteger":{"type":"integer","traits":{"smithy.api#default":1}}}}`}},
			want: []event{{"WARNING", "Model.IgnoredPreludeRedefinition", "a.json:1:27",
				"so its trait(s) `smithy.api#default` (not in the prelude's definition"}},
			shape: "smithy.api#PrimitiveInteger", trait: "smithy.api#default", hasTrait: true, number: "0",
		},
		{
			name:  "JSON AST restatement of another type is a conflict",
			files: []file{{"a.json", `{"smithy":"2.0","shapes":{"smithy.api#String":{"type":"integer"}}}`}},
			want: []event{{"ERROR", "Model", "a.json:1:27",
				"Conflicting shape definition for `smithy.api#String` found at `smithy.api#prelude.smithy:"}},
		},
		{
			name:  "IDL namespace smithy.api new shape is accepted",
			files: []file{{"a.smithy", "$version: \"2\"\nnamespace smithy.api\n@documentation(\"d\")\nstring MyString\n"}},
			shape: "smithy.api#MyString", trait: "smithy.api#documentation", hasTrait: true,
		},
		{
			name:  "IDL namespace smithy.api restatement with a trait is not merged",
			files: []file{{"a.smithy", "$version: \"2\"\nnamespace smithy.api\n@documentation(\"d\")\nstring String\n"}},
			want: []event{{"WARNING", "Model.IgnoredPreludeRedefinition", "a.smithy:4:1",
				"Ignoring the definition of prelude shape `smithy.api#String`"}},
			shape: "smithy.api#String", trait: "smithy.api#documentation", hasTrait: false,
		},
		{
			name:  "IDL apply to a prelude shape",
			files: []file{{"a.smithy", "$version: \"2\"\nnamespace ns\napply smithy.api#String @documentation(\"d\")\n"}},
			want: []event{{"ERROR", "Model", "a.smithy:3:1",
				"Cannot apply `smithy.api#documentation` to an immutable prelude shape defined in `smithy.api`."}},
			shape: "smithy.api#String", trait: "smithy.api#documentation", hasTrait: false,
		},
		{
			name:  "JSON AST apply to a prelude shape",
			files: []file{{"a.json", `{"smithy":"2.0","shapes":{"smithy.api#String":{"type":"apply","traits":{"smithy.api#documentation":"d"}}}}`}},
			want: []event{{"ERROR", "Model", "a.json:1:27",
				"Cannot apply `smithy.api#documentation` to an immutable prelude shape defined in `smithy.api`."}},
			shape: "smithy.api#String", trait: "smithy.api#documentation", hasTrait: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := assemble(t, tt.files...)
			if len(res.Events) != len(tt.want) {
				t.Fatalf("got %d events %v, want %d", len(res.Events), res.Events, len(tt.want))
			}
			for i, w := range tt.want {
				e := res.Events[i]
				if got := strings.ToUpper(e.Severity.String()); got != w.severity || e.ID != w.id || e.Source.String() != w.at || !strings.Contains(e.Message, w.message) {
					t.Errorf("event %d = %s %s at %s %q, want %s %s at %s containing %q", i, got, e.ID, e.Source, e.Message, w.severity, w.id, w.at, w.message)
				}
			}
			if tt.shape == "" {
				return
			}
			s := mustShape(t, res.Model, tt.shape)
			v, ok := s.Trait(shapeid.MustParse(tt.trait))
			if ok != tt.hasTrait {
				t.Errorf("%s has %s: %v, want %v", tt.shape, tt.trait, ok, tt.hasTrait)
			}
			if tt.number != "" && v.NumberText() != tt.number {
				t.Errorf("%s's %s = %q, want the prelude's %q", tt.shape, tt.trait, v.NumberText(), tt.number)
			}
		})
	}
}
