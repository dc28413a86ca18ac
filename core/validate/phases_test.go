package validate_test

import (
	"reflect"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/validate"
)

// manyProblems has problems for validators of every stage after the
// critical one, and none that stop validation.
const manyProblems = header + `
@range(min: 10, max: 1) integer BadRange
@length(min: 5, max: 1) string BadLength
@pattern("a") string Unanchored
structure Json { @jsonName("b") a: String, b: String }
enum E { lower }
@paginated(inputToken: "nope")
operation List { input := { size: Integer } }
resource R { identifiers: { rId: String } }
structure LooksLikeR { rId: String }
`

func TestPhases(t *testing.T) {
	tests := []struct {
		name string
		src  string
		// wantIDs are event IDs that must all be reported; noneOf must not.
		wantIDs, noneOf []string
	}{
		{"every default-stage validator reports", manyProblems,
			[]string{"RangeTrait", "LengthTrait", "PatternTrait", "JsonName", "EnumShape", "PaginatedTrait", "MemberShouldReferenceResource"}, nil},
		{"a critical ERROR stops the later validators", manyProblems + "\n@idempotent string NotAnOperation\n",
			[]string{"TraitTarget"}, []string{"RangeTrait", "LengthTrait", "JsonName", "PaginatedTrait"}},
		{"an assembly ERROR stops every validator", manyProblems + "\nstructure Json { c: String }\n",
			[]string{"Model"}, []string{"RangeTrait", "EnumShape", "TraitTarget"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := assembly.New()
			if err := a.AddSource("test.smithy", []byte(tc.src)); err != nil {
				t.Fatal(err)
			}
			res, err := a.Assemble()
			if err != nil {
				t.Fatal(err)
			}
			rep := validate.Check(res.Model, validate.WithEvents(res.Events))
			seen := map[string]bool{}
			for _, e := range rep.Events {
				base := e.ID
				for i := range base {
					if base[i] == '.' {
						base = base[:i]
						break
					}
				}
				seen[base] = true
			}
			for _, id := range tc.wantIDs {
				if !seen[id] {
					t.Errorf("no %s event among %v", id, ids(rep.Events))
				}
			}
			for _, id := range tc.noneOf {
				if seen[id] {
					t.Errorf("a %s event was reported: %v", id, ids(rep.Events))
				}
			}
			sorted := append([]model.Event(nil), rep.Events...)
			model.SortEvents(sorted)
			if !reflect.DeepEqual(sorted, rep.Events) {
				t.Errorf("events are not sorted: %v", ids(rep.Events))
			}
		})
	}
}

// TestDeterministic runs the validators many times on one model: the
// events must be the same each time, in the same order.
func TestDeterministic(t *testing.T) {
	first := check(t, manyProblems).Events
	if len(first) < 7 {
		t.Fatalf("only %d events", len(first))
	}
	for i := 0; i < 20; i++ {
		if got := check(t, manyProblems).Events; !reflect.DeepEqual(got, first) {
			t.Fatalf("run %d differs:\n%v\n%v", i, ids(got), ids(first))
		}
	}
}

func ids(events []model.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.ID
	}
	return out
}
