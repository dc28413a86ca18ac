package selector_test

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/selector"
)

// hostileCycle is n structures in one cycle, each with a @uniqueItems
// list of itself, and a chain of n resources (for :topdown).
func hostileCycle(t *testing.T, n int) *model.Model {
	return cycleModel(t, n, "", "", func(i int) string {
		if i+1 < n {
			return uniqueList(i) + fmt.Sprintf("resource R%d { resources: [R%d] }\n", i, i+1)
		}
		return uniqueList(i) + fmt.Sprintf("resource R%d {}\n", i)
	})
}

// budgetCases are the forms that no memo makes linear: evaluated from
// every shape of a cycle of n structures (or a chain of n resources),
// each costs about n² units.
var budgetCases = []struct {
	name, selector string
	// how evaluates the selector under w over m.
	how string // "select", "each", "from" (SelectFrom from each structure), "match"
}{
	{"variable", "structure $s(*) ~> [trait|deprecated]", "each"},
	{"variable in a filter", "$s(*) structure :not(> member ~> [trait|deprecated])", "select"},
	{"in under test, with a variable", "$s(*) structure :test(:in(> member ~> structure))", "select"},
	{"recursive under test", "structure :test(:recursive(> member >) [trait|deprecated])", "select"},
	{"recursive with a variable", "structure $s(*) :recursive(> member >) [trait|deprecated]", "select"},
	{"topdown", ":topdown([trait|deprecated])", "select"},
	{"more than filters after ~> from each shape", "~> structure > member [trait|deprecated]", "from"},
	{"trait selector with a variable", "$x(*) structure :not(> member ~> [trait|deprecated])", "match"},
	{"every shape of a cycle from every shape", "structure ~> structure", "each"},
}

func evalUnder(w selector.Bounded, m *model.Model, sel *selector.Selector, how string) (int, error) {
	n := 0
	switch how {
	case "select":
		out, err := w.Select(sel)
		return len(out), err
	case "each":
		err := w.Each(sel, func(selector.Match) { n++ })
		return n, err
	case "match":
		err := w.MatchEach(sel, allShapes(m), func(_ *model.Shape, ok bool) {
			if ok {
				n++
			}
		})
		return n, err
	}
	for _, s := range m.Shapes() {
		if s.Type() == model.StructureType && s.ID().Namespace == "c" {
			out, err := w.SelectFrom(sel, s)
			if err != nil {
				return n, err
			}
			n += len(out)
		}
	}
	return n, nil
}

// TestBudgetStopsHostileSelectors evaluates each form under a budget of
// 40 units a shape: at 60 structures it is within it, at 480 (n² grows
// 64 times, the budget about 8) it stops with a *BudgetError, and once
// stopped every later evaluation under the budget does too.
func TestBudgetStopsHostileSelectors(t *testing.T) {
	small, large := hostileCycle(t, 60), hostileCycle(t, 480)
	for _, tc := range budgetCases {
		t.Run(tc.name, func(t *testing.T) {
			sel, err := selector.Parse(tc.selector)
			if err != nil {
				t.Fatal(err)
			}
			b := selector.NewBudget(40 * int64(small.NumShapes()))
			got, err := evalUnder(selector.NewEvaluator(small).Within(b), small, sel, tc.how)
			want, _ := evalUnder(selector.NewEvaluator(small).Within(nil), small, sel, tc.how)
			if err != nil || got != want {
				t.Fatalf("%s: at 60 structures: %d matches, error %v; want %d and no error (used %d of %d)", tc.name, got, err, want, b.Used(), b.Limit())
			}
			b = selector.NewBudget(40 * int64(large.NumShapes()))
			_, err = evalUnder(selector.NewEvaluator(large).Within(b), large, sel, tc.how)
			var be *selector.BudgetError
			if !errors.As(err, &be) || be.Limit != b.Limit() || !b.Exceeded() {
				t.Fatalf("%s: at 480 structures: error %v (used %d of %d), want a *BudgetError", tc.name, err, b.Used(), b.Limit())
			}
			if _, err := selector.NewEvaluator(large).Within(b).Select(sel); !errors.As(err, &be) {
				t.Errorf("%s: an evaluation after the budget was spent gave %v, want a *BudgetError", tc.name, err)
			}
		})
	}
}

