package app

import (
	"github.com/smithy-validation/go/cli/build"
	"github.com/urfave/cli/v2"
)

// buildCommand is `smithy build`: the projections and plugins of a
// smithy-build.json, as the Smithy CLI reads it, with one plugin,
// openrpc (package build does the work).
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
			&cli.StringFlag{Name: "config", Aliases: []string{"c"}, Value: build.DefaultConfig, Usage: "the build configuration"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "the output directory (default: outputDirectory, else build/smithy beside the configuration)"},
		},
		Action: e.build,
	}
}

func (e *env) build(c *cli.Context) error {
	cfg, err := build.ReadConfig(c.String("config"))
	if err != nil {
		return err
	}
	return build.Run(e.Env, cfg, build.Options{Output: c.String("output"), Models: c.Args().Slice()})
}
