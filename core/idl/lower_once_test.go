package idl_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/smithy-validation/go/core/idl"
)

// TestLowerOnce checks that LowerOnce gives the document and events of
// LowerWithEvents, and that the file is spent afterwards.
func TestLowerOnce(t *testing.T) {
	src := `$version: "2"
metadata tags = [Name]
namespace ex
use ex.other#Missing

@documentation("a service")
service Svc { version: "1", operations: [Op], resources: [Res] }
operation Op {
    input := {
        @required
        name: String
    }
    output: Out
    errors: [Oops]
}
structure Out {
    value: Integer = 1
}
@error("client")
structure Oops {}
resource Res { identifiers: { id: String }, read: Get }
@readonly
operation Get {
    input := for Res {
        @required
        $id
    }
}
apply Out$value @documentation("applied")
`
	cases := []struct {
		name  string
		again func(f *idl.File) error
	}{
		{"Lower", func(f *idl.File) error { _, err := f.Lower(nil); return err }},
		{"LowerWithEvents", func(f *idl.File) error { _, _, err := f.LowerWithEvents(nil); return err }},
		{"LowerOnce", func(f *idl.File) error { _, _, err := f.LowerOnce(nil); return err }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ref, err := idl.Parse("once.smithy", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			once, err := idl.Parse("once.smithy", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			declared := once.Declared()
			want, wantEvents, err := ref.LowerWithEvents(definedIn(ref))
			if err != nil {
				t.Fatal(err)
			}
			got, gotEvents, err := once.LowerOnce(definedIn(ref))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("LowerOnce document differs:\n%s\nwant:\n%s", dump(got), dump(want))
			}
			if !reflect.DeepEqual(gotEvents, wantEvents) || len(wantEvents) == 0 {
				t.Errorf("LowerOnce events = %v, want %v (and at least the `use` warning)", gotEvents, wantEvents)
			}
			if len(declared) != 8 || once.Declared() != nil {
				t.Errorf("Declared before = %v (want 8 shapes, inline inputs included), after = %v (want nil)", declared, once.Declared())
			}
			if err := tc.again(once); !errors.Is(err, idl.ErrConsumed) {
				t.Errorf("%s after LowerOnce: err = %v, want ErrConsumed", tc.name, err)
			}
			// The reference file is untouched by its own lowering.
			if again, err := ref.Lower(definedIn(ref)); err != nil || !reflect.DeepEqual(again, want) {
				t.Errorf("a second Lower of a file differs (err %v)", err)
			}
		})
	}
}
