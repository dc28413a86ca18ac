package importer

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
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
	data, err := os.ReadFile(corpus(t, "mcp/schema-2025-11-25.json"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != mcpPin {
		t.Fatalf("the corpus schema has sha256 %s, not the pinned %s: move the pin (here and in scripts/import-mcp.sh) and regenerate", got, mcpPin)
	}
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
	res := importMCP(t)
	var diags strings.Builder
	for _, d := range res.Diagnostics {
		if d.Source == "mapping" {
			d.Source = "scripts/mcp-mapping.json"
		}
		diags.WriteString(d.String())
		diags.WriteByte('\n')
	}
	for _, f := range []struct {
		name string
		want []byte
	}{{"mcp.smithy", res.IDL}, {"import-diagnostics.txt", []byte(diags.String())}} {
		path := filepath.Join(mcpExample, f.name)
		if os.Getenv("UPDATE_GOLDEN") != "" {
			if err := os.WriteFile(path, f.want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.want) {
			t.Errorf("%s differs from the regenerated one: run scripts/import-mcp.sh (or UPDATE_GOLDEN=1 go test) and commit", path)
		}
	}
}
