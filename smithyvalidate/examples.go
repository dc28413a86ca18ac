package smithyvalidate

import (
	"fmt"
	"slices"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// CheckExamples is the ExamplesTrait model validator: each example of an
// operation's @examples trait is checked by this engine as the Smithy
// reference implementation checks it, with the reference's event IDs
// (ExamplesTrait, ExamplesTrait.UnknownMember.<shape>.<member>,
// ExamplesTrait.Member.InvalidRange, ...) and wording:
//
//   - input against the operation's input structure (an absent input is
//     {}), output against its output structure, error content against the
//     named error structure;
//   - an example gives output or error, not both;
//   - the error must be one of the operation's errors, or one of the
//     errors of every service that contains the operation;
//   - allowConstraintErrors needs an error, and lowers the constraint
//     findings (range, pattern, required members, the length of strings,
//     blobs and maps) of the example to WARNING; a list's length stays an
//     ERROR, as the reference's CollectionLengthPlugin leaves it.
//
// Values follow the reference's reading of model values: null is no value
// of an optional member, blobs are text, a timestamp without a format is
// an epoch-seconds number or a date-time string. An operation whose
// input, output or error cannot be prepared is left to the validators
// that report why. An example that is not an object with a title is left
// to TraitValue, which reports it.
func CheckExamples(m *model.Model) (out []model.Event) {
	defer recoverEvents("ExamplesTrait", &out)
	ec := examplesChecker{m: m, values: newValueChecker(m, "ExamplesTrait", BlobsAsText(true), AnyTimestampFormat(true), RejectNullMembers(true), referenceHTTPDatesOption())}
	for _, op := range m.Shapes() {
		if op.Type() != model.OperationType || op.ID().Namespace == shapeid.Prelude {
			continue
		}
		t, ok := findTrait(op.Traits(), preludeid.Examples)
		if !ok {
			continue
		}
		for _, ex := range t.Value.Elems() {
			out = append(out, ec.example(op, t, ex)...)
		}
	}
	return out
}

type examplesChecker struct {
	m      *model.Model
	values *valueChecker
	// services maps each service to the operations it contains, built on
	// first use.
	services map[shapeid.ID]map[shapeid.ID]bool
}

func (ec *examplesChecker) example(op *model.Shape, t model.Trait, ex node.Node) []model.Event {
	if ex.Kind() != node.Object {
		return nil
	}
	title, _ := ex.Get("title")
	name := title.StringValue()
	output, hasOutput := ex.Get("output")
	errVal, hasError := ex.Get("error")
	allow, _ := ex.Get("allowConstraintErrors")
	lenient := allow.Kind() == node.Bool && allow.BoolValue()
	var out []model.Event
	fail := func(at node.Node, format string, args ...any) {
		src := t.Source
		if at.Pos().IsValid() {
			src.Pos = at.Pos()
		}
		out = append(out, model.Event{Severity: model.ErrorSeverity, ID: "ExamplesTrait", Shape: op.ID(), Source: src, Message: fmt.Sprintf(format, args...)})
	}
	if _, ok := ec.m.Shape(op.Input()); ok {
		if lenient && !hasError {
			fail(ex, "Example: `%s` has allowConstraintErrors enabled, so error must be defined.", name)
		}
		input, ok := ex.Get("input")
		if !ok {
			input = node.NewObject().At(ex.Pos())
		}
		out = append(out, ec.check(op, t, op.Input(), input, "Example input of `"+name+"`", lenient)...)
	}
	switch {
	case hasOutput && hasError:
		fail(ex, "Example: `%s` has both output and error defined, only one should be present.", name)
	case hasOutput:
		if _, ok := ec.m.Shape(op.Output()); ok {
			out = append(out, ec.check(op, t, op.Output(), output, "Example output of `"+name+"`", lenient)...)
		}
	case hasError:
		sid, _ := errVal.Get("shapeId")
		id, err := shapeid.Parse(sid.StringValue())
		_, found := ec.m.Shape(id)
		if err == nil && found && (slices.Contains(op.Errors(), id) || ec.servicesContainError(op.ID(), id)) {
			content, ok := errVal.Get("content")
			if !ok {
				content = node.NewObject().At(errVal.Pos())
			}
			out = append(out, ec.check(op, t, id, content, "Example error of `"+name+"`", lenient)...)
		} else {
			fail(errVal, "Error parameters provided for operation without the `%s` error: `%s`", sid.StringValue(), name)
		}
	}
	return out
}

// check validates one value of an example against the shape id.
func (ec *examplesChecker) check(op *model.Shape, t model.Trait, id shapeid.ID, val node.Node, context string, lenient bool) []model.Event {
	return ec.values.check(id, val, valueWording{m: ec.m, constraintWarnings: lenient}, "ExamplesTrait", context, op.ID(), t.Source)
}

// servicesContainError reports whether every service that contains the
// operation binds the error, as the reference decides it: false when the
// model has no service, true when services exist but none contains the
// operation.
func (ec *examplesChecker) servicesContainError(op, errID shapeid.ID) bool {
	if ec.services == nil {
		ec.services = map[shapeid.ID]map[shapeid.ID]bool{}
		for _, s := range ec.m.Shapes() {
			if s.Type() == model.ServiceType {
				ec.services[s.ID()] = containedOperations(ec.m, s)
			}
		}
	}
	if len(ec.services) == 0 {
		return false
	}
	for sid, ops := range ec.services {
		if !ops[op] {
			continue
		}
		svc, _ := ec.m.Shape(sid)
		if !slices.Contains(svc.Errors(), errID) {
			return false
		}
	}
	return true
}

// containedOperations returns the operations a service binds, directly or
// through its resources.
func containedOperations(m *model.Model, svc *model.Shape) map[shapeid.ID]bool {
	ops := map[shapeid.ID]bool{}
	seen := map[shapeid.ID]bool{}
	var walk func(ids []shapeid.ID)
	walk = func(ids []shapeid.ID) {
		for _, id := range ids {
			if seen[id] {
				continue
			}
			seen[id] = true
			s, ok := m.Shape(id)
			if !ok {
				continue
			}
			switch s.Type() {
			case model.OperationType:
				ops[id] = true
			case model.ResourceType:
				for _, l := range []string{"create", "put", "read", "update", "delete", "list"} {
					if op := s.Lifecycle(l); !op.IsZero() {
						walk([]shapeid.ID{op})
					}
				}
				walk(s.Operations())
				walk(s.CollectionOperations())
				walk(s.Resources())
			}
		}
	}
	walk(svc.Operations())
	walk(svc.Resources())
	return ops
}
