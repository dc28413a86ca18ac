package importer

import (
	"math/big"
	"sort"

	"github.com/smithy-validation/go/core/node"
)

// An "or" of the meta model is a TypeScript union: a value is of the type
// when it is of any item, and nothing asks which. The import makes it an
// @alloy#untagged union, which takes the first of the best-ranked members
// and reports a tie between members that accept a value equally well as
// an untagged-ambiguous advisory. An item whose every value is also a
// value of another item (workspace/symbol's SymbolInformation[] beside
// WorkspaceSymbol[]: a SymbolInformation's location is a Location, one of
// the two forms a WorkspaceSymbol's location may take, and both are open
// to more properties) ties with that item on each of its values, so
// correct traffic would carry an advisory that nobody can act on. Such an
// item is left out of the union, with a diagnostic: the union accepts
// exactly the same values, and every one of them is told to be of one
// member.
//
// within decides "every value of a is a value of b" for the imported
// shapes, conservatively: true only when it is sure for the shapes the
// import makes (so that leaving a out never changes which values are
// valid), false when it cannot tell. The severity of what is reported can
// change in one case: when a property of the wider item is itself a union
// whose items tie on a value, that value now carries the tie's
// untagged-ambiguous advisory where the left-out item gave none. The LSP
// meta model has no such property (TestLSPWorkspaceSymbolNotAmbiguous and
// the real-peer sessions, which require no finding of any severity).

// maxWithinSteps bounds the work of the pruning of one "or", all its
// pairs together: the comparison walks the types of both items, and a
// hostile meta model could make that walk long (deep or wide properties,
// many items). Past it, the comparisons answer false: the items are kept,
// as without the pruning.
const maxWithinSteps = 4096

type withinWalk struct {
	steps int
	// assumed holds the pairs of structures being compared: a pair met
	// again inside itself (DocumentSymbol's children) is taken to hold, as
	// a recursive type's subtyping is decided coinductively.
	assumed map[[2]string]bool
}

// pruneSubsumed returns the indexes of the items of an "or" that are kept:
// an item is left out when every value of it is a value of another item
// that is kept (of two items with the same values, the first stays). At
// most maxOrStructures items are compared, pairwise; a larger "or" is
// kept whole.
func (l *lspConv) pruneSubsumed(items []node.Node, ptrs []string) []int {
	keep := make([]int, 0, len(items))
	if len(items) < 2 || len(items) > maxOrStructures {
		for i := range items {
			keep = append(keep, i)
		}
		return keep
	}
	gone := make([]bool, len(items))
	w := &withinWalk{assumed: map[[2]string]bool{}}
	for i := range items {
		for j := range items {
			if i == j || gone[j] {
				continue
			}
			if !l.within(items[i], items[j], w) {
				continue
			}
			if j > i && l.within(items[j], items[i], w) {
				continue // the same values: the later one goes, when its turn comes
			}
			gone[i] = true
			if l.pruned == nil {
				l.pruned = map[string]bool{}
			}
			if !l.pruned[ptrs[i]] {
				l.pruned[ptrs[i]] = true
				a, b := l.typeText(items[i], 0), l.typeText(items[j], 0)
				l.diag(items[i], ptrs[i], "or", "the alternative %s is left out of the untagged union: every %s is also a %s, "+
					"so the union accepts the same values without it, and a value that fits both is not reported as ambiguous", a, a, b)
			}
			break
		}
	}
	for i := range items {
		if !gone[i] {
			keep = append(keep, i)
		}
	}
	return keep
}

// within reports whether every value of meta model type a is surely a
// value of b, as the import models both.
func (l *lspConv) within(a, b node.Node, w *withinWalk) bool {
	w.steps++
	if w.steps > maxWithinSteps {
		return false
	}
	if l.isAny(b) {
		return true // LSPAny: a document, which takes every value
	}
	a, b = l.unalias(a), l.unalias(b)
	ka, kb := str(a, "kind"), str(b, "kind")
	if ka == "or" {
		for _, it := range get2(a, "items").Elems() {
			if !l.within(it, b, w) {
				return false
			}
		}
		return true
	}
	if kb == "or" {
		for _, it := range get2(b, "items").Elems() {
			if l.within(a, it, w) {
				return true
			}
		}
		return false
	}
	switch ka {
	case "base":
		return kb == "base" && baseWithin(str(a, "name"), str(b, "name"))
	case "stringLiteral":
		switch kb {
		case "stringLiteral":
			return nodeText(get2(a, "value")) == nodeText(get2(b, "value"))
		case "base":
			return baseWithin("string", str(b, "name"))
		}
	case "integerLiteral":
		switch kb {
		case "integerLiteral":
			return nodeText(get2(a, "value")) == nodeText(get2(b, "value"))
		case "base":
			return intWithin(get2(a, "value"), str(b, "name"))
		}
	case "booleanLiteral":
		// imported as any boolean
		return kb == "booleanLiteral" || kb == "base" && str(b, "name") == "boolean"
	case "array":
		return kb == "array" && l.within(get2(a, "element"), get2(b, "element"), w)
	case "map":
		return kb == "map" && l.sameKey(get2(a, "key"), get2(b, "key")) && l.within(get2(a, "value"), get2(b, "value"), w)
	case "reference", "literal":
		if ka == "reference" && kb == "reference" && str(a, "name") == str(b, "name") {
			return true
		}
		pa, oa, ok := l.objectOf(a)
		if !ok {
			return false
		}
		pb, ob, ok := l.objectOf(b)
		if !ok || !oa || !ob {
			// a closed structure reports an unknown field (a warning) that
			// an open one takes silently, and the other way round: only
			// two open structures are compared
			return false
		}
		key := [2]string{objectKey(a), objectKey(b)}
		if w.assumed[key] {
			return true
		}
		w.assumed[key] = true
		defer delete(w.assumed, key)
		if len(pb) > maxWithinSteps-w.steps {
			return false // each property is a step: past the bound before it is sorted
		}
		names := make([]string, 0, len(pb))
		for name := range pb {
			names = append(names, name)
		}
		sort.Strings(names) // the same steps in every run, so the same answer near the bound
		for _, name := range names {
			propB := pb[name]
			if w.steps++; w.steps > maxWithinSteps {
				return false
			}
			reqB := !optional(propB)
			propA, ok := pa[name]
			if !ok {
				// a's values may hold this property with any value (a is
				// open): b must take any value there, and not require it
				if reqB || !l.isAny(get2(propB, "type")) {
					return false
				}
				continue
			}
			if reqB && optional(propA) || !l.within(get2(propA, "type"), get2(propB, "type"), w) {
				return false
			}
		}
		// a property of a that b does not have: b is open and takes it
		return true
	}
	return false
}

