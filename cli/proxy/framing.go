package proxy

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// Framing is how messages are delimited on a byte stream.
type Framing uint8

const (
	// Lines is one message a line, ended by LF ("\n"); CRLF is tolerated
	// (the CR is not part of the message). A CR anywhere else in a line
	// is a framing fault (CodeFramingCR): peers that also end lines at a
	// lone CR (Python's universal newlines, as the MCP Python SDK reads
	// stdin; Node's readline) would read two messages where the proxy
	// reads one. Blank lines carry no message.
	Lines Framing = iota
	// LSP is a header section (lines "Name: value" ended by CRLF, then an
	// empty line) whose Content-Length gives the body's size in bytes: the
	// Language Server Protocol's base protocol. The header section is read
	// strictly, so that it has one meaning for every peer: each line ends
	// with CRLF and holds no other control character than HTAB;
	// Content-Length is a decimal byte count without sign or leading
	// zeros, written once (or several times alike); a Content-Type names
	// no charset other than UTF-8 (the body is checked as UTF-8). Other
	// headers are passed through unchecked.
	LSP
)

// String returns "lines" or "lsp".
func (f Framing) String() string {
	if f == LSP {
		return "lsp"
	}
	return "lines"
}

// ParseFraming returns the framing named "lines" or "lsp".
func ParseFraming(s string) (Framing, bool) {
	switch s {
	case "lines":
		return Lines, true
	case "lsp":
		return LSP, true
	}
	return 0, false
}

// Framing problem codes (the proxy's own, beside the rpc catalogue).
const (
	// CodeFramingHeader: an LSP header line that is not "Name: value",
	// a Content-Length that is not a decimal byte count, or a header
	// section without one (its body cannot be delimited; the bytes are
	// relayed and the next bytes are read as a new header section).
	CodeFramingHeader = "framing-header"
	// CodeFramingTruncated: the stream ended inside a frame (a line
	// without its "\n", a header section or a body shorter than its
	// Content-Length). The bytes are relayed; no message is validated.
	CodeFramingTruncated = "framing-truncated"
	// CodeFramingTooLarge: a line, header section or body past the
	// limit. It is relayed as it arrives, not validated.
	CodeFramingTooLarge = "framing-too-large"
	// CodeFramingCR: a CR that does not end a line (in a line, or in an
	// LSP header line). Peers disagree on it: one reads a single line,
	// another two, so the proxy cannot say which message the peer reads.
	// The frame is relayed (without Enforce) and not validated.
	CodeFramingCR = "framing-cr"
	// CodeFramingEncoding: an HTTP body the proxy cannot read as its
	// reader would: a content coding it does not undo, a broken gzip or
	// deflate stream, a charset other than UTF-8. Refused under Enforce
	// (415, or 400 for a broken stream), relayed and not validated
	// otherwise.
	CodeFramingEncoding = "framing-encoding"
	// CodeFramingHTTPStatus: the HTTP upstream answered a request with an
	// error status (not 2xx) and a body that is not JSON (an HTML error
	// page, plain text, nothing): the transport refused the request, and
	// no JSON-RPC response came. The body is relayed as it came and not
	// read as a message (it would be a parse error about a page); the
	// status answered the request's calls, which are not reported
	// missing at the end (rpc.Exchange.AnsweredByTransport). The record
	// holds no message for it.
	CodeFramingHTTPStatus = "framing-http-status"
)

// Problem is a framing problem at a byte offset of one direction's
// stream.
type Problem struct {
	Code    string
	Offset  int64
	Message string
}

// Frame is one unit read from a stream: Raw is every byte read for it,
// relayed as is; Body, a part of Raw, is the message text (nil when the
// frame holds none: a blank line, a broken or oversized frame, or a
// further piece of an oversized one). Both are valid until the next Read.
// A frame has a Body or a Problem, never both: a frame read with a fault
// is not a message the proxy can vouch for.
type Frame struct {
	Raw     []byte
	Body    []byte
	Offset  int64
	Problem *Problem
	// Piece marks a further piece of an oversized frame (the first piece
	// has the framing-too-large problem).
	Piece bool
}

