package app

import (
	"errors"
	"io/fs"
	"os"

	"github.com/urfave/cli/v2"
)

// The models of `smithy validate`, `ast` and `select`, as the official
// CLI finds them: the MODEL arguments; with -c/--config FILE, also the
// sources and imports of that smithy-build.json (relative to its
// directory); with neither, those of ./smithy-build.json. Unlike the
// official CLI, a smithy-build.json in the working directory is not read
// when MODEL arguments are given without -c: the command checks what it
// was named (docs/official-cli.md).

// defaultConfig is the configuration read when no MODEL is given.
const defaultConfig = "smithy-build.json"

func configFlag() *cli.StringFlag {
	return &cli.StringFlag{Name: "config", Aliases: []string{"c"},
		Usage: "read the sources and imports of this smithy-build.json (default: ./smithy-build.json when no MODEL is given)"}
}

// modelArgs returns the models a command reads: see above.
func (e *env) modelArgs(c *cli.Context) ([]Source, error) {
	args := c.Args().Slice()
	cfgPath := c.String("config")
	if cfgPath == "" {
		if len(args) > 0 {
			return pathSources(args), nil
		}
		if _, err := os.Stat(defaultConfig); errors.Is(err, fs.ErrNotExist) {
			return nil, usageErrorf("no MODEL given, and there is no %s here to read the sources of (name one with -c)", defaultConfig)
		}
		cfgPath = defaultConfig
	}
	data, err := os.ReadFile(cfgPath)
	if err != nil {
		return nil, inputErrorf("cannot read %s: %v", cfgPath, unwrapPath(err))
	}
	bc, err := parseBuildConfig(cfgPath, data)
	if err != nil {
		return nil, err
	}
	// parseBuildConfig has already resolved them against its directory.
	paths := append(append(append([]string(nil), bc.sources...), bc.imports...), args...)
	if len(paths) == 0 {
		return nil, usageErrorf("%s names no sources or imports, and no MODEL was given", cfgPath)
	}
	return pathSources(paths), nil
}
