package selector

import (
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// valueKind is the kind of an attribute value.
type valueKind uint8

const (
	vEmpty      valueKind = iota // a missing attribute or property
	vLiteral                     // a string
	vNode                        // a node from a trait value
	vProjection                  // (keys) or (values)
	vID                          // a shape ID with name, namespace and member
	vService                     // the service attribute of a service shape
	vTraits                      // the trait attribute of a shape
	vShape                       // a shape (the scope of [@: ...], a variable's shapes)
	vVars                        // the var attribute
)

// value is an attribute value as the specification's "Attributes" section
// describes it.
type value struct {
	kind  valueKind
	str   string
	n     node.Node
	id    shapeid.ID
	shape *model.Shape
	proj  []value
	c     *evalCtx
}

var empty = value{}

func literal(s string) value      { return value{kind: vLiteral, str: s} }
func lengthOf(n int) value        { return literal(strconv.Itoa(n)) }
func nodeValue(n node.Node) value { return value{kind: vNode, n: n} }

func shapeValue(c *evalCtx, s *model.Shape) value { return value{kind: vShape, shape: s, c: c} }

// present reports whether the value exists: empty values, null nodes and
// empty projections do not.
func (v value) present() bool {
	switch v.kind {
	case vEmpty:
		return false
	case vNode:
		return !v.n.IsNull()
	case vProjection:
		return len(v.proj) > 0
	}
	return true
}

// String is the value used by string comparators: strings, numbers and
// booleans as text, shape IDs as absolute IDs, anything else "".
func (v value) String() string {
	switch v.kind {
	case vLiteral:
		return v.str
	case vNode:
		switch v.n.Kind() {
		case node.String:
			return v.n.StringValue()
		case node.Number:
			return v.n.NumberText()
		case node.Bool:
			return strconv.FormatBool(v.n.BoolValue())
		}
		return ""
	case vID:
		return v.id.String()
	case vService, vShape:
		return v.shape.ID().String()
	}
	return ""
}

// messageString renders the value for EmitEachSelector message templates:
// nodes as compact JSON, projections as a sorted list.
func (v value) messageString() string {
	switch v.kind {
	case vNode:
		return string(node.Marshal(v.n))
	case vProjection:
		flat := v.flattened()
		parts := make([]string, len(flat))
		for i, f := range flat {
			parts[i] = f.messageString()
		}
		sort.Strings(parts)
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return v.String()
}

func project(vals []value) value { return value{kind: vProjection, proj: vals} }

// property returns the named property (a key, or "(keys)", "(values)",
// "(length)", "(first)").
func (v value) property(key string) value {
	switch v.kind {
	case vLiteral:
		if key == "(length)" {
			return lengthOf(utf8.RuneCountInString(v.str))
		}
	case vNode:
		switch v.n.Kind() {
		case node.Object:
			switch key {
			case "(keys)":
				fields := v.n.Fields()
				out := make([]value, len(fields))
				for i, f := range fields {
					out[i] = nodeValue(node.NewString(f.Key))
				}
				return project(out)
			case "(values)":
				fields := v.n.Fields()
				out := make([]value, len(fields))
				for i, f := range fields {
					out[i] = nodeValue(f.Value)
				}
				return project(out)
			case "(length)":
				return lengthOf(v.n.Len())
			}
			if f, ok := v.n.Get(key); ok {
				return nodeValue(f)
			}
		case node.Array:
			switch key {
			case "(values)":
				elems := v.n.Elems()
				out := make([]value, len(elems))
				for i, e := range elems {
					out[i] = nodeValue(e)
				}
				return project(out)
			case "(length)":
				return lengthOf(v.n.Len())
			}
		case node.String:
			if key == "(length)" {
				return lengthOf(utf8.RuneCountInString(v.n.StringValue()))
			}
		}
	case vProjection:
		if key == "(first)" {
			if flat := v.flattened(); len(flat) > 0 {
				return flat[0]
			}
			return empty
		}
		var out []value
		for _, e := range v.proj {
			if p := e.property(key); p.present() {
				out = append(out, p)
			}
		}
		return project(out)
	case vID:
		switch key {
		case "name":
			return literal(v.id.Name)
		case "namespace":
			return literal(v.id.Namespace)
		case "member":
			if v.id.Member != "" {
				return literal(v.id.Member)
			}
		case "(length)":
			return lengthOf(len(v.id.String()))
		}
	case vService:
		switch key {
		case "version":
			return literal(v.shape.Version())
		case "id":
			return value{kind: vID, id: v.shape.ID()}
		}
	case vTraits:
		traits := v.shape.Traits()
		switch key {
		case "(keys)":
			out := make([]value, len(traits))
			for i, t := range traits {
				out[i] = value{kind: vID, id: t.ID}
			}
			return project(out)
		case "(values)":
			out := make([]value, len(traits))
			for i, t := range traits {
				out[i] = nodeValue(t.Value)
			}
			return project(out)
		case "(length)":
			return lengthOf(len(traits))
		}
		id, err := shapeid.Parse(absoluteTraitName(key))
		if err != nil {
			return empty
		}
		if n, ok := v.shape.Trait(id); ok {
			return nodeValue(n)
		}
	case vShape:
		switch key {
		case "trait":
			return value{kind: vTraits, shape: v.shape}
		case "id":
			return value{kind: vID, id: v.shape.ID()}
		case "service":
			if v.shape.Type() == model.ServiceType {
				return value{kind: vService, shape: v.shape}
			}
		case "var":
			return value{kind: vVars, c: v.c}
		}
	case vVars:
		var out []value
		if v.c != nil {
			if slot, ok := v.c.sel.varSlots[key]; ok {
				for _, s := range v.c.vars[slot].list {
					out = append(out, shapeValue(v.c, s))
				}
			}
		}
		return project(out)
	}
	return empty
}

// path follows properties until one is not present.
func (v value) path(keys []string) value {
	if !v.present() {
		return v
	}
	cur := v
	for _, k := range keys {
		cur = cur.property(k)
		if !cur.present() {
			break
		}
	}
	return cur
}

// flattened returns the values of a projection, nested projections
// flattened; any other value is its own single value.
func (v value) flattened() []value {
	if v.kind != vProjection {
		return []value{v}
	}
	out := make([]value, 0, len(v.proj))
	for _, e := range v.proj {
		if e.kind == vProjection {
			out = append(out, e.flattened()...)
		} else {
			out = append(out, e)
		}
	}
	return out
}

// comparator is an attribute comparator.
type comparator uint8

const (
	cmpNone         comparator = iota
	cmpEq                      // =
	cmpNe                      // !=
	cmpPrefix                  // ^=
	cmpSuffix                  // $=
	cmpContains                // *=
	cmpExists                  // ?=
	cmpGt                      // >
	cmpGe                      // >=
	cmpLt                      // <
	cmpLe                      // <=
	cmpProjEq                  // {=}
	cmpProjNe                  // {!=}
	cmpSubset                  // {<}
	cmpProperSubset            // {<<}
)

// compare applies c to lhs and rhs as the reference implementation does:
// string and numeric comparators compare every flattened value of each
// side and match when any pair does; projection comparators need two
// projections.
//
// A trait value is the model's, so a side may hold tens of thousands of
// values: comparing every pair of two such sides was n² (a 16,000-element
// list against itself with {<}: 43 s). Up to pairLimit pairs the sides
// are compared pair by pair; past it each value is read once: =, {=},
// {!=}, {<} and {<<} through a set of the values' strings, != from the
// first two distinct strings of each side, the numeric comparators from
// each side's least and greatest number, ^= and $= by binary search in
// the sorted (for $=, reversed) strings of the left side. *= has no such
// shortcut: it compares every pair and charges each to the evaluation's
// budget (see budget.go).
func (c comparator) compare(ctx *evalCtx, lhs, rhs value, ci bool) bool {
	if c == cmpExists {
		r := rhs.String()
		return lhs.present() && r == "true" || !lhs.present() && r == "false"
	}
	ls, rs := lhs.flattened(), rhs.flattened()
	pairs := len(ls)*len(rs) <= pairLimit
	if !pairs {
		ctx.ev.valuesCompared.Add(int64(len(ls) + len(rs)))
	}
	work := &ctx.ev.valuesCompared
	switch c {
	case cmpProjEq, cmpProjNe:
		eq := bothProjections(lhs, rhs) && subsets(work, ls, rs, ci, true, true)
		return eq == (c == cmpProjEq)
	case cmpSubset:
		return bothProjections(lhs, rhs) && subsets(work, ls, rs, ci, true, false)
	case cmpProperSubset:
		return bothProjections(lhs, rhs) && subsets(work, ls, rs, ci, true, false) && !subsets(work, ls, rs, ci, false, true)
	}
	if pairs {
		n := int64(0)
		defer func() { work.Add(n) }()
		for _, l := range ls {
			for _, r := range rs {
				n++
				if c.compareOne(l, r, ci) {
					return true
				}
			}
		}
		return false
	}
	lk, rk := presentKeys(ls, ci), presentKeys(rs, ci)
	if len(lk) == 0 || len(rk) == 0 {
		return false
	}
	switch c {
	case cmpEq:
		small, large := lk, rk
		if len(small) > len(large) {
			small, large = large, small
		}
		set := make(map[string]struct{}, len(small))
		for _, k := range small {
			set[k] = struct{}{}
		}
		for _, k := range large {
			if _, ok := set[k]; ok {
				return true
			}
		}
		return false
	case cmpNe:
		// Some pair differs unless both sides hold one same string.
		l1, l2 := distinct(lk)
		r1, r2 := distinct(rk)
		return l2 || r2 || l1 != r1
	case cmpPrefix:
		return anyHasPrefix(lk, rk)
	case cmpSuffix:
		for i, k := range lk {
			lk[i] = reverse(k)
		}
		for i, k := range rk {
			rk[i] = reverse(k)
		}
		return anyHasPrefix(lk, rk)
	case cmpContains:
		ctx.ev.valuesCompared.Add(int64(len(lk)) * int64(len(rk)))
		ctx.charge(int64(len(lk)) * int64(len(rk)))
		for _, a := range lk {
			for _, b := range rk {
				if strings.Contains(a, b) {
					return true
				}
			}
		}
		return false
	}
	lmin, lmax, lok := bounds(lk)
	rmin, rmax, rok := bounds(rk)
	if !lok || !rok {
		return false
	}
	switch c {
	case cmpGt:
		return lmax.Cmp(rmin) > 0
	case cmpGe:
		return lmax.Cmp(rmin) >= 0
	case cmpLt:
		return lmin.Cmp(rmax) < 0
	case cmpLe:
		return lmin.Cmp(rmax) <= 0
	}
	return false
}

// pairLimit is the most pairs of values a comparison compares one by one
// (most comparisons have a value or a few on each side: a map or a sort
// would cost more than the pairs).
const pairLimit = 64

// presentKeys returns the strings string comparators compare of the
// present values of vs (lower-cased with ci), in order.
func presentKeys(vs []value, ci bool) []string {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		if v.present() {
			k := v.String()
			if ci {
				k = strings.ToLower(k)
			}
			out = append(out, k)
		}
	}
	return out
}

// distinct returns the first of keys (not empty) and whether another one
// differs from it.
func distinct(keys []string) (string, bool) {
	for _, k := range keys[1:] {
		if k != keys[0] {
			return keys[0], true
		}
	}
	return keys[0], false
}

// anyHasPrefix reports whether some string of l begins with some string of
// r. The strings with prefix p, sorted, begin at the first that is not
// less than p: one binary search a prefix. (It sorts l.)
func anyHasPrefix(l, r []string) bool {
	sort.Strings(l)
	for _, p := range r {
		i := sort.SearchStrings(l, p)
		if i < len(l) && strings.HasPrefix(l[i], p) {
			return true
		}
	}
	return false
}

// reverse returns s with its bytes in reverse order (HasSuffix compares
// bytes).
func reverse(s string) string {
	b := make([]byte, len(s))
	for i := range len(s) {
		b[len(s)-1-i] = s[i]
	}
	return string(b)
}

// bounds returns the least and greatest of keys that are numbers, and
// whether there was one.
func bounds(keys []string) (lo, hi node.Decimal, ok bool) {
	for _, k := range keys {
		d, err := node.ParseDecimal(k)
		if err != nil {
			continue
		}
		if !ok || d.Cmp(lo) < 0 {
			lo = d
		}
		if !ok || d.Cmp(hi) > 0 {
			hi = d
		}
		ok = true
	}
	return lo, hi, ok
}

func (c comparator) compareOne(l, r value, ci bool) bool {
	if !l.present() || !r.present() {
		return false
	}
	a, b := l.String(), r.String()
	if ci {
		a, b = strings.ToLower(a), strings.ToLower(b)
	}
	switch c {
	case cmpEq:
		return a == b
	case cmpNe:
		return a != b
	case cmpPrefix:
		return strings.HasPrefix(a, b)
	case cmpSuffix:
		return strings.HasSuffix(a, b)
	case cmpContains:
		return strings.Contains(a, b)
	}
	da, err := node.ParseDecimal(a)
	if err != nil {
		return false
	}
	db, err := node.ParseDecimal(b)
	if err != nil {
		return false
	}
	r2 := da.Cmp(db)
	switch c {
	case cmpGt:
		return r2 > 0
	case cmpGe:
		return r2 >= 0
	case cmpLt:
		return r2 < 0
	case cmpLe:
		return r2 <= 0
	}
	return false
}

func bothProjections(a, b value) bool { return a.kind == vProjection && b.kind == vProjection }

// subsets reports whether every value of a equals (=) some value of b
// (when ab) and every value of b some value of a (when ba); an absent
// value equals nothing.
func subsets(work *atomic.Int64, a, b []value, ci, ab, ba bool) bool {
	if len(a)*len(b) <= pairLimit {
		n := 0
		defer func() { work.Add(int64(n)) }()
		return (!ab || subsetPairs(a, b, ci, &n)) && (!ba || subsetPairs(b, a, ci, &n))
	}
	ak, bk := presentKeys(a, ci), presentKeys(b, ci)
	return (!ab || len(ak) == len(a) && keysIn(ak, bk)) && (!ba || len(bk) == len(b) && keysIn(bk, ak))
}

// keysIn reports whether every string of a is one of b.
func keysIn(a, b []string) bool {
	set := make(map[string]struct{}, len(b))
	for _, k := range b {
		set[k] = struct{}{}
	}
	for _, k := range a {
		if _, ok := set[k]; !ok {
			return false
		}
	}
	return true
}

// subsetPairs reports whether every value of a equals (=) some value of
// b, pair by pair, counting the pairs in n.
func subsetPairs(a, b []value, ci bool, n *int) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			*n++
			if cmpEq.compareOne(x, y, ci) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
