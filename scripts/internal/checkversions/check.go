// Package checkversions checks that versions.yaml, go.work and every go.mod
// agree: each workspace module is either released in a module set or
// excluded, every requirement on a project module names the version of its
// set, and every module requires only what the contract's dependency table
// allows (see package policy).
package checkversions

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"

	"golang.org/x/mod/modfile"

	"github.com/smithy-validation/go/scripts/internal/policy"
	"github.com/smithy-validation/go/scripts/internal/repo"
)

// Problem is one broken rule, about one module.
type Problem struct {
	Module  string // module directory, or "versions.yaml" / "go.work"
	Message string
}

func (p Problem) String() string { return p.Module + ": " + p.Message }

// Check returns every problem found, sorted by module then message.
func Check(r *repo.Repo) []Problem {
	var ps []Problem
	add := func(mod, format string, args ...any) {
		ps = append(ps, Problem{Module: mod, Message: fmt.Sprintf(format, args...)})
	}
	vf := r.Versions

	// Every workspace module sits where its path says, and versions.yaml
	// says whether it is released.
	for _, m := range r.Modules {
		if want := repo.Path + "/" + m.Dir; m.Path != want {
			add(m.Dir, "go.mod declares module %s; a module in directory %s must be %s", m.Path, m.Dir, want)
		}
		_, released := vf.SetOf(m.Path)
		excluded := vf.IsExcluded(m.Path)
		switch {
		case !released && !excluded:
			add(m.Dir, "module %s is in go.work but not in versions.yaml: list it in a module set, or under excluded-modules if it is never tagged", m.Path)
		case released && excluded:
			add(m.Dir, "module %s is both released and excluded in versions.yaml", m.Path)
		}
		if released {
			if _, ok := policy.LibraryFor(m.Dir); !ok {
				add(m.Dir, "library module has no row in scripts/internal/policy (the contract's may-require column); add one")
			}
		}
		if isConsumer(m.Dir) {
			if _, ok := policy.ConsumerFor(m.Dir); !ok {
				add(m.Dir, "consumer module has no isolation claim in scripts/internal/policy; add one")
			}
		}
	}
	for _, s := range vf.ModuleSets {
		for _, p := range s.Modules {
			if _, ok := r.Module(p); !ok {
				add("versions.yaml", "module set %s lists %s, which go.work does not use", s.Name, p)
			}
		}
	}
	for _, l := range policy.Libraries {
		if _, ok := vf.SetOf(repo.Path + "/" + l.Dir); !ok {
			add("versions.yaml", "scripts/internal/policy has a rule for library %s, which no module set lists", l.Dir)
		}
	}

	for _, m := range r.Modules {
		_, released := vf.SetOf(m.Path)
		lib, _ := policy.LibraryFor(m.Dir)
		consumer, _ := policy.ConsumerFor(m.Dir)
		if !released {
			lib = nil
		}
		if (lib != nil || consumer != nil) && len(m.File.Replace) > 0 {
			for _, rep := range m.File.Replace {
				add(m.Dir, "replace %s => %s: a library's or consumer's replace directive is ignored by its users (libraries) or defeats the isolation proof (consumers); use go.work", rep.Old.Path, rep.New.Path)
			}
		}
		requiresLibrary := false
		for _, req := range m.File.Require {
			p, v := req.Mod.Path, req.Mod.Version
			if repo.IsProject(p) {
				set, ok := vf.SetOf(p)
				switch {
				case ok && v != set.Version:
					add(m.Dir, "requires %s %s, but versions.yaml gives module set %s version %s (run checkversions -fix)", p, v, set.Name, set.Version)
				case !ok && vf.IsExcluded(p):
					add(m.Dir, "requires %s, which versions.yaml excludes: it is never tagged, so no user could download it", p)
				case !ok:
					add(m.Dir, "requires %s, which is in no module set of versions.yaml", p)
				}
			}
			if policy.Match("github.com/urfave/...", p) && m.Dir != "cli" {
				add(m.Dir, "requires %s %s: only cli may require github.com/urfave/cli", p, v)
			}
			if lib != nil {
				if why := lib.MayRequire(p, v, req.Indirect); why != "" {
					add(m.Dir, "requires %s %s: %s", p, v, why)
				}
			}
			if consumer != nil {
				if p == repo.Path+"/"+consumer.Library {
					requiresLibrary = true
				}
				if why := consumer.Violation(p); why != "" {
					add(m.Dir, "requires %s %s: %s", p, v, why)
				}
			}
		}
		if consumer != nil && !requiresLibrary {
			add(m.Dir, "must require %s/%s (the library whose isolation it proves) at the versions.yaml version", repo.Path, consumer.Library)
		}
	}

	// go.work replaces each released module at its version with its
	// directory. A workspace module's requirement on another at vX.Y.Z stays
	// a root of the module graph, so without the replace the go command asks
	// the proxy for the unpublished vX.Y.Z as soon as it needs the whole
	// graph (go list -m all, a third-party import, go mod download).
	for _, mv := range vf.Released() {
		dir, _ := repo.DirOf(mv.Path)
		found := false
		for _, rep := range r.Work.Replace {
			if rep.Old.Path == mv.Path && rep.Old.Version == mv.Version {
				found = true
			}
		}
		if !found {
			add("go.work", "no `replace %s %s => ./%s`: without it the workspace asks the proxy for the unpublished version (run checkversions -fix)", mv.Path, mv.Version, dir)
		}
	}
	for _, rep := range r.Work.Replace {
		p := rep.Old.Path
		if !repo.IsProject(p) {
			continue
		}
		set, ok := vf.SetOf(p)
		dir, _ := repo.DirOf(p)
		switch {
		case !ok:
			add("go.work", "replace %s: not a released module", p)
		case rep.Old.Version != set.Version:
			add("go.work", "replace %s %s: want exactly version %s, the versions.yaml version (run checkversions -fix)", p, rep.Old.Version, set.Version)
		case path.Clean(rep.New.Path) != dir:
			add("go.work", "replace %s => %s: want ./%s", p, rep.New.Path, dir)
		}
	}

	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Module != ps[j].Module {
			return ps[i].Module < ps[j].Module
		}
		return ps[i].Message < ps[j].Message
	})
	return ps
}

