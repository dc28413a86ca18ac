package conformance

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/jsonast"
)

// TestASTRoundTrip checks, for every JSON AST model of idl-valid, that the
// document `smithy ast` prints (with __shared.json) reads back into an equal
// model: printing the re-read model gives the same bytes, prelude included.
func TestASTRoundTrip(t *testing.T) {
	dir := corpusPath(t, "smithy/idl-valid")
	shared := filepath.Join(dir, "__shared.json")
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") && p != shared {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatalf("no JSON AST files in %s", dir)
	}
	for _, f := range files {
		name, _ := filepath.Rel(dir, f)
		t.Run(name, func(t *testing.T) {
			m := assembleFiles(t, f, shared)
			first := jsonast.Encode(m, jsonast.IncludePrelude(true))
			a := assembly.New(assembly.WithoutPrelude(true))
			if err := a.AddSource("printed.json", first); err != nil {
				t.Fatalf("re-read printed document: %v", err)
			}
			res, err := a.Assemble()
			if err != nil || res.HasErrors() {
				t.Fatalf("re-assemble printed document: %v %v", err, res.Events)
			}
			second := jsonast.Encode(res.Model, jsonast.IncludePrelude(true))
			if !bytes.Equal(first, second) {
				t.Errorf("%s: the printed model does not read back equal:\nfirst:\n%s\nsecond:\n%s", name, first, second)
			}
		})
	}
	t.Logf("round-tripped %d JSON AST models", len(files))
}

// TestIDLAndJSONPrintEqual checks the IDL issue's acceptance: for every
// idl-valid X.smithy with an X.json, `smithy ast X.smithy __shared.json`
// and `smithy ast X.json __shared.json` print the same bytes.
func TestIDLAndJSONPrintEqual(t *testing.T) {
	dir := corpusPath(t, "smithy/idl-valid")
	shared := filepath.Join(dir, "__shared.json")
	pairs := 0
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".smithy") {
			return nil
		}
		js := strings.TrimSuffix(p, ".smithy") + ".json"
		if _, err := os.Stat(js); err != nil {
			return nil
		}
		pairs++
		name, _ := filepath.Rel(dir, p)
		t.Run(name, func(t *testing.T) {
			fromIDL := jsonast.Encode(assembleFiles(t, p, shared))
			fromJSON := jsonast.Encode(assembleFiles(t, js, shared))
			if !bytes.Equal(fromIDL, fromJSON) {
				t.Errorf("%s: smithy ast prints different documents for the IDL and the JSON AST:\nIDL:\n%s\nJSON:\n%s", name, fromIDL, fromJSON)
			}
		})
		return nil
	})
	if pairs == 0 {
		t.Fatalf("no .smithy/.json pairs in %s", dir)
	}
	t.Logf("%d IDL/JSON AST pairs print identically", pairs)
}
