package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// This file holds what the HTTP binding validators share: the @http and
// @endpoint patterns, the operations of a service, and where each member
// of an input, output or error structure is bound in an HTTP message.

// segKind is the kind of a pattern segment.
type segKind uint8

const (
	segLiteral segKind = iota
	segLabel
	segGreedy
)

// segment is one segment of a URI pattern (between slashes) or of a host
// prefix (a label or the literal text between labels).
type segment struct {
	kind    segKind
	content string // the literal text, or the label's name
}

func (s segment) isLabel() bool { return s.kind != segLiteral }

// pattern is a parsed @http `uri` or @endpoint `hostPrefix`.
type pattern struct {
	text     string
	segments []segment
	// query holds a URI's query string literals in order (key, value).
	query [][2]string
}

func (p *pattern) labels() []segment {
	var out []segment
	for _, s := range p.segments {
		if s.isLabel() {
			out = append(out, s)
		}
	}
	return out
}

// label finds a label by name, case-insensitively, as the specification
// matches labels to members.
func (p *pattern) label(name string) (segment, bool) {
	// A pattern has a few labels, each once (see indexLabels): a scan
	// costs less than a map per pattern.
	for _, s := range p.segments {
		if s.isLabel() && foldEqual(s.content, name) {
			return s, true
		}
	}
	return segment{}, false
}

// foldEqual reports whether a and b are equal once lowered as
// strings.ToLower lowers them.
func foldEqual(a, b string) bool {
	if len(a) == len(b) {
		i := 0
		for i < len(a) && a[i] < 0x80 && b[i] < 0x80 {
			ca, cb := a[i], b[i]
			if 'A' <= ca && ca <= 'Z' {
				ca += 'a' - 'A'
			}
			if 'A' <= cb && cb <= 'Z' {
				cb += 'a' - 'A'
			}
			if ca != cb {
				return false
			}
			i++
		}
		if i == len(a) {
			return true
		}
	}
	return strings.ToLower(a) == strings.ToLower(b)
}

// pathKey renders the path with label names erased and the query literals
// after it: two URI patterns conflict exactly when method and key are equal.
func (p *pattern) pathKey() string {
	var b strings.Builder
	for _, s := range p.segments {
		b.WriteByte('/')
		switch s.kind {
		case segLabel:
			b.WriteString("{}")
		case segGreedy:
			b.WriteString("{+}")
		default:
			b.WriteString(s.content)
		}
	}
	// Query literals compare as a map: keys are unique, order does not matter.
	keys := make([]string, len(p.query))
	for i, kv := range p.query {
		keys[i] = kv[0] + "=" + kv[1]
	}
	sort.Strings(keys)
	b.WriteString("?")
	for _, k := range keys {
		b.WriteString(k)
		b.WriteByte('&')
	}
	return b.String()
}

// parseSegment reads one pattern segment; `{name}` and `{name+}` are
// labels.
func parseSegment(text string, offset int) (segment, error) {
	s := segment{kind: segLiteral, content: text}
	if len(text) >= 2 && text[0] == '{' && text[len(text)-1] == '}' {
		s.kind = segLabel
		s.content = text[1 : len(text)-1]
		if strings.HasSuffix(s.content, "+") {
			s.kind = segGreedy
			s.content = strings.TrimSuffix(s.content, "+")
		}
	}
	switch {
	case s.kind == segLiteral && text == "":
		return s, fmt.Errorf("empty segment at index %d", offset)
	case s.kind == segLiteral && strings.ContainsAny(text, "{}"):
		return s, fmt.Errorf("literal segment `%s` at index %d contains `{` or `}`", text, offset)
	case s.kind != segLiteral && s.content == "":
		return s, fmt.Errorf("empty label at index %d", offset)
	case s.kind != segLiteral && !shapeid.IsIdentifier(s.content):
		return s, fmt.Errorf("label `%s` at index %d is not a valid identifier", s.content, offset)
	}
	return s, nil
}

// indexLabels rejects a label that appears twice (case-insensitively).
func indexLabels(p *pattern) error {
	var seen map[string]bool // for patterns with many labels
	if len(p.segments) > 16 {
		seen = map[string]bool{}
	}
	for i, s := range p.segments {
		if !s.isLabel() {
			continue
		}
		dup := false
		if seen != nil {
			k := strings.ToLower(s.content)
			dup, seen[k] = seen[k], true
		} else {
			for _, o := range p.segments[:i] {
				dup = dup || o.isLabel() && foldEqual(o.content, s.content)
			}
		}
		if dup {
			return fmt.Errorf("label `%s` appears more than once in %s", s.content, p.text)
		}
	}
	return nil
}

