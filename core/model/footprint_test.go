package model_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/internal/testmodel"
	"github.com/smithy-validation/go/core/jsonast"
)

// TestFootprint: the model's own estimate of the memory it holds is at or
// above the heap that assembling it retains (measured after GC, the
// source read before the measure starts) and within twice it, for an IDL
// model, the same model as a JSON AST, mixins, and trait-heavy shapes.
func TestFootprint(t *testing.T) {
	if testing.Short() {
		t.Skip("assembles models of thousands of shapes")
	}
	idl := testmodel.Generate(4000)
	a := assembly.New()
	a.AddSource("gen.smithy", idl)
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatalf("the generated model does not assemble: %v %v", err, res.Events)
	}
	asJSON := jsonast.Encode(res.Model)
	var mixins, traits strings.Builder
	mixins.WriteString("$version: \"2\"\nnamespace mx\n@mixin\nstructure Base { a: String, b: Integer, @required c: String }\n")
	traits.WriteString("$version: \"2\"\nnamespace tr\n")
	for i := range 3000 {
		fmt.Fprintf(&mixins, "structure S%d with [Base] { own%d: String, @documentation(\"x\") a: String }\n", i, i)
		fmt.Fprintf(&traits, "/// Documentation of T%d, long enough to be a real sentence of a model.\n@length(min: 1, max: %d)\n@pattern(\"^[a-z]+%d$\")\n@tags([\"a\", \"b\", \"c\"])\nstring T%d\n", i, i+2, i, i)
	}
	for _, tc := range []struct {
		name, file string
		src        []byte
	}{
		{"idl", "gen.smithy", idl},
		{"json", "gen.json", asJSON},
		{"mixins", "mx.smithy", []byte(mixins.String())},
		{"traits", "tr.smithy", []byte(traits.String())},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h0 := testmodel.LiveHeap()
			a := assembly.New()
			if err := a.AddSource(tc.file, tc.src); err != nil {
				t.Fatal(err)
			}
			res, err := a.Assemble()
			if err != nil || res.HasErrors() {
				t.Fatalf("does not assemble: %v %v", err, res.Events)
			}
			a = nil
			held := testmodel.LiveHeap() - h0
			est := res.Model.Footprint()
			if strings.HasSuffix(tc.file, ".json") {
				// core/node keeps its own copy of a JSON text, which the
				// estimate leaves to the caller (see Footprint).
				est += int64(len(tc.src))
			}
			runtime.KeepAlive(res)
			t.Logf("%s: %d bytes of source, %d shapes; %d bytes held, footprint %d (%.2fx)", tc.name, len(tc.src), res.Model.NumShapes(), held, est, float64(est)/float64(held))
			if est < held || est > 2*held {
				t.Errorf("%s: footprint %d is not within 1-2 times the %d bytes the model holds", tc.name, est, held)
			}
		})
	}
}

// A model's footprint grows with what it defines: a one-structure model
// holds the prelude's shapes, a model of a thousand generated shapes
// several megabytes.
func ExampleModel_Footprint() {
	a := assembly.New()
	a.AddSource("m.smithy", []byte("$version: \"2\"\nnamespace ex\nstructure A { b: String }\n"))
	res, _ := a.Assemble()
	small := res.Model.Footprint()
	a = assembly.New()
	a.AddSource("m.smithy", testmodel.Generate(1000))
	res, _ = a.Assemble()
	large := res.Model.Footprint()
	fmt.Println(small < 1<<20, large > 1<<20)
	// Output: true true
}
