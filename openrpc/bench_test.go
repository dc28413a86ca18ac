package openrpc_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
)

// bigService returns a model whose service has n operations, each with
// its own input and output structures sharing one nested structure.
func bigService(b *testing.B, n int) *model.Model {
	var s strings.Builder
	s.WriteString(head + "\n@jsonRpc(versions: [\"2.0\"])\nservice Big { version: \"1\", operations: [")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&s, "Op%d ", i)
	}
	s.WriteString("] }\nstructure Shared { @required id: String, @range(min: 0) count: Integer }\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&s, `@method(name: "op%d", params: "either", positional: ["a", "b"], resultMember: "r")
operation Op%d { input := { @required a: Shared, b: String }, output := { @required r: Shared } }
`, i, i)
	}
	return assemble(b, map[string]string{"big.smithy": s.String()})
}

// BenchmarkConvert exports services of 1,000 and 10,000 operations
// (metaschema check included); ns/op divided by operations ("ns/operation")
// stays flat when export is linear. Run both in one invocation and compare
// the two: go test -bench Convert -benchtime 3x.
func BenchmarkConvert(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		m := bigService(b, n)
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) {
			var size int
			for i := 0; i < b.N; i++ {
				res, err := openrpc.Convert(m, shapeid.MustParse("example#Big"), openrpc.Config{})
				if err != nil {
					b.Fatal(err)
				}
				size = len(res.JSON)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/operation")
			b.ReportMetric(float64(size)/float64(n), "bytes/operation")
		})
	}
}
