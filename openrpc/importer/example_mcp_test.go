package importer

import (
	"os"
	"path/filepath"
	"testing"
)

// mcpPin is the sha256 of the MCP schema (2025-11-25) that examples/mcp
// is generated from (scripts/import-mcp.sh pins the same).
const mcpPin = "268a5f82ba70fd7e4b6dc4aa1e64f116f74b4d0edcb69dc046829c79dd4e97e7"

var mcpExample = filepath.Join("..", "..", "examples", "mcp")

// importMCP imports the corpus schema with the committed mapping, as
// scripts/import-mcp.sh does.
func importMCP(t *testing.T) *Result {
	t.Helper()
	data := readPinned(t, "mcp/schema-2025-11-25.json", mcpPin, "schema", "scripts/import-mcp.sh")
	mapping, err := os.ReadFile(filepath.Join("..", "..", "scripts", "mcp-mapping.json"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := MCP(data, Options{Namespace: "io.modelcontextprotocol", Mapping: mapping})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestMCPExampleIsCurrent: the committed examples/mcp model and its
// diagnostics are exactly what scripts/import-mcp.sh writes from the
// pinned schema and scripts/mcp-mapping.json (UPDATE_GOLDEN=1 rewrites
// them, as the script does).
func TestMCPExampleIsCurrent(t *testing.T) {
	checkExampleIsCurrent(t, mcpExample, "mcp.smithy", "scripts/import-mcp.sh", importMCP(t), func(d Diagnostic) Diagnostic {
		if d.Source == "mapping" {
			d.Source = "scripts/mcp-mapping.json"
		}
		return d
	})
}
