package assembly_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
)

// benchModel writes an IDL model of n root shapes: documented structures
// with constrained members and defaults, patterned strings, enums, and
// operations with inline input, output and errors.
func benchModel(n int) []byte {
	var b strings.Builder
	b.WriteString("$version: \"2\"\nnamespace bench.example\n\n")
	for i := 0; i < n; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "/// Structure %d.\n@tags([\"a\", \"b\"])\nstructure S%d {\n", i, i)
			fmt.Fprintf(&b, "    /// The identifier.\n    @required\n    @length(min: 1, max: 64)\n    id: Str%d\n", i+1)
			b.WriteString("    count: Integer = 0\n    flag: Boolean\n    @range(min: -1.5, max: 1e3)\n    ratio: Double\n}\n\n")
		case 1:
			fmt.Fprintf(&b, "@pattern(\"^[a-z]+$\")\nstring Str%d\n\n", i)
		case 2:
			fmt.Fprintf(&b, "enum E%d {\n    A = \"a\"\n    B = \"b\"\n    C\n}\n\n", i)
		case 3:
			fmt.Fprintf(&b, "operation Op%d {\n    input := {\n        @required\n        s: S%d\n    }\n    output: S%d\n    errors: [Err]\n}\n\n", i, i-3, i-3)
		}
	}
	b.WriteString("@error(\"client\")\nstructure Err {\n    message: String\n}\n")
	return []byte(b.String())
}

func assembleOne(tb testing.TB, name string, src []byte) int {
	a := assembly.New(assembly.NodeOptions(node.MaxSize(1 << 30)))
	if err := a.AddSource(name, src); err != nil {
		tb.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		tb.Fatalf("assemble: %v %v", err, res.Events)
	}
	return res.Model.Len()
}

// BenchmarkAssemble loads generated models of 1k, 10k and 100k shapes from
// the IDL and from the JSON AST (parse, lower, merge with the prelude,
// build the model, check references) and reports the cost per shape: it
// stays flat as the model grows, so loading is linear.
//
//	cd core && go test ./assembly -run '^$' -bench Assemble -benchmem
func BenchmarkAssemble(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		idlSrc := benchModel(n)
		jsonSrc := jsonast.Encode(func() *model.Model {
			a := assembly.New()
			a.AddSource("bench.smithy", idlSrc)
			res, _ := a.Assemble()
			return res.Model
		}())
		for _, in := range []struct {
			format, name string
			src          []byte
		}{{"idl", "bench.smithy", idlSrc}, {"json", "bench.json", jsonSrc}} {
			b.Run(fmt.Sprintf("%s/shapes=%d", in.format, n), func(b *testing.B) {
				b.SetBytes(int64(len(in.src)))
				var ms0, ms1 runtime.MemStats
				runtime.ReadMemStats(&ms0)
				start := time.Now()
				iterations := 0
				for b.Loop() {
					iterations++
					assembleOne(b, in.name, in.src)
				}
				elapsed := time.Since(start)
				runtime.ReadMemStats(&ms1)
				shapes := float64(iterations * n)
				b.ReportMetric(float64(elapsed.Nanoseconds())/shapes, "ns/shape")
				b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/shapes, "allocs/shape")
			})
		}
	}
}

func TestBenchModelLoads(t *testing.T) {
	src := benchModel(100)
	// 100 generated shapes, the error structure, 25 inline inputs, and the
	// prelude's shapes.
	if got := assembleOne(t, "bench.smithy", src); got < 126 {
		t.Fatalf("the generated model has %d shapes, want at least 126", got)
	}
}
