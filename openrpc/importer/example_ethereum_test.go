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

// ethereumPin is the sha256 of the execution-apis OpenRPC document that
// examples/ethereum is generated from (scripts/import-ethereum.sh pins the
// same).
const ethereumPin = "c5c5e33e77c3d8c08b9e4c28ebe53973eee632576a8305bfd4467de99212353b"

var ethereumExample = filepath.Join("..", "..", "examples", "ethereum")

// TestEthereumExampleIsCurrent: the committed examples/ethereum model and
// its diagnostics are exactly what scripts/import-ethereum.sh writes from
// the pinned document (UPDATE_GOLDEN=1 rewrites them, as the script does).
func TestEthereumExampleIsCurrent(t *testing.T) {
	data, err := os.ReadFile(corpus(t, "openrpc/ethereum-execution-apis-openrpc.json"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != ethereumPin {
		t.Fatalf("the corpus document has sha256 %s, not the pinned %s: move the pin (here and in scripts/import-ethereum.sh) and regenerate", got, ethereumPin)
	}
	res := importEthereum(t)
	var diags strings.Builder
	for _, d := range res.Diagnostics {
		diags.WriteString(d.String())
		diags.WriteByte('\n')
	}
	for _, f := range []struct {
		name string
		want []byte
	}{{"ethereum.smithy", res.IDL}, {"import-diagnostics.txt", []byte(diags.String())}} {
		path := filepath.Join(ethereumExample, f.name)
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
			t.Errorf("%s differs from the regenerated one: run scripts/import-ethereum.sh (or UPDATE_GOLDEN=1 go test) and commit", path)
		}
	}
}
