package assembly_test

import "github.com/smithy-validation/go/core/model"

// withEntity returns d with the service, operation and resource
// properties e (a ShapeDef keeps them behind a pointer that most shapes
// leave nil: see [model.ShapeDef]).
func withEntity(d model.ShapeDef, e *model.EntityDef) model.ShapeDef {
	d.SetEntity(e)
	return d
}

// withTraits returns m with traits ts (a MemberDef keeps its list's first
// element and length: see [model.MemberDef]).
func withTraits(m model.MemberDef, ts ...model.Trait) model.MemberDef {
	m.SetTraits(ts)
	return m
}
