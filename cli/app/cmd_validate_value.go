package app

import (
	"errors"
	"fmt"
	"io"
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
		},
		Action: func(c *cli.Context) error {
			format, err := checkFormat(c)
			if err != nil {
				return err
			}
			id, err := shapeid.Parse(c.String("shape"))
			if err != nil {
				return usageErrorf("--shape: %v", err)
			}
			inputFormat := c.String("input-format")
			if inputFormat != "json" && inputFormat != "ion" {
				return usageErrorf("--input-format must be json or ion, not %q", inputFormat)
			}
			m, err := e.requireModel(c.Args().Slice())
			if err != nil {
				return err
			}
			v, err := smithyvalidate.Prepare(m, id)
			if err != nil {
				return modelErrorf("%v", err)
			}
			data, err := e.readValue(c.String("value"), smithyvalidate.DefaultMaxValueSize)
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
			return e.printResult(res, format)
		},
	}
}

// readValue reads a value file (or standard input for -), at most limit+1
// bytes: a larger input reaches the engine one byte over its size limit, so
// it ends with a limit finding (exit 5) instead of being read whole.
func (e *env) readValue(path string, limit int64) ([]byte, error) {
	if path == "-" {
		if e.stdinUsed {
			return nil, usageErrorf("standard input (-) can be used only once")
		}
		e.stdinUsed = true
		data, err := io.ReadAll(io.LimitReader(e.stdin, limit+1))
		if err != nil {
			return nil, inputErrorf("cannot read standard input: %v", err)
		}
		return data, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, inputErrorf("cannot read %s: %v", path, unwrapPath(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, inputErrorf("cannot read %s: %v", path, unwrapPath(err))
	}
	return data, nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// printResult writes a result in the chosen format and returns its exit
// code (0 valid, 1 invalid, 5 incomplete).
func (e *env) printResult(res smithyvalidate.Result, format string) error {
	if format == "json" {
		e.stdout.Write(append(res.AppendJSON(nil, ""), '\n'))
	} else {
		io.WriteString(e.stdout, res.Text())
	}
	if code := res.ExitCode(); code != ExitValid {
		return status(code)
	}
	return nil
}

// internalError reports a fault of the engine itself (never bad data or a
// bad model): exit 1 with the error on stderr, so a caller never mistakes it
// for a valid result.
func internalError(err error) error {
	return &exitError{code: ExitInvalid, msg: fmt.Sprintf("internal error: %v", err)}
}