// splitDropTrailing splits s at sep and drops trailing empty parts (as
// the reference implementation's pattern parser does, so "/a/" has one
// segment).
func splitDropTrailing(s, sep string) []string {
	parts := strings.Split(s, sep)
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

// parseURIPattern parses an @http trait's `uri`.
func parseURIPattern(uri string) (*pattern, error) {
	switch {
	case strings.HasSuffix(uri, "?"):
		return nil, fmt.Errorf("a URI pattern must not end with `?`: %s", uri)
	case !strings.HasPrefix(uri, "/"):
		return nil, fmt.Errorf("a URI pattern must start with `/`: %s", uri)
	case strings.Contains(uri, "#"):
		return nil, fmt.Errorf("a URI pattern must not contain a fragment: %s", uri)
	}
	p := &pattern{text: uri}
	path, query, hasQuery := strings.Cut(uri, "?")
	parts := splitDropTrailing(path, "/")
	offset := 1
	for i := 1; i < len(parts); i++ {
		s, err := parseSegment(parts[i], offset)
		if err != nil {
			return nil, fmt.Errorf("%v in %s", err, uri)
		}
		p.segments = append(p.segments, s)
		offset += len(parts[i]) + 1
	}
	if hasQuery {
		if strings.ContainsAny(query, "{}") {
			return nil, fmt.Errorf("labels must not appear in the query string of a URI pattern: %s", uri)
		}
		seen := map[string]bool{}
		for _, kv := range splitDropTrailing(query, "&") {
			k, v, _ := strings.Cut(kv, "=")
			if seen[k] {
				return nil, fmt.Errorf("query string literal `%s` appears more than once in %s", k, uri)
			}
			seen[k] = true
			p.query = append(p.query, [2]string{k, v})
		}
	}
	return p, indexLabels(p)
}

// parseHostPrefix parses an @endpoint trait's `hostPrefix`: literal text
// and `{label}`s, no greedy labels, no two labels side by side.
func parseHostPrefix(prefix string) (*pattern, error) {
	p := &pattern{text: prefix}
	pos := 0
	for pos < len(prefix) {
		var tok string
		switch prefix[pos] {
		case '{':
			if n := len(p.segments); n > 0 && p.segments[n-1].isLabel() {
				return nil, fmt.Errorf("host labels must not be adjacent: %s", prefix)
			}
			end := strings.IndexByte(prefix[pos+1:], '}')
			if end < 0 || strings.IndexByte(prefix[pos+1:pos+1+end], '{') >= 0 {
				return nil, fmt.Errorf("unclosed label at index %d of %s", pos, prefix)
			}
			tok = prefix[pos : pos+end+2]
		case '}':
			return nil, fmt.Errorf("unexpected `}` at index %d of %s", pos, prefix)
		default:
			end := strings.IndexAny(prefix[pos:], "{}")
			if end < 0 {
				end = len(prefix) - pos
			}
			tok = prefix[pos : pos+end]
		}
		s, err := parseSegment(tok, pos)
		if err != nil {
			return nil, fmt.Errorf("%v in %s", err, prefix)
		}
		if s.kind == segGreedy {
			return nil, fmt.Errorf("a host prefix must not contain a greedy label: %s", prefix)
		}
		p.segments = append(p.segments, s)
		pos += len(tok)
	}
	return p, indexLabels(p)
}

// httpBinding is an operation's @http trait, parsed.
type httpBinding struct {
	method string
	code   int
	uri    *pattern
}

// operationHTTP returns an operation's @http trait when its value is
// well formed (the value engine and httpPatterns report the others).
func operationHTTP(op *model.Shape) (httpBinding, bool) {
	v, ok := op.Trait(preludeid.HTTP)
	if !ok || op.Type() != model.OperationType {
		return httpBinding{}, false
	}
	method, ok1 := stringMember(v, "method")
	uri, ok2 := stringMember(v, "uri")
	if !ok1 || !ok2 {
		return httpBinding{}, false
	}
	h := httpBinding{method: method, code: 200}
	if c, ok := v.Get("code"); ok {
		n, ok := smallInt(c)
		if !ok {
			return httpBinding{}, false
		}
		h.code = n
	}
	p, err := parseURIPattern(uri)
	if err != nil {
		return httpBinding{}, false
	}
	h.uri = p
	return h, true
}

// operationHostPrefix returns an operation's parsed @endpoint hostPrefix.
func operationHostPrefix(op *model.Shape) (*pattern, bool) {
	v, ok := op.Trait(preludeid.Endpoint)
	if !ok {
		return nil, false
	}
	prefix, ok := stringMember(v, "hostPrefix")
	if !ok {
		return nil, false
	}
	p, err := parseHostPrefix(prefix)
	return p, err == nil
}

func stringMember(v node.Node, key string) (string, bool) {
	f, ok := v.Get(key)
	if !ok || f.Kind() != node.String {
		return "", false
	}
	return f.StringValue(), true
}

// httpPatterns reports @http URIs and @endpoint host prefixes that are
// not valid patterns. The reference implementation fails to create such a
// trait while loading (a Model error), so this runs in the load stage.
func httpPatterns(m *model.Model) []model.Event {
	var events []model.Event
	for _, s := range m.Shapes() {
		if s.Type() != model.OperationType {
			continue
		}
		if t, ok := findTrait(s, preludeid.HTTP); ok {
			if uri, ok := stringMember(t.Value, "uri"); ok {
				if _, err := parseURIPattern(uri); err != nil {
					events = append(events, model.Event{Severity: model.ErrorSeverity, ID: "Model", Shape: s.ID(), Source: t.Source,
						Message: "Error creating trait `http`: invalid URI pattern: " + err.Error()})
				}
			}
		}
		if t, ok := findTrait(s, preludeid.Endpoint); ok {
			if prefix, ok := stringMember(t.Value, "hostPrefix"); ok {
				if _, err := parseHostPrefix(prefix); err != nil {
					events = append(events, model.Event{Severity: model.ErrorSeverity, ID: "Model", Shape: s.ID(), Source: t.Source,
						Message: "Error creating trait `endpoint`: invalid host prefix: " + err.Error()})
				}
			}
		}
	}
	return events
}

// operationStructure returns an operation's input (or output) structure;
// an operation without one uses smithy.api#Unit.
func operationStructure(m *model.Model, op *model.Shape, input bool) (*model.Shape, bool) {
	id := op.Output()
	if input {
		id = op.Input()
	}
	if id.IsZero() {
		id = preludeid.Unit
	}
	return resolve(m, id, model.StructureType)
}

// serviceOperations returns the operations in a service's closure: its
// own and those of every resource it contains (lifecycle and collection
// operations included), each once.
func serviceOperations(m *model.Model, svc *model.Shape) []*model.Shape {
	x := indexOf(m)
	var out []*model.Shape
	// A set of the service's operations, not an array of every shape:
	// that would cost services × shapes in a model of many services.
	seen := map[*model.Shape]bool{}
	add := func(op *model.Shape) {
		if op != nil && op.Type() == model.OperationType && x.own(op) && !seen[op] {
			seen[op] = true
			out = append(out, op)
		}
	}
	for _, r := range x.outgoing(svc) {
		if r.rel == relOperation {
			add(r.target)
		}
	}
	for _, res := range containedResources(m, svc) {
		refs := x.outgoing(res)
		// In the order of allOperations.
		for _, lc := range [...]rel{relPut, relCreate, relRead, relUpdate, relDelete, relList, relOperation, relCollectionOperation} {
			for _, r := range refs {
				if r.rel == lc {
					add(r.target)
				}
			}
		}
	}
	return out
}

// location is where a member is bound in an HTTP message.
type location uint8

const (
	locHeader location = iota
	locPrefixHeaders
	locQuery
	locQueryParams
	locPayload
	locLabel
	locResponseCode
	locDocument // unbound, sent in the body document
	locUnbound  // unbound while another member is the payload: lost
)

type memberBinding struct {
	member *model.Shape
	loc    location
}

// structureBindings returns where each member of an input (request) or
// output/error (response) structure goes: the first binding trait that
// applies in that direction wins, the others are in the body document, or
// nowhere when a member is the @httpPayload.
func structureBindings(ix *protoIndex, st *model.Shape, request bool) []memberBinding {
	out := make([]memberBinding, 0, len(st.Members()))
	payload := false
	for _, mem := range st.Members() {
		bits, loc := ix.bindingBits(mem), locDocument
		switch {
		case bits&bitHeader != 0:
			loc = locHeader
		case bits&bitPrefixHeaders != 0:
			loc = locPrefixHeaders
		case request && bits&bitQuery != 0:
			loc = locQuery
		case request && bits&bitQueryParams != 0:
			loc = locQueryParams
		case bits&bitPayload != 0:
			loc = locPayload
			payload = true
		case request && bits&bitLabel != 0:
			loc = locLabel
		case !request && bits&bitResponseCode != 0:
			loc = locResponseCode
		}
		out = append(out, memberBinding{mem, loc})
	}
	if payload {
		for i := range out {
			if out[i].loc == locDocument {
				out[i].loc = locUnbound
			}
		}
	}
	return out
}

// The HTTP binding traits as bits, in the order of httpBindingTraits.
const (
	bitHeader uint8 = 1 << iota
	bitLabel
	bitPayload
	bitPrefixHeaders
	bitQueryParams
	bitQuery
	bitResponseCode
)

// bindingBits returns the HTTP binding traits a member applies.
func (ix *protoIndex) bindingBits(mem *model.Shape) uint8 {
	if mem.Model() != ix.m {
		return 0
	}
	return ix.bits[mem.Ordinal()]
}

// boundMembers returns the names of the members bound to loc, sorted.
func boundMembers(bindings []memberBinding, loc location) []string {
	var out []string
	for _, b := range bindings {
		if b.loc == loc {
			out = append(out, b.member.MemberName())
		}
	}
	sort.Strings(out)
	return out
}

// onTraitf is an event about s located at the trait's application
// (at s when s does not apply the trait).
func onTraitf(sev model.Severity, id string, s *model.Shape, trait shapeid.ID, format string, args ...any) model.Event {
	t, _ := findTrait(s, trait)
	return traitEventf(sev, id, s, t, format, args...)
}
