package model_test

import (
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// withMixins returns d declared with mixins ids (a ShapeDef keeps its
// mixins behind a pointer that most shapes leave nil: see
// [model.ShapeDef]).
func withMixins(d model.ShapeDef, ids ...shapeid.ID) model.ShapeDef {
	d.SetMixins(ids)
	return d
}

// withEntity returns d with the service, operation and resource
// properties e.
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

// elided returns m marked Elided.
func elided(m model.MemberDef) model.MemberDef {
	m.SetElided(true)
	return m
}
