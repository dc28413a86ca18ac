package model_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// A member trait replaces the target's trait of the same ID as a whole;
// the target's other traits are inherited.
func ExampleModel_EffectiveTraits() {
	length := shapeid.MustParse("smithy.api#length")
	name := model.ShapeDef{ID: shapeid.MustParse("ex#Name"), Type: model.StringType, Traits: []model.Trait{
		{ID: length, Value: node.NewObject(
			node.Field{Key: "min", Value: node.NewNumber("1")},
			node.Field{Key: "max", Value: node.NewNumber("64")})},
		{ID: shapeid.MustParse("smithy.api#pattern"), Value: node.NewString("^[a-z]+$")},
	}}
	user := model.ShapeDef{ID: shapeid.MustParse("ex#User"), Type: model.StructureType, Members: []model.MemberDef{
		withTraits(model.MemberDef{Name: "nick", Target: name.ID}, []model.Trait{
			{ID: length, Value: node.NewObject(node.Field{Key: "max", Value: node.NewNumber("8")})},
		}...),
	}}
	m, err := model.New([]model.ShapeDef{name, user}, nil)
	if err != nil {
		panic(err)
	}
	nick, _ := m.Shape(shapeid.MustParse("ex#User$nick"))
	for _, t := range m.EffectiveTraits(nick) {
		fmt.Println(t.ID, string(node.Marshal(t.Value)))
	}
	// Output:
	// smithy.api#length {"max":8}
	// smithy.api#pattern "^[a-z]+$"
}

// A definition's service, operation and resource properties are behind
// one pointer, nil for the shapes that have none (Entity returns nil):
// Props reads them (zero when none is set), SetProps allocates them to be
// written.
func ExampleShapeDef_Props() {
	op := model.ShapeDef{ID: shapeid.MustParse("ex#GetUser"), Type: model.OperationType}
	fmt.Println(op.Entity() == nil, op.Props().Input.IsZero())
	op.SetProps().Input = shapeid.MustParse("ex#GetUserInput")
	fmt.Println(op.Entity() == nil, op.Props().Input)
	m, err := model.New([]model.ShapeDef{op, {ID: shapeid.MustParse("ex#GetUserInput"), Type: model.StructureType}}, nil)
	if err != nil {
		panic(err)
	}
	s, _ := m.Shape(op.ID)
	fmt.Println(s.Input())
	// Output:
	// true true
	// false ex#GetUserInput
	// ex#GetUserInput
}
