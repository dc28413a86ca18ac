package app

import (
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/urfave/cli/v2"
)

func progressFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "progress", Value: false, DefaultText: "on a terminal, for transcripts over 4 MB", Usage: "always show the progress line on stderr"},
		&cli.BoolFlag{Name: "no-progress", Value: false, Usage: "never show the progress line"},
	}
}

// progressMode is --progress (1), --no-progress (-1) or neither (0).
func progressMode(c *cli.Context) (int, error) {
	on, off := c.Bool("progress"), c.Bool("no-progress")
	switch {
	case on && off:
		return 0, exitcode.Usagef("--progress and --no-progress exclude each other")
	case on:
		return 1, nil
	case off:
		return -1, nil
	}
	return 0, nil
}
