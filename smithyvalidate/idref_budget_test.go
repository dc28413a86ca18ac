package smithyvalidate_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/validate"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// idRefCycle is n structures in one cycle, each applying a trait whose
// member's @idRef has selector sel and names the next structure.
func idRefCycle(t *testing.T, sel string, n int) *model.Model {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "$version: \"2\"\nnamespace a.b\n@trait\nstructure ref { @idRef(selector: %q) target: String }\n", sel)
	for i := range n {
		fmt.Fprintf(&b, "@ref(target: \"a.b#S%d\")\nstructure S%d { a: S%d, b: String }\n", (i+1)%n, i, (i+1)%n)
	}
	a := assembly.New()
	if err := a.AddSource("m.smithy", []byte(b.String())); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatal(err, res.Events)
	}
	return res.Model
}

// TestIDRefSelectorBudget: a model's @idRef selectors are evaluated by the
// model validators under the bound of the model's selectors. A form that
// costs n² on a cycle (":recursive" under ":not" from each referenced
// shape; a variable, in preparation) stops there with one selector-limit finding,
// a SelectorLimit event that makes core/validate's report incomplete;
// the same model small, and cheap selectors on the large one, are checked
// whole, with the findings they had.
func TestIDRefSelectorBudget(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sel     string
		n       int
		limited bool
		errors  int // IDRefSelector findings, when not limited
	}{
		{"recursive, small", "structure :recursive(> member >) structure", 60, false, 0},
		// :recursive in a chain searches once for every start (core/selector).
		{"recursive, a cycle of 3,000", "structure :recursive(> member >) structure", 3000, false, 0},
		{"recursive under not, a cycle of 3,000", "structure :not(:recursive(> member >) [trait|deprecated])", 3000, true, 0},
		{"variable, a cycle of 3,000", "$x(*) structure ~> structure", 3000, true, 0},
		{"a filter, a cycle of 3,000", "structure", 3000, false, 0},
		{"a filter no shape matches, a cycle of 3,000", "string", 3000, false, 3000},
		{"recursive no shape matches, small", "structure :recursive(> member >) string", 60, false, 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := idRefCycle(t, tc.sel, tc.n)
			fs, err := sv.CheckTraitValues(m)
			if err != nil {
				t.Fatal(err)
			}
			limits, errs := 0, 0
			for _, f := range fs {
				switch f.Code {
				case sv.CodeSelectorLimit:
					limits++
				case sv.CodeIDRefSelector:
					errs++
				default:
					t.Errorf("finding %s: %s", f.Code, f.Message)
				}
			}
			if tc.limited && (limits != 1 || !strings.Contains(fs[0].Message, "passed the bound of")) || !tc.limited && (limits != 0 || errs != tc.errors) {
				t.Fatalf("%d selector-limit findings, %d idref-selector (want limited %v, %d): %v", limits, errs, tc.limited, tc.errors, fs)
			}
			r := validate.Check(m, validate.WithValidators(sv.ModelValidators()...))
			said := 0
			for _, e := range r.Events {
				if e.ID == validate.SelectorLimitID {
					said++
				}
			}
			if r.Incomplete != tc.limited || said != limits {
				t.Errorf("report: incomplete %v, %d SelectorLimit events; want %v, %d", r.Incomplete, said, tc.limited, limits)
			}
		})
	}
}
