package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// httpLabels checks that the URI labels of each @http operation and the
// @httpLabel members of its input match one to one, and that greedy labels
// bind strings (HttpLabelTrait).
func httpLabels(ix *protoIndex) []model.Event {
	var events []model.Event
	m, https := ix.m, ix.https
	for i, op := range ix.ops {
		in := ix.in[i]
		if in == nil {
			continue
		}
		uri := https[i].uri
		unmatched := map[string]bool{}
		for _, l := range uri.labels() {
			unmatched[l.content] = true
		}
		for _, mem := range in.Members() {
			if !mem.HasTrait(preludeid.HTTPLabel) {
				continue
			}
			// A label matches its member case-insensitively, but only the
			// exact name accounts for the label.
			delete(unmatched, mem.MemberName())
			l, ok := uri.label(mem.MemberName())
			if !ok {
				events = append(events, onTraitf(model.ErrorSeverity, "HttpLabelTrait", mem, preludeid.HTTPLabel,
					"This `%s` structure member is marked with the `httpLabel` trait, but no corresponding `http` URI label could be found when used as the input of the `%s` operation.",
					mem.MemberName(), op.ID()))
				continue
			}
			if l.kind != segGreedy {
				continue
			}
			if t, ok := m.Target(mem); ok && t.Type() != model.StringType && t.Type() != model.EnumType {
				events = append(events, onTraitf(model.ErrorSeverity, "HttpLabelTrait", mem, preludeid.HTTPLabel,
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
func httpQueries(ix *protoIndex) []model.Event {
	var events []model.Event
	structures := ix.containers(bitQuery)
	if len(structures) == 0 {
		return nil
	}
	inputOf := map[*model.Shape][]int{} // input structure -> its @http operations
	ops, https := ix.ops, ix.https
	for i := range ops {
		if in := ix.in[i]; in != nil {
			inputOf[in] = append(inputOf[in], i)
		}
	}
	for _, st := range structures {
		bindings := namedBindings(st, preludeid.HTTPQuery, false)
		for _, d := range duplicateBindings(bindings) {
			events = append(events, errorf("HttpQueryTrait", st,
				"`httpQuery` parameter name binding conflicts found for the `%s` parameter in the following structure members: %s",
				d.key, tickedList(d.members)))
		}
		for _, i := range inputOf[st] {
			for _, kv := range https[i].uri.query {
				if hasBinding(bindings, kv[0]) {
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
func httpQueryParams(ix *protoIndex) []model.Event {
	var events []model.Event
	for _, st := range ix.containers(bitQueryParams) {
		var params, queries []string
		for _, mem := range st.Members() {
			if mem.HasTrait(preludeid.HTTPQueryParams) {
				params = append(params, mem.MemberName())
			}
			if mem.HasTrait(preludeid.HTTPQuery) {
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

// namedBinding is a member bound to a named header or query parameter.
type namedBinding struct{ key, member string }

// namedBindings returns the members of st that apply trait with the name
// each binds (lowercased with fold), sorted by name then member.
func namedBindings(st *model.Shape, trait shapeid.ID, fold bool) []namedBinding {
	var out []namedBinding
	for _, mem := range st.Members() {
		if v, ok := mem.Trait(trait); ok {
			key := v.StringValue()
			if fold {
				key = strings.ToLower(key)
			}
			out = append(out, namedBinding{key, mem.MemberName()})
		}
	}
	if len(out) < 2 {
		return out
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].key != out[j].key {
			return out[i].key < out[j].key
		}
		return out[i].member < out[j].member
	})
	return out
}

func hasBinding(sorted []namedBinding, key string) bool {
	i := sort.Search(len(sorted), func(i int) bool { return sorted[i].key >= key })
	return i < len(sorted) && sorted[i].key == key
}

type duplicate struct {
	key     string
	members []string
}

// duplicateBindings returns the names that more than one member binds.
func duplicateBindings(sorted []namedBinding) []duplicate {
	var out []duplicate
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && sorted[j].key == sorted[i].key {
			j++
		}
		if j-i > 1 {
			d := duplicate{key: sorted[i].key}
			for _, b := range sorted[i:j] {
				d.members = append(d.members, b.member)
			}
			out = append(out, d)
		}
		i = j
	}
	return out
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
// blockedHeader reports whether the headerBlocklist has name, compared in
// lower case (lowered in a buffer on the stack: most names have upper
// case letters, and this runs for every header binding).
func blockedHeader(name string) bool {
	var buf [64]byte
	if len(name) > len(buf) {
		return headerBlocklist[strings.ToLower(name)]
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 0x80 {
			return headerBlocklist[strings.ToLower(name)]
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return headerBlocklist[string(buf[:len(name)])]
}

func httpHeaders(ix *protoIndex) []model.Event {
	var events []model.Event
	for _, mem := range ix.with[preludeid.HTTPHeader] {
		v, _ := mem.Trait(preludeid.HTTPHeader)
		header := v.StringValue()
		switch {
		case blockedHeader(header):
			events = append(events, onTraitf(model.Danger, "HttpHeaderTrait", mem, preludeid.HTTPHeader,
				"`%s` is not an allowed HTTP header binding", header))
		case !isToken(header) && header != "":
			events = append(events, onTraitf(model.Danger, "HttpHeaderTrait", mem, preludeid.HTTPHeader,
				"`%s` is not a valid HTTP header field name according to section 5.6.2 of RFC 9110", header))
		}
	}
	for _, st := range ix.containers(bitHeader) {
		headers := 0
		for _, mem := range st.Members() {
			if ix.bindingBits(mem)&bitHeader != 0 {
				headers++
			}
		}
		if headers < 2 {
			continue // one header binding conflicts with nothing
		}
		for _, d := range duplicateBindings(namedBindings(st, preludeid.HTTPHeader, true)) {
			events = append(events, errorf("HttpHeaderTrait", st,
				"`httpHeader` field name binding conflicts found for the `%s` header in the following structure members: %s",
				d.key, tickedList(d.members)))
		}
	}
	return events
}

// httpPrefixHeaders reports @httpHeader members whose header starts with
// an @httpPrefixHeaders prefix of the same structure: an ERROR, or a NOTE
// when the prefix is empty (HttpPrefixHeadersTrait).
func httpPrefixHeaders(ix *protoIndex) []model.Event {
	var events []model.Event
	for _, st := range ix.containers(bitPrefixHeaders) {
		for _, pm := range st.Members() {
			v, ok := pm.Trait(preludeid.HTTPPrefixHeaders)
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
				hv, ok := hm.Trait(preludeid.HTTPHeader)
				if !ok {
					continue
				}
				header := strings.ToLower(hv.StringValue())
				if strings.HasPrefix(header, prefix) {
					events = append(events, onTraitf(sev, "HttpPrefixHeadersTrait", hm, preludeid.HTTPHeader,
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
func httpPayloads(ix *protoIndex) []model.Event {
	if len(ix.with[preludeid.HTTPPayload]) == 0 {
		return nil
	}
	var events []model.Event
	check := func(st *model.Shape, request bool) {
		if unbound := boundMembers(structureBindings(ix, st, request), locUnbound); len(unbound) > 0 {
			events = append(events, errorf("HttpPayload", st,
				"A member of this structure is marked with the `httpPayload` trait, but the following structure members are not explicitly bound to the HTTP message: %s",
				tickedList(unbound)))
		}
	}
	for i := range ix.ops {
		if in := ix.in[i]; in != nil {
			check(in, true)
		}
		if out := ix.out[i]; out != nil {
			check(out, false)
		}
	}
	for _, s := range ix.with[preludeid.Error] {
		if s.Type() == model.StructureType {
			check(s, false)
		}
	}
	return events
}

// httpBindingsMissing reports operations of a service without @http when
// the service's protocol requires it (ERROR) or other operations of the
// service have it (WARNING) (HttpBindingsMissing).
func httpBindingsMissing(ix *protoIndex) []model.Event {
	if len(ix.with[preludeid.HTTP]) == 0 {
		return nil
	}
	m := ix.m
	var events []model.Event
	for _, svc := range ix.services {
		ops := ix.serviceOps(svc)
		sev, reason := model.Warning, "One or more"
		if p, ok := httpProtocol(m, svc); ok {
			sev, reason = model.ErrorSeverity, fmt.Sprintf("The `%s` protocol requires all", p)
		} else {
			any := false
			for _, op := range ops {
				any = any || op.HasTrait(preludeid.HTTP)
			}
			if !any {
				continue
			}
		}
		for _, op := range ops {
			if !op.HasTrait(preludeid.HTTP) {
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
	return protocolListing(m, svc, preludeid.HTTP)
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

var httpBindingTraits = []shapeid.ID{preludeid.HTTPHeader, preludeid.HTTPLabel, preludeid.HTTPPayload, preludeid.HTTPPrefixHeaders,
	preludeid.HTTPQueryParams, preludeid.HTTPQuery, preludeid.HTTPResponseCode}

// relKinds are the relationships that can point at a structure, in the
// order the reference implementation lists them, with their names;
// relOrder gives each one's position.
var (
	relKinds = [...]struct {
		rel   model.RelationshipType
		label string
	}{{model.RelProperty, "property"}, {model.RelMemberTarget, "member target"}, {model.RelInput, "input"},
		{model.RelOutput, "output"}, {model.RelError, "error"}, {model.RelMixin, "mixin"}}
	relOrder = func() map[model.RelationshipType]int {
		out := map[model.RelationshipType]int{}
		for i, k := range relKinds {
			out[k.rel] = i
		}
		return out
	}()
)

type inbound struct {
	rel  model.RelationshipType
	from *model.Shape
}

// httpBindingTraitsIgnored warns about HTTP binding traits on members of
// structures used where the traits have no effect: @httpLabel, @httpQuery
// and @httpQueryParams outside operation input (.Input), @httpResponseCode
// outside output (.Output), any binding below the top level (.TopLevel)
// (HttpBindingTraitIgnored).
// structureRefs are the relationships that can name a structure, as the
// model's relationship types.
var structureRefs = map[rel]model.RelationshipType{
	relMixin: model.RelMixin, relInput: model.RelInput, relOutput: model.RelOutput,
	relError: model.RelError, relProperty: model.RelProperty, relMemberTarget: model.RelMemberTarget,
}

func httpBindingTraitsIgnored(ix *protoIndex) []model.Event {
	m := ix.m
	// Which structures hold members with binding traits (mixins are
	// checked where they are mixed in).
	var structures []*model.Shape
	for _, st := range ix.containers(0xff) {
		if !st.HasTrait(preludeid.Mixin) {
			structures = append(structures, st)
		}
	}
	if len(structures) == 0 {
		return nil
	}
	// The relationships that point at those structures and can name a
	// structure: member targets, operation input, output and errors,
	// service errors, resource properties, mixins.
	x := indexOf(m)
	var refs []inbound // of one structure at a time
	inboundOf := func(st *model.Shape) []inbound {
		refs = refs[:0]
		for _, r := range x.referrersOf(st) {
			k, ok := structureRefs[r.rel]
			if !ok {
				continue
			}
			refs = append(refs, inbound{k, r.from})
		}
		return refs
	}
	var events []model.Event
	for _, st := range structures {
		in := inboundOf(st)
		for _, mem := range st.Members() {
			if e, ok := ignoredBinding(ix, mem, in); ok {
				events = append(events, e)
			}
		}
	}
	return events
}

func ignoredBinding(ix *protoIndex, mem *model.Shape, refs []inbound) (model.Event, bool) {
	bits := ix.bindingBits(mem)
	if bits == 0 || len(refs) == 0 {
		return model.Event{}, false
	}
	inputOnly := bits & (bitLabel | bitQuery | bitQueryParams)
	outputOnly := bits & bitResponseCode
	ignores := func(r model.RelationshipType) bool {
		return r != model.RelInput && inputOnly != 0 || r != model.RelOutput && outputOnly != 0 ||
			r != model.RelInput && r != model.RelOutput && r != model.RelError
	}
	// Most members are bound where they take effect: decide that before
	// building anything.
	hit := false
	for _, r := range refs {
		hit = hit || ignores(r.rel)
	}
	if !hit {
		return model.Event{}, false
	}
	// The ignoring relationships by kind, in the reference's order.
	var ignored [len(relKinds)][]string
	kinds := 0
	for _, r := range refs {
		if !ignores(r.rel) {
			continue
		}
		k := relOrder[r.rel]
		if len(ignored[k]) == 0 {
			kinds++
		}
		ignored[k] = append(ignored[k], r.from.ID().String())
	}
	kind, pick := "TopLevel", bits
	switch {
	case inputOnly != 0:
		kind, pick = "Input", inputOnly
	case outputOnly != 0:
		kind, pick = "Output", outputOnly
	}
	var trait shapeid.ID
	for i, id := range httpBindingTraits {
		if pick&(1<<i) != 0 {
			trait = id
			break
		}
	}
	mixed := ""
	if mem.IsMixedIn() || mem.IsRedefinedMixinMember() {
		mixed = " mixed in"
	}
	// Every context ignores the trait when each relationship is of its own
	// kind, the reference implementation's test for "all".
	where := "ignored in all contexts."
	if len(refs) != kinds {
		var parts []string
		for k, ids := range ignored {
			if len(ids) > 0 {
				parts = append(parts, relKinds[k].label+": ["+strings.Join(uniqueSorted(ids), ", ")+"]")
			}
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
