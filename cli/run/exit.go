package run

import (
	"errors"
	"fmt"

	"github.com/smithy-validation/go/core/model"
)

// The exit codes of every command (and of the server's error envelope).
const (
	ExitValid      = 0 // no finding of severity error
	ExitInvalid    = 1 // at least one error finding
	ExitUsage      = 2 // a bad flag, argument or parameter
	ExitModel      = 3 // the model failed to load, assemble or prepare
	ExitInput      = 4 // a file could not be read
	ExitIncomplete = 5 // a limit stopped validation before any error was found
)

// ExitError carries an exit code and a message for stderr. Commands return
// it; Run is the one place that turns errors into exit codes.
type ExitError struct {
	Code int
	Msg  string
	// events are the model's events when the model failed (printed on
	// stderr, and in the error document of the machine formats).
	events []model.Event
}

func (e *ExitError) Error() string { return e.Msg }

func UsageErrorf(format string, args ...any) error {
	return &ExitError{Code: ExitUsage, Msg: fmt.Sprintf(format, args...)}
}

func ModelErrorf(format string, args ...any) error {
	return &ExitError{Code: ExitModel, Msg: fmt.Sprintf(format, args...)}
}

func InputErrorf(format string, args ...any) error {
	return &ExitError{Code: ExitInput, Msg: fmt.Sprintf(format, args...)}
}

// Status is an exit code with nothing to print (the command already wrote
// its output).
type Status int

func (s Status) Error() string { return fmt.Sprintf("exit status %d", int(s)) }

// Verdict is the exit status of a validation result: ExitInvalid when a
// finding is an error, ExitIncomplete when validation stopped before any
// error (at a limit), nil (ExitValid) otherwise. The engines say valid and
// complete; exit codes are the command's.
func Verdict(valid, complete bool) error {
	switch {
	case !valid:
		return Status(ExitInvalid)
	case !complete:
		return Status(ExitIncomplete)
	}
	return nil
}

// ExitCode maps err to its exit code, the message for stderr and the
// model events that come with it.
func ExitCode(err error) (int, string, []model.Event) {
	if err == nil {
		return ExitValid, "", nil
	}
	var st Status
	if errors.As(err, &st) {
		return int(st), "", nil
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		return ee.Code, ee.Msg, ee.events
	}
	// urfave/cli's own errors (unknown flag, missing required flag, bad
	// value) are usage errors.
	return ExitUsage, err.Error(), nil
}
