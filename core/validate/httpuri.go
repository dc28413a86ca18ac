package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	patternre "github.com/smithy-validation/go/core/pattern"
	"github.com/smithy-validation/go/core/preludeid"
)

// maxListedConflicts bounds the operations one HttpUriConflict event
// lists, so a service with thousands of operations on one URI gets
// events of bounded size instead of a quadratic report.
const maxListedConflicts = 50

// httpURIConflicts reports operations of a service that share an HTTP
// method and URI pattern, unless their @endpoint host prefixes tell them
// apart (HttpUriConflict). Two URI patterns conflict when their segments
// pair up label for label, greedy label for greedy label, literal for
// equal literal, and their query string literals are equal: operations are
// grouped by method and that pattern key, never compared pair by pair
// across the service.
func httpURIConflicts(ix *protoIndex) []model.Event {
	if len(ix.ops) < 2 {
		return nil
	}
	m := ix.m
	var events []model.Event
	for _, svc := range ix.services {
		groups := map[string][]httpOp{}
		var order []string
		for _, op := range ix.serviceOps(svc) {
			i, ok := ix.httpOf[op]
			if !ok {
				continue
			}
			h := ix.https[i]
			key := h.method + " " + h.uri.pathKey()
			if _, seen := groups[key]; !seen {
				order = append(order, key)
			}
			groups[key] = append(groups[key], httpOp{op: op, http: h})
		}
		for _, key := range order {
			if g := groups[key]; len(g) > 1 {
				events = append(events, uriConflictGroup(m, g)...)
			}
		}
	}
	return events
}

type httpOp struct {
	op   *model.Shape
	http httpBinding
}

// uriConflictGroup reports the conflicts among operations with the same
// method and URI pattern key. Operations without @endpoint all conflict
// with each other. A host prefix alternates literals and labels, so two
// prefixes that both start with a literal, or both with a label, pair
// literal with literal and label with label and conflict (as the
// reference decides); a prefix starting with a literal and one starting
// with a label conflict unless every literal facing a label is ruled out
// by that label's @pattern (hostPrefixesDistinct). Only that last case is
// compared operation by operation; the cliques are listed from sorted
// lists, and each operation keeps at most maxListedConflicts names, so
// memory stays linear.
func uriConflictGroup(m *model.Model, g []httpOp) []model.Event {
	names := make([]string, len(g))
	for i, o := range g {
		names[i] = fmt.Sprintf("`%s` (%s)", o.op.ID(), o.http.uri.text)
	}
	var plain, literalFirst, labelFirst []int
	prefixes := make([]*pattern, len(g))
	for i, o := range g {
		if !o.op.HasTrait(preludeid.Endpoint) {
			plain = append(plain, i)
			continue
		}
		p, ok := operationHostPrefix(o.op)
		if ok && len(p.segments) > 0 && p.segments[0].isLabel() {
			prefixes[i] = p
			labelFirst = append(labelFirst, i)
			continue
		}
		prefixes[i] = p // nil when unparsed (the load stage reported it)
		literalFirst = append(literalFirst, i)
	}
	conflicts := make([]boundedList, len(g))
	for _, clique := range [][]int{plain, literalFirst, labelFirst} {
		sorted := append([]int(nil), clique...)
		sort.Slice(sorted, func(a, b int) bool { return names[sorted[a]] < names[sorted[b]] })
		for _, i := range clique {
			for _, j := range sorted {
				if conflicts[i].full() {
					break
				}
				if j != i {
					conflicts[i].add(names[j])
				}
			}
			conflicts[i].n += len(clique) - 1 - len(conflicts[i].top)
		}
	}
	type labelOf struct {
		op    *model.Shape
		label string
	}
	patterns := map[labelOf]*patternre.Regexp{}
	patternOf := func(op *model.Shape, label string) *patternre.Regexp {
		k := labelOf{op, label}
		re, ok := patterns[k]
		if !ok {
			re = hostLabelPattern(m, op, label)
			patterns[k] = re
		}
		return re
	}
	for _, i := range literalFirst {
		for _, j := range labelFirst {
			if prefixes[i] == nil || !hostPrefixesDistinct(patternOf, g[j].op, prefixes[j], g[i].op, prefixes[i]) {
				conflicts[i].add(names[j])
				conflicts[j].add(names[i])
			}
		}
	}
	var events []model.Event
	for i := range g {
		c := &conflicts[i]
		if c.n+len(c.top) == 0 {
			continue
		}
		more := ""
		if c.n > 0 {
			more = fmt.Sprintf(", ... (%d more)", c.n)
		}
		events = append(events, errorf("HttpUriConflict", g[i].op,
			"Operation URI, `%s`, conflicts with other operation URIs in the same service: [%s%s]",
			g[i].http.uri.text, strings.Join(c.top, ", "), more))
	}
	return events
}

// boundedList keeps the maxListedConflicts smallest names added to it, in
// order, and counts the others in n.
type boundedList struct {
	top []string
	n   int
}

func (l *boundedList) full() bool { return len(l.top) >= maxListedConflicts }

func (l *boundedList) add(name string) {
	i := sort.SearchStrings(l.top, name)
	if i == len(l.top) && l.full() {
		l.n++
		return
	}
	l.top = append(l.top, "")
	copy(l.top[i+1:], l.top[i:])
	l.top[i] = name
	if len(l.top) > maxListedConflicts {
		l.top = l.top[:maxListedConflicts]
		l.n++
	}
}

