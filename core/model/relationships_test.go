package model_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// TestRelationshipsAsTheNeighborProvider checks the relationship list
// against the reference implementation's NeighborVisitor: an operation's
// smithy.api#Unit input or output and an enum member's target are no
// relationships, while a union member that targets Unit is one (the AWS
// models connect, datazone and emr define a shape named Unit of their own,
// and a Unit input or output put smithy.api#Unit in their services'
// closures, a false Service conflict).
func TestRelationshipsAsTheNeighborProvider(t *testing.T) {
	unit := preludeid.Unit
	id := shapeid.MustParse
	defs := []model.ShapeDef{
		withEntity(model.ShapeDef{ID: id("ns#UnitOp"), Type: model.OperationType}, &model.EntityDef{Input: unit, Output: unit}),
		withEntity(model.ShapeDef{ID: id("ns#InOnly"), Type: model.OperationType}, &model.EntityDef{Input: id("ns#In"), Output: unit, Errors: []shapeid.ID{id("ns#Oops")}}),
		withEntity(model.ShapeDef{ID: id("ns#Both"), Type: model.OperationType}, &model.EntityDef{Input: id("ns#In"), Output: id("ns#Unit")}),
		{ID: id("ns#In"), Type: model.StructureType},
		{ID: id("ns#Oops"), Type: model.StructureType},
		{ID: id("ns#Unit"), Type: model.StructureType},
		{ID: id("ns#E"), Type: model.EnumType, Members: []model.MemberDef{{Name: "A", Target: unit}}},
		{ID: id("ns#U"), Type: model.UnionType, Members: []model.MemberDef{{Name: "a", Target: unit}}},
	}
	m, err := model.New(defs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, shape, want string
	}{
		{"Unit input and output are none", "ns#UnitOp", ""},
		{"Unit output is none, input and errors are", "ns#InOnly", "input:ns#In error:ns#Oops"},
		{"a shape of another namespace named Unit is one", "ns#Both", "input:ns#In output:ns#Unit"},
		{"an enum lists its members", "ns#E", "member:ns#E$A"},
		{"an enum member targets nothing", "ns#E$A", ""},
		{"a union member targets Unit", "ns#U$a", ":smithy.api#Unit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, ok := m.Shape(id(tc.shape))
			if !ok {
				t.Fatalf("no shape %s", tc.shape)
			}
			var got, resolved []string
			s.Relationships(func(r model.RelationshipType, to shapeid.ID) {
				got = append(got, r.String()+":"+to.String())
			})
			s.RelatedShapes(func(r model.RelationshipType, to shapeid.ID, _ *model.Shape) {
				resolved = append(resolved, r.String()+":"+to.String())
			})
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("%s: Relationships = %q, want %q", tc.shape, g, tc.want)
			}
			if g := strings.Join(resolved, " "); g != tc.want {
				t.Errorf("%s: RelatedShapes = %q, want %q", tc.shape, g, tc.want)
			}
		})
	}
}
