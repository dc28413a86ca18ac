package run

import (
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
)

// ValueParams are the parameters of `smithy validate-value` and of the
// server's validate-value method.
type ValueParams struct {
	Models      []Source
	Shape       string
	Value       Input
	InputFormat string // json (the default when empty) or ion
	// MaxElements is the element limit (0: the default).
	MaxElements int
}

// Input is a value, a message or a transcript: a file (- for standard
// input) or, for the server, the bytes themselves (Inline).
type Input struct {
	Path   string
	Data   []byte
	Inline bool
}

// ValidateValue validates one value against a shape.
func (e *Env) ValidateValue(p ValueParams, format string) error {
	v, inputFormat, err := e.valueValidator(p)
	if err != nil {
		return err
	}
	data, err := e.readInput(p.Value, limits.DefaultMaxSize)
	if err != nil {
		return err
	}
	res, err := checkValue(v, inputFormat, data)
	if err != nil {
		return err
	}
	return e.printResult(res, format, p.Value.Path, data)
}

// ValidateValues validates the values of several files, jobs at once.
func (e *Env) ValidateValues(p ValueParams, files []string, jobs int, format string) error {
	if slices.Contains(files, "-") {
		return UsageErrorf("standard input (-) cannot be one of several --value inputs")
	}
	if jobs < 1 {
		return UsageErrorf("-j must be 1 or more, not %d", jobs)
	}
	v, inputFormat, err := e.valueValidator(p)
	if err != nil {
		return err
	}
	outs := checkFiles(files, jobs, func(file string) fileOutcome {
		data, err := e.ReadValue(file, limits.DefaultMaxSize)
		if err != nil {
			return fileOutcome{err: err}
		}
		res, err := checkValue(v, inputFormat, data)
		if err != nil {
			return fileOutcome{err: err}
		}
		return fileOutcome{json: res.AppendJSON(nil, ""), rep: render.ValueReport(res, file, data)}
	})
	return e.printMany("validate-value", files, outs, format)
}

// checkValue validates one value's text.
func checkValue(v *smithyvalidate.Validator, inputFormat string, data []byte) (smithyvalidate.Result, error) {
	var res smithyvalidate.Result
	var err error
	if inputFormat == "ion" {
		res, err = validateIon(v, data)
	} else {
		res, err = v.ValidateJSON(data)
	}
	if err != nil {
		return res, InternalError(err)
	}
	return res, nil
}

// valueValidator prepares the validator of p's shape and returns it with
// the input format.
func (e *Env) valueValidator(p ValueParams) (*smithyvalidate.Validator, string, error) {
	// A malformed ID is a usage error before any model is read.
	if _, err := shapeid.ParseRelative(p.Shape); err != nil {
		return nil, "", UsageErrorf("--shape: %v", err)
	}
	inputFormat := p.InputFormat
	if inputFormat == "" {
		inputFormat = "json"
	}
	if inputFormat != "json" && inputFormat != "ion" {
		return nil, "", UsageErrorf("--input-format must be json or ion, not %q", inputFormat)
	}
	lm, err := e.RequireModel(p.Models)
	if err != nil {
		return nil, "", err
	}
	id, err := ResolveShape(lm.Res.Model, "--shape", p.Shape)
	if err != nil {
		return nil, "", err
	}
	var opts []smithyvalidate.Option
	if p.MaxElements > 0 && p.MaxElements != limits.DefaultMaxElements {
		opts = append(opts, smithyvalidate.MaxElements(p.MaxElements))
	}
	v, err := lm.validator(id, opts...)
	if err != nil {
		return nil, "", ModelErrorf("%v", err)
	}
	return v, inputFormat, nil
}

// readInput reads an input as readValue does: inline bytes past limit are
// cut one byte over it, as a file is read.
func (e *Env) readInput(in Input, limit int64) ([]byte, error) {
	if !in.Inline {
		return e.ReadValue(in.Path, limit)
	}
	if int64(len(in.Data)) > limit+1 {
		return in.Data[:limit+1], nil
	}
	return in.Data, nil
}

func UnwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// printResult writes the result of the value in file (whose text is
// data) in the chosen format and returns its exit code (0 valid, 1
// invalid, 5 incomplete).
func (e *Env) printResult(res smithyvalidate.Result, format, file string, data []byte) error {
	if format == render.FormatJSON {
		e.Stdout.Write(append(res.AppendJSON(nil, ""), '\n'))
	} else if err := e.writeReport(render.ValueReport(res, file, data), format); err != nil {
		return err
	}
	return Verdict(res.Valid, res.Complete)
}

// InternalError reports a fault of the engine itself (never bad data or a
// bad model): exit 1 with the error on stderr, so a caller never mistakes it
// for a valid result.
func InternalError(err error) error {
	return &ExitError{Code: ExitInvalid, Msg: fmt.Sprintf("internal error: %v", err)}
}
