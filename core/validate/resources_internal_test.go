package validate

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
)

func resourceModel(t *testing.T, src string) *model.Model {
	t.Helper()
	a := assembly.New()
	if err := a.AddSource("r.smithy", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.Model == nil {
		t.Fatalf("assemble: %v %v", err, res.Events)
	}
	return res.Model
}

// TestResourceCyclesAsWalks compares resourceCycles with the walk from
// each resource on random resource bindings (trees, repeats, shared
// children, cycles, self-bindings, bindings to other shapes), and checks
// that the walks are left out where they would find nothing.
func TestResourceCyclesAsWalks(t *testing.T) {
	for seed := int64(1); seed <= 200; seed++ {
		r := rand.New(rand.NewSource(seed))
		n := 2 + r.Intn(8)
		var b strings.Builder
		b.WriteString("$version: \"2\"\nnamespace r\nstructure NotAResource {}\n")
		for i := range n {
			var kids []string
			for range r.Intn(3) {
				switch k := r.Intn(10); {
				case k == 0:
					kids = append(kids, "NotAResource")
				case k < 3:
					kids = append(kids, fmt.Sprintf("R%d", r.Intn(n)))
				default: // mostly a tree: a later resource
					if i+1 < n {
						kids = append(kids, fmt.Sprintf("R%d", i+1+r.Intn(n-i-1)))
					}
				}
			}
			fmt.Fprintf(&b, "resource R%d { resources: [%s] }\n", i, strings.Join(kids, ", "))
		}
		m := resourceModel(t, b.String())
		res := shapesOfType(m, model.ResourceType)
		got, want := resourceCycles(m), resourceCycleWalks(m, res)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("seed %d:\n%s\n got %v\nwant %v", seed, b.String(), got, want)
		}
		if resourceForest(m, res) && len(want) > 0 {
			t.Fatalf("seed %d: a forest, yet the walks report %v", seed, want)
		}
	}
}

// TestResourceChainNoWalks checks that a chain of 2,000 resources (each
// binding the next) is a forest, answered without a walk from each
// resource, and that one resource bound twice at its end is not.
func TestResourceChainNoWalks(t *testing.T) {
	var b strings.Builder
	b.WriteString("$version: \"2\"\nnamespace r\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "resource R%d { resources: [R%d] }\n", i, i+1)
	}
	chain := b.String() + "resource R2000 {}\n"
	m := resourceModel(t, chain)
	if !resourceForest(m, shapesOfType(m, model.ResourceType)) {
		t.Fatal("a chain of resources is not a forest")
	}
	m = resourceModel(t, chain+"resource Other { resources: [R2000] }\n")
	if resourceForest(m, shapesOfType(m, model.ResourceType)) {
		t.Fatal("R2000 bound twice, yet a forest")
	}
}
