package smithyvalidate

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// The trait IDs of the Smithy reference's protocol test traits
// (smithy-protocol-test-traits, namespace smithy.test).
var (
	httpRequestTestsID  = shapeid.ID{Namespace: "smithy.test", Name: "httpRequestTests"}
	httpResponseTestsID = shapeid.ID{Namespace: "smithy.test", Name: "httpResponseTests"}
	eventStreamTestsID  = shapeid.ID{Namespace: "smithy.test", Name: "eventStreamTests"}
)

// CheckProtocolTests is the protocol test model validator: the `params`
// (and `vendorParams`) of every test case of the smithy.test traits
// @httpRequestTests and @httpResponseTests are checked by this engine as
// the Smithy reference's ProtocolTestCaseValidator checks them, with its
// event IDs (HttpRequestTestsInput, HttpResponseTestsOutput,
// HttpResponseTestsError, extended as the reference extends them) and
// wording:
//
//   - a request test's params against the operation's input structure,
//     a response test's against the operation's output structure, and a
//     response test on an error structure against that structure;
//   - vendorParams against the shape vendorParamsShape names, when it
//     names one that exists (a WARNING when vendorParams is then empty);
//
// An operation without input or output has smithy.api#Unit (a test's
// params are then unknown members, WARNINGs); one whose input or output
// is no structure is left to the Target validator, which reports it.
//
// Values follow the reference's reading for these traits: null is no value
// of an optional member (its ALLOW_OPTIONAL_NULLS), blobs are text, and a
// timestamp is an epoch-seconds number whatever its @timestampFormat (its
// EPOCH_SECONDS strategy: a test gives the value, the wire form is the
// body's). A model without the smithy.test traits gives no event; the
// traits' own shape (a test case without an id, say) is TraitValue's.
// @httpMalformedRequestTests have no params and are not checked here.
//
// Beside the values, as the reference's protocol test validators do: a
// test case's or event's body whose bodyMediaType is JSON or XML must be
// well-formed (DANGER: "Invalid application/json content in ..."; see
// bodyProblem), and a test case ID must be used once per trait in the
// model (ERROR UniqueProtocolTestCaseId at each use; the reference counts
// @httpMalformedRequestTests IDs with the @httpResponseTests ones, and so
// does this check). A body's media type is checked once, with the event
// ID of the case's own check (the reference's output and error
// validators each report it).
//
// The testParameters of each @httpMalformedRequestTests case must be lists
// of one length (ERROR HttpMalformedRequestTests, as the reference's
// HttpMalformedRequestTestsValidator).
//
// The values of @eventStreamTests are checked too (event ID
// EventStreamTestsTrait; see streamCases), with timestamps read by their
// @timestampFormat, or as an epoch-seconds number or a date-time string
// without one, as the reference's EventStreamTestsTraitValidator reads
// them.
func CheckProtocolTests(m *model.Model) (out []model.Event) {
	defer recoverEvents("HttpRequestTestsInput", &out)
	pc := protocolTestChecker{m: m,
		values:       newValueChecker(m, "HttpRequestTestsInput", BlobsAsText(true), epochSecondsTimestampsOption(), referenceHTTPDatesOption()),
		streamValues: newValueChecker(m, "EventStreamTestsTrait", BlobsAsText(true), AnyTimestampFormat(true), referenceHTTPDatesOption())}
	out = uniqueIDs(m)
	for _, s := range m.Shapes() {
		if s.ID().Namespace == shapeid.Prelude {
			continue
		}
		if t, ok := findTrait(s.Traits(), httpRequestTestsID); ok && s.Type() == model.OperationType {
			out = append(out, pc.cases(s, t, "HttpRequestTestsInput", s.Input())...)
		}
		if t, ok := findTrait(s.Traits(), httpResponseTestsID); ok {
			switch s.Type() {
			case model.OperationType:
				out = append(out, pc.cases(s, t, "HttpResponseTestsOutput", s.Output())...)
			case model.StructureType:
				out = append(out, pc.cases(s, t, "HttpResponseTestsError", s.ID())...)
			}
		}
		if t, ok := findTrait(s.Traits(), eventStreamTestsID); ok && s.Type() == model.OperationType {
			out = append(out, pc.streamCases(s, t)...)
		}
		if t, ok := findTrait(s.Traits(), httpMalformedRequestTestsID); ok {
			out = append(out, malformedParameters(s, t)...)
		}
	}
	return out
}

