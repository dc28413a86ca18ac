package app

import (
	"errors"
	"io/fs"
	"os"

	"github.com/smithy-validation/go/cli/build"
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/urfave/cli/v2"
)

// The models of `smithy validate`, `ast` and `select`, as the official
// CLI finds them: the MODEL arguments; with -c/--config FILE, also the
// sources and imports of that smithy-build.json (relative to its
// directory); with neither, those of ./smithy-build.json. Unlike the
// official CLI, a smithy-build.json in the working directory is not read
// when MODEL arguments are given without -c: the command checks what it
// was named (docs/official-cli.md).

func configFlag() *cli.StringFlag {
	return &cli.StringFlag{Name: "config", Aliases: []string{"c"},
		Usage: "read the sources and imports of this smithy-build.json (default: ./smithy-build.json when no MODEL is given)"}
}

// modelArgs returns the models a command reads, as above.
func (e *env) modelArgs(c *cli.Context) ([]load.Source, error) {
	args := c.Args().Slice()
	cfgPath := c.String("config")
	if cfgPath == "" {
		if len(args) > 0 {
			return load.PathSources(args), nil
		}
		if _, err := os.Stat(build.DefaultConfig); errors.Is(err, fs.ErrNotExist) {
			return nil, exitcode.Usagef("no MODEL given, and there is no %s here to read the sources of (name one with -c)", build.DefaultConfig)
		}
		cfgPath = build.DefaultConfig
	}
	cfg, err := build.ReadConfig(cfgPath)
	if err != nil {
		return nil, err
	}
	// Already resolved against the configuration's directory. They come
	// with the repository: read only when regular files or directories
	// (load.Source.Named), as smithy build reads them; the MODEL
	// arguments whatever they are.
	var srcs []load.Source
	for _, p := range append(append([]string(nil), cfg.Sources...), cfg.Imports...) {
		srcs = append(srcs, load.Source{Path: p, Named: true})
	}
	srcs = append(srcs, load.PathSources(args)...)
	if len(srcs) == 0 {
		return nil, exitcode.Usagef("%s names no sources or imports, and no MODEL was given", cfgPath)
	}
	return srcs, nil
}