// unalias follows references to type aliases (not LSPAny, which within
// has taken as any value already) to the type they stand for.
func (l *lspConv) unalias(t node.Node) node.Node {
	for hops := 0; hops < 16 && str(t, "kind") == "reference"; hops++ {
		d, ok := l.defs[str(t, "name")]
		if !ok || d.kind != "typeAliases" {
			return t
		}
		t = get2(d.n, "type")
	}
	return t
}

// objectOf returns the properties (wire name -> property) of a structure
// reference or an object literal, and whether the import makes it open.
func (l *lspConv) objectOf(t node.Node) (map[string]node.Node, bool, bool) {
	switch str(t, "kind") {
	case "literal":
		out := map[string]node.Node{}
		for _, p := range get2(get2(t, "value"), "properties").Elems() {
			if n := str(p, "name"); n != "" {
				if _, dup := out[n]; !dup {
					out[n] = p
				}
			}
		}
		return out, true, true
	case "reference":
		name := str(t, "name")
		if d, ok := l.defs[name]; !ok || d.kind != "structures" {
			return nil, false, false
		}
		_, closed := l.closed[name]
		return l.propsByName(name), !closed, true
	}
	return nil, false, false
}

// objectKey names a structure reference by its name and a literal by its
// position, for the assumptions of a recursive comparison.
func objectKey(t node.Node) string {
	if str(t, "kind") == "reference" {
		return "s:" + str(t, "name")
	}
	return "l:" + itoa(int(t.Pos().Offset))
}

// optional reports whether a meta model property is optional.
func optional(p node.Node) bool {
	o, ok := get(p, "optional")
	return ok && o.Kind() == node.Bool && o.BoolValue()
}

// sameKey reports whether two map key types are the same imported key.
func (l *lspConv) sameKey(a, b node.Node) bool {
	a, b = l.unalias(a), l.unalias(b)
	if str(a, "kind") != str(b, "kind") {
		return false
	}
	switch str(a, "kind") {
	case "base":
		return baseWithin(str(a, "name"), str(b, "name")) && baseWithin(str(b, "name"), str(a, "name"))
	case "reference":
		return str(a, "name") == str(b, "name")
	}
	return false
}

// baseWithin reports whether every value of base type a is one of base
// type b, as the import models them: the string kinds are all String,
// uinteger is an Integer of 0..2^31-1, integer an Integer, decimal a
// BigDecimal (which takes any number).
func baseWithin(a, b string) bool {
	class := func(s string) string {
		switch s {
		case "string", "URI", "DocumentUri", "RegExp":
			return "string"
		}
		return s
	}
	a, b = class(a), class(b)
	switch {
	case a == b:
		return a != ""
	case a == "uinteger":
		return b == "integer" || b == "decimal"
	case a == "integer":
		return b == "decimal"
	}
	return false
}

// intWithin reports whether integer literal v is a value of base type b.
func intWithin(v node.Node, b string) bool {
	n, ok := new(big.Int).SetString(v.NumberText(), 10)
	if !ok {
		return false
	}
	lo, hi := big.NewInt(-1<<31), big.NewInt(1<<31-1)
	switch b {
	case "decimal":
		return true
	case "uinteger":
		lo = big.NewInt(0)
	case "integer":
	default:
		return false
	}
	return n.Cmp(lo) >= 0 && n.Cmp(hi) <= 0
}

// isAny is anyValue of a type met anew, memoized by its position: within
// asks it at every step, and an "or" of many items costs their number.
func (l *lspConv) isAny(t node.Node) bool {
	if l.anyMemo == nil {
		l.anyMemo = map[int32]bool{}
	}
	off := t.Pos().Offset
	if v, ok := l.anyMemo[off]; ok {
		return v
	}
	v := l.anyValue(t, map[string]bool{}, 0)
	l.anyMemo[off] = v
	return v
}

// typeText spells a meta model type as TypeScript does, for messages:
// SymbolInformation[], string, "full".
func (l *lspConv) typeText(t node.Node, depth int) string {
	switch k := str(t, "kind"); k {
	case "reference", "base":
		return orDefault(str(t, "name"), k)
	case "array":
		if depth < 4 {
			return l.typeText(get2(t, "element"), depth+1) + "[]"
		}
	case "stringLiteral", "integerLiteral":
		return nodeText(get2(t, "value"))
	}
	return str(t, "kind")
}
