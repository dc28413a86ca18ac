package selector_test

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/selector"
)

// reachSelectors end in or go through "~>" in the two places evaluated
// once for many shapes (reach.go): a chain's "~>" step fed several shapes,
// and :not or :test of a chain that ends in "~>" and filters.
var reachSelectors = []string{
	"list :not(> member ~> :is(float, double, document))",
	"structure :test(> member ~> list)",
	":not(~>)",
	":test(~> structure [trait|uniqueItems])",
	"member :not(~> :is(structure, list) > member)",
	"structure :test(~> member > string)",
	"structure ~> structure",
	"member ~> list",
	"structure > member ~> :test(> member)",
	"~> ~> float",
	"list ~> :not(~> double)",
	":test(list > member ~> structure, map ~> document)",
	// "~>" inside :is(...) under :not or :test (memoized since
	// 2026-12-03's second round).
	"structure :not(:is(> member ~> list, > member ~> document))",
	":test(:is(~> float, > member > string))",
	"list :not(> member :is(~> structure [trait|uniqueItems], > double))",
	":test(:is(member, ~> :is(float, double)))",
	"map :not(:is(> member ~> map, :test(> member ~> list)))",
	// :in(P ~> F): the shapes that reach themselves through P, by their
	// strongly connected components (2026-12-03's third round).
	"structure :test(:in(> member ~> structure))",
	"structure :in(> member > ~> structure)",
	":in(> ~> :is(list, map, structure))",
	"member :not(:in(> ~> member))",
	":in(~> list)",
	"list :in(> member :test(> list) ~> list)",
	":in(> member ~>)",
	"structure :in(-[trait]-> ~> structure)",
	"list :in(:is(> member, > member > list) ~> list)",
	// :recursive(X) in a chain: one search from every start of the step.
	"structure :recursive(> member >) list",
	":recursive(>) [trait|uniqueItems]",
	"map :recursive(> member > :not(list)) structure",
	"list :recursive(~> map) > member",
	"member :recursive(> :is(list, map) > member)",
	":recursive(-[member]->)",
}

// eachSelectors are evaluated with Evaluator.Each: "P ~> F" (P and F
// filters) answers from one list per strongly connected component.
var eachSelectors = []string{
	"structure ~> structure",
	"~> float",
	"list ~> [trait|uniqueItems]",
	"member ~> :is(list, map)",
	"~>",
	":not(map) ~> :test(> member)",
	"structure > member ~> list",
}

// TestRecursiveNeighborsAsBefore compares each selector with the same
// selector behind an unused variable, which evaluates "~>" as before (a
// search from each shape on its own: variables depend on the path), on
// random models with cycles, self-references and shapes reached from many
// others.
func TestRecursiveNeighborsAsBefore(t *testing.T) {
	for seed := int64(1); seed <= 30; seed++ {
		m := load(t, randomGraph(rand.New(rand.NewSource(seed)), 5+int(seed)))
		for _, text := range reachSelectors {
			sel, err := selector.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			old, err := selector.Parse("$unused(*) " + text)
			if err != nil {
				t.Fatal(err)
			}
			ev := selector.NewEvaluator(m)
			got, want := modelIDs(ev.Select(sel)), modelIDs(selector.NewEvaluator(m).Select(old))
			if !slices.Equal(got, want) {
				t.Errorf("seed %d, %s:\n got %v\nwant %v", seed, text, got, want)
			}
			var matched []string
			ev.MatchEach(sel, allShapes(m), func(s *model.Shape, ok bool) {
				if ok && !strings.HasPrefix(s.ID().String(), "smithy.api#") {
					matched = append(matched, s.ID().String())
				}
			})
			slices.Sort(matched)
			if !slices.Equal(matched, want) {
				t.Errorf("seed %d, MatchEach %s:\n got %v\nwant %v", seed, text, matched, want)
			}
		}
		// Each reports a shape once per starting shape that yields it:
		// the same multiset of matches as the search from each start.
		for _, text := range eachSelectors {
			sel, err := selector.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			old, err := selector.Parse("$unused(*) " + text)
			if err != nil {
				t.Fatal(err)
			}
			each := func(sel *selector.Selector) []string {
				var out []string
				selector.NewEvaluator(m).Each(sel, func(mt selector.Match) {
					if !strings.HasPrefix(mt.Shape.ID().String(), "smithy.api#") {
						out = append(out, mt.Shape.ID().String())
					}
				})
				slices.Sort(out)
				return out
			}
			if got, want := each(sel), each(old); !slices.Equal(got, want) {
				t.Errorf("seed %d, Each %s:\n got %v\nwant %v", seed, text, got, want)
			}
		}
		// From single shapes, as a trait's validators select: "~> F"
		// answers from one list per strongly connected component.
		for _, text := range []string{"~>", "~> member :test(> document)", "~> :is(float, double)", "~> list [trait|uniqueItems]", "~> member ~> float", "structure ~> list", "member :not([trait|required]) ~> float"} {
			sel, err := selector.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			old, err := selector.Parse("$unused(*) " + text)
			if err != nil {
				t.Fatal(err)
			}
			ev, oldEv := selector.NewEvaluator(m), selector.NewEvaluator(m)
			for _, s := range allShapes(m) {
				got, want := modelIDs(ev.SelectFrom(sel, s)), modelIDs(oldEv.SelectFrom(old, s))
				if !slices.Equal(got, want) {
					t.Errorf("seed %d, SelectFrom(%s, %s):\n got %v\nwant %v", seed, text, s.ID(), got, want)
				}
			}
		}
	}
}

