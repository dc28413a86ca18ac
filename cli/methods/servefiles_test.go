package methods

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/internal/testkit"
)

// calculator is the example model's directory.
var calculator = filepath.Join("..", "..", "examples", "calculator")

// TestServeReadBound: a file that grows after it was counted is read up
// to the request's bound, not further.
func TestServeReadBound(t *testing.T) {
	root := t.TempDir()
	p := filepath.Join(root, "v.json")
	os.WriteFile(p, bytes.Repeat([]byte(" "), 1000), 0o644)
	t.Chdir(root)
	sf, err := newServerFiles(HandlerOptions{Root: root, MaxRequestBytes: 100})
	if err != nil {
		t.Fatal(err)
	}
	rf := sf.request(context.Background())
	r, done, err := rf.Open("v.json")
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	n, err := io.Copy(io.Discard, r)
	var le *requestLimitError
	if n != 100 || !errors.As(err, &le) {
		t.Errorf("read %d bytes (%v); want 100 and the bound's error", n, err)
	}
}

// FuzzServePath: whatever path a request names, the server opens nothing
// outside its root: every name that resolves and opens (as an input, or
// as a model) reads a file under the root, never the secret beside it,
// whichever link, dot-dot or absolute spelling leads there.
func FuzzServePath(f *testing.F) {
	root, outside := testkit.AttackTree(f, filepath.Join(calculator, "calculator.smithy"))
	sf, err := newServerFiles(HandlerOptions{Root: root})
	sf.cwd = root // relative paths as from a server started in the root
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		"value.json", "../outside/secret.json", "abs.json", "out/secret.json", "models/../../outside/secret.json",
		filepath.Join(outside, "secret.json"), filepath.Join(root, "value.json"), "link.smithy", "leaky", ".", "/",
		"out", "models/calculator.smithy", "./value.json", "models//calculator.smithy", root + "/../outside/secret.json",
		".env", "inside.smithy", "leaky/leak.smithy", "out/../value.json",
	} {
		f.Add(s)
	}
	var secrets []string // the files outside the root, by content
	for _, n := range []string{"secret.json", "secret.smithy"} {
		data, err := os.ReadFile(filepath.Join(outside, n))
		if err != nil {
			f.Fatal(err)
		}
		secrets = append(secrets, string(data))
	}
	outsideData := func(data []byte) bool {
		for _, s := range secrets {
			if string(data) == s {
				return true
			}
		}
		return false
	}
	f.Fuzz(func(t *testing.T, name string) {
		if name == "" || strings.ContainsRune(name, 0) {
			return
		}
		rf := sf.request(context.Background())
		if r, done, err := rf.Open(name); err == nil {
			data, _ := io.ReadAll(r)
			done()
			if outsideData(data) {
				t.Fatalf("%q read a file outside the root: %q", name, data)
			}
		}
		pf, err := sf.request(context.Background()).planModel("models[0].path", name)
		if err != nil {
			return
		}
		for _, p := range pf {
			data, err := rf.readModel(p)
			if err == nil && outsideData(data) {
				t.Fatalf("%q read the model %q outside the root", name, p.name)
			}
		}
	})
}
