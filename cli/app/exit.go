package app

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

// exitError carries an exit code and a message for stderr. Commands return
// it; Run is the one place that turns errors into exit codes.
type exitError struct {
	code int
	msg  string
	// events are the model's events when the model failed (printed on
	// stderr, and in the error document of the machine formats).
	events []model.Event
}

func (e *exitError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &exitError{code: ExitUsage, msg: fmt.Sprintf(format, args...)}
}

func modelErrorf(format string, args ...any) error {
	return &exitError{code: ExitModel, msg: fmt.Sprintf(format, args...)}
}

func inputErrorf(format string, args ...any) error {
	return &exitError{code: ExitInput, msg: fmt.Sprintf(format, args...)}
}

// status is an exit code with nothing to print (the command already wrote
// its output).
type status int

func (s status) Error() string { return fmt.Sprintf("exit status %d", int(s)) }

// verdict is the exit status of a validation result: ExitInvalid when a
// finding is an error, ExitIncomplete when validation stopped before any
// error (at a limit), nil (ExitValid) otherwise. The engines say valid and
// complete; exit codes are the command's.
func verdict(valid, complete bool) error {
	switch {
	case !valid:
		return status(ExitInvalid)
	case !complete:
		return status(ExitIncomplete)
	}
	return nil
}

// exitCode maps err to its exit code, the message for stderr and the
// model events that come with it.
func exitCode(err error) (int, string, []model.Event) {
	if err == nil {
		return ExitValid, "", nil
	}
	var st status
	if errors.As(err, &st) {
		return int(st), "", nil
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code, ee.msg, ee.events
	}
	// urfave/cli's own errors (unknown flag, missing required flag, bad
	// value) are usage errors.
	return ExitUsage, err.Error(), nil
}
