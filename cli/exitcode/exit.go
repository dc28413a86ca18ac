package exitcode

import (
	"errors"
	"fmt"

	"github.com/smithy-validation/go/core/model"
)

// The exit codes of every command (and of the server's error envelope).
const (
	Valid      = 0 // no finding of severity error
	Invalid    = 1 // at least one error finding
	Usage      = 2 // a bad flag, argument or parameter
	Model      = 3 // the model failed to load, assemble or prepare
	Input      = 4 // a file could not be read, or the output could not be written
	Incomplete = 5 // a limit stopped validation before any error was found
)

// Error carries an exit code and a message for stderr. Commands return
// it; Run is the one place that turns errors into exit codes.
type Error struct {
	Code int
	Msg  string
	// Events are the model's events when the model failed (printed on
	// stderr, and in the error document of the machine formats).
	Events []model.Event
}

func (e *Error) Error() string { return e.Msg }

func Usagef(format string, args ...any) error {
	return &Error{Code: Usage, Msg: fmt.Sprintf(format, args...)}
}

func Modelf(format string, args ...any) error {
	return &Error{Code: Model, Msg: fmt.Sprintf(format, args...)}
}

func Inputf(format string, args ...any) error {
	return &Error{Code: Input, Msg: fmt.Sprintf(format, args...)}
}

// Status is an exit code with nothing to print (the command already wrote
// its output).
type Status int

func (s Status) Error() string { return fmt.Sprintf("exit status %d", int(s)) }

// Verdict is the exit status of a validation result: ExitInvalid when a
// finding is an error, ExitIncomplete when validation stopped before any
// error (at a limit), nil (Valid) otherwise. The engines say valid and
// complete; exit codes are the command's.
func Verdict(valid, complete bool) error {
	switch {
	case !valid:
		return Status(Invalid)
	case !complete:
		return Status(Incomplete)
	}
	return nil
}

// Of maps err to its exit code, the message for stderr and the
// model events that come with it.
func Of(err error) (int, string, []model.Event) {
	if err == nil {
		return Valid, "", nil
	}
	var st Status
	if errors.As(err, &st) {
		return int(st), "", nil
	}
	var ee *Error
	if errors.As(err, &ee) {
		return ee.Code, ee.Msg, ee.Events
	}
	// urfave/cli's own errors (unknown flag, missing required flag, bad
	// value) are usage errors.
	return Usage, err.Error(), nil
}

// Internal reports a fault of the engine itself (never bad data or a
// bad model): exit 1 with the error on stderr, so a caller never mistakes it
// for a valid result.
func Internal(err error) error {
	return &Error{Code: Invalid, Msg: fmt.Sprintf("internal error: %v", err)}
}
