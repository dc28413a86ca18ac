package app

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
	"github.com/urfave/cli/v2"
)

func (e *env) validateValueCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate-value",
		Usage:     "validate one value (JSON, or Ion) against a shape",
		ArgsUsage: "MODEL...",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "shape", Usage: "the absolute shape ID to validate against (ns#Shape or ns#Shape$member)", Required: true},
			&cli.StringFlag{Name: "value", Value: "-", Usage: "the value's file, - for standard input"},
			&cli.StringFlag{Name: "input-format", Value: "json", Usage: "json or ion"},
			formatFlag(),
			maxFindingsFlag(),
		},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c)
			if err != nil {
				return err
			}
			e.maxFindings = c.Int("max-findings")
			return e.validateValue(valueParams{Models: pathSources(c.Args().Slice()), Shape: c.String("shape"),
				Value: Input{Path: c.String("value")}, InputFormat: c.String("input-format")}, format)
		},
	}
}

// valueParams are the parameters of `smithy validate-value` and of the
// server's validate-value method.
type valueParams struct {
	Models      []Source
	Shape       string
	Value       Input
	InputFormat string // json (the default when empty) or ion
}

// Input is a value, a message or a transcript: a file (- for standard
// input) or, for the server, the bytes themselves (Inline).
type Input struct {
	Path   string
	Data   []byte
	Inline bool
}

// validateValue validates one value against a shape.
func (e *env) validateValue(p valueParams, format string) error {
	id, err := shapeid.Parse(p.Shape)
	if err != nil {
		return usageErrorf("--shape: %v", err)
	}
	inputFormat := p.InputFormat
	if inputFormat == "" {
		inputFormat = "json"
	}
	if inputFormat != "json" && inputFormat != "ion" {
		return usageErrorf("--input-format must be json or ion, not %q", inputFormat)
	}
	lm, err := e.requireModel(p.Models)
	if err != nil {
		return err
	}
	v, err := lm.validator(id)
	if err != nil {
		return modelErrorf("%v", err)
	}
	data, err := e.readInput(p.Value, smithyvalidate.DefaultMaxValueSize)
	if err != nil {
		return err
	}
	var res smithyvalidate.Result
	if inputFormat == "ion" {
		res, err = validateIon(v, data)
	} else {
		res, err = v.ValidateJSON(data)
	}
	if err != nil {
		return internalError(err)
	}
	return e.printResult(res, format, p.Value.Path, data)
}

// readInput reads an input as readValue does: inline bytes past limit are
// cut one byte over it, as a file is read.
func (e *env) readInput(in Input, limit int64) ([]byte, error) {
	if !in.Inline {
		return e.readValue(in.Path, limit)
	}
	if int64(len(in.Data)) > limit+1 {
		return in.Data[:limit+1], nil
	}
	return in.Data, nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// printResult writes the result of the value in file (whose text is
// data) in the chosen format and returns its exit code (0 valid, 1
// invalid, 5 incomplete).
func (e *env) printResult(res smithyvalidate.Result, format, file string, data []byte) error {
	if format == formatJSON {
		e.stdout.Write(append(res.AppendJSON(nil, ""), '\n'))
	} else if err := e.writeReport(valueReport(res, file, data), format); err != nil {
		return err
	}
	return verdict(res.Valid, res.Complete)
}

// valueReport is the report of one value.
func valueReport(res smithyvalidate.Result, file string, data []byte) *report {
	rep := &report{command: "validate-value", inputs: []string{displayName(file)}, valid: res.Valid, complete: res.Complete}
	rep.diags = make([]diag, len(res.Findings))
	ptrs := make([]*diag, len(res.Findings))
	for i := range res.Findings {
		rep.diags[i] = findingDiag(rep.inputs[0], &res.Findings[i])
		ptrs[i] = &rep.diags[i]
	}
	fillSources(bytes.NewReader(data), ptrs)
	return rep
}

// internalError reports a fault of the engine itself (never bad data or a
// bad model): exit 1 with the error on stderr, so a caller never mistakes it
// for a valid result.
func internalError(err error) error {
	return &exitError{code: ExitInvalid, msg: fmt.Sprintf("internal error: %v", err)}
}
