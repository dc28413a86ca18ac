package validate

import (
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/selector"
)

// Evaluating a trait's selector for the shapes the trait is applied to.
// A selector that moves through the model (`structure > member`) yields a
// shape only from starting shapes a few relationships before it; instead
// of evaluating it from every shape of the model, matchesNear evaluates it
// from the shapes within that many reverse steps of the shape asked
// about, remembering what each starting shape yields.

// forwardSteps returns an upper bound of the relationships a selector
// follows from its starting shape, or -1 when it may move backwards or
// recursively, bind variables, start over from the root, or follow
// relationships that the reverse index does not hold (bound, trait): such
// selectors are evaluated over the whole model.
func forwardSteps(text string) int {
	for _, s := range []string{"<", "~", "$", ":root", ":in("} {
		if strings.Contains(text, s) {
			return -1
		}
	}
	for rest := text; ; {
		i := strings.Index(rest, "-[")
		if i < 0 {
			break
		}
		rest = rest[i+2:]
		j := strings.IndexByte(rest, ']')
		if j < 0 {
			return -1
		}
		for _, name := range strings.Split(rest[:j], ",") {
			if n := strings.TrimSpace(name); n == "bound" || n == "trait" {
				return -1
			}
		}
		rest = rest[j:]
	}
	return strings.Count(text, ">")
}

// nearMatcher answers whether a selector matches shapes, evaluating
// non-filter selectors from nearby starting shapes only.
type nearMatcher struct {
	x      *index
	ev     *selector.Evaluator
	yields map[*selector.Selector]map[*model.Shape]yielded
}

// yielded is what a selector yields from one starting shape: a short list
// is scanned, a long one looked up.
type yielded struct {
	list []*model.Shape
	set  map[*model.Shape]bool
}

func (y yielded) has(s *model.Shape) bool {
	if y.set != nil {
		return y.set[s]
	}
	for _, t := range y.list {
		if t == s {
			return true
		}
	}
	return false
}

func newNearMatcher(m *model.Model) *nearMatcher {
	x := indexOf(m)
	return &nearMatcher{x: x, ev: x.evaluator(), yields: map[*selector.Selector]map[*model.Shape]yielded{}}
}

// matches reports whether sel (written as text) yields s from some
// starting shape.
func (n *nearMatcher) matches(sel *selector.Selector, text string, s *model.Shape) bool {
	if sel.IsFilter() {
		return n.ev.Matches(sel, s)
	}
	steps := forwardSteps(text)
	if steps < 0 {
		return n.ev.Matches(sel, s)
	}
	memo := n.yields[sel]
	if memo == nil {
		memo = map[*model.Shape]yielded{}
		n.yields[sel] = memo
	}
	// The starting shapes within steps reverse relationships of s, layer
	// by layer; the farthest layer is tried first, as a selector that
	// moves usually yields s from there (and from a shape many
	// applications share, whose result is remembered).
	refs := n.x.referrers()
	var seen map[*model.Shape]bool // only needed beyond one step
	layers := [][]*model.Shape{{s}}
	for depth := 0; depth < steps; depth++ {
		if seen == nil && steps > 1 {
			seen = map[*model.Shape]bool{s: true}
		}
		var next []*model.Shape
		for _, cur := range layers[depth] {
			for _, r := range refs[cur.ID()] {
				if seen != nil {
					if seen[r.from] {
						continue
					}
					seen[r.from] = true
				}
				next = append(next, r.from)
			}
		}
		if len(next) == 0 {
			break
		}
		layers = append(layers, next)
	}
	for i := len(layers) - 1; i >= 0; i-- {
		for _, start := range layers[i] {
			y, ok := memo[start]
			if !ok {
				y.list = n.ev.SelectFrom(sel, start)
				if len(y.list) > 16 {
					y.set = make(map[*model.Shape]bool, len(y.list))
					for _, t := range y.list {
						y.set[t] = true
					}
					y.list = nil
				}
				memo[start] = y
			}
			if y.has(s) {
				return true
			}
		}
	}
	return false
}
