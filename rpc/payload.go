package rpc

import (
	"errors"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// payload is the prepared contract of one JSON value: a method's params
// (its input structure), its result (the output structure, or one output
// member's effective contract) or an error's data.
type payload struct {
	v *sv.Validator // nil: nothing to check
	// required says the value must be present (error data only: a
	// required data member, or a structure with required members).
	required bool
}

// preparePayloads prepares the value engine's validators for every
// method and error mapping, sharing one validator per shape or member,
// and, through one sv.Preparer, the plans of the shapes the payloads
// share (MCP's content blocks, _meta and the like are compiled once, not
// once per method; each validator is still sv.Prepare's).
func (p *preparer) preparePayloads(s *PreparedService) error {
	cache := map[shapeid.ID]*sv.Validator{}
	prep := sv.NewPreparer(p.m, append(defaultPayload, s.cfg.payload...)...)
	get := func(id shapeid.ID) *sv.Validator {
		if v, ok := cache[id]; ok {
			return v
		}
		v, err := prep.Prepare(id)
		if err != nil {
			var me *sv.ModelError
			if errors.As(err, &me) {
				p.err.Problems = append(p.err.Problems, me.Problems...)
			} else {
				p.problem(id, shapeid.ID{}, modelSource(p, id), "the value engine cannot prepare it: %v", err)
			}
		}
		cache[id] = v
		return v
	}
	orUnit := func(id shapeid.ID) shapeid.ID {
		if id.IsZero() {
			return preludeid.Unit
		}
		return id
	}
	for _, name := range s.names {
		m := s.methods[name]
		m.params = payload{v: get(orUnit(m.input))}
		m.positionalWire = wireNames(m.params.v, m.positional)
		switch m.result {
		case OutputStructure:
			m.results = payload{v: get(orUnit(m.output))}
		case OutputMember:
			m.results = payload{v: get(m.resultOf)}
		}
	}
	for _, code := range s.errorCodes {
		e := s.errors[code]
		switch e.data {
		case DataStructure:
			e.check = payload{v: get(e.shape), required: p.hasRequired(e.shape)}
		case DataMember:
			e.check = payload{v: get(e.dataOf), required: p.isRequired(e.dataOf)}
		}
	}
	for _, id := range p.unprepared {
		get(id)
	}
	if len(p.err.Problems) > 0 {
		p.err.Problems = sortProblems(p.err.Problems)
		return p.err
	}
	return nil
}

// defaultPayload are the value engine's policies for a @jsonRpc service
// before [PayloadOptions]: members are named on the wire by their
// @jsonName (sv.MatchJSONNames), as the contract says; a later
// MatchJSONNames(false) names them by their member names.
var defaultPayload = []sv.Option{sv.MatchJSONNames(true)}

// wireNames returns the wire names of the positional members: a
// positional param is validated as the member it stands for, which the
// params validator knows by its wire name.
func wireNames(v *sv.Validator, positional []string) []string {
	if len(positional) == 0 || v == nil {
		return positional
	}
	out := make([]string, len(positional))
	for i, name := range positional {
		out[i] = name
		if w, ok := v.WireName(name); ok {
			out[i] = w
		}
	}
	return out
}

func modelSource(p *preparer, id shapeid.ID) model.SourceLocation {
	if s, ok := p.m.Shape(id); ok {
		return s.Source()
	}
	return model.SourceLocation{}
}

// hasRequired reports whether a structure has a @required member.
func (p *preparer) hasRequired(id shapeid.ID) bool {
	s, ok := p.m.Shape(id)
	if !ok {
		return false
	}
	for _, mem := range s.Members() {
		if _, ok := mem.Trait(preludeid.Required); ok {
			return true
		}
	}
	return false
}

// isRequired reports whether a member is @required.
func (p *preparer) isRequired(id shapeid.ID) bool {
	s, ok := p.m.Shape(id)
	if !ok {
		return false
	}
	_, req := p.m.EffectiveTrait(s, preludeid.Required)
	return req
}
