package assembly_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/internal/testmodel"
	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
)

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
		idlSrc := testmodel.Generate(n)
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
	src := testmodel.Generate(100)
	// 100 generated shapes, the error structure, 25 inline inputs, and the
	// prelude's shapes.
	if got := assembleOne(t, "bench.smithy", src); got < 126 {
		t.Fatalf("the generated model has %d shapes, want at least 126", got)
	}
}