// hostPrefixesDistinct reports whether a host prefix starting with a
// label (of operation opA) and one starting with a literal (of opB) can
// never expand to the same host: at each position both have, the label's
// member has a @pattern that does not match the literal.
func hostPrefixesDistinct(patternOf func(*model.Shape, string) *patternre.Regexp, opA *model.Shape, a *pattern, opB *model.Shape, b *pattern) bool {
	for i := 0; i < len(a.segments) && i < len(b.segments); i++ {
		x, y := a.segments[i], b.segments[i]
		op, label, literal := opA, x.content, y.content
		if !x.isLabel() {
			op, label, literal = opB, y.content, x.content
		}
		re := patternOf(op, label)
		if re == nil || re.MatchString(literal) {
			return false
		}
	}
	return true
}

// hostLabelPattern returns the compiled @pattern of the input member
// bound to a host label (nil when it has none or it does not compile).
func hostLabelPattern(m *model.Model, op *model.Shape, label string) *patternre.Regexp {
	in, ok := operationStructure(m, op, true)
	if !ok {
		return nil
	}
	mem, ok := in.Member(label)
	if !ok || !mem.HasTrait(preludeid.HostLabel) {
		return nil
	}
	v, ok := mem.Trait(preludeid.Pattern)
	if !ok {
		return nil
	}
	re, err := patternre.Cached(v.StringValue())
	if err != nil {
		return nil
	}
	return re
}

// hostLabels checks @endpoint host prefixes: that they expand to a valid
// host, end with a period when they have labels, and that their labels
// and the @hostLabel members of the input match one to one
// (HostLabelTrait).
func hostLabels(ix *protoIndex) []model.Event {
	var events []model.Event
	m := ix.m
	for _, op := range ix.with[preludeid.Endpoint] {
		if op.Type() != model.OperationType {
			continue
		}
		prefix, ok := operationHostPrefix(op)
		if !ok {
			continue
		}
		var stub strings.Builder
		for _, s := range prefix.segments {
			if s.isLabel() {
				stub.WriteString("foo")
			} else {
				stub.WriteString(s.content)
			}
		}
		if !isHostName(stub.String()) {
			events = append(events, onTraitf(model.ErrorSeverity, "HostLabelTrait", op, preludeid.Endpoint,
				"The `endpoint` trait hostPrefix, %s, could not expand in to a valid RFC 3986 host: %s", prefix.text, stub.String()))
		}
		labels := prefix.labels()
		if len(labels) > 0 && !strings.HasSuffix(prefix.text, ".") {
			events = append(events, onTraitf(model.Danger, "HostLabelTrait", op, preludeid.Endpoint,
				"`endpoint` trait hostPrefix contains host labels and does not end in a period (`.`). This can result in clients inadvertently sending data to domains you do not control."))
		}
		in, ok := resolve(m, op.Input(), model.StructureType)
		if op.Input().IsZero() {
			in, ok = resolve(m, preludeid.Unit, model.StructureType)
		}
		if !ok {
			continue
		}
		unmatched := map[string]bool{}
		for _, l := range labels {
			unmatched[l.content] = true
		}
		for _, mem := range in.Members() {
			if !mem.HasTrait(preludeid.HostLabel) {
				continue
			}
			delete(unmatched, mem.MemberName())
			if _, ok := prefix.label(mem.MemberName()); !ok {
				events = append(events, onTraitf(model.ErrorSeverity, "HostLabelTrait", mem, preludeid.HostLabel,
					"This `%s` structure member is marked with the `hostLabel` trait, but no corresponding `endpoint` label could be found when used as the input of the `%s` operation.",
					mem.MemberName(), op.ID()))
			}
		}
		if len(unmatched) > 0 {
			events = append(events, errorf("HostLabelTrait", op,
				"This operation uses %s as input, but the following host labels found in the operation's `endpoint` trait do not have a corresponding member marked with the `hostLabel` trait: %s",
				in.ID(), tickedList(keys(unmatched))))
		}
	}
	return events
}

// isHostName reports whether s is a host name as RFC 3986 section 3.2.2
// allows one here: dot-separated labels of 1 to 63 letters, digits and
// hyphens, the first starting with a letter or digit, with an optional
// final period.
func isHostName(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if s == "" {
		return false
	}
	for i, label := range strings.Split(s, ".") {
		if len(label) == 0 || len(label) > 63 {
			return false
		}
		for j := 0; j < len(label); j++ {
			c := label[j]
			alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
			if !alnum && (c != '-' || i == 0 && j == 0) {
				return false
			}
		}
	}
	return true
}

// corsTraits reports @cors traits that set both `origin` and `origins`
// (CorsTrait).
func corsTraits(ix *protoIndex) []model.Event {
	var events []model.Event
	for _, svc := range ix.with[preludeid.CORS] {
		v, _ := svc.Trait(preludeid.CORS)
		_, hasOrigin := v.Get("origin")
		origins, _ := v.Get("origins")
		if hasOrigin && origins.Len() > 0 {
			events = append(events, onTraitf(model.ErrorSeverity, "CorsTrait", svc, preludeid.CORS,
				"The `origin` and `origins` members of the `cors` trait are mutually exclusive."))
		}
	}
	return events
}
