package modproxy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"

	"github.com/smithy-validation/go/scripts/internal/repo"
)

func TestBuild(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"go.work":       "go 1.24\n\nuse ./core\n",
		"versions.yaml": "module-sets:\n  s:\n    version: v0.1.0\n    modules:\n      - github.com/smithy-validation/go/core\n",
		"core/go.mod":   "module github.com/smithy-validation/go/core\n\ngo 1.24\n",
		"core/doc.go":   "package core\n",
		// Uncommitted work is served; nested modules and vendor are not.
		"core/sub/new.go":         "package sub\n",
		"core/nested/go.mod":      "module github.com/smithy-validation/go/core/nested\n",
		"core/nested/nested.go":   "package nested\n",
		"core/vendor/modules.txt": "# nothing\n",
	}
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
	proxy := t.TempDir()
	served, err := Build(r, proxy)
	if err != nil {
		t.Fatal(err)
	}
	if len(served) != 1 || served[0] != (module.Version{Path: "github.com/smithy-validation/go/core", Version: "v0.1.0"}) {
		t.Fatalf("served %v", served)
	}
	base := filepath.Join(proxy, "github.com", "smithy-validation", "go", "core", "@v")
	for name, want := range map[string]string{
		"list":        "v0.1.0\n",
		"v0.1.0.mod":  files["core/go.mod"],
		"v0.1.0.info": `{"Version":"v0.1.0","Time":`,
	} {
		data, err := os.ReadFile(filepath.Join(base, name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), want) {
			t.Errorf("%s = %q, want prefix %q", name, data, want)
		}
	}
	cf, err := zip.CheckZip(served[0], filepath.Join(base, "v0.1.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range cf.Valid {
		names = append(names, strings.TrimPrefix(f, served[0].Path+"@"+served[0].Version+"/"))
	}
	if got, want := strings.Join(names, " "), "doc.go go.mod sub/new.go"; got != want {
		t.Errorf("zip holds %s, want %s", got, want)
	}
}

func TestEnvAndURL(t *testing.T) {
	s := Setup{ProxyDir: "/tmp/p", ModCache: "/tmp/c", Fallback: "https://proxy.example,direct"}
	env := map[string]string{}
	for _, kv := range s.Env([]string{"GOFLAGS=-mod=vendor", "GOPRIVATE=github.com/smithy-validation/*", "HOME=/root"}) {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	for k, want := range map[string]string{
		"GOWORK":     "off",
		"GOFLAGS":    "-mod=mod -modcacherw",
		"GOPROXY":    "file:///tmp/p,https://proxy.example,direct",
		"GONOSUMDB":  "github.com/smithy-validation/*",
		"GOPRIVATE":  "",
		"GOMODCACHE": "/tmp/c",
		"HOME":       "/root",
	} {
		if env[k] != want {
			t.Errorf("%s = %q, want %q", k, env[k], want)
		}
	}
}