func isConsumer(dir string) bool {
	ok, _ := path.Match("consumers/*", dir)
	return ok
}

// Tag is a release tag for one library module.
type Tag struct {
	Name   string // "core/v0.1.0"
	Module string
}

// Tags lists the tags a release of every module set creates, in
// versions.yaml order.
func Tags(r *repo.Repo) ([]Tag, error) {
	var out []Tag
	for _, mv := range r.Versions.Released() {
		dir, err := repo.DirOf(mv.Path)
		if err != nil {
			return nil, err
		}
		out = append(out, Tag{Name: dir + "/" + mv.Version, Module: mv.Path})
	}
	return out, nil
}

// Fix rewrites what a version bump in versions.yaml leaves behind: every
// requirement on a released module is set to its set's version, and go.work
// gets exactly one `replace path vX.Y.Z => ./dir` per released module. It
// returns the files it changed, relative to the root. Other problems are
// left for Check to report.
func Fix(r *repo.Repo) ([]string, error) {
	var changed []string
	for _, m := range r.Modules {
		dirty := false
		for _, req := range m.File.Require {
			set, ok := r.Versions.SetOf(req.Mod.Path)
			if ok && req.Mod.Version != set.Version {
				if err := m.File.AddRequire(req.Mod.Path, set.Version); err != nil {
					return changed, err
				}
				dirty = true
			}
		}
		if !dirty {
			continue
		}
		out, err := m.File.Format()
		if err != nil {
			return changed, err
		}
		name := path.Join(m.Dir, "go.mod")
		if err := os.WriteFile(filepath.Join(r.Root, filepath.FromSlash(name)), out, 0o666); err != nil {
			return changed, err
		}
		changed = append(changed, name)
	}

	w := r.Work
	want := map[string]bool{}
	for _, mv := range r.Versions.Released() {
		want[mv.Path+"@"+mv.Version] = true
	}
	dirty := false
	for _, rep := range append([]*modfile.Replace(nil), w.Replace...) {
		dir, _ := repo.DirOf(rep.Old.Path)
		if repo.IsProject(rep.Old.Path) && (!want[rep.Old.Path+"@"+rep.Old.Version] || path.Clean(rep.New.Path) != dir) {
			if err := w.DropReplace(rep.Old.Path, rep.Old.Version); err != nil {
				return changed, err
			}
			dirty = true
		}
	}
	for _, mv := range r.Versions.Released() {
		present := false
		for _, rep := range w.Replace {
			if rep.Old.Path == mv.Path && rep.Old.Version == mv.Version {
				present = true
			}
		}
		if !present {
			dir, err := repo.DirOf(mv.Path)
			if err != nil {
				return changed, err
			}
			if err := w.AddReplace(mv.Path, mv.Version, "./"+dir, ""); err != nil {
				return changed, err
			}
			dirty = true
		}
	}
	if dirty {
		w.Cleanup()
		if err := os.WriteFile(filepath.Join(r.Root, "go.work"), modfile.Format(w.Syntax), 0o666); err != nil {
			return changed, err
		}
		changed = append(changed, "go.work")
	}
	return changed, nil
}
