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

// readPinned reads the corpus file rel, the source an example is generated
// from, and fails unless its sha256 is pin (what names it in the message;
// script is the regeneration script that pins the same).
func readPinned(t *testing.T, rel, pin, what, script string) []byte {
	t.Helper()
	data, err := os.ReadFile(corpus(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != pin {
		t.Fatalf("the corpus %s has sha256 %s, not the pinned %s: move the pin (here and in %s) and regenerate", what, got, pin, script)
	}
	return data
}

// checkExampleIsCurrent: the committed model (dir/model) and its
// import-diagnostics.txt are exactly res, as script writes them;
// UPDATE_GOLDEN=1 rewrites them as the script does. diag, when not nil,
// changes a diagnostic as the script prints it.
func checkExampleIsCurrent(t *testing.T, dir, model, script string, res *Result, diag func(Diagnostic) Diagnostic) {
	t.Helper()
	var diags strings.Builder
	for _, d := range res.Diagnostics {
		if diag != nil {
			d = diag(d)
		}
		diags.WriteString(d.String())
		diags.WriteByte('\n')
	}
	for _, f := range []struct {
		name string
		want []byte
	}{{model, res.IDL}, {"import-diagnostics.txt", []byte(diags.String())}} {
		path := filepath.Join(dir, f.name)
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
			t.Errorf("%s differs from the regenerated one: run %s (or UPDATE_GOLDEN=1 go test) and commit", path, script)
		}
	}
}
