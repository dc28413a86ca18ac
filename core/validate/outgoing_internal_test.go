package validate

import (
	"runtime"
	"slices"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/internal/testmodel"
	"github.com/smithy-validation/go/core/model"
)

func assembleForTest(t *testing.T, files map[string]string) *model.Model {
	t.Helper()
	a := assembly.New()
	for name, src := range files {
		if err := a.AddSource(name, []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	res, err := a.Assemble()
	if err != nil || res.Model == nil {
		t.Fatalf("assemble: %v %v", err, res)
	}
	return res.Model
}

// TestAppendOutgoingAsReferences: appendOutgoing, which reads members and
// shapes with members and no mixins without the model's callbacks, lists
// exactly what references lists for every shape of models with every
// kind of relationship (mixins, maps, enums, intEnums, unions, services,
// resources, operations, members of mixins, targets of other files).
func TestAppendOutgoingAsReferences(t *testing.T) {
	models := map[string]map[string]string{
		"generated": {"gen.smithy": string(testmodel.Generate(200))},
		"every kind": {"a.smithy": `$version: "2"
namespace ex

service Svc {
    version: "1"
    operations: [Get]
    resources: [Res]
    errors: [Oops]
}

resource Res {
    identifiers: {id: String}
    properties: {name: String}
    read: Get
    list: ListRes
    operations: [Other]
    collectionOperations: [Coll]
    resources: [Child]
}

resource Child {
    identifiers: {id: String, cid: String}
}

@readonly
operation Get {
    input := {
        @required
        id: String
        name: String
    }
    output := {
        name: String
    }
}

@readonly
operation ListRes {
    output: Unit
}

operation Other {
    input := {
        @required
        id: String
    }
}

operation Coll {}

@error("client")
structure Oops {
    message: String
}

@mixin
structure Base {
    base: String
}

structure WithMixin with [Base] {
    own: Integer
}

structure Empty {}

union U {
    a: String
    b: Unit
}

list L {
    member: WithMixin
}

map M {
    key: String
    value: L
}

enum E {
    A
    B = "b"
}

intEnum I {
    ONE = 1
    TWO = 2
}

@mixin
string MixedString

string FromMixin with [MixedString]

structure Far {
    other: other#Thing
}

document Doc
`, "b.smithy": `$version: "2"
namespace other

structure Thing {
    back: ex#Far
}
`},
	}
	for name, files := range models {
		m := assembleForTest(t, files)
		n := 0
		var buf []reference
		for s := range eachShape(m) {
			if s.Ordinal() != n {
				t.Fatalf("%s: %s has ordinal %d, the walk is at %d", name, s.ID(), s.Ordinal(), n)
			}
			n++
			want := references(s)
			buf = appendOutgoing(buf[:0], s)
			if !slices.Equal(buf, want) {
				t.Errorf("%s: %s: appendOutgoing %v, references %v", name, s.ID(), buf, want)
			}
			x := &index{m: m}
			var tgt *model.Shape
			for _, r := range want {
				tgt = r.target
			}
			if got := x.memberTarget(s); s.Type() == model.MemberType && got != tgt || s.Type() != model.MemberType && got != nil {
				t.Errorf("%s: %s: memberTarget %v, want %v", name, s.ID(), got, tgt)
			}
		}
		if n != m.NumShapes() {
			t.Errorf("%s: eachShape gave %d shapes of %d", name, n, m.NumShapes())
		}
	}
}

// TestValidatorsLiveHeap: on a chain of structures, the most the built-in
// validators keep alive between them (the shared index, what a validator
// leaves to the next) stays small beside the model they check. The
// relationships of every shape kept in the index and the list of every
// shape (docs/performance.md, "Where a model's bytes go", ninth round)
// were 1.21 times the model on the chain of 100,000 structures (the
// largest live heap of `smithy validate`); without them 1.02. The test
// fails above 1.1.
func TestValidatorsLiveHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("assembles a model of 60,000 shapes")
	}
	h0 := testmodel.LiveHeap()
	m := assembleForTest(t, map[string]string{"chain.smithy": string(testmodel.Chain(20000))})
	kept := testmodel.LiveHeap() - h0
	if kept < 20000*300 {
		t.Fatalf("the measure is broken: the model %d bytes for 20,000 structures", kept)
	}
	release := useIndex(m)
	var most int64
	mostAt := ""
	for _, v := range Validators() {
		if events := v.Check(m); hasError(events, nil) {
			t.Fatalf("%s: %v", v.Name, events)
		}
		if h := testmodel.LiveHeap() - h0; h > most {
			most, mostAt = h, v.Name
		}
	}
	release()
	runtime.KeepAlive(m)
	r := float64(most) / float64(kept)
	t.Logf("the model %d bytes; the most live between validators %d (after %s): %.2f times", kept, most, mostAt, r)
	if r > 1.1 {
		t.Errorf("the validators kept %.2f times the model alive (%d of %d bytes, after %s): at most 1.1", r, most, kept, mostAt)
	}
}
