package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// httpLabels checks that the URI labels of each @http operation and the
// @httpLabel members of its input match one to one, and that greedy labels
// bind strings (HttpLabelTrait).
func httpLabels(m *model.Model) []model.Event {
	var events []model.Event
	ops, https := httpOperations(m)
	for i, op := range ops {
		in, ok := operationStructure(m, op, true)
		if !ok {
			continue
		}
		uri := https[i].uri
		unmatched := map[string]bool{}
		for _, l := range uri.labels() {
			unmatched[l.content] = true
		}
		for _, mem := range in.Members() {
			if !mem.HasTrait(httpLabelTrait) {
				continue
			}
			// A label matches its member case-insensitively, but only the
			// exact name accounts for the label.
			delete(unmatched, mem.MemberName())
			l, ok := uri.label(mem.MemberName())
			if !ok {
				events = append(events, onTraitf(model.ErrorSeverity, "HttpLabelTrait", mem, httpLabelTrait,
					"This `%s` structure member is marked with the `httpLabel` trait, but no corresponding `http` URI label could be found when used as the input of the `%s` operation.",
					mem.MemberName(), op.ID()))
				continue
			}
			if l.kind != segGreedy {
				continue
			}
			if t, ok := m.Target(mem); ok && t.Type() != model.StringType && t.Type() != model.EnumType {
				events = append(events, onTraitf(model.ErrorSeverity, "HttpLabelTrait", mem, httpLabelTrait,
					"The `%s` structure member corresponds to a greedy label when used as the input of the `%s` operation. This member targets %s, but greedy labels must target string shapes.",
					mem.MemberName(), op.ID(), describe(t)))
			}
		}
		if len(unmatched) > 0 {
			events = append(events, errorf("HttpLabelTrait", op,
				"This operation uses `%s` as input, but the following URI labels found in the operation's `http` trait do not have a corresponding member marked with the `httpLabel` trait: %s",
				in.ID(), tickedList(keys(unmatched))))
		}
	}
	return events
}

func keys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// httpQueries reports structures that bind one query string parameter to
// two members, and @httpQuery names that an operation's URI already sets
// as a query string literal (HttpQueryTrait).
func httpQueries(m *model.Model) []model.Event {
	var events []model.Event
	inputOf := map[*model.Shape][]int{} // input structure -> its @http operations
	ops, https := httpOperations(m)
	for i, op := range ops {
		if in, ok := operationStructure(m, op, true); ok {
			inputOf[in] = append(inputOf[in], i)
		}
	}
	for _, st := range m.Shapes() {
		if st.Type() != model.StructureType {
			continue
		}
		byName := map[string][]string{}
		var names []string
		for _, mem := range st.Members() {
			v, ok := mem.Trait(httpQueryTrait)
			if !ok {
				continue
			}
			name := v.StringValue()
			if _, seen := byName[name]; !seen {
				names = append(names, name)
			}
			byName[name] = append(byName[name], mem.MemberName())
		}
		if len(names) == 0 {
			continue
		}
		sort.Strings(names)
		for _, name := range names {
			if len(byName[name]) > 1 {
				events = append(events, errorf("HttpQueryTrait", st,
					"`httpQuery` parameter name binding conflicts found for the `%s` parameter in the following structure members: %s",
					name, tickedList(byName[name])))
			}
		}
		for _, i := range inputOf[st] {
			for _, kv := range https[i].uri.query {
				if _, ok := byName[kv[0]]; ok {
					events = append(events, errorf("HttpQueryTrait", st,
						"`httpQuery` name `%s` conflicts with the `http` trait of the `%s` operation: `%s`",
						kv[0], ops[i].ID(), https[i].uri.text))
				}
			}
		}
	}
	return events
}

// httpQueryParams notes structures where @httpQueryParams and @httpQuery
// members compete for the same query string (HttpQueryParamsTrait).
func httpQueryParams(m *model.Model) []model.Event {
	var events []model.Event
	for _, st := range m.Shapes() {
		if st.Type() != model.StructureType {
			continue
		}
		var params, queries []string
		for _, mem := range st.Members() {
			if mem.HasTrait(httpQueryParamsTrait) {
				params = append(params, mem.MemberName())
			}
			if mem.HasTrait(httpQueryTrait) {
				queries = append(queries, mem.MemberName())
			}
		}
		if len(queries) == 0 {
			continue
		}
		for _, p := range params {
			events = append(events, eventf(model.Note, "HttpQueryParamsTrait", st,
				"Structure member `%s` is marked with the `httpQueryParams` trait, and `httpQuery` traits are applied to the following members: %s. The service will not be able to disambiguate between query string parameters intended for the `%s` member and those explicitly bound to the `httpQuery` members.",
				p, tickedList(queries), p))
		}
	}
	return events
}

