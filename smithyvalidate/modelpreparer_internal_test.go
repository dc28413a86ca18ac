package smithyvalidate

import (
	"reflect"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
)

// TestModelPreparerIsPrepare prepares shapes of one model in turn with a
// modelPreparer, whose plans are shared, and each alone with Prepare: the
// validators and errors must be the same, before, at and after the first
// shape with a problem (from which the preparer no longer shares).
func TestModelPreparerIsPrepare(t *testing.T) {
	src := `$version: "2"
namespace t
structure A {
    @required id: Id
    next: B
    tags: Tags
    @range(min: 1) n: Integer = 1
}
structure B { a: A, @length(max: 3) id: Id }
@pattern("^[a-z]+$") @length(min: 1) string Id
list Tags { member: Id }
map M { key: String, value: A }
union U { a: A, s: String }
structure Bad { @range(min: "x") n: Integer, id: Id }
structure C { m: M, u: U }
`
	a := assembly.New()
	if err := a.AddSource("t.smithy", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.Model == nil {
		t.Fatalf("assemble: %v %v", err, res.Events)
	}
	m := res.Model
	opts := []Option{BlobsAsText(true), RejectNullMembers(true)}
	ids := []string{"t#A", "t#B$a", "t#Tags", "t#A$n", "t#U", "t#Bad", "t#Bad$id", "t#C", "t#Id", "t#Missing", "t#M"}
	mp := newModelPreparer(m, opts)
	problems := 0
	for _, s := range ids {
		id := shapeid.MustParse(s)
		got, gotErr := mp.prepare(id)
		want, wantErr := Prepare(m, id, opts...)
		if wantErr != nil {
			problems++
		}
		if !reflect.DeepEqual(gotErr, wantErr) {
			t.Errorf("%s: error %v, Prepare's %v", s, gotErr, wantErr)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the validator differs from Prepare's", s)
		}
		if s == "t#A" && mp.p == nil {
			t.Errorf("the preparer stopped sharing before a problem")
		}
	}
	if problems != 2 {
		t.Errorf("%d shapes with problems, want t#Bad and t#Missing", problems)
	}
	if mp.p != nil {
		t.Errorf("the preparer still shares plans after a problem")
	}
}
