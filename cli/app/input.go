package app

import (
	"fmt"
	"io"
	"os"
)

// Every command reads its inputs here: a file, or standard input for `-`.
// Standard input is taken in one place (openStream), once per command: a
// second `-` is a usage error, since what the first one read is gone.

// openStream opens a file, or standard input for -, for streaming.
func (e *env) openStream(path string) (io.Reader, func(), error) {
	if path == "-" {
		if e.stdinUsed {
			return nil, nil, usageErrorf("standard input (-) can be used only once")
		}
		e.stdinUsed = true
		return e.stdin, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, inputErrorf("cannot read %s: %v", path, unwrapPath(err))
	}
	return f, func() { f.Close() }, nil
}

// readValue reads a value file (or standard input for -), at most limit+1
// bytes: a larger input reaches the engine one byte over its size limit, so
// it ends with a limit finding (exit 5) instead of being read whole.
func (e *env) readValue(path string, limit int64) ([]byte, error) {
	r, closeFn, err := e.openStream(path)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, inputErrorf("cannot read %s: %v", inputName(path), unwrapPath(err))
	}
	return data, nil
}

// readStdin reads standard input whole, for a model: past limit bytes it
// is refused (exit 5), since a model cannot be checked in part.
func (e *env) readStdin(limit int64) ([]byte, error) {
	data, err := e.readValue("-", limit)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &exitError{code: ExitIncomplete, msg: fmt.Sprintf("standard input is larger than the %d-byte limit", limit)}
	}
	return data, nil
}

// inputName names path in messages.
func inputName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}
