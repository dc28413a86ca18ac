// Package exitcode is the exit codes of every command and of the server's
// error envelope, and the errors that carry them: a command returns an
// [Error] (a usage, model or input failure with its message) or a [Status]
// (the verdict, its output already written), and [Of] is the one place
// that turns either into the exit code.
//
//	0  valid: no finding of severity error
//	1  invalid: at least one error finding
//	2  usage: a bad flag, argument or parameter
//	3  model: the model failed to load, assemble or prepare
//	4  input/output: a file could not be read, or the output could not be written
//	5  incomplete: a limit stopped validation before any error was found
package exitcode
