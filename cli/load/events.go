package load

import (
	"errors"
	"strings"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/core/validate"
	"github.com/smithy-validation/go/rpc"
	"github.com/smithy-validation/go/smithyvalidate"
)

// ValidateEvents composes what `smithy validate` reports: the assembly
// events, then core/validate's staged validators with the value engine's
// validators among them (smithyvalidate.ModelValidators: trait values and
// @default values among the critical ones, where the reference runs them,
// then @examples), suppressions applied, sorted with model.SortEvents. A
// model that could not be built has only its assembly events.
//
// Then every service with @smithy.rpc#jsonRpc is prepared as validate-rpc
// prepares it, for each version it declares: each preparation problem is
// an ERROR event with the ID JsonRpc and the message validate-rpc prints,
// so `smithy validate` fails exactly where `smithy validate-rpc` would.
func ValidateEvents(res *assembly.Result) []model.Event {
	rep := validate.Check(res.Model, validate.WithEvents(res.Events), validate.WithValidators(smithyvalidate.ModelValidators()...), validate.Builtin(rpc.TraitsNamespace, smithyvalidate.AlloyNamespace))
	if res.Model == nil {
		return rep.Events
	}
	extra := withoutTraitValueFaults(rpcPreparationEvents(res.Model), rep.Events)
	if len(extra) == 0 {
		return rep.Events
	}
	events := append(append([]model.Event(nil), rep.Events...), extra...)
	model.SortEvents(events)
	return events
}

// withoutTraitValueFaults drops the preparation problems that point at a
// trait value the TraitValue validator already rejected (the same shape and
// the same place: `@method(name: 5)` is one fault, reported once, in the
// reference's words). A problem elsewhere in the same trait stays.
func withoutTraitValueFaults(extra, events []model.Event) []model.Event {
	type place struct {
		shape  shapeid.ID
		source model.SourceLocation
	}
	rejected := map[place]bool{}
	for _, ev := range events {
		if ev.Severity >= model.ErrorSeverity && (ev.ID == "TraitValue" || strings.HasPrefix(ev.ID, "TraitValue.")) {
			rejected[place{ev.Shape, ev.Source}] = true
		}
	}
	if len(rejected) == 0 {
		return extra
	}
	out := extra[:0:0]
	for _, ev := range extra {
		if !rejected[place{ev.Shape, ev.Source}] {
			out = append(out, ev)
		}
	}
	return out
}

// JSONRPCEventID is the event ID of a JSON-RPC preparation problem, in
// `smithy validate` and in validate-rpc's error document alike.
const JSONRPCEventID = "JsonRpc"

// rpcPreparationEvents prepares every @jsonRpc service of m for each
// version it declares and returns the problems as events, each once.
func rpcPreparationEvents(m *model.Model) []model.Event {
	var out []model.Event
	seen := map[model.Event]bool{}
	add := func(err error) {
		var me *rpc.ModelError
		if !errors.As(err, &me) {
			return
		}
		for _, ev := range RPCProblemEvents(me) {
			if !seen[ev] {
				seen[ev] = true
				out = append(out, ev)
			}
		}
	}
	for _, s := range m.Shapes() {
		if s.Type() != model.ServiceType || !s.HasTrait(rpc.JSONRPCTrait) {
			continue
		}
		_, err := rpc.Prepare(m, s.ID())
		if errors.Is(err, rpc.ErrVersionRequired) {
			for _, v := range []rpc.ProtocolVersion{rpc.V1_0, rpc.V2_0} {
				_, err := rpc.Prepare(m, s.ID(), rpc.Version(v))
				add(err)
			}
			continue
		}
		add(err)
	}
	return out
}

// RPCProblemEvents turns a service's preparation problems into ERROR
// events (ID JsonRpc), the message led by the trait at fault as
// validate-rpc prints it.
func RPCProblemEvents(me *rpc.ModelError) []model.Event {
	events := make([]model.Event, len(me.Problems))
	for i, p := range me.Problems {
		msg := p.Message
		if !p.Trait.IsZero() {
			msg = "@" + p.Trait.String() + ": " + msg
		}
		events[i] = model.Event{Severity: model.ErrorSeverity, ID: JSONRPCEventID, Shape: p.Shape, Source: p.Source, Message: msg}
	}
	return events
}
