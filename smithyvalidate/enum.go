package smithyvalidate

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// The enum rule family: the values of an enum or intEnum shape (compiled
// with the shape's members, see children) and of the legacy @enum trait.

// prepareLegacyEnum compiles @enum into pl.
func prepareLegacyEnum(_ *preparer, pl *plan, v node.Node) string {
	set, ok := legacyEnum(v)
	if !ok {
		return "the value must be a non-empty array of objects with a string value, found " + describeNode(v)
	}
	pl.setStrEnum(set)
	return ""
}

func legacyEnum(v node.Node) (map[string]struct{}, bool) {
	if v.Kind() != node.Array || v.Len() == 0 {
		return nil, false
	}
	set := make(map[string]struct{}, v.Len())
	for _, e := range v.Elems() {
		val, ok := e.Get("value")
		if e.Kind() != node.Object || !ok || val.Kind() != node.String {
			return nil, false
		}
		set[val.StringValue()] = struct{}{}
	}
	return set, true
}

func (pl *plan) setStrEnum(set map[string]struct{}) {
	vals := make([]string, 0, len(set))
	for v := range set {
		vals = append(vals, strconv.Quote(v))
	}
	sort.Strings(vals)
	pl.strEnum, pl.enumText = set, strings.Join(vals, ", ")
	pl.enumList = nil
	if len(set) <= smallEnum {
		for v := range set {
			pl.enumList = append(pl.enumList, v)
		}
		sort.Strings(pl.enumList)
	}
}

// smallEnum is the most values an enum may have to be searched by a
// comparison of each (shorter than hashing the text for the set).
const smallEnum = 8

// inEnum reports whether s is a value of the plan's string enum.
func (pl *plan) inEnum(s string) bool {
	if pl.enumList != nil {
		for _, v := range pl.enumList {
			if len(v) == len(s) && v == s {
				return true
			}
		}
		return false
	}
	_, ok := pl.strEnum[s]
	return ok
}

// checkStringEnum checks s, at pos, against the values of an enum shape or
// @enum trait.
func (w *walker) checkStringEnum(p *plan, s string, pos node.Pos) {
	if _, ok := p.strEnum[s]; !ok {
		w.enumFinding(p, s, strconv.Quote(short(s)), pos)
	}
}

// enumFinding reports got, written as found, at pos: not a value of the
// enum (kept out of the checks, so that they inline).
func (w *walker) enumFinding(p *plan, got, found string, pos node.Pos) {
	w.report(CodeEnum, p.id, pos, p.enumText, got, fmt.Sprintf("expected one of %s, found %s", p.enumText, found))
}

// checkIntEnum checks iv, written text at pos, against the values of an
// intEnum shape.
func (w *walker) checkIntEnum(p *plan, iv int64, text string, pos node.Pos) {
	if _, ok := p.intEnum[iv]; !ok {
		w.enumFinding(p, text, short(text), pos)
	}
}
