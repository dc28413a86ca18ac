package openrpc_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/pattern"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/rpc"
)

// FuzzPatternExport: whatever @pattern a model carries, on a member or on
// its target, the export never panics and never fails: a pattern that
// core/pattern accepts (the engine's reading) is either in the schema,
// which then compiles, or left out with a loss diagnostic that names the
// member or the shape carrying it.
func FuzzPatternExport(f *testing.F) {
	for _, s := range []string{`^[a-z]+$`, `^(?=.*[0-9])[a-z0-9]+$`, `(?<!x)y`, `(a)\1`, `a{1001}`, `^\p{L}+$`, `[\]a-]`,
		`^.{1,3}$`, `\A\z`, `a*+`, `(?i)x`, `[a-z&&[^b]]`, `\Q$\E`, `(?<n>a)\k<n>`, "\u2028", `\$`, `[$]`, `\\$`} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, p string, onMember bool) {
		if len(p) > 2000 {
			return
		}
		if _, err := pattern.Compile(p); err != nil {
			return // the model would not assemble: not the export's input
		}
		q, _ := json.Marshal(p) // a Smithy string literal reads JSON's escapes
		var src string
		if onMember {
			src = head + "@jsonRpc(versions: [\"2.0\"])\nservice S { version: \"1\", operations: [Op] }\n@method(name: \"op\")\noperation Op { input: In }\n" +
				"structure In {\n    @pattern(" + string(q) + ")\n    v: String\n}\n"
		} else {
			src = head + "@jsonRpc(versions: [\"2.0\"])\nservice S { version: \"1\", operations: [Op] }\n@method(name: \"op\")\noperation Op { input: In }\n" +
				"structure In {\n    v: P\n}\n@pattern(" + string(q) + ")\nstring P\n"
		}
		a := assembly.New()
		if err := rpc.AddTraits(a); err != nil {
			t.Fatal(err)
		}
		if err := a.AddSource("m.smithy", []byte(src)); err != nil {
			return
		}
		res, err := a.Assemble()
		if err != nil || res.HasErrors() || res.Model == nil {
			return
		}
		out, err := openrpc.Convert(res.Model, shapeid.MustParse("example#S"), openrpc.Config{})
		if err != nil {
			var me *rpc.ModelError
			if errors.As(err, &me) {
				return // the service does not prepare: the validator refuses it too
			}
			t.Fatalf("pattern %q: the export fails: %v", p, err)
		}
		if _, err := openrpc.NewChecker(out.JSON); err != nil {
			t.Fatalf("pattern %q: the document's schemas do not compile: %v", p, err)
		}
		site := "example#In$v"
		if !onMember {
			site = "example#P"
		}
		if !strings.Contains(string(out.JSON), `"pattern"`) {
			for _, d := range out.Diagnostics {
				if d.Code == openrpc.CodeLoss && d.Shape.String() == site {
					return
				}
			}
			t.Fatalf("pattern %q: left out with no loss naming %s: %v", p, site, out.Diagnostics)
		}
	})
}
