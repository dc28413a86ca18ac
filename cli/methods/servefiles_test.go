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
)

// calculator is the example model's directory.
var calculator = filepath.Join("..", "..", "examples", "calculator")

// attackTree builds root/ (the server's) and outside/ (a secret beside
// it), with links from the root to the secret.
func attackTree(t testing.TB) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root, outside = filepath.Join(base, "root"), filepath.Join(base, "outside")
	for _, d := range []string{root, outside, filepath.Join(root, "models"), filepath.Join(root, "leaky")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, text string) {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	calc, err := os.ReadFile(filepath.Join(calculator, "calculator.smithy"))
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(root, "models", "calculator.smithy"), string(calc))
	write(filepath.Join(root, "value.json"), `{"minuend": 1, "subtrahend": 2}`)
	write(filepath.Join(root, "notes.txt"), "TOPSECRET notes\n")
	write(filepath.Join(root, ".env"), "TOPSECRET=1\n")
	write(filepath.Join(outside, "secret.json"), `{"minuend": "TOPSECRET", "subtrahend": "TOPSECRET"}`)
	write(filepath.Join(outside, "secret.smithy"), "TOPSECRET model\n")
	for link, target := range map[string]string{
		filepath.Join(root, "link.smithy"):          filepath.Join("..", "outside", "secret.smithy"),
		filepath.Join(root, "abs.json"):             filepath.Join(outside, "secret.json"),
		filepath.Join(root, "out"):                  outside, // a directory link
		filepath.Join(root, "leaky", "leak.smithy"): filepath.Join("..", "..", "outside", "secret.smithy"),
		filepath.Join(root, "inside.smithy"):        filepath.Join("models", "calculator.smithy"),
	} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	return root, outside
}

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
	root, outside := attackTree(f)
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
