package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/validate"
	"github.com/smithy-validation/go/rpc"
	"github.com/smithy-validation/go/smithyvalidate"
)

// validateEvents assembles the files and validates the model as
// `smithy validate` does (cli/load.ValidateEvents without the preparation
// of the services, which every round-trip test does on its own): the
// built-in validators, the selectors of the smithy.rpc and alloy traits,
// and the value engine's model validators. It returns the ERROR events.
func validateEvents(t *testing.T, files map[string][]byte) []model.Event {
	t.Helper()
	a := traitsAssembler(t)
	for name, data := range files {
		if err := a.AddSource(name, data); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatalf("assemble: %v", err)
	}
	rep := validate.Check(res.Model, validate.WithEvents(res.Events), validate.WithValidators(smithyvalidate.ModelValidators()...),
		validate.Builtin(rpc.TraitsNamespace, smithyvalidate.AlloyNamespace))
	var errs []model.Event
	for _, ev := range rep.Events {
		if ev.Severity >= model.ErrorSeverity {
			errs = append(errs, ev)
		}
	}
	return errs
}

// TestFixturesValidate: every round-trip fixture and every example model
// is a model `smithy validate` accepts, and so is the import of its
// export: a test that loads a model only with the assembler (load) misses
// a trait applied where its selector refuses it, as the kitchen's
// @jsonUnknown map of strings was (alloy's selector wants a map of
// documents; the value engine would have honoured it).
func TestFixturesValidate(t *testing.T) {
	type fixture struct{ name, file, service string }
	var cases []fixture
	roundtrip, _ := filepath.Glob(filepath.Join("testdata", "roundtrip", "*.smithy"))
	if len(roundtrip) == 0 {
		t.Fatal("no round-trip fixture found")
	}
	for _, f := range roundtrip {
		cases = append(cases, fixture{"testdata/" + filepath.Base(f), f, ""})
	}
	for _, c := range exampleServices {
		files, _ := filepath.Glob(filepath.Join("..", "..", "examples", c.dir, "*.smithy"))
		if len(files) != 1 {
			t.Fatalf("examples/%s: %d models, want one", c.dir, len(files))
		}
		cases = append(cases, fixture{"examples/" + c.dir, files[0], c.service})
	}
	kitchenService := "test.kitchen#Kitchen"
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			idl, err := os.ReadFile(c.file)
			if err != nil {
				t.Fatal(err)
			}
			if errs := validateEvents(t, map[string][]byte{filepath.Base(c.file): idl}); len(errs) > 0 {
				t.Fatalf("smithy validate would reject %s:\n%s", c.file, eventLines(errs))
			}
			service := c.service
			if service == "" && strings.Contains(string(idl), "namespace test.kitchen") {
				service = kitchenService
			}
			if service == "" {
				return
			}
			back := importExport(t, export(t, idl, service), service)
			if errs := validateEvents(t, map[string][]byte{"imported.smithy": back}); len(errs) > 0 {
				t.Fatalf("smithy validate would reject the import of the export of %s:\n%s", c.file, eventLines(errs))
			}
		})
	}
}

// TestTypedJSONUnknownMapRefused: a @jsonUnknown member targeting a map
// whose values are not documents is refused by alloy's selector (the
// project ships alloy's traits as alloy defines them), although the value
// engine alone would honour it: the typed-map case is an invalid model.
func TestTypedJSONUnknownMapRefused(t *testing.T) {
	const idl = `$version: "2"
namespace test.typed
use alloy#jsonUnknown
structure Open {
    name: String

    @jsonUnknown
    extra: Strings
}
map Strings {
    key: String
    value: String
}
`
	errs := validateEvents(t, map[string][]byte{"typed.smithy": []byte(idl)})
	if len(errs) != 1 || errs[0].ID != "TraitTarget" || errs[0].Shape.String() != "test.typed#Open$extra" {
		t.Fatalf("want one TraitTarget error on test.typed#Open$extra, got:\n%s", eventLines(errs))
	}
}

// requireValidImport fails the test when smithy validate would reject
// the imported model idl (as the file imported.smithy).
func requireValidImport(t *testing.T, idl []byte) {
	t.Helper()
	if errs := validateEvents(t, map[string][]byte{"imported.smithy": idl}); len(errs) > 0 {
		t.Fatalf("smithy validate would reject the import:\n%s\n%s", eventLines(errs), idl)
	}
}

func eventLines(evs []model.Event) string {
	var b strings.Builder
	for _, ev := range evs {
		b.WriteString(ev.String())
		b.WriteByte('\n')
	}
	return b.String()
}