type protocolTestChecker struct {
	m      *model.Model
	values *valueChecker // the http tests' reading of values
	// streamValues is the event stream tests' reading: timestamps as
	// their format says (an epoch-seconds number or a date-time string
	// without one), as the reference's FORMAT strategy.
	streamValues *valueChecker
}

// cases checks every test case of the trait t on shape s: its params
// against the structure target, its vendorParams against its
// vendorParamsShape. Events have the ID id.
func (pc *protocolTestChecker) cases(s *model.Shape, t model.Trait, id string, target shapeid.ID) []model.Event {
	var out []model.Event
	at := func(n node.Node) model.SourceLocation {
		src := t.Source
		if n.Pos().IsValid() {
			src.Pos = n.Pos()
		}
		return src
	}
	for i, tc := range t.Value.Elems() {
		if tc.Kind() != node.Object {
			continue
		}
		context := t.ID.String() + "." + strconv.Itoa(i)
		if shapeName, ok := tc.Get("vendorParamsShape"); ok && shapeName.Kind() == node.String {
			vid, err := shapeid.Parse(shapeName.StringValue())
			if _, found := pc.m.Shape(vid); err == nil && found {
				vp, _ := tc.Get("vendorParams")
				if vp.Kind() != node.Object || vp.Len() == 0 {
					out = append(out, model.Event{Severity: model.Warning, ID: id, Shape: s.ID(), Source: at(tc),
						Message: "Protocol test case defined a `vendorParamsShape` but no `vendorParams`"})
				} else {
					out = append(out, pc.values.check(vid, vp, valueWording{m: pc.m, protocolTest: true}, id, context+".vendorParams", s.ID(), t.Source)...)
				}
			}
		}
		if problem, body := bodyProblemOf(tc); problem != "" {
			mt, _ := tc.Get("bodyMediaType")
			tid, _ := tc.Get("id")
			out = append(out, model.Event{Severity: model.Danger, ID: id, Shape: s.ID(), Source: at(body),
				Message: fmt.Sprintf("Invalid %s content in `%s` protocol test case `%s`: %s", mt.StringValue(), t.ID, tid.StringValue(), problem)})
		}
		params, ok := tc.Get("params")
		if !ok {
			params = node.NewObject().At(tc.Pos())
		}
		if st, found := pc.m.Shape(target); found && st.Type() == model.StructureType {
			out = append(out, pc.values.check(target, params, valueWording{m: pc.m, protocolTest: true}, id, context+".params", s.ID(), t.Source)...)
		}
	}
	return out
}

