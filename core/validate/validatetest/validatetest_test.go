package validatetest_test

import (
	"fmt"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/validate"
	"github.com/smithy-validation/go/core/validate/validatetest"
)

// TestModelsAreValid assembles and validates small generated models: no
// ERROR event, and as many shapes as the generator says.
func TestModelsAreValid(t *testing.T) {
	gens := map[string]func(int) (string, int){"Model": validatetest.Model, "HTTPService": validatetest.HTTPService}
	for name, gen := range gens {
		for _, n := range []int{28, 100} {
			t.Run(fmt.Sprintf("%s/%d", name, n), func(t *testing.T) {
				src, shapes := gen(n)
				a := assembly.New()
				if err := a.AddSource("gen.smithy", []byte(src)); err != nil {
					t.Fatal(err)
				}
				res, err := a.Assemble()
				if err != nil || res.Model == nil {
					t.Fatalf("assemble: %v %v", err, res.Events)
				}
				rep := validate.Check(res.Model, validate.WithEvents(res.Events))
				for _, ev := range rep.Events {
					if ev.Severity >= model.ErrorSeverity {
						t.Errorf("error event: %v", ev)
					}
				}
				if got := countRoots(res.Model); got != shapes {
					t.Errorf("%d shapes, the generator says %d", got, shapes)
				}
			})
		}
	}
}

// countRoots counts the shapes the source defines (not members, not the
// prelude's).
func countRoots(m *model.Model) int {
	n := 0
	for _, s := range m.Shapes() {
		if s.ID().Namespace != "smithy.api" && s.Type() != model.MemberType {
			n++
		}
	}
	return n
}
