package smithyvalidate

import (
	"math/bits"
	"sync/atomic"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/model"
)

// The one pass's @untagged unions whose members can take the same kind of
// value (two structures, a structure and an untagged union of structures,
// two lists, ...), as MCP's content blocks and LSP's hover contents are.
//
// The walk tries every member and reports nothing exactly when one member
// accepts the value with no finding and every other member has at least
// one (untagged.go). The one pass shows the second half cheaply, member by
// member, with a refutation: a fact about the value that makes the walk
// of that member report a finding whatever the rest of the value holds (a
// required member's field absent, a field no member names, a field whose
// value is of a kind its member cannot take or a string outside its enum,
// a list whose first item is refuted). When every member but one is
// refuted, the one pass checks the value against that one as usual.
//
// A refuted member's trial must also be complete (untagged.go replays an
// incomplete trial's findings and stops): it must not reach MaxFindings,
// nor nest untagged unions beyond MaxUntaggedTries. Both are bounded
// before the one pass trusts a refutation: the findings of any walk over
// a value are at most perNode for each of its elements (values and keys),
// and the tries at most product (untaggedBounds, computed once per union).

// refuteLevels is how deep a refutation looks into a member's value
// (fields of fields, items of lists): deeper facts are not looked for.
const refuteLevels = 3

// untaggedBounds are the bounds that make a refuted member's trial
// complete, for one @untagged union: computed from the plans reachable
// from its members, once, on first use.
type untaggedBounds struct {
	// ok is false when the bounds are not finite (a cycle of unions that
	// apply to the same value): the one pass then leaves the union to the
	// walk whenever two members take the value's kind.
	ok bool
	// perNode bounds the findings a walk of any reachable plan reports
	// for one element of the value.
	perNode int
	// product bounds the factor by which untagged unions nested in a
	// member multiply the tries (capped at MaxUntaggedTries+1).
	product int
	// waits[a] has bit k set when member k's refutation may wait for the
	// check of member a (untaggedShared): a is a structure, and k a
	// structure with a required member whose name names no member of a,
	// so a value whose every field names a member of a lacks it. nil for
	// a union of more than 64 members.
	waits []uint64
}

// untaggedBoundsOf returns p's bounds, computing them on first use. The
// computation is deterministic, so two goroutines that race store equal
// values.
func (a *alloyPlan) untaggedBoundsOf(p *plan) *untaggedBounds {
	if b := a.bounds.Load(); b != nil {
		return b
	}
	b := computeUntaggedBounds(p)
	a.bounds.Store(b)
	return b
}

// planEdges calls f for each plan p's checks apply to a part of the value
// (or, sameNode, to the value itself).
func planEdges(p *plan, f func(c *plan, sameNode bool)) {
	if p.member != nil {
		f(p.member, false)
	}
	if p.key != nil {
		f(p.key, false)
	}
	if p.value != nil {
		f(p.value, false)
	}
	same := p.alloy != nil && (p.alloy.untagged || p.alloy.disc != "")
	for i := range p.members {
		if p.members[i].plan != nil {
			f(p.members[i].plan, same)
		}
	}
	if p.alloy != nil && p.alloy.unknown != nil {
		f(p.alloy.unknown, false)
	}
}

// findingsPerLevel bounds the findings one plan's check reports about one
// element, not counting missing required members: a key is repeated, or
// names no member, or a symbol (1), and a map key's enum, @length and
// @pattern (3); a value's type, or its enum, @length, @pattern and @idRef
// (4), a number's range and enum, a container's @length, a union's member
// count, a discriminator, a null where none may be (1 each, fewer than 4
// together). Twice that, for margin.
const findingsPerLevel = 8

func computeUntaggedBounds(u *plan) *untaggedBounds {
	// The plans reachable from the union, in a stable order.
	index := map[*plan]int{}
	var order []*plan
	var visit func(p *plan)
	visit = func(p *plan) {
		if _, ok := index[p]; ok {
			return
		}
		index[p] = len(order)
		order = append(order, p)
		planEdges(p, func(c *plan, _ bool) { visit(c) })
	}
	visit(u)

	// Levels: the longest chain of plans applied to one value (a union's
	// member applied to the union's value, and so on); a cycle of them is
	// unbounded.
	maxReq := 0
	for _, p := range order {
		maxReq = max(maxReq, len(p.required))
	}
	const (
		unvisited = 0
		inStack   = -1
	)
	levels := make([]int, len(order))
	cyclic := false
	var chain func(k int) int
	chain = func(k int) int {
		switch levels[k] {
		case inStack:
			cyclic = true
			return 0
		case unvisited:
			levels[k] = inStack
			n := 1
			planEdges(order[k], func(c *plan, same bool) {
				if same {
					n = max(n, 1+chain(index[c]))
				}
			})
			levels[k] = n
		}
		return levels[k]
	}
	maxLevels := 0
	for k := range order {
		maxLevels = max(maxLevels, chain(k))
	}
	if cyclic {
		return &untaggedBounds{}
	}

	// Tries: an untagged union that lies on a cycle of plans may nest in
	// itself as deep as the value goes: unbounded. Otherwise a chain of
	// nested untagged unions meets each at most once, and the product of
	// their member counts bounds it. The strongly connected components
	// (Tarjan) tell which plans lie on a cycle.
	onCycle := cyclePlans(order, index)
	product := 1
	for k, p := range order {
		if p == u || p.alloy == nil || !p.alloy.untagged {
			continue
		}
		if onCycle[k] {
			product = MaxUntaggedTries + 1
			break
		}
		product = min(product*max(len(p.members), 1), MaxUntaggedTries+1)
	}
	if onCycle[0] { // the union itself nests in its members
		product = MaxUntaggedTries + 1
	}
	return &untaggedBounds{ok: true, perNode: maxLevels * (findingsPerLevel + maxReq), product: product, waits: waitsOf(u)}
}