// maxHeader bounds an LSP header section.
const maxHeader = 64 << 10

// chunk is the reading buffer's size, and the piece size in which an
// oversized frame is relayed.
const chunk = 64 << 10

// Reader reads frames from a stream.
type Reader struct {
	br      *bufio.Reader
	framing Framing
	max     int
	buf     []byte
	off     int64
	// skip is set while the rest of an oversized line is relayed;
	// remain is what is left of an oversized LSP body.
	skip   bool
	remain int64
	// eof is set once the stream ended inside a frame (reported).
	eof error
}

// NewReader returns a reader of f-framed messages from r; a message
// longer than max bytes is relayed in pieces, not validated.
func NewReader(r io.Reader, f Framing, max int) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, chunk), framing: f, max: max}
}

// Buffered reports how many bytes were read from the stream but not yet
// returned in a frame.
func (r *Reader) Buffered() int { return r.br.Buffered() }

// Read returns the next frame. At the end of the stream it returns
// io.EOF (after any truncated frame); another read error is returned as
// it is, after the bytes read before it.
func (r *Reader) Read() (Frame, error) {
	if r.eof != nil {
		return Frame{}, r.eof
	}
	var f Frame
	var err error
	if r.framing == LSP {
		f, err = r.readLSP()
	} else {
		f, err = r.readLine()
	}
	f.Offset = r.off
	r.off += int64(len(f.Raw))
	if f.Problem != nil {
		f.Problem.Offset = f.Offset
	}
	if len(f.Raw) > 0 && err != nil {
		// Hand over the bytes first; the error comes with the next Read.
		r.eof = err
		err = nil
	}
	return f, err
}

func problem(code, format string, args ...any) *Problem {
	return &Problem{Code: code, Message: fmt.Sprintf(format, args...)}
}

// readLine reads one line.
func (r *Reader) readLine() (Frame, error) {
	r.buf = r.buf[:0]
	for {
		piece, err := r.br.ReadSlice('\n')
		if r.skip {
			r.buf = append(r.buf, piece...)
			if err != bufio.ErrBufferFull {
				r.skip = false
			}
			if err == bufio.ErrBufferFull {
				err = nil
			}
			return Frame{Raw: r.buf, Piece: true}, err
		}
		line := piece
		if err != nil || len(r.buf) > 0 {
			// A line longer than the buffer, or the stream's end: the
			// pieces are gathered. A whole line is handed over where the
			// buffered reader holds it, without a copy (it stays valid
			// until the next Read, as a Frame promises).
			r.buf = append(r.buf, piece...)
			line = r.buf
		}
		switch {
		case err == nil:
			body := line[:len(line)-1]
			if n := len(body); n > 0 && body[n-1] == '\r' {
				body = body[:n-1]
			}
			if blank(body) {
				body = nil
			}
			if len(body) > r.max {
				return Frame{Raw: line, Problem: problem(CodeFramingTooLarge,
					"a line longer than the limit of %d bytes: not validated", r.max)}, nil
			}
			if i := bytes.IndexByte(body, '\r'); i >= 0 {
				return Frame{Raw: line, Problem: problem(CodeFramingCR,
					"a CR at byte %d of the line does not end it: a peer that also ends lines at a lone CR reads two lines here; not validated", i)}, nil
			}
			return Frame{Raw: line, Body: body}, nil
		case err == bufio.ErrBufferFull:
			if len(r.buf) > r.max {
				r.skip = true
				return Frame{Raw: r.buf, Problem: problem(CodeFramingTooLarge,
					"a line longer than the limit of %d bytes: not validated", r.max)}, nil
			}
		case len(r.buf) == 0:
			return Frame{}, err
		case err == io.EOF:
			return Frame{Raw: r.buf, Problem: problem(CodeFramingTruncated,
				"the stream ended inside a line (%d bytes without a newline): not validated", len(r.buf))}, err
		default:
			return Frame{Raw: r.buf}, err
		}
	}
}

