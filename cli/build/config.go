package build

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/core/node"
)

// DefaultConfig is the configuration's usual name: smithy build reads it
// unless told otherwise, and validate, ast and select read its sources
// when no MODEL is given.
const DefaultConfig = "smithy-build.json"

// Config is a parsed smithy-build.json.
type Config struct {
	// Path is the configuration file as it was named; Dir its directory,
	// against which the configuration's relative paths are resolved.
	Path, Dir string
	// Sources and Imports are the model files and directories the
	// configuration names, resolved against Dir (absolute paths stay as
	// written: reading is not confined, see docs/security.md).
	Sources, Imports []string

	outputRaw     string   // outputDirectory as written, "" when absent
	outputPos     node.Pos // where it is written
	plugins       []plugin
	projections   []projection // "source" first, then by name
	ignoreMissing bool
}

type projection struct {
	name    string
	imports []string
	plugins []plugin
	// transforms is where a non-empty transforms list is written: build
	// refuses it (this build has none), validate, ast and select read
	// the configuration's sources as the reference does, whatever its
	// projections transform.
	transforms node.Pos
}

type plugin struct {
	key      string // as written: "openrpc" or "openrpc::artifact"
	artifact string // the output directory's name
	name     string // the plugin
	settings node.Node
}

// safeName reports whether name may be a projection or artifact name: it
// becomes a directory name below the output directory, so it can never
// leave it. The rule is the regular expression ^[A-Za-z0-9][A-Za-z0-9_.-]*$,
// written out so that no expression is compiled at every smithy start
// (TestSafeNameIsTheExpression compares the two).
func safeName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case i > 0 && (c == '_' || c == '.' || c == '-'):
		default:
			return false
		}
	}
	return name != ""
}

// ReadConfig reads and parses the configuration file path: a file that
// cannot be read is an input error (exit 4), the rest as [ParseConfig].
func ReadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, exitcode.Inputf("cannot read %s: %v", path, load.UnwrapPath(err))
	}
	return ParseConfig(path, data)
}

// ParseConfig parses data, the smithy-build.json named path, as the Smithy
// CLI reads it (`//` line comments allowed, as its parseJsonWithComments
// allows them): duplicate keys and unknown members are usage errors (exit
// 2) at their line and column, as are maven dependencies, which this build
// cannot fetch, and projection, plugin and artifact names that are not
// single path elements. Projection transforms are kept for [Run] to
// refuse: they do not change the sources that validate, ast and select
// read.
func ParseConfig(path string, data []byte) (*Config, error) {
	root, err := node.Parse(stripComments(data))
	if err != nil {
		return nil, exitcode.Usagef("%s: %v", path, err)
	}
	if root.Kind() != node.Object {
		return nil, exitcode.Usagef("%s: the configuration must be a JSON object", path)
	}
	bad := func(n node.Node, format string, args ...any) error {
		where := path
		if p := n.Pos(); p.IsValid() {
			where = fmt.Sprintf("%s:%d:%d", path, p.Line, p.Column)
		}
		return exitcode.Usagef("%s: %s", where, fmt.Sprintf(format, args...))
	}
	bc := &Config{Path: path, Dir: filepath.Dir(path)}
	strs := func(n node.Node, what string) ([]string, error) {
		if n.Kind() != node.Array {
			return nil, bad(n, "%s must be an array of paths", what)
		}
		var out []string
		for _, e := range n.Elems() {
			if e.Kind() != node.String || e.StringValue() == "" {
				return nil, bad(e, "%s must be an array of paths", what)
			}
			out = append(out, bc.resolve(e.StringValue()))
		}
		return out, nil
	}
	hasVersion := false
	var projections node.Node
	for _, f := range root.Fields() {
		v := f.Value
		switch f.Key {
		case "version":
			if v.Kind() != node.String || (v.StringValue() != "1.0" && v.StringValue() != "1") {
				return nil, bad(v, `version must be "1.0"`)
			}
			hasVersion = true
		case "sources":
			if bc.Sources, err = strs(v, "sources"); err != nil {
				return nil, err
			}
		case "imports":
			if bc.Imports, err = strs(v, "imports"); err != nil {
				return nil, err
			}
		case "outputDirectory":
			if v.Kind() != node.String || v.StringValue() == "" {
				return nil, bad(v, "outputDirectory must be a path")
			}
			// Checked when it is used (output.go): --output overrides it.
			bc.outputRaw, bc.outputPos = v.StringValue(), v.Pos()
		case "projections":
			if v.Kind() != node.Object {
				return nil, bad(v, "projections must be an object")
			}
			projections = v
		case "plugins":
			if bc.plugins, err = parsePlugins(v, bad); err != nil {
				return nil, err
			}
		case "ignoreMissingPlugins":
			if v.Kind() != node.Bool {
				return nil, bad(v, "ignoreMissingPlugins must be a boolean")
			}
			bc.ignoreMissing = v.BoolValue()
		case "maven":
			return nil, bad(v, "maven dependencies are not supported: name the model files in sources or imports")
		default:
			return nil, bad(v, "unknown member %q (known: version, sources, imports, outputDirectory, projections, plugins, ignoreMissingPlugins)", f.Key)
		}
	}
	if !hasVersion {
		return nil, exitcode.Usagef("%s: version is required (\"1.0\")", path)
	}
	// The implicit "source" projection: the model as it is, with the
	// top-level plugins.
	bc.projections = append(bc.projections, projection{name: "source", plugins: bc.plugins})
	for _, f := range projections.Fields() {
		name, v := f.Key, f.Value
		if name == "source" {
			return nil, bad(v, `projection name "source" is reserved for the model as it is`)
		}
		if !safeName(name) || name == "." || name == ".." {
			return nil, bad(v, "projection name %q must be letters, digits, _, - and . (it names a directory)", name)
		}
		if v.Kind() != node.Object {
			return nil, bad(v, "projection %q must be an object", name)
		}
		p := projection{name: name}
		abstract := false
		var own []plugin
		for _, pf := range v.Fields() {
			switch pf.Key {
			case "abstract":
				if pf.Value.Kind() != node.Bool {
					return nil, bad(pf.Value, "abstract must be a boolean")
				}
				abstract = pf.Value.BoolValue()
			case "imports":
				if p.imports, err = strs(pf.Value, "imports"); err != nil {
					return nil, err
				}
			case "plugins":
				if own, err = parsePlugins(pf.Value, bad); err != nil {
					return nil, err
				}
			case "transforms":
				if pf.Value.Kind() != node.Array {
					return nil, bad(pf.Value, "projection %q: transforms must be an array", name)
				}
				if pf.Value.Len() > 0 {
					p.transforms = pf.Value.Pos()
				}
			default:
				return nil, bad(pf.Value, "projection %q: unknown member %q (known: abstract, imports, plugins, transforms)", name, pf.Key)
			}
		}
		if abstract {
			continue
		}
		// A projection's plugins add to the top-level ones and replace
		// those of the same name.
		merged := map[string]plugin{}
		for _, pl := range bc.plugins {
			merged[pl.key] = pl
		}
		for _, pl := range own {
			merged[pl.key] = pl
		}
		p.plugins = sortedPlugins(merged)
		bc.projections = append(bc.projections, p)
	}
	sort.SliceStable(bc.projections[1:], func(i, j int) bool { return bc.projections[1+i].name < bc.projections[1+j].name })
	return bc, nil
}

