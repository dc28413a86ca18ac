package smithyvalidate_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// A valid value costs a constant number of allocations, whatever its size:
// none for ValidateJSON (the one-pass check needs no collector), none for
// Check into an existing collector, for the direct reader and for
// core/node trees alike.
func TestAllocationsPerValue(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	m := loadModel(t, rulesModel)
	v := mustPrepare(t, m, "t#S")
	item := `{"a":"x","b":1,"c":"y","d":110,"e":12,"f":0,"nested":{"a":"z"}}`
	for _, n := range []int{1, 10, 1000} {
		text := `{"a":"root","items":[` + strings.TrimSuffix(strings.Repeat(item+",", n), ",") + `]}`
		data := []byte(text)
		if r := validateJSON(t, v, text); !r.Valid {
			t.Fatal(r.Text())
		}
		if got := testing.AllocsPerRun(10, func() { _, _ = v.ValidateJSON(data) }); got != 0 {
			t.Errorf("%d items: ValidateJSON allocates %v times, want 0", n, got)
		}
		tree, err := node.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		c := v.NewCollector()
		if got := testing.AllocsPerRun(10, func() { _ = v.Check(c, sv.Root(), sv.NodeView(&tree)) }); got != 0 {
			t.Errorf("%d items: Check on a node tree allocates %v times, want 0", n, got)
		}
	}
}
