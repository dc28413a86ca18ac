package load

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/smithy-validation/go/cli/exitcode"
)

// Reader reads what a command names: model sources, and value, message
// and transcript inputs. Its zero value reads files and standard input as
// the command line names them.
type Reader struct {
	// Stdin is standard input, read at most once: StdinUsed says it was
	// read, and a second "-" is refused. Set StdinUsed to refuse "-"
	// altogether (the server does: a request has no standard input).
	Stdin     io.Reader
	StdinUsed bool
	// Cache keeps assembled models between calls (the server's); nil
	// loads every model afresh.
	Cache *Cache
	// Files is the server's file access for the request under way
	// (package methods); nil reads what the user names.
	Files RequestFiles
	// BoundMemory, when set, is called by LoadModel with the bytes of a
	// model's JSON AST sources and of its IDL sources before it
	// assembles them afresh (not from Cache):
	// the smithy process sets its collector's memory limit from them
	// while it loads and checks the model (app.ModelMemoryLimit), and
	// release, which [Model.Loaded] calls, puts the process's own
	// setting back. Nil (libraries, tests, the server) changes nothing.
	BoundMemory func(jsonBytes, idlBytes int64) (release func())
}

// Every command reads its inputs here: a file, or standard input for `-`.
// Standard input is taken in one place (openStream), once per command: a
// second `-` is a usage error, since what the first one read is gone.

// OpenStream opens a file, or standard input for -, for streaming.
func (e *Reader) OpenStream(path string) (io.Reader, func(), error) {
	if path == "-" {
		if e.StdinUsed {
			return nil, nil, exitcode.Usagef("standard input (-) can be used only once")
		}
		e.StdinUsed = true
		return e.Stdin, func() {}, nil
	}
	if e.Files != nil {
		return e.Files.Open(path) // the server's: inside its root, bounded
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, exitcode.Inputf("cannot read %s: %v", path, UnwrapPath(err))
	}
	return f, func() { f.Close() }, nil
}

// ReadValue reads a value file (or standard input for -), at most limit+1
// bytes: a larger input reaches the engine one byte over its size limit, so
// it ends with a limit finding (exit 5) instead of being read whole.
func (e *Reader) ReadValue(path string, limit int64) ([]byte, error) {
	r, closeFn, err := e.OpenStream(path)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	data, err := ReadAll(r, limit+1)
	if err != nil && e.Files != nil {
		return nil, e.Files.ReadError(inputName(path), err)
	} else if err != nil {
		return nil, exitcode.Inputf("cannot read %s: %v", inputName(path), UnwrapPath(err))
	}
	return data, nil
}

// ReadAll reads r to its end, at most n bytes, as io.ReadAll does, but
// into one buffer of the right size when r is a regular file: a value of
// tens of megabytes is then allocated once, not in a series of growing
// buffers that cost several times its size.
func ReadAll(r io.Reader, n int64) ([]byte, error) {
	size := int64(512)
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			// One byte more, to read the end without growing.
			size = st.Size() + 1
		}
	} else if h, ok := r.(interface{ SizeHint() int64 }); ok && h.SizeHint() >= 0 {
		size = h.SizeHint() + 1 // the server's bounded file
	}
	buf := make([]byte, 0, min(size, n))
	lr := io.LimitReader(r, n)
	for {
		if len(buf) == cap(buf) {
			// A stream, or a file that grew: grow as append does.
			buf = append(buf, 0)[:len(buf)]
		}
		k, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+k]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// readStdin reads standard input whole, for a model: past limit bytes it
// is refused (exit 5), since a model cannot be checked in part.
func (e *Reader) readStdin(limit int64) ([]byte, error) {
	data, err := e.ReadValue("-", limit)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &exitcode.Error{Code: exitcode.Incomplete, Msg: fmt.Sprintf("standard input is larger than the %d-byte limit", limit)}
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

// Input is a value, a message or a transcript: a file (- for standard
// input) or, for the server, the bytes themselves (Inline).
type Input struct {
	Path   string
	Data   []byte
	Inline bool
}

// ReadInput reads an input as ReadValue does: inline bytes past limit are
// cut one byte over it, as a file is read.
func (e *Reader) ReadInput(in Input, limit int64) ([]byte, error) {
	if !in.Inline {
		return e.ReadValue(in.Path, limit)
	}
	if int64(len(in.Data)) > limit+1 {
		return in.Data[:limit+1], nil
	}
	return in.Data, nil
}

// UnwrapPath is the cause of a path error without its path: messages
// name the path themselves.
func UnwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