// stripComments returns data with each `//` line comment outside a JSON
// string blanked to spaces (its newline kept), so that every position
// stays as written: the reference reads smithy-build.json with
// Node.parseJsonWithComments, which skips such comments wherever
// whitespace may stand. A '/' that begins no comment is left for the JSON
// reader to refuse. data itself is returned when it has no comment.
func stripComments(data []byte) []byte {
	var out []byte // a copy, made at the first comment
	inString, escaped := false, false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			if out == nil {
				out = bytes.Clone(data)
			}
			for ; i < len(data) && data[i] != '\n'; i++ {
				out[i] = ' '
			}
		}
	}
	if out == nil {
		return data
	}
	return out
}

// resolve makes a configured path relative to the configuration's
// directory (absolute paths stay as written).
func (bc *Config) resolve(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(bc.Dir, filepath.FromSlash(p))
}

func parsePlugins(v node.Node, bad func(node.Node, string, ...any) error) ([]plugin, error) {
	if v.Kind() != node.Object {
		return nil, bad(v, "plugins must be an object")
	}
	m := map[string]plugin{}
	for _, f := range v.Fields() {
		// plugin::artifact, as the reference's PluginId reads it: the
		// artifact names the output directory.
		pl := plugin{key: f.Key, artifact: f.Key, name: f.Key, settings: f.Value}
		if n, a, ok := strings.Cut(f.Key, "::"); ok {
			pl.name, pl.artifact = n, a
		}
		if !safeName(pl.artifact) || !safeName(pl.name) {
			return nil, bad(f.Value, "plugin %q must be a name, or plugin::artifact, of letters, digits, _, - and . (it names a directory)", f.Key)
		}
		if f.Value.Kind() != node.Object {
			return nil, bad(f.Value, "plugin %q: settings must be an object", f.Key)
		}
		m[f.Key] = pl
	}
	return sortedPlugins(m), nil
}

func sortedPlugins(m map[string]plugin) []plugin {
	out := make([]plugin, 0, len(m))
	for _, p := range m {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}