// waitsOf computes untaggedBounds.waits for the union u.
func waitsOf(u *plan) []uint64 {
	if len(u.members) > 64 {
		return nil
	}
	waits := make([]uint64, len(u.members))
	for a := range u.members {
		for k := range u.members {
			if k != a && lacksOneOf(u.members[k].plan, u.members[a].plan) {
				waits[a] |= 1 << k
			}
		}
	}
	return waits
}

// lacksOneOf reports whether b is a structure that refutesStructure can
// refute by a missing required member and has a required member (among
// its first 64) whose name names no member of the structure a: an object
// whose every field names a member of a lacks that field, and the walk of
// b over it reports the missing member.
func lacksOneOf(b, a *plan) bool {
	if a == nil || b == nil || a.typ != model.StructureType || b.typ != model.StructureType || len(b.members) > 64 ||
		b.alloy != nil && (b.alloy.disc != "" || b.alloy.untagged) {
		return false
	}
	for r := range b.members {
		if b.reqLow&(1<<r) != 0 && a.lookup(b.members[r].wire) < 0 {
			return true
		}
	}
	return false
}

// cyclePlans reports, for each plan of order, whether it lies on a cycle
// of the plan graph (a strongly connected component of more than one
// plan, or a plan that refers to itself).
func cyclePlans(order []*plan, index map[*plan]int) []bool {
	n := len(order)
	low, num := make([]int, n), make([]int, n)
	onStack, on := make([]bool, n), make([]bool, n)
	var stack []int
	next := 1
	var strong func(v int)
	strong = func(v int) {
		num[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		planEdges(order[v], func(c *plan, _ bool) {
			w := index[c]
			if w == v {
				on[v] = true
			}
			switch {
			case num[w] == 0:
				strong(w)
				low[v] = min(low[v], low[w])
			case onStack[w]:
				low[v] = min(low[v], num[w])
			}
		})
		if low[v] == num[v] {
			k := len(stack) - 1
			for stack[k] != v {
				k--
			}
			if len(stack)-k > 1 {
				for _, w := range stack[k:] {
					on[w] = true
				}
			}
			for _, w := range stack[k:] {
				onStack[w] = false
			}
			stack = stack[:k]
		}
	}
	for v := range order {
		if num[v] == 0 {
			strong(v)
		}
	}
	return on
}

// untaggedShared decides the value at s[i] against the @untagged union p
// when several members may take its kind: every such member but one must
// be refuted, and the value must pass that one. It returns the offset past
// the value, or -1 to leave the union to the walk. tries is the walk's
// count of trials for p's members.
//
// The member that is not refuted is checked by the pass itself, which
// fails it wherever a refutation would (a refuted member's walk reports a
// finding, and the pass accepts only what the walk reports nothing
// about): so one member, the last, need not be refuted when all the
// others are. The member the union's last value went to (alloyPlan.taken)
// is that last one, since a session's values of one union tend to go to
// the same member: refuting it read the whole value for nothing (it is
// refuted by no field) before the pass read it again. When another member
// is left unrefuted the last one is refuted as before, so the verdict is
// the same whichever member is last.
func (q *onePass) untaggedShared(p *plan, i, tries int) int {
	b := p.alloy.untaggedBoundsOf(p)
	if !b.ok || tries*b.product > MaxUntaggedTries {
		return -1
	}
	c := q.s[i]
	last := int(p.alloy.taken.Load())
	if last >= len(p.members) || kindRefuses(p.members[last].plan, c) {
		// No member taken yet, or one that cannot take this kind: the
		// last member that can.
		for last = len(p.members) - 1; last > 0 && kindRefuses(p.members[last].plan, c); last-- {
		}
	}
	// A member that lacks a required member of the last one's
	// (untaggedBounds.waits) is refuted by the check of the last one when
	// every field of the object names one of its members: its refutation
	// waits for that check, which reads the fields anyway. Not within the
	// check of another union's member (q.watch set), so that a value is
	// read at most twice more than without waiting (a check that fails or
	// meets a field of no member, then the refutations as before).
	var waiting uint64
	if c == '{' && b.waits != nil && q.watch == 0 && !q.on(allowMissingRequired) {
		waiting = b.waits[last]
	}
	cand, open := -1, 0 // open: members neither refuted nor the last
	elems, depth, nm := q.elems, q.depth, q.nm
	for k := range p.members {
		m := p.members[k].plan
		if k == last || waiting&(1<<k) != 0 || kindRefuses(m, c) || q.refutes(m, i, refuteLevels) {
			continue
		}
		if open++; open > 1 {
			break // two members might take it
		}
		cand = k
	}
	if open == 1 && waiting != 0 {
		if b.waits[cand]&waiting == waiting {
			// Another member than the last one is open, and the waiting
			// ones each lack a required member of its: its check refutes
			// them when every field names one of its members (and the
			// last one too when it lacks one; else it is refuted first).
			if b.waits[cand]&(1<<last) == 0 {
				refuted := q.refutes(p.members[last].plan, i, refuteLevels)
				q.elems, q.depth, q.nm = elems, depth, nm
				if !refuted {
					return -1 // two might take it
				}
			}
			if end, ok := q.takeWatched(p, b, cand, i, tries, elems, depth, nm); ok {
				return end
			}
		}
		// The waiting ones are refuted now, as without waiting.
		open, waiting = q.openAmong(p, waiting, i, open, &cand), 0
	}
	if waiting != 0 { // open == 0
		end, unknown := q.watched(p.members[last].plan, i, tries, depth)
		if end >= 0 {
			if unknown {
				// A field named none of the last one's members: the
				// waiting members are refuted now, and the check's
				// counts kept.
				e, d, n := q.elems, q.depth, q.nm
				open = q.openAmong(p, waiting, i, 0, &cand)
				q.elems, q.depth, q.nm = e, d, n
				if open > 0 {
					return -1 // the last one is not refuted: two might take it
				}
			}
			if (q.elems-elems)*b.perNode >= q.maxFindings {
				return -1
			}
			return end
		}
		q.elems, q.depth, q.nm = elems, depth, nm
		if w := bits.TrailingZeros64(waiting); waiting&(waiting-1) == 0 && b.waits[w]&(1<<last) != 0 {
			// The last one fails, one member waits, and the last one
			// lacks a required member of its (a session's values that
			// alternate between two members): the check of the waiting
			// one refutes the last one as the last one's would have
			// refuted it.
			if end, ok := q.takeWatched(p, b, w, i, tries, elems, depth, nm); ok {
				return end
			}
		}
		// The last one fails: the waiting members are refuted now, and
		// another member is checked if it is the only one open.
		if open = q.openAmong(p, waiting, i, 0, &cand); open == 0 {
			return -1 // the last one was the only one left, and it fails
		}
	}
	switch {
	case open == 0:
		cand = last // the pass decides it
	case open == 1 && !q.refutes(p.members[last].plan, i, refuteLevels):
		open = 2
	}
	q.elems, q.depth, q.nm = elems, depth, nm // the refutations' counts are not the check's
	if open > 1 {
		return -1
	}
	saved := q.tries
	q.tries = tries
	end := q.value(p.members[cand].plan, i)
	q.tries = saved
	// Each refuted member's trial reports fewer than MaxFindings findings:
	// at most perNode for each element the value holds.
	if end < 0 || (q.elems-elems)*b.perNode >= q.maxFindings {
		return -1
	}
	if cand != last {
		p.alloy.taken.Store(int32(cand))
	}
	return end
}

// watched checks the value at s[i] against the union member m (a
// structure) as untaggedShared checks its candidate, with tries the
// union's trials, and reports whether a field of the object named none of
// m's members: depth is the pass's depth at the union.
func (q *onePass) watched(m *plan, i, tries, depth int) (end int, unknown bool) {
	saved := q.tries
	q.tries, q.watch, q.unknown = tries, depth+1, false
	end = q.value(m, i)
	unknown = q.unknown
	q.tries, q.watch, q.unknown = saved, 0, false
	return end, unknown
}

// takeWatched checks the value at s[i] against the member k of the union
// p whose check refutes the waiting members (untaggedShared): when it
// passes and every field names one of k's members, k takes the value
// (ok, with its end, or -1 when the refutations' findings could pass
// the limit); else the pass's counts go back to elems, depth and nm.
func (q *onePass) takeWatched(p *plan, b *untaggedBounds, k, i, tries, elems, depth, nm int) (end int, ok bool) {
	end, unknown := q.watched(p.members[k].plan, i, tries, depth)
	if end < 0 || unknown {
		q.elems, q.depth, q.nm = elems, depth, nm
		return 0, false
	}
	if (q.elems-elems)*b.perNode >= q.maxFindings {
		return -1, true
	}
	p.alloy.taken.Store(int32(k))
	return end, true
}

// openAmong refutes the members of the union p in the set waiting over
// the value at s[i] and returns open plus the number of them not refuted
// (stopping past 1), setting *cand to the last of those.
func (q *onePass) openAmong(p *plan, waiting uint64, i, open int, cand *int) int {
	for k := range p.members {
		if waiting&(1<<k) == 0 || kindRefuses(p.members[k].plan, q.s[i]) || q.refutes(p.members[k].plan, i, refuteLevels) {
			continue
		}
		if open++; open > 1 {
			break
		}
		*cand = k
	}
	return open
}

// refutes reports that the walk of p over the (non-null) value at s[i]
// reports at least one finding, whatever the parts of the value it does
// not look at; false when it cannot tell. levels bounds how deep it looks.
// It may advance the pass's counts (the caller restores them) and never
// reads past the text.
func (q *onePass) refutes(p *plan, i, levels int) bool {
	s := q.s
	if p == nil || i >= len(s) || s[i] == 'n' {
		return false
	}
	c := s[i]
	if kindRefuses(p, c) {
		return true
	}
	if levels == 0 {
		return false
	}
	switch p.typ {
	case model.StructureType:
		return c == '{' && q.refutesStructure(p, i, levels)
	case model.UnionType:
		if p.alloy == nil || !p.alloy.untagged {
			return false
		}
		// No member accepts the value without a finding: the walk
		// reports the untagged finding, or the closest member's (or a tie
		// of them with the ambiguity).
		for k := range p.members {
			if !q.refutes(p.members[k].plan, i, levels-1) {
				return false
			}
		}
		return true
	case model.ListType, model.SetType:
		if c != '[' {
			return false
		}
		// The first item's finding is the list's.
		j := q.ws(i + 1)
		return j < len(s) && s[j] != ']' && q.refutes(p.member, j, levels-1)
	case model.StringType, model.EnumType:
		if c != '"' {
			return false
		}
		end, esc := q.str(i)
		if end < 0 || esc {
			return false
		}
		text := s[i+1 : end-1]
		if p.strEnum != nil {
			if !p.inEnum(text) {
				return true
			}
		}
		return p.length != nil && !lengthOK(p.length, utf8.RuneCountInString(text)) ||
			p.pattern != nil && !p.pattern.MatchString(text)
	}
	return false
}

// refutesStructure is refutes for the object at s[i] and a structure: a
// field names no member (where that is a finding), a field's value is
// refuted by its member, or a required member has no field.
func (q *onePass) refutesStructure(p *plan, i, levels int) bool {
	s := q.s
	if a := p.alloy; a != nil && (a.disc != "" || a.untagged) || len(p.members) > 64 {
		return false
	}
	unknownOK := p.alloy != nil && p.alloy.unknown != nil || q.on(ignoreUnknownMembers) && !p.closed
	var seen uint64
	j := q.ws(i + 1)
	if j < len(s) && s[j] == '}' {
		return !q.on(allowMissingRequired) && p.reqLow != 0
	}
	next := 0 // as structure guesses the fields
	for {
		guess := p.guessAfter(next)
		a, idx := j, guess
		if uint(idx) < uint(len(p.members)) && p.members[idx].plain && q.keyIs(j, p.members[idx].wire) {
			j += len(p.members[idx].wire) + 2
			q.elems++
		} else {
			if j = q.key(j); j < 0 {
				return false
			}
			if idx = p.lookup(s[a+1 : j-1]); idx >= 0 {
				p.guessSlot(next).Store(int32(idx))
			}
		}
		k := q.colon(j)
		if k < 0 {
			return false
		}
		if idx < 0 {
			if !unknownOK {
				return true // an unknown member (a warning at least)
			}
		} else {
			// A field present, null or not, is not counted missing.
			seen |= 1 << idx
			if s[k] != 'n' && q.refutes(p.members[idx].plan, k, levels-1) {
				return true
			}
		}
		next = idx + 1
		if j = q.any(k, false); j < 0 {
			return false
		}
		if j = q.ws(j); j >= len(s) {
			return false
		}
		switch s[j] {
		case ',':
			j = q.ws(j + 1)
			continue
		case '}':
			return !q.on(allowMissingRequired) && seen&p.reqLow != p.reqLow
		}
		return false
	}
}

// boundsPointer is the lazily computed bounds of an untagged union (a
// field of alloyPlan).
type boundsPointer = atomic.Pointer[untaggedBounds]
