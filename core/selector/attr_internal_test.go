package selector

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
)

func isSubset(a, b []value, ci bool) bool {
	n := 0
	return subsetPairs(a, b, ci, &n)
}

// comparePairs is compare as it was before the sides were read once:
// every pair of values, the projection comparators by isSubset.
func comparePairs(c comparator, lhs, rhs value, ci bool) bool {
	switch c {
	case cmpProjEq:
		return bothProjections(lhs, rhs) && isSubset(lhs.flattened(), rhs.flattened(), ci) && isSubset(rhs.flattened(), lhs.flattened(), ci)
	case cmpProjNe:
		return !(bothProjections(lhs, rhs) && isSubset(lhs.flattened(), rhs.flattened(), ci) && isSubset(rhs.flattened(), lhs.flattened(), ci))
	case cmpSubset:
		return bothProjections(lhs, rhs) && isSubset(lhs.flattened(), rhs.flattened(), ci)
	case cmpProperSubset:
		return bothProjections(lhs, rhs) && isSubset(lhs.flattened(), rhs.flattened(), ci) && !isSubset(rhs.flattened(), lhs.flattened(), ci)
	}
	for _, l := range lhs.flattened() {
		for _, r := range rhs.flattened() {
			if c.compareOne(l, r, ci) {
				return true
			}
		}
	}
	return false
}

// randomSide is a projection (or, now and then, a single value) of up to
// 24 values drawn from a few strings that are prefixes, suffixes and
// substrings of each other, numbers written several ways, absent values
// and values with no string (an object), nested projections among them.
func randomSide(r *rand.Rand) value {
	words := []string{"", "a", "ab", "abc", "b", "ba", "cab", "A", "AB", "Ba", "1", "1.0", "10", "2", "-3", "1e1", "0.5", "x1"}
	one := func() value {
		switch r.Intn(12) {
		case 0:
			return empty
		case 1:
			return nodeValue(node.NewNull())
		case 2:
			return nodeValue(node.NewObject())
		case 3:
			return nodeValue(node.NewNumber(words[10+r.Intn(7)]))
		case 4:
			return nodeValue(node.NewBool(r.Intn(2) == 0))
		}
		return literal(words[r.Intn(len(words))])
	}
	if r.Intn(8) == 0 {
		return one()
	}
	n := r.Intn(25)
	if r.Intn(3) == 0 {
		n = r.Intn(4)
	}
	vals := make([]value, n)
	for i := range vals {
		if r.Intn(10) == 0 {
			vals[i] = project([]value{one(), one()})
		} else {
			vals[i] = one()
		}
	}
	return project(vals)
}

// TestCompareAsPairs checks every comparator, with and without the i
// flag, against the pair-by-pair comparison on random sides, most of
// them past pairLimit pairs.
func TestCompareAsPairs(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	ctx := &evalCtx{ev: &Evaluator{}}
	comparators := []comparator{cmpEq, cmpNe, cmpPrefix, cmpSuffix, cmpContains, cmpGt, cmpGe, cmpLt, cmpLe, cmpProjEq, cmpProjNe, cmpSubset, cmpProperSubset}
	names := []string{"=", "!=", "^=", "$=", "*=", ">", ">=", "<", "<=", "{=}", "{!=}", "{<}", "{<<}"}
	large := 0
	for i := range 800 {
		lhs, rhs := randomSide(r), randomSide(r)
		if r.Intn(4) == 0 {
			rhs = lhs // the projection comparators' true cases
		}
		if len(lhs.flattened())*len(rhs.flattened()) > pairLimit {
			large++
		}
		for j, c := range comparators {
			for _, ci := range []bool{false, true} {
				want := comparePairs(c, lhs, rhs, ci)
				if got := c.compare(ctx, lhs, rhs, ci); got != want {
					t.Fatalf("case %d: %s %s %s (i: %v) = %v, want %v", i, show(lhs), names[j], show(rhs), ci, got, want)
				}
			}
		}
	}
	if large < 200 {
		t.Fatalf("only %d of 800 cases past %d pairs", large, pairLimit)
	}
}

func show(v value) string {
	if v.kind != vProjection {
		return fmt.Sprintf("%q", v.String())
	}
	parts := make([]string, len(v.proj))
	for i, e := range v.proj {
		parts[i] = show(e)
	}
	return "(" + strings.Join(parts, " ") + ")"
}
