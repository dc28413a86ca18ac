package smithyvalidate_test

import (
	"testing"

	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// plainView hides every optional accessor of a view: ScalarText must
// fall back to Kind and Scalar.
type plainView struct{ v sv.ValueView }

func (p plainView) Kind() sv.Kind           { return p.v.Kind() }
func (p plainView) Pos() node.Pos           { return p.v.Pos() }
func (p plainView) Annotations() []string   { return p.v.Annotations() }
func (p plainView) Scalar() sv.Scalar       { return p.v.Scalar() }
func (p plainView) Len() int                { return p.v.Len() }
func (p plainView) Elem(i int) sv.ValueView { return plainView{p.v.Elem(i)} }
func (p plainView) Field(i int) sv.Field {
	f := p.v.Field(i)
	f.Value = plainView{f.Value}
	return f
}

func TestScalarText(t *testing.T) {
	const text = `{"s":"a\"b","i":-12,"d":1.5e3,"n":null,"b":true,"l":[1],"o":{}}`
	var tape node.Tape
	if err := tape.Read(text, limits.Default()); err != nil {
		t.Fatal(err)
	}
	tree, err := node.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name string
		kind sv.Kind
		text string
	}{
		{"s", sv.KindString, `a"b`},
		{"i", sv.KindInteger, "-12"},
		{"d", sv.KindDecimal, "1.5e3"},
		{"n", sv.KindNull, ""},
		{"b", sv.KindBool, ""},
		{"l", sv.KindList, ""},
		{"o", sv.KindObject, ""},
	}
	views := map[string]sv.ValueView{
		"tape":  sv.TapeView(&tape),
		"node":  sv.NodeView(&tree),
		"plain": plainView{sv.TapeView(&tape)},
	}
	for vname, obj := range views {
		t.Run(vname, func(t *testing.T) {
			if obj.Len() != len(want) {
				t.Fatalf("Len() = %d, want %d", obj.Len(), len(want))
			}
			for i, w := range want {
				f := obj.Field(i)
				if f.Name != w.name {
					t.Fatalf("field %d is %q, want %q", i, f.Name, w.name)
				}
				k, s := sv.ScalarText(f.Value)
				if k != w.kind || s != w.text {
					t.Errorf("ScalarText(%s) = %v %q, want %v %q", w.name, k, s, w.kind, w.text)
				}
			}
		})
	}
}
