package idl_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/shapeid"
)

// generateModel writes an IDL file of n root shapes: structures with
// documented members, traits and defaults, string shapes with patterns,
// enums, and operations with targets and inline input.
func generateModel(n int) []byte {
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
			fmt.Fprintf(&b, "@http(method: \"POST\", uri: \"/op/%d\")\noperation Op%d {\n    input := {\n        @required\n        s: S%d\n    }\n    output: S%d\n    errors: [Err]\n}\n\n", i, i, i-3, i-3)
		}
	}
	b.WriteString("@error(\"client\")\nstructure Err {\n    message: String\n}\n")
	return []byte(b.String())
}

var benchPrelude = map[string]bool{
	"String": true, "Integer": true, "Boolean": true, "Double": true, "Unit": true,
	"tags": true, "required": true, "length": true, "range": true, "pattern": true,
	"http": true, "error": true, "documentation": true, "default": true, "enumValue": true,
	"input": true, "output": true,
}

func BenchmarkParseLower(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		src := generateModel(n)
		b.Run(fmt.Sprintf("shapes=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			start := time.Now()
			iterations := 0
			for b.Loop() {
				iterations++
				f, err := idl.Parse("bench.smithy", src)
				if err != nil {
					b.Fatal(err)
				}
				declared := f.Declared()
				ids := make(map[shapeid.ID]bool, len(declared))
				for _, id := range declared {
					ids[id] = true
				}
				if _, err := f.Lower(func(id shapeid.ID) bool {
					return ids[id] || id.Namespace == shapeid.Prelude && benchPrelude[id.Name]
				}); err != nil {
					b.Fatal(err)
				}
			}
			elapsed := time.Since(start)
			runtime.ReadMemStats(&ms1)
			shapes := float64(iterations * n)
			b.ReportMetric(float64(elapsed.Nanoseconds())/shapes, "ns/shape")
			b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/shapes, "allocs/shape")
		})
	}
}

func TestGeneratedModelLoads(t *testing.T) {
	f, err := idl.Parse("bench.smithy", generateModel(100))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(f.Declared()); got != 100+25+1 { // shapes, inline inputs, Err
		t.Errorf("declared %d shapes", got)
	}
	if _, err := f.Lower(nil); err != nil {
		t.Fatal(err)
	}
}