// headerBlocklist are the headers a model must not bind: the HTTP stack
// owns them.
var headerBlocklist = map[string]bool{
	"authorization": true, "connection": true, "content-length": true, "expect": true, "host": true,
	"max-forwards": true, "proxy-authenticate": true, "server": true, "te": true, "trailer": true,
	"transfer-encoding": true, "upgrade": true, "user-agent": true, "www-authenticate": true, "x-forwarded-for": true,
}

// isTchar reports whether c may appear in an HTTP field name (tchar of
// RFC 9110 section 5.6.2).
func isTchar(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isTchar(s[i]) {
			return false
		}
	}
	return true
}

// httpHeaders reports structures that bind one header to two members
// (case-insensitively), and header names that are reserved or not valid
// field names (HttpHeaderTrait).
func httpHeaders(m *model.Model) []model.Event {
	var events []model.Event
	for _, st := range m.Shapes() {
		byName := map[string][]string{}
		var names []string
		for _, mem := range st.Members() {
			v, ok := mem.Trait(httpHeaderTrait)
			if !ok {
				continue
			}
			header := v.StringValue()
			switch {
			case headerBlocklist[strings.ToLower(header)]:
				events = append(events, onTraitf(model.Danger, "HttpHeaderTrait", mem, httpHeaderTrait,
					"`%s` is not an allowed HTTP header binding", header))
			case !isToken(header) && header != "":
				events = append(events, onTraitf(model.Danger, "HttpHeaderTrait", mem, httpHeaderTrait,
					"`%s` is not a valid HTTP header field name according to section 5.6.2 of RFC 9110", header))
			}
			if st.Type() != model.StructureType {
				continue
			}
			key := strings.ToLower(header)
			if _, seen := byName[key]; !seen {
				names = append(names, key)
			}
			byName[key] = append(byName[key], mem.MemberName())
		}
		sort.Strings(names)
		for _, name := range names {
			if len(byName[name]) > 1 {
				events = append(events, errorf("HttpHeaderTrait", st,
					"`httpHeader` field name binding conflicts found for the `%s` header in the following structure members: %s",
					name, tickedList(byName[name])))
			}
		}
	}
	return events
}

// httpPrefixHeaders reports @httpHeader members whose header starts with
// an @httpPrefixHeaders prefix of the same structure: an ERROR, or a NOTE
// when the prefix is empty (HttpPrefixHeadersTrait).
func httpPrefixHeaders(m *model.Model) []model.Event {
	var events []model.Event
	for _, st := range m.Shapes() {
		if st.Type() != model.StructureType {
			continue
		}
		for _, pm := range st.Members() {
			v, ok := pm.Trait(httpPrefixHeadersTrait)
			if !ok {
				continue
			}
			prefix := strings.ToLower(v.StringValue())
			sev, detail := model.ErrorSeverity, "`httpHeader` bindings must not case-insensitively start with any `httpPrefixHeaders` bindings."
			if prefix == "" {
				sev = model.Note
				detail = fmt.Sprintf("The service will not be able to disambiguate between header parameters intended for the `%s` member and those explicitly bound to the `httpHeader` members.", pm.ID())
			}
			for _, hm := range st.Members() {
				hv, ok := hm.Trait(httpHeaderTrait)
				if !ok {
					continue
				}
				header := strings.ToLower(hv.StringValue())
				if strings.HasPrefix(header, prefix) {
					events = append(events, onTraitf(sev, "HttpPrefixHeadersTrait", hm, httpHeaderTrait,
						"`httpHeader` binding of `%s` conflicts with the `httpPrefixHeaders` binding of `%s` to `%s`. %s",
						header, pm.ID(), prefix, detail))
				}
			}
		}
	}
	return events
}