// blank reports whether a line holds only white space (Unicode's, as
// bytes.TrimSpace has it); a line that starts with a printable ASCII
// character, as every JSON message does, is decided by that byte.
func blank(b []byte) bool {
	if len(b) > 0 && b[0] > ' ' && b[0] < utf8.RuneSelf {
		return false
	}
	return len(bytes.TrimSpace(b)) == 0
}

// readLSP reads one header section and its body.
func (r *Reader) readLSP() (Frame, error) {
	r.buf = r.buf[:0]
	if r.remain > 0 {
		f, err := r.bodyPiece()
		f.Piece = true
		return f, err
	}
	length := int64(-1)
	var bad *Problem
	for {
		piece, err := r.br.ReadSlice('\n')
		start := len(r.buf)
		r.buf = append(r.buf, piece...)
		if err == bufio.ErrBufferFull || (err == nil && len(r.buf) > maxHeader) {
			if len(r.buf) > maxHeader {
				return Frame{Raw: r.buf, Problem: problem(CodeFramingTooLarge,
					"a header section longer than %d bytes: relayed, read again as a header", maxHeader)}, nil
			}
			continue
		}
		if err != nil {
			if len(r.buf) == 0 {
				return Frame{}, err
			}
			if err == io.EOF {
				return Frame{Raw: r.buf, Problem: problem(CodeFramingTruncated, "the stream ended inside a header section")}, err
			}
			return Frame{Raw: r.buf}, err
		}
		line := r.buf[start : len(r.buf)-1]
		crlf := len(line) > 0 && line[len(line)-1] == '\r'
		if crlf {
			line = line[:len(line)-1]
		}
		if len(line) == 0 {
			if start == 0 {
				// A blank line between messages: relayed, not a header
				// section.
				return Frame{Raw: r.buf}, nil
			}
			if !crlf && bad == nil {
				bad = problem(CodeFramingHeader, "the header section ends with LF alone, not CRLF: a peer that looks for CRLF CRLF reads on into the body")
			}
			break
		}
		// After a fault the lines are still read for a Content-Length,
		// so that the section's body can be skipped with it.
		if pr := headerLine(line, crlf, &length); bad == nil {
			bad = pr
		}
	}
	if bad == nil && length < 0 {
		bad = problem(CodeFramingHeader, "a header section without Content-Length: the body cannot be delimited")
	}
	if bad != nil && length < 0 {
		// The body cannot be delimited: the next bytes are read as a
		// header section.
		return Frame{Raw: r.buf, Problem: bad}, nil
	}
	if length > int64(r.max) {
		r.remain = length
		f, err := r.bodyPiece()
		f.Problem = bad
		if bad == nil {
			f.Problem = problem(CodeFramingTooLarge, "a body of %d bytes, past the limit of %d: not validated", length, r.max)
		}
		return f, err
	}
	head := len(r.buf)
	r.buf = append(r.buf, make([]byte, length)...)
	n, err := io.ReadFull(r.br, r.buf[head:])
	if err != nil {
		r.buf = r.buf[:head+n]
		if bad == nil && (errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF) {
			bad = problem(CodeFramingTruncated,
				"the stream ended after %d of the body's %d bytes: not validated", n, length)
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = io.EOF
		}
		return Frame{Raw: r.buf, Problem: bad}, err
	}
	if bad != nil {
		// A faulty header section with a readable Content-Length: its
		// body goes with it, so that the stream is read in step again.
		return Frame{Raw: r.buf, Problem: bad}, nil
	}
	return Frame{Raw: r.buf, Body: r.buf[head:]}, nil
}

// headerLine reads one LSP header line (without its line end; crlf says
// whether it ended with CRLF), noting a Content-Length in length; it
// returns the line's fault, if any.
func headerLine(line []byte, crlf bool, length *int64) *Problem {
	if i := bytes.IndexByte(line, '\r'); i >= 0 {
		return problem(CodeFramingCR, "a CR at byte %d of a header line does not end it: a peer that ends lines at a lone CR reads another header here", i)
	}
	if pr := headerFields(line, length); pr != nil || crlf {
		return pr
	}
	return problem(CodeFramingHeader, "a header line ended by LF alone (the base protocol ends each with CRLF): %q", clip(line))
}

