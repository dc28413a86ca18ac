package load

import (
	"os"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
)

// BenchmarkLoadMCP is what `smithy validate-rpc --service
// 'io.modelcontextprotocol#Mcp' ... examples/mcp/mcp.smithy` does before
// its first message: examples/mcp/mcp.smithy assembled with the prelude,
// the smithy.rpc and alloy trait definitions, then the service prepared
// (rpc.Prepare). The file is read once, outside the loop (reading sources
// is not this benchmark's). Allocations do not move with the machine's
// load; compare times only against a reference measured in the same run:
//
//	go test -run '^$' -bench LoadMCP -benchmem ./cli/load
func BenchmarkLoadMCP(b *testing.B) {
	data, err := os.ReadFile("../../examples/mcp/mcp.smithy")
	if err != nil {
		b.Fatal(err)
	}
	files := []File{{Name: "../../examples/mcp/mcp.smithy", Data: data}}
	svc := shapeid.MustParse("io.modelcontextprotocol#Mcp")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		lm := assemble(files)
		if lm.err != nil || lm.Res.HasErrors() {
			b.Fatalf("the model does not assemble: %v %v", lm.err, lm.Res.Events)
		}
		if _, err := lm.Service(svc, 0); err != nil {
			b.Fatal(err)
		}
	}
}
