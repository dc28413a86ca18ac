package app

import (
	"errors"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/smithy-validation/go/cli/render"
)

// output is the command's standard output, watched: it remembers the first
// write that failed (a full disk, an I/O error, a pipe whose reader left
// while SIGPIPE is not the end of the process), so that [env.run] reports
// the lost output in one place whatever the command did with the error:
// exit 4 and one line on stderr. Without it a command that ignored the
// error said valid or invalid about a report nobody received, and one that
// returned it had it mapped to a usage error.
type output struct {
	w    io.Writer
	mu   sync.Mutex
	err  error
	skip bool // after a failure, nothing more is written (no error document)
}

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	failed := o.err != nil && o.skip
	o.mu.Unlock()
	if failed {
		return 0, o.failure()
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		o.mu.Lock()
		if o.err == nil {
			o.err = err
		}
		o.mu.Unlock()
	}
	return n, err
}

// IsTerminal is the wrapped writer's (colour and progress decide by it).
func (o *output) IsTerminal() bool { return render.IsTerminal(o.w) }

// failure is the first write error, nil when every write succeeded.
func (o *output) failure() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// stop makes every later write fail at once with the first error.
func (o *output) stop() {
	o.mu.Lock()
	o.skip = true
	o.mu.Unlock()
}

// writeFailure is what stderr says of the failure: the system's reason
// without the file name (/dev/stdout says nothing a user chose).
func writeFailure(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return "cannot write the output: " + err.Error()
}

// sameFailure reports whether the command's own error msg already reports
// the write failure err (its reason is in msg's text, as "cannot write the
// result: no space left on device" is).
func sameFailure(err error, cmdErr error) bool {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return cmdErr != nil && (errors.Is(cmdErr, err) || strings.Contains(cmdErr.Error(), err.Error()))
}
