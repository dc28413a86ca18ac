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

// lspPin is the sha256 of the LSP 3.18.0 meta model that examples/lsp is
// generated from (scripts/import-lsp.sh pins the same and says why 3.18).
const lspPin = "35ebcc0b607eeda105dd092c990182eb338852d82130053d3a27499ff34c89a2"

// TestLSPExampleIsCurrent: the committed examples/lsp model and its
// diagnostics are exactly what scripts/import-lsp.sh writes from the
// pinned meta model (UPDATE_GOLDEN=1 rewrites them, as the script does).
func TestLSPExampleIsCurrent(t *testing.T) {
	data, err := os.ReadFile(corpus(t, "lsp/metaModel.json"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != lspPin {
		t.Fatalf("the corpus meta model has sha256 %s, not the pinned %s: move the pin (here and in scripts/import-lsp.sh) and regenerate", got, lspPin)
	}
	res, err := LSP(data, Options{Namespace: "org.lsp", Service: "LanguageServer"})
	if err != nil {
		t.Fatal(err)
	}
	var diags strings.Builder
	for _, d := range res.Diagnostics {
		diags.WriteString(d.String())
		diags.WriteByte('\n')
	}
	for _, f := range []struct {
		name string
		want []byte
	}{{"lsp.smithy", res.IDL}, {"import-diagnostics.txt", []byte(diags.String())}} {
		path := filepath.Join("..", "..", "examples", "lsp", f.name)
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
			t.Errorf("%s differs from the regenerated one: run scripts/import-lsp.sh (or UPDATE_GOLDEN=1 go test) and commit", path)
		}
	}
}
