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
