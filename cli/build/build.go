// Package build is `smithy build`: it reads a smithy-build.json as the
// Smithy CLI does ([ReadConfig], [ParseConfig]: version, sources,
// imports, outputDirectory, projections with their imports and plugins,
// plugins that apply to every projection, the implicit "source"
// projection) and runs its one plugin, openrpc, writing
// <output>/<projection>/<artifact>/<Service>.openrpc.json ([Run]).
//
// A smithy-build.json comes with the repository it is in, so it is
// untrusted. What it can make the build write or delete is confined:
//
//   - The output directory is [Options.Output] when given (the user's
//     choice, used as given). Otherwise it is the configuration's
//     outputDirectory (default build/smithy), which must be a relative
//     path below the configuration's directory: an absolute path, or one
//     that climbs out with "..", is a usage error at its position.
//   - No symbolic link is followed on the way from the configuration's
//     directory to the output directory, nor into a projection's or an
//     artifact's directory: such a link is a usage error, whatever it
//     points to.
//   - Projection, plugin and artifact names are single path elements
//     (letters, digits, _, - and ., first a letter or digit).
//   - Every file is created through an [os.Root] opened at the output
//     directory, which refuses any path or link that leads out of it,
//     also one made while the build runs; a file is created with O_EXCL
//     after the old one is removed, so nothing is written through a link.
//   - Nothing outside the output directory is removed, and inside it
//     only the *.openrpc.json entries of an artifact directory about to
//     be written (a link among them is removed, never followed); no
//     directory is removed.
//   - Every plugin's settings are checked and every artifact made before
//     the first file is written: a model that fails leaves the output
//     directory as it was.
//
// Reading is not confined: sources and imports may name any path, as the
// Smithy CLI allows (docs/security.md). Errors carry their exit codes
// (package exitcode): 2 for a bad configuration, 3 for a model that does
// not validate, 4 for a file that cannot be read or written.
package build

import (
	"fmt"
	"path/filepath"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/run"
)

// Options are the command line's choices for a build.
type Options struct {
	// Output is the output directory named by the user (--output): made
	// when missing and used as given, relative to the working directory.
	// Empty: the configuration's outputDirectory, confined below its
	// directory.
	Output string
	// Models are model files or directories added to the configuration's
	// sources (the command's MODEL arguments).
	Models []string
}

// Run runs the projections and plugins of cfg: it loads each
// projection's model (sources, imports and the projection's imports),
// which must validate, exports an OpenRPC document for each openrpc
// plugin, and writes them into the output directory, printing each
// file's path below it on e.Stdout. A plugin other than openrpc is a
// usage error unless the configuration sets ignoreMissingPlugins (then it
// is skipped with a note on e.Stderr).
func Run(e *run.Env, cfg *Config, opts Options) error {
	sources := append(append([]string(nil), cfg.Sources...), opts.Models...)
	if len(sources)+len(cfg.Imports) == 0 {
		return exitcode.Usagef("%s names no sources or imports, and no MODEL was given", cfg.Path)
	}
	for _, p := range cfg.projections {
		if p.transforms.IsValid() {
			return exitcode.Usagef("%s:%d:%d: projection %q: transforms are not supported by this build", cfg.Path, p.transforms.Line, p.transforms.Column, p.name)
		}
	}
	// Every plugin's settings are checked before any model is loaded.
	type job struct {
		proj projection
		plug plugin
		set  run.OpenRPCSettings
	}
	var jobs []job
	for _, p := range cfg.projections {
		for _, pl := range p.plugins {
			if pl.name != "openrpc" {
				if cfg.ignoreMissing {
					fmt.Fprintf(e.Stderr, "smithy: build: projection %q: plugin %q is not available; skipped (ignoreMissingPlugins)\n", p.name, pl.name)
					continue
				}
				return exitcode.Usagef("%s: projection %q: unknown plugin %q (this build has only \"openrpc\"; set ignoreMissingPlugins to skip others)", cfg.Path, p.name, pl.name)
			}
			set, err := openrpcSettings(pl.settings, fmt.Sprintf("%s: projection %q: plugin %q: ", cfg.Path, p.name, pl.key))
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
		orc, err := j.set.Config(prefix)
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
			// The configuration's paths are read only when they are
			// regular files or directories (load.Source.Named); the
			// command line's MODEL arguments whatever they are.
			for _, s := range cfg.Sources {
				srcs = append(srcs, load.Source{Path: s, Named: true})
			}
			for _, s := range opts.Models {
				srcs = append(srcs, load.Source{Path: s})
			}
			for _, s := range append(append([]string(nil), cfg.Imports...), j.proj.imports...) {
				srcs = append(srcs, load.Source{Path: s, Named: true})
			}
			if lm, err = e.RequireValidModel(srcs); err != nil {
				return err
			}
			models[j.proj.name] = lm
		}
		res, err := e.ExportOpenRPC(lm.Res.Model, svc, orc)
		if err != nil {
			return err
		}
		artifacts = append(artifacts, artifact{filepath.Join(j.proj.name, j.plug.artifact), run.OpenRPCFileName(svc), res.JSON})
	}
	if len(artifacts) == 0 {
		return nil
	}
	// Written through the output directory's os.Root (output.go): no
	// name, link or configuration leads outside it.
	out, err := openOutput(cfg, opts.Output)
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
