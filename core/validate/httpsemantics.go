package validate

import (
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
)

// methodSemantics is what a standard HTTP method implies. A nil field
// means the method implies nothing about it.
type methodSemantics struct {
	readonly, idempotent, payload *bool
	warning                       string // a warning whenever the method is modeled
}

var (
	yes, no = true, false

	standardMethods = map[string]methodSemantics{
		"GET":   {readonly: &yes, idempotent: &no, payload: &no},
		"HEAD":  {readonly: &yes, idempotent: &no, payload: &no},
		"TRACE": {readonly: &yes, idempotent: &no, payload: &no},
		"OPTIONS": {readonly: &yes, idempotent: &no, payload: &yes, warning: "OPTIONS requests are typically used as part of CORS and should not be modeled explicitly. " +
			"They are an implementation detail that should not appear in generated client or server code. " +
			"Instead, tooling should use the `cors` trait on a service to automatically configure CORS on clients and servers. " +
			"It is the responsibility of service frameworks and API gateways to automatically manage OPTIONS requests. " +
			"For example, OPTIONS requests are automatically created when using Smithy models with Amazon API Gateway."},
		"POST":   {readonly: &no, payload: &yes},
		"DELETE": {readonly: &no, idempotent: &yes, payload: &no},
		"PUT":    {readonly: &no, idempotent: &yes, payload: &yes},
		"PATCH":  {readonly: &no, payload: &yes},
	}
)

// httpMethodSemantics checks that operations bound to standard HTTP
// methods agree with them: casing, @readonly, @idempotent, and no request
// body for methods without one (HttpMethodSemantics and its
// UnexpectedPayload, MissingReadonlyTrait, UnnecessaryReadonlyTrait,
// MissingIdempotentTrait, UnnecessaryIdempotentTrait and OPTIONS parts).
func httpMethodSemantics(ix *protoIndex) []model.Event {
	var events []model.Event
	https := ix.https
	for i, op := range ix.ops {
		method := strings.ToUpper(https[i].method)
		sem, ok := standardMethods[method]
		if !ok {
			continue
		}
		ev := func(sev model.Severity, sub, format string, args ...any) {
			id := "HttpMethodSemantics"
			if sub != "" {
				id += "." + sub
			}
			events = append(events, onTraitf(sev, id, op, preludeid.HTTP, format, args...))
		}
		if method != https[i].method {
			ev(model.Warning, "", "This operation uses the `%s` method in the `http` trait, but expected `%s`.", https[i].method, method)
		}
		if sem.warning != "" {
			ev(model.Warning, method, "%s", sem.warning)
		}
		for _, t := range []struct {
			want *bool
			has  bool
			name string
		}{{sem.readonly, op.HasTrait(preludeid.Readonly), "Readonly"}, {sem.idempotent, op.HasTrait(preludeid.Idempotent), "Idempotent"}} {
			if t.want == nil || *t.want == t.has {
				continue
			}
			sub, verb := "Missing"+t.name+"Trait", "is not"
			if t.has {
				sub, verb = "Unnecessary"+t.name+"Trait", "is"
			}
			ev(model.Warning, sub, "This operation uses the `%s` method in the `http` trait, but %s marked with the %s trait",
				method, verb, strings.ToLower(t.name))
		}
		if sem.payload == nil || *sem.payload {
			continue
		}
		in := ix.in[i]
		if in == nil {
			continue
		}
		bindings := structureBindings(ix, in, true)
		if payload := boundMembers(bindings, locPayload); len(payload) > 0 {
			ev(model.Danger, "UnexpectedPayload", "This operation uses the `%s` method in the `http` trait, but the `%s` member is sent as the payload of the request because it is marked with the `httpPayload` trait. "+
				"Many HTTP clients do not support payloads with %s requests. Consider binding this member to other parts of the HTTP request such as a query string parameter using the `httpQuery` trait, a header using the `httpHeader` trait, or a path segment using the `httpLabel` trait.",
				method, firstBound(bindings, locPayload), method)
		} else if doc := boundMembers(bindings, locDocument); len(doc) > 0 {
			ev(model.Danger, "UnexpectedPayload", "This operation uses the `%s` method in the `http` trait, but the following members are sent as part of the payload of the request: %s. "+
				"These members are sent as part of the payload because they are not explicitly configured to be sent in headers, in the query string, or in a URI segment. "+
				"Many HTTP clients do not support payloads with %s requests. Consider binding these members to other parts of the HTTP request such as query string parameters using the `httpQuery` trait, headers using the `httpHeader` trait, or URI segments using the `httpLabel` trait.",
				method, tickedList(doc), method)
		}
	}
	return events
}