// headerFields reads a header line's name and value (see headerLine).
func headerFields(line []byte, length *int64) *Problem {
	for _, c := range line {
		if (c < ' ' && c != '\t') || c == 0x7f {
			return problem(CodeFramingHeader, "a control character 0x%02x in a header line", c)
		}
	}
	name, value, ok := bytes.Cut(line, []byte{':'})
	if !ok || !isToken(name) {
		return problem(CodeFramingHeader, "a header line that is not \"Name: value\": %q", clip(line))
	}
	value = bytes.Trim(value, " \t")
	switch {
	case asciiEqualFold(name, "Content-Length"):
		// Digits only, no sign, no leading zero: every peer's integer
		// parser reads such a count alike (a leading zero is octal to
		// some, a sign or trailing bytes are skipped by others).
		if !isDigits(value) || (len(value) > 1 && value[0] == '0') || len(value) > 18 {
			// The fault stands; to read on in step with the sender, the
			// body is still skipped by the count most parsers would take
			// ("+12", "012", "12 ") when there is one.
			lenient := bytes.TrimLeft(bytes.TrimSpace(value), "+")
			if n, err := strconv.ParseInt(string(lenient), 10, 64); err == nil && n >= 0 && (*length < 0 || *length == n) {
				*length = n
			} else {
				*length = -2
			}
			return problem(CodeFramingHeader, "Content-Length %q is not a plain decimal byte count", clip(value))
		}
		n, _ := strconv.ParseInt(string(value), 10, 64)
		if *length >= 0 && n != *length {
			*length = -2
			return problem(CodeFramingHeader, "two Content-Length headers disagree (%d and %d)", *length, n)
		}
		*length = n
	case asciiEqualFold(name, "Content-Type"):
		if cs, ok := charset(value); ok && !asciiEqualFold(cs, "utf-8") && !asciiEqualFold(cs, "utf8") {
			return problem(CodeFramingHeader, "Content-Type names the charset %q: the body is checked as UTF-8, which the peer would not read it as", clip(cs))
		}
	}
	return nil
}

// charset returns the charset parameter of a Content-Type value.
func charset(v []byte) ([]byte, bool) {
	params := bytes.Split(v, []byte{';'})
	for _, p := range params[1:] {
		name, val, ok := bytes.Cut(p, []byte{'='})
		if ok && asciiEqualFold(bytes.Trim(name, " \t"), "charset") {
			val = bytes.Trim(val, " \t")
			if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
				val = val[1 : len(val)-1]
			}
			return val, true
		}
	}
	return nil, false
}

// bodyPiece reads the next piece of an oversized body (after the bytes
// already in r.buf).
func (r *Reader) bodyPiece() (Frame, error) {
	n := min(r.remain, chunk)
	head := len(r.buf)
	r.buf = append(r.buf, make([]byte, n)...)
	got, err := io.ReadFull(r.br, r.buf[head:])
	r.buf = r.buf[:head+got]
	r.remain -= int64(got)
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || err == io.EOF {
			left := r.remain
			r.remain = 0
			return Frame{Raw: r.buf, Problem: problem(CodeFramingTruncated,
				"the stream ended %d bytes before the end of a body", left)}, io.EOF
		}
		return Frame{Raw: r.buf}, err
	}
	return Frame{Raw: r.buf}, nil
}

// AppendFrame appends body framed as f.
func AppendFrame(dst []byte, f Framing, body []byte) []byte {
	if f == LSP {
		dst = append(dst, "Content-Length: "...)
		dst = strconv.AppendInt(dst, int64(len(body)), 10)
		dst = append(dst, "\r\n\r\n"...)
		return append(dst, body...)
	}
	return append(append(dst, body...), '\n')
}

func isToken(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if c <= ' ' || c >= 0x7f || bytes.IndexByte([]byte(`()<>@,;:\"/[]?={}`), c) >= 0 {
			return false
		}
	}
	return true
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

func asciiEqualFold(b []byte, s string) bool { return bytes.EqualFold(b, []byte(s)) }

// clip shortens a quoted excerpt.
func clip(b []byte) []byte {
	if len(b) > 40 {
		return b[:40]
	}
	return b
}
