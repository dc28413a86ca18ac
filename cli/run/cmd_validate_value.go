package run

import (
	"slices"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
)

// ValueParams are the parameters of `smithy validate-value` and of the
// server's validate-value method.
type ValueParams struct {
	Models      []load.Source
	Shape       string
	Value       load.Input
	InputFormat string // json (the default when empty) or ion
	// MaxElements is the element limit (0: the default).
	MaxElements int
	// Naming is how fields name members: jsonName (the default when
	// empty: a member's @jsonName, else its name) or memberName.
	Naming string
}

// ValidateValue validates one value against a shape.
func (e *Env) ValidateValue(p ValueParams, format string) error {
	v, inputFormat, err := e.valueValidator(p)
	if err != nil {
		return err
	}
	data, err := e.ReadInput(p.Value, limits.DefaultMaxSize)
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
		return exitcode.Usagef("standard input (-) cannot be one of several --value inputs")
	}
	if jobs < 1 {
		return exitcode.Usagef("-j must be 1 or more, not %d", jobs)
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
		return res, exitcode.Internal(err)
	}
	return res, nil
}

// valueValidator prepares the validator of p's shape and returns it with
// the input format.
func (e *Env) valueValidator(p ValueParams) (*smithyvalidate.Validator, string, error) {
	// A malformed ID is a usage error before any model is read.
	if _, err := shapeid.ParseRelative(p.Shape); err != nil {
		return nil, "", exitcode.Usagef("--shape: %v", err)
	}
	var opts []smithyvalidate.Option
	switch p.Naming {
	case "", NamingJSONName: // the model cache's default
	case namingMemberName:
		opts = append(opts, smithyvalidate.MatchJSONNames(false))
	default:
		return nil, "", exitcode.Usagef("--naming must be %s or %s, not %q", NamingJSONName, namingMemberName, p.Naming)
	}
	inputFormat := p.InputFormat
	if inputFormat == "" {
		inputFormat = "json"
	}
	if inputFormat != "json" && inputFormat != "ion" {
		return nil, "", exitcode.Usagef("--input-format must be json or ion, not %q", inputFormat)
	}
	lm, err := e.RequireModel(p.Models)
	if err != nil {
		return nil, "", err
	}
	id, err := ResolveShape(lm.Res.Model, "--shape", p.Shape)
	if err != nil {
		return nil, "", err
	}
	if p.MaxElements > 0 && p.MaxElements != limits.DefaultMaxElements {
		opts = append(opts, smithyvalidate.MaxElements(p.MaxElements))
	}
	v, err := lm.Validator(id, opts...)
	if err != nil {
		return nil, "", exitcode.Modelf("%v", err)
	}
	return v, inputFormat, nil
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
	return exitcode.Verdict(res.Valid, res.Complete)
}
