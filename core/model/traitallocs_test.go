package model

import (
	"fmt"
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// TestNewFromTraitAllocs: NewFrom's cost of traits is a sorted copy of a
// list that is out of order, no more. A shape without mixins had its
// traits merged into a list of its own, one copy of it a trait, which
// was then dropped for the shape's own list; a member whose traits were
// out of order (a documentation comment is read after the traits written)
// had its shape's whole list of members copied; and each sort allocated
// its swapper by reflection: 8 allocations a shape here (1 now), and a tenth of
// what loading examples/mcp/mcp.smithy allocated (docs/performance.md,
// "Where a model's bytes go", twelfth round). Two sets of definitions
// that differ only by their traits are built, in this run.
func TestNewFromTraitAllocs(t *testing.T) {
	const n = 500
	str := shapeid.ID{Namespace: "smithy.api", Name: "String"}
	trait := func(id shapeid.ID) Trait { return Trait{ID: id, Value: node.NewObject()} }
	// Shared by every definition: only the sorted copy of members' is
	// the model's to make.
	rootTraits := []Trait{trait(preludeid.Documentation), trait(preludeid.Sensitive), trait(preludeid.Tags)}
	memberTraits := []Trait{trait(preludeid.Required), trait(preludeid.Documentation)} // out of order
	ids := make([]shapeid.ID, n)
	for i := range ids {
		ids[i] = shapeid.ID{Namespace: "ex", Name: fmt.Sprintf("S%d", i)}
	}
	allocs := func(traits bool) float64 {
		return testing.AllocsPerRun(10, func() {
			defs := make([]ShapeDef, n+1)
			ptrs := make([]*ShapeDef, n+1)
			defs[0] = ShapeDef{ID: str, Type: StringType}
			ptrs[0] = &defs[0]
			for i := range n {
				d := &defs[i+1]
				*d = ShapeDef{ID: ids[i], Type: StructureType, Members: make([]MemberDef, 2)}
				d.Members[0] = MemberDef{Name: "a", Target: str}
				d.Members[1] = MemberDef{Name: "b", Target: str}
				if traits {
					d.Traits = rootTraits
					d.Members[1].SetTraits(memberTraits)
				}
				ptrs[i+1] = d
			}
			if _, err := NewFrom(ptrs, nil); err != nil {
				t.Fatal(err)
			}
		})
	}
	without, with := allocs(false), allocs(true)
	perShape := (with - without) / n
	t.Logf("%.0f allocations without traits, %.0f with; %.2f a shape", without, with, perShape)
	if perShape > 1.5 {
		t.Errorf("%.2f allocations a shape for three sorted traits and a member's two out of order: at most 1.5 (the sorted copy)", perShape)
	}
}