// streamCases checks every case of an operation's @eventStreamTests as the
// reference's EventStreamTestsTraitValidator does (event ID
// EventStreamTestsTrait): initialRequestParams against the input,
// initialResponseParams against the output, initialRequest and
// initialResponse against the shapes their *Shape members name, each
// event's params against the operation's input or output event stream
// (the union the @streaming member targets; an ERROR when the operation
// has none), vendorParams against vendorParamsShape; and a case must set
// an event, an initial request or an initial response. The event IDs of
// the last two are extended as the reference extends them
// (EventStreamTestsTrait.<case>.events.<event> for a response event,
// EventStreamTestsTrait.<case> for an empty case).
func (pc *protocolTestChecker) streamCases(op *model.Shape, t model.Trait) []model.Event {
	const id = "EventStreamTestsTrait"
	var out []model.Event
	fail := func(at node.Node, eventID, msg string) {
		src := t.Source
		if at.Pos().IsValid() {
			src.Pos = at.Pos()
		}
		out = append(out, model.Event{Severity: model.ErrorSeverity, ID: eventID, Shape: op.ID(), Source: src, Message: msg})
	}
	check := func(target shapeid.ID, val node.Node, context string) {
		if _, found := pc.m.Shape(target); !found {
			return // the shape ID member's own validators say so
		}
		if val.Kind() == node.Null {
			val = node.NewObject().At(val.Pos())
		}
		out = append(out, pc.streamValues.check(target, val, valueWording{m: pc.m}, id, context, op.ID(), t.Source)...)
	}
	// shapeNamed is the shape a *Shape member of obj names, if any.
	shapeNamed := func(obj node.Node, key string) (shapeid.ID, bool) {
		v, ok := obj.Get(key)
		if !ok || v.Kind() != node.String {
			return shapeid.ID{}, false
		}
		sid, err := shapeid.Parse(v.StringValue())
		return sid, err == nil
	}
	inStream, hasIn := pc.eventStream(op.Input())
	outStream, hasOut := pc.eventStream(op.Output())
	for i, tc := range t.Value.Elems() {
		if tc.Kind() != node.Object {
			continue
		}
		prefix := t.ID.String() + "." + strconv.Itoa(i)
		reqParams, hasReqParams := tc.Get("initialRequestParams")
		if hasReqParams {
			check(op.Input(), reqParams, prefix+".initialRequestParams")
		}
		req, hasReq := tc.Get("initialRequest")
		if sid, ok := shapeNamed(tc, "initialRequestShape"); ok {
			check(sid, req, prefix+".initialRequest")
		}
		respParams, hasRespParams := tc.Get("initialResponseParams")
		if hasRespParams {
			check(op.Output(), respParams, prefix+".initialResponseParams")
		}
		resp, hasResp := tc.Get("initialResponse")
		if sid, ok := shapeNamed(tc, "initialResponseShape"); ok {
			check(sid, resp, prefix+".initialResponse")
		}
		if sid, ok := shapeNamed(tc, "vendorParamsShape"); ok {
			vp, _ := tc.Get("vendorParams")
			check(sid, vp, prefix+".vendorParams")
		}
		events, _ := tc.Get("events")
		for j, ev := range events.Elems() {
			if ev.Kind() != node.Object {
				continue
			}
			evPrefix := prefix + ".events." + strconv.Itoa(j)
			if params, ok := ev.Get("params"); ok {
				typ, _ := ev.Get("type")
				switch typ.StringValue() {
				case "request":
					if hasIn {
						check(inStream, params, evPrefix+".params")
					} else {
						fail(ev, id, evPrefix+": Invalid request event for operation "+op.ID().String()+" that has no input stream.")
					}
				case "response":
					if hasOut {
						check(outStream, params, evPrefix+".params")
					} else {
						fail(ev, id+"."+strconv.Itoa(i)+".events."+strconv.Itoa(j), evPrefix+": Invalid response event for operation "+op.ID().String()+" that has no output stream.")
					}
				}
			}
			if problem, body := bodyProblemOf(ev); problem != "" {
				mt, _ := ev.Get("bodyMediaType")
				src := t.Source
				if body.Pos().IsValid() {
					src.Pos = body.Pos()
				}
				out = append(out, model.Event{Severity: model.Danger, ID: id, Shape: op.ID(), Source: src,
					Message: fmt.Sprintf("%s.body: Invalid %s content: %s", evPrefix, mt.StringValue(), problem)})
			}
			if sid, ok := shapeNamed(ev, "vendorParamsShape"); ok {
				vp, _ := ev.Get("vendorParams")
				check(sid, vp, evPrefix+".vendorParams")
			}
		}
		if events.Len() == 0 && !hasReqParams && !hasReq && !hasRespParams && !hasResp {
			fail(tc, id+"."+strconv.Itoa(i), prefix+": At least one event, an initial request, or an initial response must be set.")
		}
	}
	return out
}

