package app

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/openrpc"
	"github.com/urfave/cli/v2"
)

// buildCommand is `smithy build`: the projections and plugins of a
// smithy-build.json, as the Smithy CLI reads it, with one plugin,
// openrpc.
func (e *env) buildCommand() *cli.Command {
	return &cli.Command{
		Name:  "build",
		Usage: "run the projections and plugins of smithy-build.json (plugin: openrpc)",
		Description: "Reads smithy-build.json as the Smithy CLI does: version, sources, imports,\n" +
			"outputDirectory, projections (imports, plugins, abstract) and plugins, which\n" +
			"apply to every projection, including the implicit \"source\" projection.\n" +
			"Relative paths are relative to the configuration's directory; output goes\n" +
			"to <output>/<projection>/<artifact>/ (a plugin key is plugin or\n" +
			"plugin::artifact). The output directory is --output, else outputDirectory\n" +
			"(default build/smithy), which must stay inside the configuration's directory\n" +
			"with no symbolic link on the way; nothing outside it is written or removed,\n" +
			"and only the *.openrpc.json files of an artifact directory are replaced.\n" +
			"The openrpc plugin writes <Service>.openrpc.json; its\n" +
			"settings: service (required), info, naming, unknownMembers, nulls,\n" +
			"extensions, systemExtensions. Other plugins and transforms are errors (exit 2) unless\n" +
			"ignoreMissingPlugins is true. MODEL arguments are added to the sources.",
		ArgsUsage: "[MODEL...]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "config", Aliases: []string{"c"}, Value: "smithy-build.json", Usage: "the build configuration"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "the output directory (default: outputDirectory, else build/smithy beside the configuration)"},
		},
		Action: e.build,
	}
}

// buildConfig is a parsed smithy-build.json.
type buildConfig struct {
	path        string // the configuration file, as named
	dir         string // the configuration's directory
	sources     []string
	imports     []string
	outputRaw   string   // outputDirectory as written, "" when absent
	outputPos   node.Pos // where it is written
	plugins     []buildPlugin
	projections []buildProjection
	ignoreMiss  bool
}

type buildProjection struct {
	name    string
	imports []string
	plugins []buildPlugin
}

type buildPlugin struct {
	key      string // as written: "openrpc" or "openrpc::artifact"
	artifact string // the output directory's name
	name     string // the plugin
	settings node.Node
}

// safeName is what a projection or artifact name may be: it becomes a
// directory name below the output directory, so it can never leave it.
var safeName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

func (e *env) build(c *cli.Context) error {
	cfgPath := c.String("config")
	data, err := os.ReadFile(cfgPath)
	if err != nil {
		return exitcode.Inputf("cannot read %s: %v", cfgPath, load.UnwrapPath(err))
	}
	bc, err := parseBuildConfig(cfgPath, data)
	if err != nil {
		return err
	}
	bc.sources = append(bc.sources, c.Args().Slice()...)
	if len(bc.sources)+len(bc.imports) == 0 {
		return exitcode.Usagef("%s names no sources or imports, and no MODEL was given", cfgPath)
	}
	// Every plugin's settings are checked before any model is loaded.
	type job struct {
		proj buildProjection
		plug buildPlugin
		set  run.OpenrpcSettings
	}
	var jobs []job
	for _, p := range bc.projections {
		for _, pl := range p.plugins {
			if pl.name != "openrpc" {
				if bc.ignoreMiss {
					fmt.Fprintf(e.Stderr, "smithy: build: projection %q: plugin %q is not available; skipped (ignoreMissingPlugins)\n", p.name, pl.name)
					continue
				}
				return exitcode.Usagef("%s: projection %q: unknown plugin %q (this build has only \"openrpc\"; set ignoreMissingPlugins to skip others)", cfgPath, p.name, pl.name)
			}
			set, err := openrpcPluginSettings(pl.settings, fmt.Sprintf("%s: projection %q: plugin %q: ", cfgPath, p.name, pl.key))
			if err != nil {
				return err
			}
			jobs = append(jobs, job{p, pl, set})
		}
	}
	// Every artifact is made before anything is written: a model that
	// fails leaves the output directory as it was.
	type artifact struct {
		dir, name string
		data      []byte
	}
	var artifacts []artifact
	models := map[string]*load.Model{}
	for _, j := range jobs {
		prefix := fmt.Sprintf("projection %q: plugin %q: ", j.proj.name, j.plug.key)
		cfg, err := j.set.Config(prefix)
		if err != nil {
			return err
		}
		svc, err := j.set.AbsoluteService(prefix)
		if err != nil {
			return err
		}
		lm, ok := models[j.proj.name]
		if !ok {
			var srcs []load.Source
			for _, s := range append(append(append([]string(nil), bc.sources...), bc.imports...), j.proj.imports...) {
				srcs = append(srcs, load.Source{Path: s})
			}
			if lm, err = e.RequireValidModel(srcs); err != nil {
				return err
			}
			models[j.proj.name] = lm
		}
		res, err := e.ExportOpenRPC(lm.Res.Model, svc, cfg)
		if err != nil {
			return err
		}
		artifacts = append(artifacts, artifact{filepath.Join(j.proj.name, j.plug.artifact), run.OpenrpcFileName(svc), res.JSON})
	}
	if len(artifacts) == 0 {
		return nil
	}
	// Written through the output directory's os.Root (buildout.go): no
	// name, link or configuration leads outside it.
	out, err := openOutput(bc, c.String("output"))
	if err != nil {
		return err
	}
	defer out.Close()
	for _, a := range artifacts {
		if err := out.write(a.dir, a.name, a.data); err != nil {
			return err
		}
		fmt.Fprintf(e.Stdout, "%s\n", filepath.ToSlash(filepath.Join(a.dir, a.name)))
	}
	return nil
}

