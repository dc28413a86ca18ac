// Package versions reads versions.yaml, the file at the repository root that
// gives every library module its version, in the layout of opentelemetry-go's
// versions.yaml:
//
//	module-sets:
//	  smithy-validation:
//	    version: v0.1.0
//	    modules:
//	      - github.com/smithy-validation/go/core
//	excluded-modules:
//	  - github.com/smithy-validation/go/consumers/*
//
// The parser is written by hand for exactly this layout (two-space indents,
// "key: value" pairs, "- item" lists, "#" comments) so that no YAML library
// enters the project. Anything else is an error naming the line.
package versions

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// File is a parsed versions.yaml.
type File struct {
	// ModuleSets lists the module sets in file order.
	ModuleSets []ModuleSet
	// Excluded lists module paths, or path.Match patterns such as
	// "github.com/smithy-validation/go/consumers/*", that are never tagged.
	Excluded []string
}

// ModuleSet is a group of modules released together at one version.
type ModuleSet struct {
	Name    string
	Version string
	Modules []string // module paths, in file order
}

// Load reads and parses the file at name.
func Load(name string) (*File, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return Parse(name, data)
}

// Parse parses data; name is used in error messages only.
func Parse(name string, data []byte) (*File, error) {
	p := &parser{name: name, f: &File{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		p.line++
		if err := p.parseLine(sc.Text()); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if err := p.f.validate(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return p.f, nil
}

type section int

const (
	sectionNone section = iota
	sectionModuleSets
	sectionExcluded
)

type parser struct {
	name    string
	line    int
	f       *File
	section section
	set     *ModuleSet // module set being read, if any
	inList  bool       // inside the "modules:" list of set
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.name, p.line, fmt.Sprintf(format, args...))
}

func (p *parser) parseLine(raw string) error {
	text := stripComment(raw)
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if strings.Contains(text, "\t") {
		return p.errorf("tab in indentation or value; use spaces")
	}
	text = strings.TrimRight(text, " ")
	trimmed := strings.TrimLeft(text, " ")
	indent := len(text) - len(trimmed)

	switch indent {
	case 0:
		p.set, p.inList = nil, false
		switch trimmed {
		case "module-sets:":
			p.section = sectionModuleSets
		case "excluded-modules:":
			p.section = sectionExcluded
		default:
			return p.errorf("unexpected top-level line %q (want \"module-sets:\" or \"excluded-modules:\")", trimmed)
		}
		return nil
	case 2:
		switch p.section {
		case sectionExcluded:
			item, ok := listItem(trimmed)
			if !ok {
				return p.errorf("want \"- <module path>\" under excluded-modules, got %q", trimmed)
			}
			p.f.Excluded = append(p.f.Excluded, item)
			return nil
		case sectionModuleSets:
			name, ok := strings.CutSuffix(trimmed, ":")
			if !ok || name == "" || strings.ContainsAny(name, ": ") {
				return p.errorf("want \"<module set name>:\" under module-sets, got %q", trimmed)
			}
			p.f.ModuleSets = append(p.f.ModuleSets, ModuleSet{Name: name})
			p.set, p.inList = &p.f.ModuleSets[len(p.f.ModuleSets)-1], false
			return nil
		}
	case 4:
		if p.set == nil {
			break
		}
		key, value, ok := strings.Cut(trimmed, ":")
		value = strings.TrimSpace(value)
		switch {
		case ok && key == "version" && value != "":
			if p.set.Version != "" {
				return p.errorf("module set %s has two versions", p.set.Name)
			}
			p.set.Version = unquote(value)
			p.inList = false
			return nil
		case ok && key == "modules" && value == "":
			p.inList = true
			return nil
		}
		return p.errorf("want \"version: vX.Y.Z\" or \"modules:\" in module set %s, got %q", p.set.Name, trimmed)
	case 6:
		if p.set == nil || !p.inList {
			break
		}
		item, ok := listItem(trimmed)
		if !ok {
			return p.errorf("want \"- <module path>\" under modules, got %q", trimmed)
		}
		p.set.Modules = append(p.set.Modules, item)
		return nil
	}
	return p.errorf("unexpected indentation (%d spaces) for %q", indent, trimmed)
}

// stripComment removes a "#" comment that starts the line or follows a space.
func stripComment(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '#' && (i == 0 || s[i-1] == ' ') {
			return s[:i]
		}
	}
	return s
}

func listItem(s string) (string, bool) {
	rest, ok := strings.CutPrefix(s, "- ")
	rest = unquote(strings.TrimSpace(rest))
	return rest, ok && rest != ""
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		return s[1 : len(s)-1]
	}
	return s
}

func (f *File) validate() error {
	if len(f.ModuleSets) == 0 {
		return fmt.Errorf("no module set under module-sets")
	}
	seen := map[string]string{} // module path -> set name
	names := map[string]bool{}
	for _, s := range f.ModuleSets {
		if names[s.Name] {
			return fmt.Errorf("module set %s is listed twice", s.Name)
		}
		names[s.Name] = true
		if s.Version == "" {
			return fmt.Errorf("module set %s has no version", s.Name)
		}
		if !semver.IsValid(s.Version) || semver.Canonical(s.Version) != s.Version || semver.Build(s.Version) != "" {
			return fmt.Errorf("module set %s: version %q is not a canonical semantic version such as v1.2.3", s.Name, s.Version)
		}
		if len(s.Modules) == 0 {
			return fmt.Errorf("module set %s lists no modules", s.Name)
		}
		for _, m := range s.Modules {
			if err := module.CheckPath(m); err != nil {
				return fmt.Errorf("module set %s: %v", s.Name, err)
			}
			if prev, ok := seen[m]; ok {
				return fmt.Errorf("module %s is listed in module set %s and in %s", m, prev, s.Name)
			}
			seen[m] = s.Name
			if err := module.Check(m, s.Version); err != nil {
				return fmt.Errorf("module set %s: %v", s.Name, err)
			}
		}
	}
	for _, pat := range f.Excluded {
		if _, err := path.Match(pat, ""); err != nil {
			return fmt.Errorf("excluded-modules: bad pattern %q: %v", pat, err)
		}
		for m, set := range seen {
			if ok, _ := path.Match(pat, m); ok {
				return fmt.Errorf("module %s is in module set %s and also matches excluded-modules entry %s", m, set, pat)
			}
		}
	}
	return nil
}

// SetOf returns the module set that lists modulePath.
func (f *File) SetOf(modulePath string) (*ModuleSet, bool) {
	for i := range f.ModuleSets {
		for _, m := range f.ModuleSets[i].Modules {
			if m == modulePath {
				return &f.ModuleSets[i], true
			}
		}
	}
	return nil, false
}

// IsExcluded reports whether modulePath matches an excluded-modules entry.
func (f *File) IsExcluded(modulePath string) bool {
	for _, pat := range f.Excluded {
		if ok, _ := path.Match(pat, modulePath); ok {
			return true
		}
	}
	return false
}

// Released lists every module of every set with its version, in file order.
func (f *File) Released() []module.Version {
	var out []module.Version
	for _, s := range f.ModuleSets {
		for _, m := range s.Modules {
			out = append(out, module.Version{Path: m, Version: s.Version})
		}
	}
	return out
}