// eventStream returns the union that a member of the structure id with
// @streaming targets: the operation's event stream.
func (pc *protocolTestChecker) eventStream(id shapeid.ID) (shapeid.ID, bool) {
	s, ok := pc.m.Shape(id)
	if !ok {
		return shapeid.ID{}, false
	}
	for _, mem := range s.Members() {
		if u, ok := pc.m.Shape(mem.Target()); ok && u.Type() == model.UnionType && u.HasTrait(preludeid.Streaming) {
			return u.ID(), true
		}
	}
	return shapeid.ID{}, false
}

// The trait ID of @httpMalformedRequestTests, whose case IDs the
// reference counts with the response tests' (see checkUniqueIDs).
var httpMalformedRequestTestsID = shapeid.ID{Namespace: "smithy.test", Name: "httpMalformedRequestTests"}

// malformedParameters returns the events of the reference's
// HttpMalformedRequestTestsValidator: the lists of a malformed request
// test's testParameters (each key's values, one test per position) must
// all have the same length; an ERROR HttpMalformedRequestTests at the
// testParameters of each case whose lists do not.
func malformedParameters(s *model.Shape, t model.Trait) []model.Event {
	var out []model.Event
	for _, tc := range t.Value.Elems() {
		params, ok := tc.Get("testParameters")
		if !ok || params.Kind() != node.Object {
			continue
		}
		size := -1
		for _, f := range params.Fields() {
			n := f.Value.Len()
			if size >= 0 && n != size {
				src := t.Source
				if params.Pos().IsValid() {
					src.Pos = params.Pos()
				}
				out = append(out, model.Event{Severity: model.ErrorSeverity, ID: "HttpMalformedRequestTests", Shape: s.ID(), Source: src,
					Message: "Each list associated to a key in `testParameters` must be of the same length."})
				break
			}
			size = n
		}
	}
	return out
}

// uniqueIDs returns the events of the reference's
// UniqueProtocolTestCaseIdValidator: a test case ID used more than once
// in a model for the same trait (on any operations or structures) is an
// ERROR at each case that uses it, naming every shape that does. The
// reference files @httpMalformedRequestTests IDs with the
// @httpResponseTests ones (and reports them as such), and so does this
// check, so that a model gets the reference's verdict.
func uniqueIDs(m *model.Model) []model.Event {
	type use struct {
		shape shapeid.ID
		at    model.SourceLocation
	}
	uses := map[shapeid.ID]map[string][]use{}
	for _, s := range m.Shapes() {
		if s.Type() != model.OperationType && s.Type() != model.StructureType {
			continue
		}
		for _, tid := range []shapeid.ID{httpRequestTestsID, httpResponseTestsID, httpMalformedRequestTestsID, eventStreamTestsID} {
			t, ok := findTrait(s.Traits(), tid)
			if !ok {
				continue
			}
			key := tid
			if tid == httpMalformedRequestTestsID {
				key = httpResponseTestsID
			}
			for _, tc := range t.Value.Elems() {
				id, ok := tc.Get("id")
				if !ok || id.Kind() != node.String {
					continue
				}
				at := t.Source
				if id.Pos().IsValid() {
					at.Pos = id.Pos()
				}
				if uses[key] == nil {
					uses[key] = map[string][]use{}
				}
				uses[key][id.StringValue()] = append(uses[key][id.StringValue()], use{s.ID(), at})
			}
		}
	}
	var out []model.Event
	for _, tid := range []shapeid.ID{httpRequestTestsID, httpResponseTestsID, eventStreamTestsID} {
		ids := make([]string, 0, len(uses[tid]))
		for id := range uses[tid] {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			us := uses[tid][id]
			if len(us) < 2 {
				continue
			}
			names := make([]string, len(us))
			for i, u := range us {
				names[i] = u.shape.String()
			}
			sort.Strings(names)
			msg := fmt.Sprintf("Conflicting `%s` test case IDs found for ID `%s`: `%s`", tid, id, strings.Join(names, "`, `"))
			for _, u := range us {
				out = append(out, model.Event{Severity: model.ErrorSeverity, ID: "UniqueProtocolTestCaseId", Shape: u.shape, Source: u.at, Message: msg})
			}
		}
	}
	return out
}