// parseBuildConfig reads smithy-build.json: duplicate keys and unknown
// members are errors (exit 2), as are features this build does not have
// (transforms, maven dependencies).
func parseBuildConfig(path string, data []byte) (*buildConfig, error) {
	root, err := node.Parse(data)
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
	bc := &buildConfig{path: path, dir: filepath.Dir(path)}
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
			if bc.sources, err = strs(v, "sources"); err != nil {
				return nil, err
			}
		case "imports":
			if bc.imports, err = strs(v, "imports"); err != nil {
				return nil, err
			}
		case "outputDirectory":
			if v.Kind() != node.String || v.StringValue() == "" {
				return nil, bad(v, "outputDirectory must be a path")
			}
			// Checked when it is used (buildout.go): --output overrides it.
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
			bc.ignoreMiss = v.BoolValue()
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
	bc.projections = append(bc.projections, buildProjection{name: "source", plugins: bc.plugins})
	for _, f := range projections.Fields() {
		name, v := f.Key, f.Value
		if name == "source" {
			return nil, bad(v, `projection name "source" is reserved for the model as it is`)
		}
		if !safeName.MatchString(name) || name == "." || name == ".." {
			return nil, bad(v, "projection name %q must be letters, digits, _, - and . (it names a directory)", name)
		}
		if v.Kind() != node.Object {
			return nil, bad(v, "projection %q must be an object", name)
		}
		p := buildProjection{name: name}
		abstract := false
		var own []buildPlugin
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
				if pf.Value.Kind() != node.Array || pf.Value.Len() > 0 {
					return nil, bad(pf.Value, "projection %q: transforms are not supported by this build", name)
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
		merged := map[string]buildPlugin{}
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

// resolve makes a configured path relative to the configuration's
// directory (absolute paths stay as written).
func (bc *buildConfig) resolve(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(bc.dir, filepath.FromSlash(p))
}

func parsePlugins(v node.Node, bad func(node.Node, string, ...any) error) ([]buildPlugin, error) {
	if v.Kind() != node.Object {
		return nil, bad(v, "plugins must be an object")
	}
	m := map[string]buildPlugin{}
	for _, f := range v.Fields() {
		// plugin::artifact, as the reference's PluginId reads it: the
		// artifact names the output directory.
		pl := buildPlugin{key: f.Key, artifact: f.Key, name: f.Key, settings: f.Value}
		if n, a, ok := strings.Cut(f.Key, "::"); ok {
			pl.name, pl.artifact = n, a
		}
		if !safeName.MatchString(pl.artifact) || !safeName.MatchString(pl.name) {
			return nil, bad(f.Value, "plugin %q must be a name, or plugin::artifact, of letters, digits, _, - and . (it names a directory)", f.Key)
		}
		if f.Value.Kind() != node.Object {
			return nil, bad(f.Value, "plugin %q: settings must be an object", f.Key)
		}
		m[f.Key] = pl
	}
	return sortedPlugins(m), nil
}

func sortedPlugins(m map[string]buildPlugin) []buildPlugin {
	out := make([]buildPlugin, 0, len(m))
	for _, p := range m {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}

// openrpcPluginSettings reads the openrpc plugin's settings:
//
//	{"service": "ns#Service",                      // required
//	 "info": {"title", "version", "description", "termsOfService",
//	          "contact": {"name", "url", "email"}, "license": {"name", "url"}},
//	 "naming": "jsonName" (default) | "memberName",
//	 "unknownMembers": "warn" | "ignore" | "error",
//	 "nulls": "absent" | "reject",
//	 "extensions": "emit" | "omit",
//	 "systemExtensions": ["rpc.discover"]}
func openrpcPluginSettings(v node.Node, prefix string) (run.OpenrpcSettings, error) {
	var s run.OpenrpcSettings
	bad := func(format string, args ...any) error {
		return exitcode.Usagef("%s%s", prefix, fmt.Sprintf(format, args...))
	}
	str := func(n node.Node, what string) (string, error) {
		if n.Kind() != node.String {
			return "", bad("%s must be a string", what)
		}
		return n.StringValue(), nil
	}
	strFields := func(n node.Node, what string, dst map[string]*string) error {
		if n.Kind() != node.Object {
			return bad("%s must be an object", what)
		}
		for _, f := range n.Fields() {
			p, ok := dst[f.Key]
			if !ok {
				keys := make([]string, 0, len(dst))
				for k := range dst {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				return bad("%s: unknown member %q (known: %s)", what, f.Key, strings.Join(keys, ", "))
			}
			x, err := str(f.Value, what+"."+f.Key)
			if err != nil {
				return err
			}
			*p = x
		}
		return nil
	}
	var err error
	for _, f := range v.Fields() {
		switch f.Key {
		case "service":
			s.Service, err = str(f.Value, "service")
		case "naming":
			s.Naming, err = str(f.Value, "naming")
		case "unknownMembers":
			s.UnknownMembers, err = str(f.Value, "unknownMembers")
		case "nulls":
			s.Nulls, err = str(f.Value, "nulls")
		case "extensions":
			s.Extensions, err = str(f.Value, "extensions")
		case "systemExtensions":
			if f.Value.Kind() != node.Array {
				return s, bad("systemExtensions must be an array of names")
			}
			for _, e := range f.Value.Elems() {
				x, err := str(e, "systemExtensions[]")
				if err != nil {
					return s, err
				}
				s.SystemExtensions = append(s.SystemExtensions, x)
			}
		case "info":
			if f.Value.Kind() != node.Object {
				return s, bad("info must be an object")
			}
			for _, i := range f.Value.Fields() {
				switch i.Key {
				case "contact":
					s.Info.Contact = &openrpc.Contact{}
					err = strFields(i.Value, "info.contact", map[string]*string{"name": &s.Info.Contact.Name, "url": &s.Info.Contact.URL, "email": &s.Info.Contact.Email})
				case "license":
					s.Info.License = &openrpc.License{}
					err = strFields(i.Value, "info.license", map[string]*string{"name": &s.Info.License.Name, "url": &s.Info.License.URL})
					if err == nil && s.Info.License.Name == "" {
						err = bad("info.license.name is required")
					}
				default:
					err = strFields(node.NewObject(i), "info", map[string]*string{"title": &s.Info.Title, "version": &s.Info.Version,
						"description": &s.Info.Description, "termsOfService": &s.Info.TermsOfService, "contact": nil, "license": nil})
				}
				if err != nil {
					return s, err
				}
			}
		default:
			return s, bad("unknown setting %q (known: service, info, naming, unknownMembers, nulls, extensions, systemExtensions)", f.Key)
		}
		if err != nil {
			return s, err
		}
	}
	if s.Service == "" {
		return s, bad("service is required: the absolute shape ID of the service to export")
	}
	return s, nil
}
