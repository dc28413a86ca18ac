package checkversions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/scripts/internal/repo"
)

const p = "github.com/smithy-validation/go/"

// tree is a minimal repository that passes every check.
func tree() map[string]string {
	goMod := func(dir string, reqs ...string) string {
		s := "module " + p + dir + "\n\ngo 1.24\n"
		for _, r := range reqs {
			s += "\nrequire " + r + "\n"
		}
		return s
	}
	v := " v0.1.0"
	return map[string]string{
		"go.work": `go 1.24

use (
	./cli
	./conformance
	./consumers/json-value
	./core
	./ion-adapter
	./mend
	./openrpc
	./rpc
	./scripts
	./smithyvalidate
)

replace ` + p + `core v0.1.0 => ./core

replace ` + p + `smithyvalidate v0.1.0 => ./smithyvalidate

replace ` + p + `rpc v0.1.0 => ./rpc

replace ` + p + `openrpc v0.1.0 => ./openrpc

replace ` + p + `ion-adapter v0.1.0 => ./ion-adapter

replace ` + p + `cli v0.1.0 => ./cli

replace ` + p + `mend v0.1.0 => ./mend
`,
		"versions.yaml": `module-sets:
  smithy-validation:
    version: v0.1.0
    modules:
      - ` + p + `core
      - ` + p + `smithyvalidate
      - ` + p + `rpc
      - ` + p + `openrpc
      - ` + p + `ion-adapter
      - ` + p + `mend
      - ` + p + `cli
excluded-modules:
  - ` + p + `conformance
  - ` + p + `consumers/*
  - ` + p + `scripts
`,
		"core/go.mod":                 goMod("core"),
		"smithyvalidate/go.mod":       goMod("smithyvalidate", p+"core"+v),
		"rpc/go.mod":                  goMod("rpc", p+"core"+v, p+"smithyvalidate"+v),
		"openrpc/go.mod":              goMod("openrpc", p+"rpc"+v),
		"ion-adapter/go.mod":          goMod("ion-adapter", p+"smithyvalidate"+v, "github.com/amazon-ion/ion-go v1.5.0", "github.com/stretchr/testify v1.6.1 // indirect"),
		"mend/go.mod":                 goMod("mend", p+"smithyvalidate"+v),
		"cli/go.mod":                  goMod("cli", p+"openrpc"+v, "github.com/urfave/cli/v2 v2.27.7"),
		"conformance/go.mod":          goMod("conformance"),
		"scripts/go.mod":              goMod("scripts", "golang.org/x/mod v0.27.0"),
		"consumers/json-value/go.mod": goMod("consumers/json-value", p+"smithyvalidate"+v),
	}
}

func check(t *testing.T, files map[string]string) []Problem {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		name = filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	r, err := repo.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	return Check(r)
}

func TestCheckPasses(t *testing.T) {
	if ps := check(t, tree()); len(ps) > 0 {
		t.Errorf("problems in a good tree: %v", ps)
	}
}