func firstBound(bindings []memberBinding, loc location) string {
	for _, b := range bindings {
		if b.loc == loc {
			return b.member.MemberName()
		}
	}
	return ""
}

// httpResponseCodes checks status codes: 2xx for operations, no body with
// 204 and 205, 4xx for client errors and 5xx for server errors
// (HttpResponseCodeSemantics).
func httpResponseCodes(ix *protoIndex) []model.Event {
	var events []model.Event
	https := ix.https
	for i, op := range ix.ops {
		code := https[i].code
		if code < 200 || code >= 300 {
			events = append(events, onTraitf(model.Danger, "HttpResponseCodeSemantics", op, preludeid.HTTP,
				"Expected an `http` code in the 2xx range, but found %d", code))
			continue
		}
		if code != 204 && code != 205 {
			continue
		}
		out := ix.out[i]
		if out == nil {
			continue
		}
		b := structureBindings(ix, out, false)
		if len(boundMembers(b, locDocument))+len(boundMembers(b, locPayload)) > 0 {
			events = append(events, eventf(model.Warning, "HttpResponseCodeSemantics", op,
				"The HTTP %d status code does not allow a response body. To use this status code, all output members need to be bound to @httpHeader, @httpPrefixHeaders, @httpResponseCode, etc.",
				code))
		}
	}
	for _, s := range ix.with[preludeid.HTTPError] {
		if s.Type() != model.StructureType {
			continue
		}
		ev, ok1 := s.Trait(preludeid.Error)
		hv, ok2 := s.Trait(preludeid.HTTPError)
		if !ok1 || !ok2 {
			continue
		}
		code, ok := smallInt(hv)
		if !ok {
			continue
		}
		kind := ev.StringValue()
		lo := map[string]int{"client": 400, "server": 500}[kind]
		if lo != 0 && (code < lo || code >= lo+100) {
			events = append(events, onTraitf(model.Danger, "HttpResponseCodeSemantics", s, preludeid.HTTPError,
				"Expected an `httpError` code in the %dxx range for a `%s` error, but found %d", lo/100, kind, code))
		}
	}
	return events
}

// httpURIFormats reports @http URIs with characters outside US-ASCII
// (HttpUriFormat).
func httpURIFormats(ix *protoIndex) []model.Event {
	var events []model.Event
	https := ix.https
	for i, op := range ix.ops {
		uri := https[i].uri.text
		for j := 0; j < len(uri); j++ {
			if uri[j] >= 0x80 {
				events = append(events, onTraitf(model.ErrorSeverity, "HttpUriFormat", op, preludeid.HTTP, "@http trait `uri` is invalid: %s", uri))
				break
			}
		}
	}
	return events
}

// httpGreedyLabels reports URIs with a label after a greedy label
// (HttpUriGreedyLabel.GreedyLabelIsNotLastLabel) and URIs with more than
// one greedy label (HttpUriGreedyLabel.MultipleGreedyLabels), each once.
func httpGreedyLabels(ix *protoIndex) []model.Event {
	var events []model.Event
	https := ix.https
	for i, op := range ix.ops {
		greedy, afterGreedy := 0, false
		for _, s := range https[i].uri.segments {
			afterGreedy = afterGreedy || greedy > 0 && s.isLabel()
			if s.kind == segGreedy {
				greedy++
			}
		}
		if afterGreedy {
			events = append(events, onTraitf(model.Danger, "HttpUriGreedyLabel.GreedyLabelIsNotLastLabel", op, preludeid.HTTP,
				"A greedy label must be the last label in its pattern: %s", https[i].uri.text))
		}
		if greedy > 1 {
			events = append(events, onTraitf(model.Danger, "HttpUriGreedyLabel.MultipleGreedyLabels", op, preludeid.HTTP,
				"At most one greedy label segment may exist in a pattern: %s", https[i].uri.text))
		}
	}
	return events
}

// smallInt returns a number node's value as an int.
func smallInt(v node.Node) (int, bool) {
	if v.Kind() != node.Number {
		return 0, false
	}
	n, ok := node.SmallInt(v.NumberText())
	return int(n), ok
}
