package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	"github.com/smithy-validation/go/smithyvalidate"
)

// traitsAssembler is an assembler holding the smithy.rpc and alloy
// traits, as the smithy command's.
func traitsAssembler(t testing.TB) *assembly.Assembler {
	t.Helper()
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := smithyvalidate.AddAlloyTraits(a); err != nil {
		t.Fatal(err)
	}
	return a
}

// load assembles idl with the smithy.rpc and alloy traits, as the smithy
// command does, and fails the test on any ERROR event.
func load(t testing.TB, idl []byte) *model.Model {
	t.Helper()
	a := traitsAssembler(t)
	if err := a.AddSource("imported.smithy", idl); err != nil {
		t.Fatalf("load: %v", err)
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	if res.HasErrors() {
		var errs []string
		for _, e := range res.Events {
			if e.Severity == model.ErrorSeverity {
				errs = append(errs, e.String())
			}
		}
		if len(errs) > 20 {
			errs = errs[:20]
		}
		t.Fatalf("the imported model has ERROR events:\n%s", strings.Join(errs, "\n"))
	}
	return res.Model
}

// corpus returns the path of a file of ../shared/corpus, skipping the test
// when the corpus is absent.
func corpus(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join("..", "..", "..", "shared", "corpus", rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("corpus not found at %s (it lives in ../shared/corpus beside the repository): %v", p, err)
	}
	return p
}

// prepared loads idl and prepares the service id for JSON-RPC 2.0.
func prepared(t testing.TB, idl []byte, id string) *rpc.PreparedService {
	t.Helper()
	s, err := rpc.Prepare(load(t, idl), shapeid.MustParse(id), rpc.Version(rpc.V2_0))
	if err != nil {
		t.Fatalf("prepare %s: %v", id, err)
	}
	return s
}
