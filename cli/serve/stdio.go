package serve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// LineReader reads request lines of at most max bytes (without the line
// feed and a carriage return before it). A longer line is reported as too
// long and skipped through its line feed, reading it in buffer-sized
// pieces: it is never held in memory.
type LineReader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

// NewLineReader returns a reader of lines of at most max bytes from r.
func NewLineReader(r io.Reader, max int) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Next returns the next line, valid until the next call. tooLong reports
// a line over the limit (line is then nil). At the end of input it
// returns io.EOF, after the last line (a last line without a line feed is
// a line).
func (l *LineReader) Next() (line []byte, tooLong bool, err error) {
	l.buf = l.buf[:0]
	total := 0
	for {
		chunk, err := l.r.ReadSlice('\n')
		total += len(chunk)
		if !tooLong {
			if len(l.buf)+len(chunk) > l.max+2 { // room for "\r\n"
				tooLong, l.buf = true, l.buf[:0]
			} else if errors.Is(err, bufio.ErrBufferFull) || len(l.buf) > 0 {
				l.buf = append(l.buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, false, err
		}
		if total == 0 {
			return nil, false, io.EOF
		}
		if tooLong {
			return nil, true, nil
		}
		if len(l.buf) > 0 {
			chunk = l.buf
		}
		n := len(chunk)
		if n > 0 && chunk[n-1] == '\n' {
			n--
		}
		if n > 0 && chunk[n-1] == '\r' {
			n--
		}
		if n > l.max {
			return nil, true, nil
		}
		return chunk[:n], false, nil
	}
}

// Buffered reports whether input is already waiting (the server flushes
// its answers only when none is).
func (l *LineReader) Buffered() bool { return l.r.Buffered() > 0 }

// StdioOptions are the line server's settings. The zero value means the
// defaults documented on each field.
type StdioOptions struct {
	// Timeout bounds the time one request may take: DefaultTimeout by
	// default. When it runs out the request's work stops at its next read
	// and the request is answered with E071.
	Timeout time.Duration
}

// DefaultTimeout is the time one request may take, on either transport.
const DefaultTimeout = 2 * time.Minute

// Stdio serves the line protocol: requests from in, responses to out,
// diagnostics to errw. It returns nil after shutdown or at the end of
// input (every request answered), and an error only when in or out
// fails. The requests are answered one at a time, in order.
func Stdio(h Handler, in io.Reader, out, errw io.Writer) error {
	return StdioWith(h, in, out, errw, StdioOptions{})
}

// StdioWith is [Stdio] with options.
func StdioWith(h Handler, in io.Reader, out, errw io.Writer, o StdioOptions) error {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	lr := NewLineReader(in, MaxLine)
	w := bufio.NewWriterSize(out, 64<<10)
	s := h.Open(true)
	defer s.Close()
	logf := func(format string, args ...any) { fmt.Fprintf(errw, format+"\n", args...) }
	var resp []byte
	for {
		line, tooLong, err := lr.Next()
		if errors.Is(err, io.EOF) {
			return w.Flush()
		}
		if err != nil {
			w.Flush()
			return fmt.Errorf("reading requests: %w", err)
		}
		resp, bye := answer(resp[:0], h, s, line, tooLong, o.Timeout, logf)
		resp = append(resp, '\n')
		if _, err := w.Write(resp); err != nil {
			return fmt.Errorf("writing responses: %w", err)
		}
		if bye || !lr.Buffered() {
			if err := w.Flush(); err != nil {
				return fmt.Errorf("writing responses: %w", err)
			}
		}
		if bye {
			return nil
		}
	}
}

// answer appends the response to one request line; bye is true after
// shutdown.
func answer(dst []byte, h Handler, s Session, line []byte, tooLong bool, timeout time.Duration, logf func(string, ...any)) (_ []byte, bye bool) {
	if tooLong {
		return appendFailure(dst, nil, Errorf("the request line is longer than %d bytes; it was discarded", MaxLine)), false
	}
	id, method, params, perr := parseRequest(line)
	if perr != nil {
		return appendFailure(dst, id, perr), false
	}
	switch method {
	case "hello":
		return appendSuccess(dst, id, 0, helloResult(h.Hello(), true)), false
	case "shutdown":
		dst = appendID(dst, id)
		return append(dst, `"ok":true,"bye":true}`...), true
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	res, exit, e := call(ctx, s, method, params, logf)
	cancel()
	if e != nil {
		return appendFailure(dst, id, e), false
	}
	return appendSuccess(dst, id, exit, res), false
}
