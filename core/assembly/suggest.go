package assembly

import (
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// Suggestions for unresolved references, as the reference implementation
// words them: the shape IDs of the model (members included) closest to the
// unresolved one by edit distance, at most maxSuggestionDistance edits
// away, all those at the smallest distance, sorted.

const (
	maxSuggestionDistance = 2
	// maxSuggestionLookups bounds the work for a model with many
	// unresolved references: each lookup scans every shape ID, so only
	// the first ones get suggestions.
	maxSuggestionLookups = 100
)

type suggester struct {
	ids     []string
	lookups int
}

func newSuggester(m *model.Model) *suggester {
	var ids []string
	for _, s := range m.Shapes() {
		ids = append(ids, s.ID().String())
		for _, mem := range s.Members() {
			ids = append(ids, mem.ID().String())
		}
	}
	return &suggester{ids: ids}
}

// text returns ". Did you mean A, B?" for the IDs closest to id, or "".
func (g *suggester) text(id shapeid.ID) string {
	if g.lookups >= maxSuggestionLookups {
		return ""
	}
	g.lookups++
	target := id.String()
	best := maxSuggestionDistance + 1
	var found []string
	for _, c := range g.ids {
		d := Distance(target, c, maxSuggestionDistance)
		switch {
		case d < 0 || d > best:
		case d < best:
			best, found = d, []string{c}
		default:
			found = append(found, c)
		}
	}
	if len(found) == 0 {
		return ""
	}
	sort.Strings(found)
	return ". Did you mean " + strings.Join(found, ", ") + "?"
}

// Distance returns the Levenshtein distance between a and b (in bytes),
// or -1 when it is above limit: the measure of the did-you-mean
// suggestions of unresolved shape IDs, exported for the other places that
// suggest a name (the smithy command's misspelled shapes, commands and
// flags). It stops as soon as every distance of a row is over limit.
func Distance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return -1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return -1
		}
		prev, cur = cur, prev
	}
	if prev[len(b)] > limit {
		return -1
	}
	return prev[len(b)]
}
