package openrpc_test

import (
	"os"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/rpc"
)

// assemble loads Smithy IDL sources (name -> text) with the smithy.rpc
// traits.
func assemble(t testing.TB, sources map[string]string) *model.Model {
	t.Helper()
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		t.Fatalf("traits: %v", err)
	}
	for n, src := range sources {
		if err := a.AddSource(n, []byte(src)); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatal(err)
	}
	if res.HasErrors() || res.Model == nil {
		var b strings.Builder
		for _, e := range res.Events {
			b.WriteString(e.String() + "\n")
		}
		t.Fatalf("model has errors:\n%s", b.String())
	}
	return res.Model
}

// assembleFile loads one model file.
func assembleFile(t testing.TB, path string) *model.Model {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return assemble(t, map[string]string{path: string(data)})
}