// httpPayloads reports input, output and error structures with an
// @httpPayload member and other members bound nowhere (HttpPayload).
func httpPayloads(m *model.Model) []model.Event {
	if !traitOn(m, httpPayloadTrait) {
		return nil
	}
	var events []model.Event
	check := func(st *model.Shape, request bool) {
		if unbound := boundMembers(structureBindings(st, request), locUnbound); len(unbound) > 0 {
			events = append(events, errorf("HttpPayload", st,
				"A member of this structure is marked with the `httpPayload` trait, but the following structure members are not explicitly bound to the HTTP message: %s",
				tickedList(unbound)))
		}
	}
	ops, _ := httpOperations(m)
	for _, op := range ops {
		if in, ok := operationStructure(m, op, true); ok {
			check(in, true)
		}
		if out, ok := operationStructure(m, op, false); ok {
			check(out, false)
		}
	}
	for _, s := range m.Shapes() {
		if s.Type() == model.StructureType && s.HasTrait(errorTrait) {
			check(s, false)
		}
	}
	return events
}

// httpBindingsMissing reports operations of a service without @http when
// the service's protocol requires it (ERROR) or other operations of the
// service have it (WARNING) (HttpBindingsMissing).
func httpBindingsMissing(m *model.Model) []model.Event {
	if !traitOn(m, httpTrait) {
		return nil
	}
	var events []model.Event
	for _, svc := range shapesOfType(m, model.ServiceType) {
		ops := serviceOperations(m, svc)
		sev, reason := model.Warning, "One or more"
		if p, ok := httpProtocol(m, svc); ok {
			sev, reason = model.ErrorSeverity, fmt.Sprintf("The `%s` protocol requires all", p)
		} else {
			any := false
			for _, op := range ops {
				any = any || op.HasTrait(httpTrait)
			}
			if !any {
				continue
			}
		}
		for _, op := range ops {
			if !op.HasTrait(httpTrait) {
				events = append(events, eventf(sev, "HttpBindingsMissing", op,
					"%s operations in the `%s` service define the `http` trait, but this operation is missing the `http` trait.",
					reason, svc.ID()))
			}
		}
	}
	return events
}

// serviceTraitsWith returns the IDs of the traits applied to svc whose
// definitions apply the marker trait (@protocolDefinition,
// @authDefinition), in shape ID order.
func serviceTraitsWith(m *model.Model, svc *model.Shape, marker shapeid.ID) []shapeid.ID {
	var out []shapeid.ID
	for _, t := range svc.Traits() {
		if def, ok := m.Shape(t.ID); ok && def.HasTrait(marker) {
			out = append(out, t.ID)
		}
	}
	sortJavaIDs(out)
	return out
}

// httpProtocol returns the first protocol of svc whose definition lists
// smithy.api#http among the traits it requires.
func httpProtocol(m *model.Model, svc *model.Shape) (shapeid.ID, bool) {
	return protocolListing(m, svc, httpTrait)
}

// sortJavaIDs orders shape IDs as the reference implementation does:
// case-insensitively, then case-sensitively.
func sortJavaIDs(ids []shapeid.ID) {
	sort.Slice(ids, func(i, j int) bool { return javaIDLess(ids[i].String(), ids[j].String()) })
}

func javaIDLess(a, b string) bool {
	la, lb := strings.ToLower(a), strings.ToLower(b)
	if la != lb {
		return la < lb
	}
	return a < b
}

var httpBindingTraits = []shapeid.ID{httpHeaderTrait, httpLabelTrait, httpPayloadTrait, httpPrefixHeadersTrait,
	httpQueryParamsTrait, httpQueryTrait, httpResponseCodeTrait}

// relOrder ranks the relationships that can point at a structure in the
// order the reference implementation lists them; relNames names them.
var (
	relOrder = map[model.RelationshipType]int{model.RelProperty: 1, model.RelMemberTarget: 2, model.RelInput: 3,
		model.RelOutput: 4, model.RelError: 5, model.RelMixin: 6}
	relLabel = map[model.RelationshipType]string{model.RelProperty: "property", model.RelMemberTarget: "member target",
		model.RelInput: "input", model.RelOutput: "output", model.RelError: "error", model.RelMixin: "mixin"}
)

type inbound struct {
	rel  model.RelationshipType
	from shapeid.ID
}

