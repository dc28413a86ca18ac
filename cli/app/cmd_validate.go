package app

import (
	"strconv"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/urfave/cli/v2"
)

func formatFlag() *cli.StringFlag {
	return &cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text or json"}
}

func checkFormat(c *cli.Context) (string, error) {
	f := c.String("format")
	if f != "text" && f != "json" {
		return "", usageErrorf("--format must be text or json, not %q", f)
	}
	return f, nil
}

func (e *env) validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "assemble a model and report its validation events",
		ArgsUsage: "MODEL...",
		Flags:     []cli.Flag{formatFlag()},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c)
			if err != nil {
				return err
			}
			res, err := e.loadModel(c.Args().Slice())
			if err != nil {
				return err
			}
			events := res.Events
			valid := true
			for _, ev := range events {
				if ev.Severity == model.ErrorSeverity {
					valid = false
				}
			}
			if format == "json" {
				e.stdout.Write(append(node.Marshal(eventsJSON(valid, events)), '\n'))
			} else {
				for _, ev := range events {
					e.stdout.Write([]byte(ev.String() + "\n"))
				}
			}
			if !valid {
				return status(ExitModel)
			}
			return nil
		},
	}
}

func eventsJSON(valid bool, events []model.Event) node.Node {
	list := make([]node.Node, len(events))
	for i, ev := range events {
		shape := node.NewNull()
		if !ev.Shape.IsZero() {
			shape = node.NewString(ev.Shape.String())
		}
		f := []node.Field{
			{Key: "severity", Value: node.NewString(ev.Severity.String())},
			{Key: "id", Value: node.NewString(ev.ID)},
			{Key: "shape", Value: shape},
			{Key: "file", Value: node.NewString(ev.Source.File)},
		}
		if ev.Source.Pos.IsValid() {
			f = append(f,
				node.Field{Key: "line", Value: node.NewNumber(strconv.Itoa(int(ev.Source.Pos.Line)))},
				node.Field{Key: "column", Value: node.NewNumber(strconv.Itoa(int(ev.Source.Pos.Column)))})
		}
		f = append(f, node.Field{Key: "message", Value: node.NewString(ev.Message)})
		list[i] = node.NewObject(f...)
	}
	return node.NewObject(
		node.Field{Key: "valid", Value: node.NewBool(valid)},
		node.Field{Key: "events", Value: node.NewArray(list...)},
	)
}
