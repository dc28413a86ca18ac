package conformance

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/app"
)

// FuzzModelPipeline runs a model through the whole pipeline as the command
// does (IDL or JSON AST, assembly, every validator, trait values), then
// prepares a validator for a few of its shapes and validates a value with
// each: no input may panic, exit with a usage (2) or input (4) failure,
// or give different bytes on a second run.
func FuzzModelPipeline(f *testing.F) {
	for _, seed := range []string{
		"$version: \"2\"\nnamespace ex\nstructure S { @required a: String, @length(min: 1) b: L }\nlist L { member: S }\n",
		"$version: \"2\"\nnamespace ex\n@trait(selector: \"~> ~> ~> ~> ~> ~> ~> ~> ~> ~> ~> ~>\")\nstructure t {}\n@t\nstructure A { a: A, b: A, c: A }\n",
		"$version: \"2\"\nnamespace ex\n@mixin\nstructure M { a: String }\nstructure S with [M] { b: Integer }\nintEnum E { A = 1\n B = 1 }\n",
		"$version: \"2\"\nnamespace ex\n@uniqueItems\nlist U { member: U2 }\nlist U2 { member: U }\n@range(min: 10, max: 1)\ninteger I\n",
		`{"smithy":"2.0","shapes":{"ex#S":{"type":"structure","members":{"a":{"target":"smithy.api#String","traits":{"smithy.api#required":{}}}}}}}`,
		`{"smithy":"2.0","shapes":{"ex#E":{"type":"enum","members":{"A":{"target":"smithy.api#Unit"}}}}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<16 {
			return
		}
		dir := t.TempDir()
		name := "m.smithy"
		if t := bytes.TrimLeft(src, " \t\r\n"); len(t) > 0 && t[0] == '{' {
			name = "m.json"
		}
		file := filepath.Join(dir, name)
		value := filepath.Join(dir, "v.json")
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(value, []byte(`{"a":"x","b":[],"c":1}`), 0o644); err != nil {
			t.Fatal(err)
		}
		run := func(args ...string) (int, string) {
			var out, errb bytes.Buffer
			code := app.Run(append([]string{"smithy"}, args...), strings.NewReader(""), &out, &errb)
			return code, out.String()
		}
		code, out := run("validate", "--format", "json", file)
		if code == 2 || code == 4 {
			t.Fatalf("validate exit %d on %q", code, src)
		}
		if code2, out2 := run("validate", "--format", "json", file); code2 != code || out2 != out {
			t.Fatalf("validate is not deterministic on %q", src)
		}
		if code != 0 {
			return
		}
		// A few shapes the model defines, by the ids in its AST.
		_, ast := run("ast", file)
		for i, id := range shapeIDs(ast) {
			if i == 5 {
				break
			}
			if c, _ := run("validate-value", "--shape", id, "--value", value, "--format", "json", file); c == 2 || c == 4 {
				t.Fatalf("validate-value --shape %s exit %d on %q", id, c, src)
			}
		}
	})
}

// shapeIDs returns the keys of the "shapes" object of a JSON AST that the
// command printed (keys sorted, one a line as `smithy ast` prints them).
func shapeIDs(ast string) []string {
	var ids []string
	for _, line := range strings.Split(ast, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, `"`) || !strings.HasSuffix(line, `": {`) {
			continue
		}
		id := strings.TrimSuffix(strings.TrimPrefix(line, `"`), `": {`)
		if strings.Contains(id, "#") && !strings.Contains(id, "$") && !strings.HasPrefix(id, "smithy.") {
			ids = append(ids, id)
		}
	}
	return ids
}
