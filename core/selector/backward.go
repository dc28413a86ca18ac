package selector

import "github.com/smithy-validation/go/core/model"

// Answering "does the selector yield this shape?" for one shape without
// evaluating the selector from every shape of the model. A chain of
// filters and forward neighbor steps (`structure > member`,
// `operation -[input, output]-> structure > member :test(> structure)`)
// yields s exactly when s passes the chain's last filters and one of the
// relationships pointing at s, of a kind the last neighbor step follows,
// comes from a shape that the rest of the chain yields: the chain is
// walked backwards from s over the reverse relationships, which visits a
// few shapes where the forward evaluation visits the whole model. What
// this cannot walk backwards (variables, :root, "~>", "<", :topdown,
// :recursive, the deprecated "bound") is evaluated forwards over the
// whole model once, as before.

// backwardBudget bounds the shapes one backward match may visit (a chain
// of steps into shapes that many shapes refer to fans out); past it the
// whole-model result answers instead.
const backwardBudget = 4096

// backward reports whether x can be matched backwards.
func backward(x expr) bool {
	if x.filter() {
		return true
	}
	switch x := x.(type) {
	case andExpr:
		for _, step := range x {
			if !backward(step) {
				return false
			}
		}
		return true
	case *isExpr:
		for _, a := range x.args {
			if !backward(a) {
				return false
			}
		}
		return true
	case *neighborExpr:
		return x.forward && !x.bound
	}
	return false
}

// backMatch is one backward match in progress.
type backMatch struct {
	c      *evalCtx
	budget int
}

// then is what must hold of the shape a step started from: the steps
// before it in a chain (steps[:n] of chain), then what must hold of where
// that chain started (next). Thens are kept on the context's stack
// (evalCtx.thens) and named by their position there, noThen asking
// nothing: a match makes one per step it walks back, and each lives only
// while the walk below it does, so the stack reuses the same memory
// where pointers would make each a new allocation.
type then struct {
	chain andExpr
	n     int
	next  int
}

const noThen = -1

// push puts a then on the stack and returns its position.
func (b *backMatch) push(k then) int {
	b.c.thens = append(b.c.thens, k)
	return len(b.c.thens) - 1
}

// pop removes the then at position i and those above it.
func (b *backMatch) pop(i int) { b.c.thens = b.c.thens[:i] }

// yields reports whether x yields s from some shape t that satisfies k.
// ok is false when the budget ran out.
func (b *backMatch) yields(x expr, s *model.Shape, k int) (found, ok bool) {
	if b.budget--; b.budget < 0 {
		return false, false
	}
	if x.filter() {
		if !received(b.c, s, x) {
			return false, true
		}
		return b.holds(s, k)
	}
	switch x := x.(type) {
	case andExpr:
		last := len(x) - 1
		i := b.push(then{chain: x, n: last, next: k})
		found, ok = b.yields(x[last], s, i)
		b.pop(i)
		return found, ok
	case *isExpr:
		for _, a := range x.args {
			if found, ok := b.yields(a, s, k); found || !ok {
				return found, ok
			}
		}
		return false, true
	case *neighborExpr:
		if s.Type() == model.MemberType && s.Container() != nil {
			// Only its container points at a member: no need for the
			// reverse relationships of the whole model.
			if !x.wants(relMember) {
				return false, true
			}
			return b.holds(s.Container(), k)
		}
		for _, r := range b.c.ev.reverseOf(s, true) {
			if !x.wants(r.kind) {
				continue
			}
			if found, ok := b.holds(r.from, k); found || !ok {
				return found, ok
			}
		}
		return false, true
	}
	return false, false
}

// holds reports whether t satisfies k.
func (b *backMatch) holds(t *model.Shape, k int) (found, ok bool) {
	if k == noThen {
		return true, true
	}
	kt := b.c.thens[k]
	if kt.n == 0 {
		return b.holds(t, kt.next)
	}
	i := b.push(then{chain: kt.chain, n: kt.n - 1, next: kt.next})
	found, ok = b.yields(kt.chain[kt.n-1], t, i)
	b.pop(i)
	return found, ok
}
