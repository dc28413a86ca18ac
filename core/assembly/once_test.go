package assembly_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// onceFiles are IDL and JSON AST files, a fallback file among them, with
// operations (whose Unit input and output assembly fills in), a resource
// and an elided member: what Once changes how assembly holds.
var onceFiles = []struct {
	name, text string
	fallback   bool
}{
	{"a.smithy", `$version: "2"
namespace ex
service Svc { version: "1", operations: [Op, Ping], resources: [Res] }
operation Op {
    input := {
        @required
        name: String
    }
    output: Out
}
operation Ping {}
resource Res {
    identifiers: { id: String }
    read: Get
}
@readonly
operation Get {
    input := for Res {
        @required
        $id
    }
}
`, false},
	{"b.json", `{"smithy": "2.0", "shapes": {
    "ex#Out": {"type": "structure", "members": {"v": {"target": "smithy.api#Integer"}}},
    "ex#Noop": {"type": "operation"}
}}`, false},
	{"c.smithy", `$version: "2"
namespace ex
@trait
structure shipped {}
`, true},
}

func onceAssemble(t *testing.T, opts ...assembly.Option) (*assembly.Assembler, *assembly.Result) {
	t.Helper()
	a := assembly.New(opts...)
	for _, f := range onceFiles {
		add := a.AddSource
		if f.fallback {
			add = a.AddFallbackSource
		}
		if err := add(f.name, []byte(f.text)); err != nil {
			t.Fatalf("add %s: %v", f.name, err)
		}
	}
	res, err := a.Assemble()
	if err != nil || res.Model == nil || res.HasErrors() {
		t.Fatalf("Assemble: %v %v", err, res)
	}
	return a, res
}

// TestOnce checks that an assembler made with Once builds the model the
// default assembler builds, with the same events, and refuses to be used
// again.
func TestOnce(t *testing.T) {
	_, want := onceAssemble(t)
	cases := []struct {
		name string
		use  func(a *assembly.Assembler) error
	}{
		{"Assemble", func(a *assembly.Assembler) error { _, err := a.Assemble(); return err }},
		{"AddSource", func(a *assembly.Assembler) error { return a.AddSource("d.smithy", []byte("$version: \"2\"\n")) }},
		{"AddFallbackSource", func(a *assembly.Assembler) error { return a.AddFallbackSource("d.json", []byte(`{"smithy": "2.0"}`)) }},
		{"AddDocument then Assemble", func(a *assembly.Assembler) error {
			a.AddDocument(&model.Document{Version: "2.0"})
			_, err := a.Assemble()
			return err
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, got := onceAssemble(t, assembly.Once(true))
			if g, w := jsonast.Encode(got.Model), jsonast.Encode(want.Model); !bytes.Equal(g, w) {
				t.Errorf("the model differs with Once:\n%s\nwant:\n%s", g, w)
			}
			if len(got.Events) != len(want.Events) {
				t.Errorf("events with Once = %v, want %v", got.Events, want.Events)
			}
			if err := tc.use(a); !errors.Is(err, assembly.ErrAssembled) {
				t.Errorf("%s after Assemble: err = %v, want ErrAssembled", tc.name, err)
			}
		})
	}
	// Off, the default: an assembler assembles again, to the same model.
	a, first := onceAssemble(t, assembly.Once(true), assembly.Once(false))
	again, err := a.Assemble()
	if err != nil || !bytes.Equal(jsonast.Encode(again.Model), jsonast.Encode(first.Model)) {
		t.Errorf("a second Assemble without Once: err %v, or a different model", err)
	}
}

// TestCallersDocumentUnchanged checks that assembly, which gives an
// operation without input or output smithy.api#Unit, leaves the
// document given to AddDocument as it was (its properties are behind a
// pointer that the assembly's copy must not share).
func TestCallersDocumentUnchanged(t *testing.T) {
	op := shapeid.MustParse("ex#Op")
	svc := shapeid.MustParse("ex#Svc")
	doc := &model.Document{Version: "2.0", Shapes: []model.ShapeDef{
		withEntity(model.ShapeDef{ID: op, Type: model.OperationType}, &model.EntityDef{Errors: nil}),
		withEntity(model.ShapeDef{ID: svc, Type: model.ServiceType}, &model.EntityDef{Version: "1", Operations: []shapeid.ID{op}}),
	}}
	for _, once := range []bool{false, true} {
		a := assembly.New(assembly.Once(once))
		a.AddDocument(doc)
		res, err := a.Assemble()
		if err != nil || res.Model == nil {
			t.Fatalf("Once(%v): Assemble: %v %v", once, err, res)
		}
		s, _ := res.Model.Shape(op)
		if s.Input() != shapeid.MustParse("smithy.api#Unit") {
			t.Errorf("Once(%v): the operation's input is %v, want smithy.api#Unit", once, s.Input())
		}
		if e := doc.Shapes[0].Entity(); !e.Input.IsZero() || !e.Output.IsZero() {
			t.Errorf("Once(%v): assembly changed the caller's document: input %v output %v", once, e.Input, e.Output)
		}
	}
}
