// Package repo locates the repository root and reads the modules that go.work
// lists, with their go.mod files.
package repo

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/smithy-validation/go/scripts/internal/versions"
)

// Path is the module path prefix of the repository: every module's path is
// Path + "/" + its directory relative to the root.
const Path = "github.com/smithy-validation/go"

// Repo is a checkout of the repository (or a copy of its tree).
type Repo struct {
	Root     string            // absolute directory holding go.work and versions.yaml
	Work     *modfile.WorkFile // parsed go.work
	Modules  []*Module         // in go.work order
	Versions *versions.File    // parsed versions.yaml
}

// Module is one module listed in go.work.
type Module struct {
	Dir   string        // slash-separated directory relative to the root, e.g. "consumers/json-value"
	Path  string        // module path from go.mod
	GoMod []byte        // go.mod as on disk
	File  *modfile.File // parsed go.mod
}

// FindRoot walks up from dir to the first directory holding both go.work and
// versions.yaml.
func FindRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := dir; ; {
		if isFile(filepath.Join(d, "go.work")) && isFile(filepath.Join(d, "versions.yaml")) {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no directory holding go.work and versions.yaml above %s; run from inside the repository", dir)
		}
		d = parent
	}
}

func isFile(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.Mode().IsRegular()
}

// Load reads go.work, every go.mod it lists and versions.yaml under root.
func Load(root string) (*Repo, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	r := &Repo{Root: root}
	workName := filepath.Join(root, "go.work")
	data, err := os.ReadFile(workName)
	if err != nil {
		return nil, err
	}
	if r.Work, err = modfile.ParseWork(workName, data, nil); err != nil {
		return nil, err
	}
	for _, u := range r.Work.Use {
		dir := filepath.ToSlash(filepath.Clean(u.Path))
		if filepath.IsAbs(u.Path) || dir == ".." || strings.HasPrefix(dir, "../") {
			return nil, fmt.Errorf("go.work: use %s: modules must live inside the repository", u.Path)
		}
		m, err := readModule(root, dir)
		if err != nil {
			return nil, err
		}
		r.Modules = append(r.Modules, m)
	}
	if r.Versions, err = versions.Load(filepath.Join(root, "versions.yaml")); err != nil {
		return nil, err
	}
	return r, nil
}

func readModule(root, dir string) (*Module, error) {
	name := filepath.Join(root, filepath.FromSlash(dir), "go.mod")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("go.work lists %s: %w", dir, err)
	}
	f, err := modfile.Parse(name, data, nil)
	if err != nil {
		return nil, err
	}
	if f.Module == nil {
		return nil, fmt.Errorf("%s: no module line", name)
	}
	return &Module{Dir: dir, Path: f.Module.Mod.Path, GoMod: data, File: f}, nil
}

// Module returns the workspace module with the given module path.
func (r *Repo) Module(modulePath string) (*Module, bool) {
	for _, m := range r.Modules {
		if m.Path == modulePath {
			return m, true
		}
	}
	return nil, false
}

// Short names a module path for messages: project modules lose the
// repository prefix ("smithyvalidate", "consumers/rpc"); others stay whole.
func Short(modulePath string) string {
	if rest, ok := strings.CutPrefix(modulePath, Path+"/"); ok {
		return rest
	}
	return modulePath
}

// IsProject reports whether modulePath belongs to this repository.
func IsProject(modulePath string) bool {
	return modulePath == Path || strings.HasPrefix(modulePath, Path+"/")
}

// DirOf returns the directory (relative to the root) of a project module
// path, as tags and go.work use it.
func DirOf(modulePath string) (string, error) {
	rest, ok := strings.CutPrefix(modulePath, Path+"/")
	if !ok {
		return "", errors.New(modulePath + " is not under " + Path)
	}
	return rest, nil
}
