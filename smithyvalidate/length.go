package smithyvalidate

import (
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
)

// The @length rule family: the number of characters of a string, bytes of
// a blob, elements of a list or entries of a map.

type lengthBounds struct {
	min, max       int64
	hasMin, hasMax bool
}

func lengthAppliesTo(t model.ShapeType) bool {
	return isString(t) || t == model.BlobType || isCollection(t)
}

// prepareLength compiles @length into pl.
func prepareLength(_ *preparer, pl *plan, v node.Node) string {
	lb := &lengthBounds{}
	var ok bool
	lb.min, lb.max, lb.hasMin, lb.hasMax, ok = minMax(v, lengthBound)
	if !ok {
		return "the value must be an object with non-negative integer min and max, found " + describeNode(v)
	}
	if lb.hasMin && lb.hasMax && lb.min > lb.max {
		return fmt.Sprintf("min %d is greater than max %d", lb.min, lb.max)
	}
	pl.length = lb
	return ""
}

// lengthBound reads a @length bound: a non-negative integer.
func lengthBound(m node.Node) (int64, bool) {
	if m.Kind() != node.Number {
		return 0, false
	}
	d, err := node.ParseDecimal(m.NumberText())
	if err != nil {
		return 0, false
	}
	n, ok := d.Int64()
	return n, ok && n >= 0
}

// checkLength checks n, a count of unit ("characters", "bytes", "items"
// or "entries"), at pos, against @length.
func (w *walker) checkLength(p *plan, pos node.Pos, n int, unit string) {
	lb := p.length
	if lb == nil {
		return
	}
	if lb.hasMin && int64(n) < lb.min || lb.hasMax && int64(n) > lb.max {
		w.lengthFinding(p, pos, n, unit)
	}
}

// lengthFinding reports a count outside @length (kept out of checkLength,
// so that it inlines).
func (w *walker) lengthFinding(p *plan, pos node.Pos, n int, unit string) {
	want := lengthWant(p.length)
	w.report(CodeLength, p.id, pos, want, fmt.Sprint(n), fmt.Sprintf("expected %s %s, found %d", want, unit, n))
}

func lengthWant(lb *lengthBounds) string {
	switch {
	case lb.hasMin && lb.hasMax && lb.min == lb.max:
		return fmt.Sprintf("exactly %d", lb.min)
	case lb.hasMin && lb.hasMax:
		return fmt.Sprintf("%d to %d", lb.min, lb.max)
	case lb.hasMin:
		return fmt.Sprintf("at least %d", lb.min)
	}
	return fmt.Sprintf("at most %d", lb.max)
}
