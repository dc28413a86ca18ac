package mend

import (
	"sync"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
)

// ShapeDeclaration declares a value as a Smithy shape of a loaded model
// and checks it with the value engine (package smithyvalidate), which
// reports every finding.
type ShapeDeclaration struct {
	m       *model.Model
	id      shapeid.ID
	opts    []smithyvalidate.Option
	v       *smithyvalidate.Validator
	members []Member
	text    string

	mu   sync.Mutex
	each map[string]*smithyvalidate.Validator // member validators, by wire name
	ids  map[string]shapeid.ID                // member IDs, by wire name

	treeOnce sync.Once
	tree     *snode // what each position of a value is declared as (watch_nested.go)
}

// NewShapeDeclaration prepares the shape id of m. opts are the value
// engine's policies (unknown members are a warning by default, as in the
// engine); field names match @jsonName when the member has one.
func NewShapeDeclaration(m *model.Model, id shapeid.ID, opts ...smithyvalidate.Option) (*ShapeDeclaration, error) {
	opts = append([]smithyvalidate.Option{smithyvalidate.MatchJSONNames(true)}, opts...)
	v, err := smithyvalidate.Prepare(m, id, opts...)
	if err != nil {
		return nil, &Error{Code: CodeDeclaration, Exit: 3, Message: err.Error()}
	}
	d := &ShapeDeclaration{m: m, id: id, opts: opts, v: v, text: id.String(),
		each: map[string]*smithyvalidate.Validator{}, ids: map[string]shapeid.ID{}}
	if s, ok := m.Shape(id); ok && s.Type() == model.StructureType {
		for _, mem := range s.Members() {
			wire, ok := v.WireName(mem.MemberName())
			if !ok {
				wire = mem.MemberName()
			}
			d.members = append(d.members, Member{Name: wire, Required: mem.HasTrait(preludeid.Required)})
			d.ids[wire] = mem.ID()
		}
	}
	return d, nil
}

// String returns the shape ID.
func (d *ShapeDeclaration) String() string { return d.text }

// Members returns the structure's members, by wire name; none for other
// shapes.
func (d *ShapeDeclaration) Members() []Member { return d.members }

// Check validates value with the value engine. When the engine stopped at
// one of its limits before it found an error (a number longer than its
// 4,096-byte bound, more untagged-union trials than it makes), the value
// was not judged: Check returns the [*Error] E020 at the limit's finding
// (see [Declaration]).
func (d *ShapeDeclaration) Check(value []byte) (SchemaVerdict, error) {
	res, err := d.v.ValidateJSON(value)
	if err != nil {
		return SchemaVerdict{}, err
	}
	if e := unjudged(&res); e != nil {
		return SchemaVerdict{}, e
	}
	return NewVerdict(d.members, value, findings(res.Findings)), nil
}

// unjudged returns the error E020 of a result the engine stopped at a
// limit before any error finding, nil otherwise: a result with an error
// is a verdict (the value is invalid whatever followed the limit), and a
// complete one is judged.
func unjudged(res *smithyvalidate.Result) *Error {
	if res.Complete || !res.Valid {
		return nil
	}
	e := &Error{Code: CodeLimit, Exit: ExitRefused,
		Message: "the declaration's check stopped at a limit before it could judge the value"}
	for _, f := range res.Findings {
		if f.Class == smithyvalidate.ClassLimit {
			e.Message = "the declaration's check stopped at a limit: " + f.Message
			e.Offset, e.Line, e.Column = int(f.Pos.Offset), int(f.Pos.Line), int(f.Pos.Column)
			break
		}
	}
	return e
}

// CheckMember validates value against the member named name on the wire.
func (d *ShapeDeclaration) CheckMember(name string, value []byte) (bool, error) {
	id, ok := d.ids[name]
	if !ok {
		return false, nil
	}
	d.mu.Lock()
	v := d.each[name]
	if v == nil {
		var err error
		v, err = smithyvalidate.Prepare(d.m, id, d.opts...)
		if err != nil {
			d.mu.Unlock()
			return false, err
		}
		d.each[name] = v
	}
	d.mu.Unlock()
	res, err := v.ValidateJSON(value)
	if err != nil {
		return false, err
	}
	// a value not validated whole is not known to satisfy the member
	return res.Valid && res.Complete, nil
}

func findings(fs []smithyvalidate.Finding) []Finding {
	out := make([]Finding, 0, len(fs))
	for _, f := range fs {
		g := Finding{Severity: f.Severity.String(), Code: string(f.Code), Path: f.Path.String(),
			Line: int(f.Pos.Line), Column: int(f.Pos.Column), Offset: int(f.Pos.Offset), Message: f.Message}
		if !f.Shape.IsZero() {
			g.Shape = f.Shape.String()
		}
		out = append(out, g)
	}
	return out
}
