package rpc

import (
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
)

// BenchmarkPrepareMCP prepares the MCP service of examples/mcp (its 29
// methods' params and results and its error mappings) on a model
// assembled once: the preparation every `smithy validate-rpc` and
// `smithy proxy` run pays before its first message. Its allocations are
// the figure to compare (they do not move with the machine's load):
//
//	go test -run '^$' -bench PrepareMCP -benchmem ./rpc
func BenchmarkPrepareMCP(b *testing.B) {
	m := mcpService(b).model
	svc := shapeid.MustParse("io.modelcontextprotocol#Mcp")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Prepare(m, svc); err != nil {
			b.Fatal(err)
		}
	}
}
