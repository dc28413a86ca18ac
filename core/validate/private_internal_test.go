package validate

import (
	"testing"

	"github.com/smithy-validation/go/core/assembly"
)

// TestPrivateAccessWithoutReferrers: PrivateAccess finds the relationships
// that target private shapes without the reverse index (referrersOf),
// which on a large model that nothing else asks referrers of was the
// largest thing alive at the end of the validators (docs/performance.md,
// "Where a model's bytes go", eighth round); and it reports them, a
// shape referring to two private shapes in the order of the private
// shapes' IDs.
func TestPrivateAccessWithoutReferrers(t *testing.T) {
	a := assembly.New()
	if err := a.AddSource("other.smithy", []byte("$version: \"2\"\nnamespace other\n@private\nstring Zeta\n@private\nstring Alpha\n")); err != nil {
		t.Fatal(err)
	}
	if err := a.AddSource("ns.smithy", []byte("$version: \"2\"\nnamespace ns\nuse other#Zeta\nuse other#Alpha\nstructure S {\n    z: Zeta\n    a: Alpha\n}\n")); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.Model == nil {
		t.Fatalf("assemble: %v %v", err, res)
	}
	m := res.Model
	defer useIndex(m)()
	events := privateAccess(m)
	if x := indexOf(m); x.refs != nil || x.refsAt != nil {
		t.Errorf("PrivateAccess built the reverse index (%d referrers)", len(x.refs))
	}
	var got []string
	for _, e := range events {
		got = append(got, e.Shape.String()+": "+e.Message)
	}
	want := []string{
		"ns#S$a: This shape has an invalid member_target relationship that targets a private shape, `other#Alpha`, in another namespace.",
		"ns#S$z: This shape has an invalid member_target relationship that targets a private shape, `other#Zeta`, in another namespace.",
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("events:\n%q\nwant:\n%q", got, want)
	}
}