// TestSelectFromCycleLinear checks a trait validator's selector evaluated
// from each shape of a cycle of structures (SelectFrom), one of which
// has a document member: the relationships followed grow linearly, where
// a search from each shape made them grow with the square.
func TestSelectFromCycleLinear(t *testing.T) {
	sel, err := selector.Parse("~> member :test(> document)")
	if err != nil {
		t.Fatal(err)
	}
	visits := func(n int) (int64, int) {
		m := cycleModel(t, n, "document Doc\n", "structure S0 { a: S1, d: Doc }\n", nil)
		ev := selector.NewEvaluator(m)
		found := 0
		for _, s := range m.Shapes() {
			if s.ID().Namespace == "c" {
				found += len(ev.SelectFrom(sel, s))
			}
		}
		return selector.RecursiveVisits(ev), found
	}
	vs, fs := visits(200)
	vl, fl := visits(800)
	// From every structure, S0$d; from the document, nothing.
	if fs != 200 || fl != 800 {
		t.Errorf("found %d and %d at 200 and 800, want 200 and 800", fs, fl)
	}
	checkQuadrupled(t, "relationships followed", "200 structures", "800", vs, vl)
}

func modelIDs(shapes []*model.Shape) []string {
	var out []string
	for _, s := range shapes {
		if !strings.HasPrefix(s.ID().String(), "smithy.api#") {
			out = append(out, s.ID().String())
		}
	}
	return out
}

func allShapes(m *model.Model) []*model.Shape {
	var out []*model.Shape
	for _, s := range m.Shapes() {
		out = append(out, s)
		out = append(out, s.Members()...)
	}
	return out
}

// randomGraph returns n structures, lists and maps whose members target
// random shapes of the model (itself included) and leaf shapes.
func randomGraph(r *rand.Rand, n int) string {
	var b strings.Builder
	b.WriteString("$version: \"2\"\nnamespace g\nfloat F\ndouble D\ndocument Doc\n")
	target := func() string {
		if r.Intn(4) == 0 {
			return []string{"F", "D", "Doc", "String"}[r.Intn(4)]
		}
		return fmt.Sprintf("N%d", r.Intn(n))
	}
	for i := range n {
		switch r.Intn(3) {
		case 0:
			fmt.Fprintf(&b, "structure N%d {", i)
			for k := range r.Intn(3) {
				fmt.Fprintf(&b, " m%d: %s", k, target())
			}
			b.WriteString(" }\n")
		case 1:
			if r.Intn(2) == 0 {
				b.WriteString("@uniqueItems\n")
			}
			fmt.Fprintf(&b, "list N%d { member: %s }\n", i, target())
		default:
			fmt.Fprintf(&b, "map N%d { key: String, value: %s }\n", i, target())
		}
	}
	return b.String()
}