// httpBindingTraitsIgnored warns about HTTP binding traits on members of
// structures used where the traits have no effect: @httpLabel, @httpQuery
// and @httpQueryParams outside operation input (.Input), @httpResponseCode
// outside output (.Output), any binding below the top level (.TopLevel)
// (HttpBindingTraitIgnored).
func httpBindingTraitsIgnored(m *model.Model) []model.Event {
	if !traitOn(m, httpBindingTraits...) {
		return nil
	}
	// Which structures hold members with binding traits.
	bound := map[shapeid.ID]bool{}
	for _, st := range m.Shapes() {
		if st.Type() != model.StructureType || st.HasTrait(mixinTrait) {
			continue
		}
		for _, mem := range st.Members() {
			for _, id := range httpBindingTraits {
				if mem.HasTrait(id) {
					bound[st.ID()] = true
				}
			}
		}
	}
	if len(bound) == 0 {
		return nil
	}
	refs := map[shapeid.ID][]inbound{}
	record := func(s *model.Shape) {
		s.Relationships(func(r model.RelationshipType, to shapeid.ID) {
			if _, ok := relOrder[r]; ok && bound[to] {
				refs[to] = append(refs[to], inbound{r, s.ID()})
			}
		})
	}
	for _, s := range m.Shapes() {
		record(s)
		for _, mem := range s.Members() {
			record(mem)
		}
	}
	var events []model.Event
	for _, st := range m.Shapes() {
		if !bound[st.ID()] {
			continue
		}
		for _, mem := range st.Members() {
			if e, ok := ignoredBinding(mem, refs[st.ID()]); ok {
				events = append(events, e)
			}
		}
	}
	return events
}

func ignoredBinding(mem *model.Shape, refs []inbound) (model.Event, bool) {
	var applied, inputOnly, outputOnly []shapeid.ID
	for _, id := range httpBindingTraits {
		if !mem.HasTrait(id) {
			continue
		}
		applied = append(applied, id)
		switch id {
		case httpLabelTrait, httpQueryTrait, httpQueryParamsTrait:
			inputOnly = append(inputOnly, id)
		case httpResponseCodeTrait:
			outputOnly = append(outputOnly, id)
		}
	}
	if len(applied) == 0 {
		return model.Event{}, false
	}
	ignored := map[model.RelationshipType][]string{}
	for _, r := range refs {
		switch {
		case r.rel != model.RelInput && len(inputOnly) > 0,
			r.rel != model.RelOutput && len(outputOnly) > 0,
			r.rel != model.RelInput && r.rel != model.RelOutput && r.rel != model.RelError:
			ignored[r.rel] = append(ignored[r.rel], r.from.String())
		}
	}
	if len(ignored) == 0 {
		return model.Event{}, false
	}
	kind, trait := "TopLevel", applied[0]
	switch {
	case len(inputOnly) > 0:
		kind, trait = "Input", inputOnly[0]
	case len(outputOnly) > 0:
		kind, trait = "Output", outputOnly[0]
	}
	mixed := ""
	if mem.IsMixedIn() || mem.IsRedefinedMixinMember() {
		mixed = " mixed in"
	}
	// Every context ignores the trait when each relationship is of its own
	// kind, the reference implementation's test for "all".
	where := "ignored in all contexts."
	if len(refs) != len(ignored) {
		rels := make([]model.RelationshipType, 0, len(ignored))
		for r := range ignored {
			rels = append(rels, r)
		}
		sort.Slice(rels, func(i, j int) bool { return relOrder[rels[i]] < relOrder[rels[j]] })
		parts := make([]string, len(rels))
		for i, r := range rels {
			ids := uniqueSorted(ignored[r])
			parts[i] = relLabel[r] + ": [" + strings.Join(ids, ", ") + "]"
		}
		where = "ignored in some contexts: {" + strings.Join(parts, ", ") + "}"
	}
	return onTraitf(model.Warning, "HttpBindingTraitIgnored."+kind, mem, trait,
		"The `%s` trait applied to this%s member is %s", idiomatic(trait), mixed, where), true
}

func uniqueSorted(values []string) []string {
	out := append([]string(nil), values...)
	sort.Strings(out)
	n := 0
	for i, v := range out {
		if i == 0 || v != out[n-1] {
			out[n] = v
			n++
		}
	}
	return out[:n]
}
