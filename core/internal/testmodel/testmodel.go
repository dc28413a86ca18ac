// Package testmodel generates Smithy IDL models of any size for the
// loaders' benchmarks and memory tests, and measures the live heap for
// the latter ([LiveHeap]).
package testmodel

import (
	"fmt"
	"runtime"
	"strings"
)

// LiveHeap is the heap in use after collecting garbage (twice, so that
// what the first collection's sweep freed is not counted): the memory
// tests' measure, a difference of two calls in one run.
func LiveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// Generate writes an IDL model of n root shapes: documented structures
// with constrained members and defaults, patterned strings, enums, and
// operations with inline input, output and errors.
func Generate(n int) []byte {
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

// Chain writes the worst shape of model for memory per byte of source: n
// small structures, each with a member that targets the next and a
// string member (about 56 bytes of IDL a structure, three shapes each).
// docs/performance.md's goal-4 table measures it at n = 100,000.
func Chain(n int) []byte {
	var b strings.Builder
	b.WriteString("$version: \"2\"\nnamespace example.chain\n\n")
	for i := 0; i < n; i++ {
		next := "String"
		if i+1 < n {
			next = fmt.Sprintf("S%d", i+1)
		}
		fmt.Fprintf(&b, "structure S%d {\n    next: %s\n    name: String\n}\n\n", i, next)
	}
	return []byte(b.String())
}