// TestBudgetLeavesEvaluatorWhole stops evaluations at every few units of
// work and checks that the evaluator then answers as a fresh one does:
// what a stopped evaluation began (memos of "~>", whole-model results,
// :root sets) is not kept half done.
func TestBudgetLeavesEvaluatorWhole(t *testing.T) {
	texts := append(append([]string{":root(structure ~> list) ~> member", "list :test(:in(:root(map)))"}, reachSelectors...), eachSelectors...)
	for seed := int64(1); seed <= 4; seed++ {
		m := load(t, randomGraph(rand.New(rand.NewSource(seed)), 10+2*int(seed)))
		for _, text := range texts {
			sel, err := selector.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			want := modelIDs(selector.NewEvaluator(m).Select(sel))
			for limit := int64(0); limit < 300; limit += 17 {
				ev := selector.NewEvaluator(m)
				b := selector.NewBudget(limit)
				_, err1 := ev.Within(b).Select(sel)
				_ = ev.Within(selector.NewBudget(limit)).MatchEach(sel, allShapes(m), func(*model.Shape, bool) {})
				_, _ = ev.Within(selector.NewBudget(limit)).SelectFrom(sel, m.Shapes()[len(m.Shapes())-1])
				if got := modelIDs(ev.Select(sel)); !slices.Equal(got, want) {
					t.Fatalf("seed %d, %s after stopping at %d units (%v):\n got %v\nwant %v", seed, text, limit, err1, got, want)
				}
				var matched []string
				ev.MatchEach(sel, allShapes(m), func(s *model.Shape, ok bool) {
					if ok && !strings.HasPrefix(s.ID().String(), "smithy.api#") {
						matched = append(matched, s.ID().String())
					}
				})
				slices.Sort(matched)
				if !slices.Equal(matched, want) {
					t.Fatalf("seed %d, MatchEach %s after stopping at %d units:\n got %v\nwant %v", seed, text, limit, matched, want)
				}
			}
		}
	}
}

// TestBudgetLinearForms checks that the units charged for the forms the
// memos answer grow linearly: from 200 to 800 structures about 4 times.
func TestBudgetLinearForms(t *testing.T) {
	small, large := hostileCycle(t, 200), hostileCycle(t, 800)
	for _, tc := range []struct{ selector, how string }{
		{"structure ~> [trait|documentation]", "each"},
		{"list :not(> member ~> :is(float, double, document))", "match"},
		{"structure :not(:is(> member ~> [trait|deprecated], > member ~> [trait|sensitive]))", "select"},
		{"~> member :test(> document)", "from"},
		{"structure ~> structure", "select"},
		// :in(P ~> F) asks whether a shape reaches itself: a question
		// of strongly connected components (reach.go, inPlan).
		{"structure :test(:in(> member ~> [trait|deprecated]))", "select"},
		{"structure :test(:in(> member ~> structure))", "select"},
		{"member :not(:in(> ~> member))", "match"},
		{":in(> member > ~>)", "each"},
		// :recursive(X) in a chain without variables: one search from
		// every start of the step at once (eval.go, recursiveExpr.pushSet).
		{"structure :recursive(> member >) [trait|deprecated]", "select"},
		{"structure :recursive(> member >) structure", "select"},
	} {
		sel, err := selector.Parse(tc.selector)
		if err != nil {
			t.Fatal(err)
		}
		used := func(m *model.Model) int64 {
			b := selector.NewBudget(1 << 40)
			if _, err := evalUnder(selector.NewEvaluator(m).Within(b), m, sel, tc.how); err != nil {
				t.Fatal(err)
			}
			return b.Used()
		}
		us, ul := used(small), used(large)
		checkQuadrupled(t, tc.selector+" ("+tc.how+"): units", "200 structures", "800", us, ul)
	}
}

// TestSelectFound checks what SelectFound returns when the budget stops
// it: shapes the selector yields (a subset of the whole result, sorted),
// the same ones on every run, and the whole result when the budget is
// enough.
func TestSelectFound(t *testing.T) {
	m := hostileCycle(t, 120)
	stoppedWithSome := false
	for _, text := range []string{
		"structure :recursive(> member >) structure",
		"structure :test(:in(> member ~> structure))",
		"structure ~> structure",
		"$s(*) structure :not(> member ~> [trait|deprecated])",
	} {
		sel, err := selector.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		all := modelIDs(selector.NewEvaluator(m).Select(sel))
		got, err := selector.NewEvaluator(m).Within(selector.NewBudget(1 << 40)).SelectFound(sel)
		if err != nil || !slices.Equal(modelIDs(got), all) {
			t.Fatalf("%s within the budget: %v, error %v; want %v", text, modelIDs(got), err, all)
		}
		if len(all) == 0 {
			t.Fatalf("%s selects nothing", text)
		}
		for _, limit := range []int64{50, 500, 5000, 20000} {
			var runs [2][]string
			for i := range runs {
				out, err := selector.NewEvaluator(m).Within(selector.NewBudget(limit)).SelectFound(sel)
				var be *selector.BudgetError
				if !errors.As(err, &be) {
					if !slices.Equal(modelIDs(out), all) {
						t.Fatalf("%s at %d units: complete with %v, want %v", text, limit, modelIDs(out), all)
					}
					continue
				}
				if !slices.IsSortedFunc(out, func(a, b *model.Shape) int { return strings.Compare(a.ID().String(), b.ID().String()) }) {
					t.Errorf("%s at %d units: not sorted by shape ID", text, limit)
				}
				runs[i] = modelIDs(out)
				for _, id := range runs[i] {
					if _, ok := slices.BinarySearch(all, id); !ok {
						t.Errorf("%s at %d units: %s is not a match", text, limit, id)
					}
				}
				stoppedWithSome = stoppedWithSome || len(runs[i]) > 0
			}
			if !slices.Equal(runs[0], runs[1]) {
				t.Errorf("%s at %d units: two runs found %v and %v", text, limit, runs[0], runs[1])
			}
		}
	}
	if !stoppedWithSome {
		t.Errorf("no stopped evaluation returned a shape")
	}
}