// TestRecursiveNeighborsLinear checks that the relationships "~>" follows
// grow linearly with the size of one cycle of structures, each with a
// @uniqueItems list of it (the prelude's `list :not(> member ~> :is(float,
// double, document))` from each list; `structure ~> structure` from every
// structure): a search from each shape made them grow with the square.
func TestRecursiveNeighborsLinear(t *testing.T) {
	cycle := func(n int) *model.Model { return cycleModel(t, n, "", "", uniqueList) }
	small, large := cycle(200), cycle(800)
	for _, text := range []string{"list :not(> member ~> :is(float, double, document))", "structure ~> structure", "member ~> structure",
		"structure :not(:is(> member ~> [trait|deprecated], > member ~> [trait|sensitive]))",
		"structure :not(:test(:is([trait|deprecated], > member ~> [trait|sensitive])))"} {
		sel, err := selector.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		visits := func(m *model.Model) (int64, int) {
			ev := selector.NewEvaluator(m)
			n := 0
			ev.MatchEach(sel, allShapes(m), func(s *model.Shape, ok bool) {
				if ok && s.ID().Namespace == "c" {
					n++
				}
			})
			return selector.RecursiveVisits(ev), n
		}
		vs, ns := visits(small)
		vl, nl := visits(large)
		if ns != 200 || nl != 800 {
			t.Errorf("%s: %d and %d shapes matched at 200 and 800: the cycle is not what the test means", text, ns, nl)
		}
		checkQuadrupled(t, text+": relationships followed", "200 structures", "800", vs, vl)
	}
}

// TestEachCycleLinear checks an EmitEachSelector-like evaluation
// (Evaluator.Each, a shape reported once per starting shape) of
// "structure ~> [trait|documentation]" over a cycle of structures, one of
// them documented: the relationships followed grow linearly (a search
// from each start made them grow with the square: 16.0 from 200 to 800).
func TestEachCycleLinear(t *testing.T) {
	sel, err := selector.Parse("structure ~> [trait|documentation]")
	if err != nil {
		t.Fatal(err)
	}
	visits := func(n int) (int64, int) {
		ev := selector.NewEvaluator(cycleModel(t, n, "", "@documentation(\"d\")\nstructure S0 { a: S1 }\n", nil))
		found := 0
		ev.Each(sel, func(mt selector.Match) {
			if mt.Shape.ID().Name == "S0" {
				found++
			}
		})
		return selector.RecursiveVisits(ev), found
	}
	vs, fs := visits(200)
	vl, fl := visits(800)
	// S0 from every other structure (a shape's own closure leaves it out).
	if fs != 199 || fl != 799 {
		t.Errorf("S0 reported %d and %d times at 200 and 800, want 199 and 799", fs, fl)
	}
	checkQuadrupled(t, "relationships followed", "200 structures", "800", vs, vl)
}

// cycleModel loads n structures in one cycle in namespace c, "structure
// Si { a: S(i+1), b: String }" (first, when given, is S0's statement
// instead), head before them and each(i), when given, after Si.
func cycleModel(t *testing.T, n int, head, first string, each func(i int) string) *model.Model {
	t.Helper()
	var b strings.Builder
	b.WriteString("$version: \"2\"\nnamespace c\n" + head)
	for i := range n {
		if i == 0 && first != "" {
			b.WriteString(first)
		} else {
			fmt.Fprintf(&b, "structure S%d { a: S%d, b: String }\n", i, (i+1)%n)
		}
		if each != nil {
			b.WriteString(each(i))
		}
	}
	return load(t, b.String())
}

// uniqueList is a @uniqueItems list of structure Si.
func uniqueList(i int) string { return fmt.Sprintf("@uniqueItems\nlist L%d { member: S%d }\n", i, i) }

// checkQuadrupled fails unless the work measured at four times the input
// (large) is about four times the work at the input (small): linear is 4,
// a search from each shape 16; up to 6 is allowed.
func checkQuadrupled(t *testing.T, what, smallAt, largeAt string, small, large int64) {
	t.Helper()
	if small == 0 || float64(large)/float64(small) > 6 {
		t.Errorf("%s: %d at %s, %d at %s: ratio %.1f, want about 4", what, small, smallAt, large, largeAt, float64(large)/float64(small))
	}
}
