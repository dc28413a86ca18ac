package idl_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
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
		{"LowerOnceApart", func(f *idl.File) error { _, _, _, err := f.LowerOnceApart(nil); return err }},
	}
	// LowerOnceApart gives LowerOnce's definitions apart, in order, and
	// the rest of its document, and spends the file as LowerOnce does.
	t.Run("apart", func(t *testing.T) {
		ref, err := idl.Parse("once.smithy", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		apart, err := idl.Parse("once.smithy", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		want, wantEvents, err := ref.LowerOnce(definedIn(ref))
		if err != nil {
			t.Fatal(err)
		}
		got, defs, gotEvents, err := apart.LowerOnceApart(definedIn(ref))
		if err != nil {
			t.Fatal(err)
		}
		if got.Shapes != nil || len(defs) != len(want.Shapes) || len(defs) != 8 {
			t.Fatalf("LowerOnceApart: %d shapes in the document, %d apart; want none and %d", len(got.Shapes), len(defs), len(want.Shapes))
		}
		for _, d := range defs {
			got.Shapes = append(got.Shapes, *d)
		}
		if !sameValue(reflect.ValueOf(got), reflect.ValueOf(want)) {
			t.Errorf("LowerOnceApart document differs:\n%s\nwant:\n%s", dump(got), dump(want))
		}
		if !reflect.DeepEqual(gotEvents, wantEvents) {
			t.Errorf("LowerOnceApart events = %v, want %v", gotEvents, wantEvents)
		}
		if _, _, _, err := apart.LowerOnceApart(nil); !errors.Is(err, idl.ErrConsumed) {
			t.Errorf("LowerOnceApart again: err = %v, want ErrConsumed", err)
		}
	})
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
			if !sameValue(reflect.ValueOf(got), reflect.ValueOf(want)) {
				t.Errorf("LowerOnce document differs:\n%s\nwant:\n%s", dump(got), dump(want))
			}
			if !reflect.DeepEqual(gotEvents, wantEvents) || len(wantEvents) == 0 {
				t.Errorf("LowerOnce events = %v, want %v (and at least the `use` warning)", gotEvents, wantEvents)
			}
			if len(declared) != 8 || once.Declared() != nil {
				t.Errorf("Declared before = %v (want 8 shapes, inline inputs included), after = %v (want nil)", declared, once.Declared())
			}
			if names := slices.Collect(once.DeclaredNames()); names != nil {
				t.Errorf("DeclaredNames after LowerOnce = %v, want none", names)
			}
			if err := tc.again(once); !errors.Is(err, idl.ErrConsumed) {
				t.Errorf("%s after LowerOnce: err = %v, want ErrConsumed", tc.name, err)
			}
			// The reference file is untouched by its own lowering.
			if again, err := ref.Lower(definedIn(ref)); err != nil || !sameValue(reflect.ValueOf(again), reflect.ValueOf(want)) {
				t.Errorf("a second Lower of a file differs (err %v)", err)
			}
		})
	}
}

var nodeType = reflect.TypeFor[node.Node]()

var memberDefType = reflect.TypeFor[model.MemberDef]()

// memberOf returns the MemberDef v holds.
func memberOf(v reflect.Value) *model.MemberDef {
	if v.CanAddr() {
		return v.Addr().Interface().(*model.MemberDef)
	}
	m := v.Interface().(model.MemberDef)
	return &m
}

// sameValue is reflect.DeepEqual with nodes compared as values
// (node.Equal and their positions): a node points to its text and
// children, which DeepEqual compares by address.
func sameValue(a, b reflect.Value) bool {
	if a.Type() != b.Type() {
		return false
	}
	if a.Type() == nodeType {
		x, y := a.Interface().(node.Node), b.Interface().(node.Node)
		return node.Equal(x, y) && samePositions(x, y)
	}
	if a.Type() == memberDefType {
		// A MemberDef's traits are behind unexported fields (their
		// list's first element and length): compared through Traits.
		x, y := memberOf(a), memberOf(b)
		return x.Name == y.Name && x.Target == y.Target && x.Pos == y.Pos && x.Elided() == y.Elided() &&
			sameValue(reflect.ValueOf(x.Traits()), reflect.ValueOf(y.Traits()))
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return sameValue(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if !sameValue(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Array:
		if a.Kind() == reflect.Slice && a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !sameValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			if v := b.MapIndex(k); !v.IsValid() || !sameValue(a.MapIndex(k), v) {
				return false
			}
		}
		return true
	case reflect.Func:
		return a.IsNil() && b.IsNil()
	}
	// Scalars: unexported fields are read through reflect, not Interface.
	switch a.Kind() {
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	}
	return false
}

// samePositions: x and y (Equal) have the same positions throughout.
func samePositions(x, y node.Node) bool {
	if x.Pos() != y.Pos() {
		return false
	}
	for i, e := range x.Elems() {
		if !samePositions(e, y.Elems()[i]) {
			return false
		}
	}
	for i, f := range x.Fields() {
		if f.KeyPos != y.Fields()[i].KeyPos || !samePositions(f.Value, y.Fields()[i].Value) {
			return false
		}
	}
	return true
}
