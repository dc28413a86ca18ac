package smithyvalidate

import (
	"strconv"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// The trait IDs of the Smithy reference's protocol test traits
// (smithy-protocol-test-traits, namespace smithy.test).
var (
	httpRequestTestsID  = shapeid.ID{Namespace: "smithy.test", Name: "httpRequestTests"}
	httpResponseTestsID = shapeid.ID{Namespace: "smithy.test", Name: "httpResponseTests"}
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
func CheckProtocolTests(m *model.Model) (out []model.Event) {
	defer recoverEvents("HttpRequestTestsInput", &out)
	pc := protocolTestChecker{m: m, values: newValueChecker(m, "HttpRequestTestsInput", BlobsAsText(true), epochSecondsTimestampsOption(), referenceHTTPDatesOption())}
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
	}
	return out
}

type protocolTestChecker struct {
	m      *model.Model
	values *valueChecker
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
