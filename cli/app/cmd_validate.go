package app

import (
	"os"
	"strconv"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/validate"
	"github.com/smithy-validation/go/rpc"
	"github.com/smithy-validation/go/smithyvalidate"
	"github.com/urfave/cli/v2"
)

func (e *env) validateCommand() *cli.Command {
	return &cli.Command{
		Name:  "validate",
		Usage: "assemble a model and report its validation events",
		Description: "Reports the events of assembly, of the model validators (trait targets, conflicts,\n" +
			"references, resources, the model's validators metadata) and of the values written in\n" +
			"the model (trait values, @default values, @examples, typed metadata),\n" +
			"minus suppressed ones, ordered by file and position. Exits 3 when an event is an ERROR.",
		ArgsUsage: "MODEL...",
		Flags:     []cli.Flag{formatFlag(), maxFindingsFlag()},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c)
			if err != nil {
				return err
			}
			e.maxFindings = c.Int("max-findings")
			return e.validate(pathSources(c.Args().Slice()), format)
		},
	}
}

// validate reports the model's validation events.
func (e *env) validate(models []Source, format string) error {
	lm, err := e.loadModel(models)
	if err != nil {
		return err
	}
	events := lm.validateEvents()
	valid := true
	for _, ev := range events {
		if ev.Severity == model.ErrorSeverity {
			valid = false
		}
	}
	if format == formatJSON {
		e.stdout.Write(append(node.Marshal(eventsJSON(valid, events)), '\n'))
	} else if err := e.writeReport(modelReport(valid, events), format); err != nil {
		return err
	}
	if !valid {
		return status(ExitModel)
	}
	return nil
}

// validateEvents composes what `smithy validate` reports: the assembly
// events, then core/validate's staged validators with the value engine's
// validators among them (smithyvalidate.ModelValidators: trait values and
// @default values among the critical ones, where the reference runs them,
// then @examples), suppressions applied, sorted with model.SortEvents. A
// model that could not be built has only its assembly events.
func validateEvents(res *assembly.Result) []model.Event {
	rep := validate.Check(res.Model, validate.WithEvents(res.Events), validate.WithValidators(smithyvalidate.ModelValidators()...), validate.Builtin(rpc.TraitsNamespace))
	return rep.Events
}

func eventsJSON(valid bool, events []model.Event) node.Node {
	return node.NewObject(
		node.Field{Key: "valid", Value: node.NewBool(valid)},
		node.Field{Key: "events", Value: eventsNode(events)},
	)
}

// eventsNode is the "events" array of the JSON output.
func eventsNode(events []model.Event) node.Node {
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
	return node.NewArray(list...)
}

// modelReport is the report of `smithy validate`: the events, with the
// source lines of the model files they are in.
func modelReport(valid bool, events []model.Event) *report {
	rep := &report{command: "validate", model: true, valid: valid, complete: true}
	rep.diags = make([]diag, len(events))
	byFile := map[string][]*diag{}
	var files []string
	for i := range events {
		rep.diags[i] = eventDiag(&events[i])
		d := &rep.diags[i]
		if d.File != "" && d.Line > 0 {
			if byFile[d.File] == nil {
				files = append(files, d.File)
			}
			byFile[d.File] = append(byFile[d.File], d)
		}
	}
	for _, name := range files {
		if f, err := os.Open(name); err == nil {
			fillSources(f, byFile[name])
			f.Close()
		}
	}
	return rep
}