func TestCheckProblems(t *testing.T) {
	for _, tc := range []struct {
		name   string
		edit   func(map[string]string)
		module string
		want   string
	}{
		{
			"stale sibling version",
			func(f map[string]string) {
				f["rpc/go.mod"] = strings.Replace(f["rpc/go.mod"], "smithyvalidate v0.1.0", "smithyvalidate v0.0.9", 1)
			},
			"rpc", "requires " + p + "smithyvalidate v0.0.9, but versions.yaml gives module set smithy-validation version v0.1.0",
		},
		{
			"core requires something",
			func(f map[string]string) { f["core/go.mod"] += "\nrequire golang.org/x/text v0.3.0 // indirect\n" },
			"core", "requires golang.org/x/text v0.3.0: the contract lets core require no third-party module",
		},
		{
			"smithyvalidate requires ion-go",
			func(f map[string]string) {
				f["smithyvalidate/go.mod"] += "\nrequire github.com/amazon-ion/ion-go v1.5.0\n"
			},
			"smithyvalidate", "requires github.com/amazon-ion/ion-go v1.5.0: the contract lets smithyvalidate require no third-party module",
		},
		{
			"openrpc requires ion-go indirectly",
			func(f map[string]string) {
				f["openrpc/go.mod"] += "\nrequire github.com/amazon-ion/ion-go v1.5.0 // indirect\n"
			},
			"openrpc", "the contract lets openrpc require no third-party module",
		},
		{
			"cli requires jsonschema indirectly",
			func(f map[string]string) {
				f["cli/go.mod"] += "\nrequire github.com/santhosh-tekuri/jsonschema/v5 v5.3.1 // indirect\n"
			},
			"cli", "forbids github.com/santhosh-tekuri/...",
		},
		{
			"ion-adapter requires urfave",
			func(f map[string]string) {
				f["ion-adapter/go.mod"] += "\nrequire github.com/urfave/cli/v2 v2.27.7 // indirect\n"
			},
			"ion-adapter", "only cli may require github.com/urfave/cli",
		},
		{
			"ion-adapter requires openrpc",
			func(f map[string]string) { f["ion-adapter/go.mod"] += "\nrequire " + p + "openrpc v0.1.0\n" },
			"ion-adapter", "the contract lets ion-adapter require only core, smithyvalidate among the project's modules",
		},
		{
			"conformance requires urfave",
			func(f map[string]string) { f["conformance/go.mod"] += "\nrequire github.com/urfave/cli/v2 v2.27.7\n" },
			"conformance", "only cli may require github.com/urfave/cli",
		},
		{
			"library requires a never-tagged module",
			func(f map[string]string) { f["cli/go.mod"] += "\nrequire " + p + "conformance v0.1.0\n" },
			"cli", "versions.yaml excludes",
		},
		{
			"module missing from versions.yaml",
			func(f map[string]string) {
				f["versions.yaml"] = strings.Replace(f["versions.yaml"], "  - "+p+"scripts\n", "", 1)
			},
			"scripts", "is in go.work but not in versions.yaml",
		},
		{
			"module path does not match directory",
			func(f map[string]string) {
				f["rpc/go.mod"] = strings.Replace(f["rpc/go.mod"], p+"rpc\n", p+"jsonrpc\n", 1)
			},
			"rpc", "a module in directory rpc must be " + p + "rpc",
		},
		{
			"consumer does not require its library",
			func(f map[string]string) {
				f["consumers/json-value/go.mod"] = "module " + p + "consumers/json-value\n\ngo 1.24\n"
			},
			"consumers/json-value", "must require " + p + "smithyvalidate",
		},
		{
			"consumer requires a third-party module",
			func(f map[string]string) { f["consumers/json-value/go.mod"] += "\nrequire golang.org/x/text v0.3.0\n" },
			"consumers/json-value", "third-party module; the contract says",
		},
		{
			"replace in a library",
			func(f map[string]string) { f["rpc/go.mod"] += "\nreplace " + p + "core => ../core\n" },
			"rpc", "replace directive is ignored by its users",
		},
		{
			"stale go.work replace",
			func(f map[string]string) {
				f["go.work"] = strings.Replace(f["go.work"], "core v0.1.0 =>", "core v0.0.1 =>", 1)
			},
			"go.work", "want exactly version v0.1.0",
		},
		{
			"missing go.work replace",
			func(f map[string]string) {
				f["go.work"] = strings.Replace(f["go.work"], "replace "+p+"rpc v0.1.0 => ./rpc\n", "", 1)
			},
			"go.work", "no `replace " + p + "rpc v0.1.0 => ./rpc`",
		},
	} {
		files := tree()
		tc.edit(files)
		ps := check(t, files)
		found := false
		for _, p := range ps {
			if p.Module == tc.module && strings.Contains(p.Message, tc.want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want a problem in %s containing %q; got %v", tc.name, tc.module, tc.want, ps)
		}
	}
}

func TestTags(t *testing.T) {
	root := t.TempDir()
	for name, content := range tree() {
		name = filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(name), 0o777)
		os.WriteFile(name, []byte(content), 0o666)
	}
	r, err := repo.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	tags, err := Tags(r)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tag := range tags {
		names = append(names, tag.Name)
	}
	want := "core/v0.1.0 smithyvalidate/v0.1.0 rpc/v0.1.0 openrpc/v0.1.0 ion-adapter/v0.1.0 mend/v0.1.0 cli/v0.1.0"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("Tags = %s, want %s", got, want)
	}
}

func TestFix(t *testing.T) {
	files := tree()
	files["versions.yaml"] = strings.Replace(files["versions.yaml"], "version: v0.1.0", "version: v0.2.0", 1)
	root := t.TempDir()
	for name, content := range files {
		name = filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(name), 0o777)
		os.WriteFile(name, []byte(content), 0o666)
	}
	r, err := repo.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(Check(r)) == 0 {
		t.Fatal("a bumped versions.yaml passes the check before Fix")
	}
	changed, err := Fix(r)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(changed, " "); !strings.Contains(got, "rpc/go.mod") || !strings.Contains(got, "go.work") || strings.Contains(got, "core/go.mod") {
		t.Errorf("Fix changed %s", got)
	}
	if r, err = repo.Load(root); err != nil {
		t.Fatal(err)
	}
	if ps := Check(r); len(ps) > 0 {
		t.Errorf("problems after Fix: %v", ps)
	}
	work, _ := os.ReadFile(filepath.Join(root, "go.work"))
	if strings.Contains(string(work), "v0.1.0") || !strings.Contains(string(work), p+"ion-adapter v0.2.0 => ./ion-adapter") {
		t.Errorf("go.work after Fix:\n%s", work)
	}
}
