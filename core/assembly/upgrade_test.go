package assembly_test

import (
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// TestUpgrade10Defaults checks that members of Smithy 1.0 files get the
// @default traits their 1.0 meaning implies, as the reference loader adds
// them, and that 2.0 files are left alone.
func TestUpgrade10Defaults(t *testing.T) {
	const v1 = `namespace ex

structure S {
    primitive: PrimitiveInteger,
    primitiveBool: PrimitiveBoolean,
    boxedPrelude: Integer,
    @required
    requiredBoxedPrelude: Boolean,
    custom: MyInt,
    @box
    boxedMember: PrimitiveInteger,
    boxedTarget: BoxedInt,
    v2Boxed: V2Int,
    v2Zero: V2Zero,
    v2NonZero: V2NonZero,
    stream: Stream,
    text: String,
}

structure Req {
    @required
    stream: Stream,
}

integer MyInt

@box
integer BoxedInt

@streaming
blob Stream
`
	const v2 = `$version: "2.0"
namespace ex

integer V2Int

@default(0)
integer V2Zero

@default(5)
integer V2NonZero

structure T {
    @default(0)
    primitive: PrimitiveInteger
}
`
	res := assemble(t, file{"v1.smithy", v1}, file{"v2.smithy", v2})
	if msgs := errorMessages(res); len(msgs) > 0 {
		t.Fatalf("errors: %q", msgs)
	}
	defaultID := preludeid.Default
	tests := []struct {
		name  string
		shape string // absolute ID, member IDs included
		want  string // the @default value as JSON text; "" for no @default
	}{
		{"member targeting PrimitiveInteger", "ex#S$primitive", "0"},
		{"member targeting PrimitiveBoolean", "ex#S$primitiveBool", "false"},
		{"member targeting the boxed prelude Integer", "ex#S$boxedPrelude", ""},
		{"required member targeting Boolean", "ex#S$requiredBoxedPrelude", ""},
		{"member targeting an unboxed 1.0 integer", "ex#S$custom", "0"},
		{"the unboxed 1.0 integer itself", "ex#MyInt", "0"},
		{"@box member", "ex#S$boxedMember", "null"},
		{"member targeting a @box integer", "ex#S$boxedTarget", ""},
		{"the @box integer itself", "ex#BoxedInt", ""},
		{"member targeting a 2.0 integer without default", "ex#S$v2Boxed", ""},
		{"member targeting a 2.0 integer defaulting to 0", "ex#S$v2Zero", "0"},
		{"member targeting a 2.0 integer defaulting to 5", "ex#S$v2NonZero", ""},
		{"optional streaming blob member", "ex#S$stream", `""`},
		{"required streaming blob member", "ex#Req$stream", ""},
		{"member targeting a string", "ex#S$text", ""},
		{"2.0 root integer keeps no default", "ex#V2Int", ""},
		{"2.0 member keeps its own default", "ex#T$primitive", "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, err := shapeid.Parse(tt.shape)
			if err != nil {
				t.Fatal(err)
			}
			s, ok := res.Model.Shape(id)
			if !ok {
				t.Fatalf("%s: no such shape", tt.shape)
			}
			v, ok := s.Trait(defaultID)
			got := ""
			if ok {
				got = string(node.Marshal(v))
			}
			if got != tt.want {
				t.Errorf("%s: @default = %q, want %q", tt.shape, got, tt.want)
			}
		})
	}
}

// TestUpgrade10JSONAST checks that a JSON AST document of version 1.0 is
// upgraded as an IDL 1.0 file is.
func TestUpgrade10JSONAST(t *testing.T) {
	res := assemble(t, file{"m.json", `{"smithy":"1.0","shapes":{
		"ex#S":{"type":"structure","members":{"a":{"target":"smithy.api#PrimitiveLong"}}}}}`})
	if msgs := errorMessages(res); len(msgs) > 0 {
		t.Fatalf("errors: %q", msgs)
	}
	s, ok := res.Model.Shape(shapeid.MustParse("ex#S$a"))
	if !ok {
		t.Fatal("no ex#S$a")
	}
	v, ok := s.Trait(preludeid.Default)
	if !ok || string(node.Marshal(v)) != "0" {
		t.Fatalf("ex#S$a @default = %v (present %v), want 0", v, ok)
	}
}
