package importer

import (
	"path/filepath"
	"testing"
)

// lspPin is the sha256 of the LSP 3.18.0 meta model that examples/lsp is
// generated from (scripts/import-lsp.sh pins the same and says why 3.18).
const lspPin = "35ebcc0b607eeda105dd092c990182eb338852d82130053d3a27499ff34c89a2"

// TestLSPExampleIsCurrent: the committed examples/lsp model and its
// diagnostics are exactly what scripts/import-lsp.sh writes from the
// pinned meta model (UPDATE_GOLDEN=1 rewrites them, as the script does).
func TestLSPExampleIsCurrent(t *testing.T) {
	data := readPinned(t, "lsp/metaModel.json", lspPin, "meta model", "scripts/import-lsp.sh")
	res, err := LSP(data, Options{Namespace: "org.lsp", Service: "LanguageServer"})
	if err != nil {
		t.Fatal(err)
	}
	checkExampleIsCurrent(t, filepath.Join("..", "..", "examples", "lsp"), "lsp.smithy", "scripts/import-lsp.sh", res, nil)
}
