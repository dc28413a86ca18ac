package app

import (
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/core/model"
	"github.com/urfave/cli/v2"
)

func (e *env) validateCommand() *cli.Command {
	return &cli.Command{
		Name:  "validate",
		Usage: "assemble a model and report its validation events",
		Description: "Reports the events of assembly, of the model validators (trait targets, conflicts,\n" +
			"references, resources, the model's validators metadata) and of the values written in\n" +
			"the model (trait values, @default values, @examples, typed metadata),\n" +
			"minus suppressed ones, and the JSON-RPC mapping of every @jsonRpc service, prepared\n" +
			"as validate-rpc prepares it (events JsonRpc), ordered by file and position.\n" +
			"Exits 3 when an event is an ERROR.",
		ArgsUsage: "[MODEL...]",
		Flags: []cli.Flag{formatFlag(), maxFindingsFlag(), configFlag(),
			&cli.StringFlag{Name: "severity", Value: "NOTE", Usage: "report only events of this severity or above: NOTE, WARNING, DANGER or ERROR (the verdict still counts every event)"},
			&cli.BoolFlag{Name: "quiet", Usage: "report only DANGER and ERROR events (as the official CLI), and no summary in the text format"},
		},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c)
			if err != nil {
				return err
			}
			min, ok := severityNames[strings.ToUpper(c.String("severity"))]
			if !ok {
				return exitcode.Usagef("--severity must be one of NOTE, WARNING, DANGER, ERROR, not %q", c.String("severity"))
			}
			if c.Bool("quiet") {
				min, e.Quiet = model.Danger, true
			}
			models, err := e.modelArgs(c)
			if err != nil {
				return err
			}
			e.MaxFindings = c.Int("max-findings")
			return e.Validate(models, format, min)
		},
	}
}

// severityNames are the --severity values, as the reference names them.
var severityNames = map[string]model.Severity{
	"NOTE": model.Note, "WARNING": model.Warning, "DANGER": model.Danger, "ERROR": model.ErrorSeverity,
}
