package openrpc_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/openrpc"
)

// corpusPath returns ../shared/corpus/<sub> relative to the repository
// root, skipping when the corpus is absent (CI always has it).
func corpusPath(t testing.TB, sub string) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "corpus", sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus not found at %s (it lives in ../shared/corpus beside the repository): %v", dir, err)
	}
	return dir
}

// The vendored metaschema is the released file, byte for byte.
func TestVendoredMetaschema(t *testing.T) {
	sum := sha256.Sum256(openrpc.Metaschema())
	const pinned = "e5f534fb0dd9dd3598d26414e278a8c96e923ee7b54bef7009c499f4c71d0f82"
	if got := hex.EncodeToString(sum[:]); got != pinned {
		t.Fatalf("sha256 %s, want %s", got, pinned)
	}
	if openrpc.MetaschemaSHA256 != pinned {
		t.Errorf("MetaschemaSHA256 = %s", openrpc.MetaschemaSHA256)
	}
	dir := corpusPath(t, "openrpc")
	for _, f := range []string{"open-rpc-meta-schema-1.14.9.json", "json-schema-tools-meta-schema-1.7.5.json"} {
		want, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("metaschema", f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("metaschema/%s differs from the corpus copy", f)
		}
	}
}

// The corpus documents, with the results ../shared/corpus/README.md
// predicts: the templated server URL of simple-math fails the uri format;
// the Ethereum document fails only on its "openrpc": "1.4.1", and passes
// once that is 1.3.2.
func TestCorpusDocuments(t *testing.T) {
	dir := corpusPath(t, "openrpc")
	files, _ := filepath.Glob(filepath.Join(dir, "examples", "*.json"))
	if len(files) != 8 {
		t.Fatalf("%d example documents, want 8", len(files))
	}
	want := map[string]string{
		"simple-math-openrpc.json": `/servers/0/url: "http://${username}.simple-math.example.org:${port}/${basePath}/" fails format "uri" (https://meta.open-rpc.org/#/definitions/serverObject/properties/url/format)`,
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			fs, err := openrpc.CheckDocument(data)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, x := range fs {
				got = append(got, x.String())
			}
			if g := strings.Join(got, "\n"); g != want[filepath.Base(f)] {
				t.Errorf("findings:\n%s\nwant:\n%s", g, want[filepath.Base(f)])
			}
		})
	}
	eth, err := os.ReadFile(filepath.Join(dir, "ethereum-execution-apis-openrpc.json"))
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := openrpc.CheckDocument(eth)
	if len(fs) != 1 || fs[0].Path != "/openrpc" || fs[0].Keyword != "enum" {
		t.Errorf("as published: %v", fs)
	}
	fixed := bytes.Replace(eth, []byte(`"openrpc": "1.4.1"`), []byte(`"openrpc": "1.3.2"`), 1)
	if bytes.Equal(fixed, eth) {
		t.Fatal(`no "openrpc": "1.4.1" to replace`)
	}
	if fs, err := openrpc.CheckDocument(fixed); err != nil || len(fs) > 0 {
		t.Errorf("with openrpc 1.3.2: %v %v", fs, err)
	}
}

// Findings are built from locations, sorted, the same on every run.
func TestCheckDocumentFindings(t *testing.T) {
	doc := []byte(`{"openrpc":"1.3.2","info":{"title":"t","extra":1},"methods":[{"name":"m","params":[],"errors":[{"code":1.5,"message":"x","x-data":{}}]}],"zzz":true}`)
	want := strings.Join([]string{
		`/: member(s) "zzz" not allowed here (https://meta.open-rpc.org/#/additionalProperties)`,
		`/info: member(s) "extra" not allowed here (https://meta.open-rpc.org/#/definitions/infoObject/additionalProperties)`,
		`/info: missing required member(s) "version" (https://meta.open-rpc.org/#/definitions/infoObject/required)`,
	}, "\n")
	for i := 0; i < 5; i++ {
		fs, err := openrpc.CheckDocument(doc)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range fs {
			if !strings.HasPrefix(f.Path, "/methods") {
				got = append(got, f.String())
			}
		}
		if g := strings.Join(got, "\n"); g != want {
			t.Fatalf("run %d:\n%s\nwant:\n%s", i, g, want)
		}
		var errObj bool
		for _, f := range fs {
			errObj = errObj || f.Path == "/methods/0/errors/0" && strings.Contains(f.Message, `"x-data" not allowed`)
		}
		if !errObj {
			t.Errorf("no finding for the x- field of the Error Object: %v", fs)
		}
	}
	fs, _ := openrpc.CheckDocument([]byte(`{"openrpc":`))
	if len(fs) != 1 || fs[0].Keyword != "json" {
		t.Errorf("not JSON: %v", fs)
	}
}
