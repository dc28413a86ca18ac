package rpc

import (
	"fmt"
	"io"
	"os"

	"github.com/smithy-validation/go/smithyvalidate"
)

// Format is a rendering of a [Result].
type Format uint8

const (
	// FormatJSON is the contract's `--format json` document
	// ([Result.AppendJSON]) and a newline.
	FormatJSON Format = iota
	// FormatText is the text rendering ([Result.AppendText]).
	FormatText
)

// String returns "json" or "text".
func (f Format) String() string {
	switch f {
	case FormatJSON:
		return "json"
	case FormatText:
		return "text"
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// Write writes r to w in format f: the bytes of [Result.AppendJSON] and a
// newline, or of [Result.AppendText].
func (r *Result) Write(w io.Writer, f Format) error {
	var dst []byte
	if f == FormatJSON {
		dst = append(r.AppendJSON(nil), '\n')
	} else {
		dst = r.AppendText(nil)
	}
	if _, err := w.Write(dst); err != nil {
		return &OutputError{Err: err}
	}
	return nil
}

// WriteTranscript reads a JSON Lines transcript from r, checks it as
// [PreparedService.ValidateTranscript] does, and writes the result to w in
// format f: exactly the bytes of ValidateTranscript's result written with
// [Result.Write]. The output begins with the verdict, known only at the
// end, and lists every message, so a compact record of each message's
// entry is kept as its line is read (a few bytes a message), and the
// entries are rendered from the records once the verdict is written: the
// records wait in memory up to a bound ([SpoolLimit], default
// [DefaultSpoolLimit]), then in a temporary file (in [os.TempDir]),
// removed before WriteTranscript returns. Memory does not grow with the
// transcript; nothing is written to w before the whole transcript was
// read.
//
// The returned result has no Messages (they were written). The error is
// for r failing (wrapped as [ValidateTranscript]'s is), for the temporary
// file failing ([*SpoolError]: nothing was written to w), or for w failing
// ([*OutputError]); never for the messages, which are findings.
func (s *PreparedService) WriteTranscript(w io.Writer, r io.Reader, f Format, complete bool, opts ...Option) (*Result, error) {
	sp := spool{limit: s.cfg.spoolLimit}
	var observe func([]smithyvalidate.Finding)
	if len(opts) > 0 {
		cfg := readOptions(append([]Option{s.opts}, opts...))
		sp.limit, observe = cfg.spoolLimit, cfg.observe
	}
	defer sp.close()
	res, err := s.streamTranscript(r, complete, func(ms []MessageSummary, fs []smithyvalidate.Finding, _ bool) {
		for i := range ms {
			sp.add(&ms[i])
		}
		if observe != nil && len(fs) > 0 {
			observe(fs)
		}
	}, opts...)
	if err != nil {
		return nil, err
	}
	if sp.err != nil {
		return nil, &SpoolError{Err: sp.err}
	}
	if err := sp.writeTo(w, f, res); err != nil {
		return nil, err
	}
	return res, nil
}

// A SpoolError is [PreparedService.WriteTranscript] failing to keep the
// message records in a temporary file, or to read them back.
type SpoolError struct{ Err error }

func (e *SpoolError) Error() string { return "rpc: keeping the message summaries: " + e.Err.Error() }

// Unwrap returns the file system's error.
func (e *SpoolError) Unwrap() error { return e.Err }

// An OutputError is a writer given to [Result.Write] or
// [PreparedService.WriteTranscript] failing.
type OutputError struct{ Err error }

func (e *OutputError) Error() string { return "rpc: writing the result: " + e.Err.Error() }

// Unwrap returns the writer's error.
func (e *OutputError) Unwrap() error { return e.Err }

// spool keeps the records of the message entries (spoolrec.go) until
// the verdict that the output starts with is known: up to limit bytes in
// memory, the rest in a temporary file, so that memory does not grow with
// the transcript. Records are appended straight to the spool's buffer. In
// memory, they are kept in chunks of about spoolChunk bytes (full, then
// buf), never in one buffer grown by doubling: each byte of memory is
// touched once, and a transcript that spills leaves one chunk in use, not
// the limit's worth. Once the file exists, buf is its write buffer,
// written out whenever it holds spoolChunk bytes or more. A chunk, and
// each write to the file, holds whole records.
type spool struct {
	limit int
	full  [][]byte // in memory, the chunks before buf
	held  int      // the bytes in full
	buf   []byte
	file  *os.File
	err   error
	// unlinked says file's name was removed as soon as it was made (the
	// open descriptor keeps the bytes): whatever ends the process, a
	// signal included, no file with the conversation's messages is left.
	unlinked bool

	names spoolNames // the method names the records refer to
	next  int        // the index after the last record's
}

// spoolChunk is how many bytes a chunk of the spool gathers before the
// next one starts, or before it is written to the file (one record may
// take it past that: a chunk has spoolSlack bytes more room), and about
// how much of the rendering is written to the output at a time.
const (
	spoolChunk = 64 << 10
	spoolSlack = 4 << 10
)

// add appends the record of m.
func (s *spool) add(m *MessageSummary) {
	if s.buf == nil {
		// The first chunk at its full size: grown by append from
		// nothing, it left ~64 KiB of copies behind (16 page faults on
		// an MCP session).
		s.buf = make([]byte, 0, spoolChunk+spoolSlack)
	}
	s.buf = s.names.appendRecord(s.buf, m, s.next)
	s.next = m.Index + 1
	s.added(s.buf)
}

// added takes buf, the spool's buffer with one more record appended. In
// memory, once the records pass the limit, they all go to a new temporary
// file; after a failure the spool keeps the first error and drops the
// rest.
func (s *spool) added(buf []byte) {
	s.buf = buf
	switch {
	case s.err != nil:
		s.buf = s.buf[:0]
	case s.file == nil:
		if s.held+len(s.buf) > s.limit {
			s.spill()
		} else if len(s.buf) >= spoolChunk {
			s.full = append(s.full, s.buf)
			s.held += len(s.buf)
			s.buf = make([]byte, 0, spoolChunk+spoolSlack)
		}
	case len(s.buf) >= spoolChunk:
		s.flush()
	}
}

// spill moves the records kept in memory to a new temporary file.
func (s *spool) spill() {
	f, err := os.CreateTemp("", "smithy-messages-*")
	if err != nil {
		s.err = err
		s.full, s.buf = nil, s.buf[:0]
		return
	}
	s.unlinked = os.Remove(f.Name()) == nil
	s.file = f
	for _, c := range s.full {
		if _, s.err = f.Write(c); s.err != nil {
			break
		}
	}
	s.full, s.held = nil, 0
	if s.err != nil {
		s.buf = s.buf[:0]
		return
	}
	s.flush()
}

// flush writes the buffer to the file.
func (s *spool) flush() {
	if len(s.buf) > 0 {
		_, s.err = s.file.Write(s.buf)
		s.buf = s.buf[:0]
	}
}

// writeTo writes res's head to w in format f, then renders the records
// the spool holds, in order, from memory or read back from the file (a
// record may straddle two reads; the read buffer grows for a record longer
// than itself, an id of megabytes), then res's tail.
//
// The output is written in whole multiples of spoolChunk bytes from its
// start (the head included), the rest carried to the next write, and the
// last write holds what remains and the tail: to a file, a write that
// begins and ends on the file's 64 KiB boundaries fills the page cache in
// whole large folios, where writes of ~65.6 KB that straddle them (the
// rendering's chunks as they filled, after a separate 74-byte head) cost
// the kernel about 1.5 times as much for the same 9 MB of an MCP
// session's entries (docs/performance.md, issue 27 goal 2, the late
// afternoon of 2026-12-03). An output that does not start at a file's
// offset 0 (a pipe, an append) gets the same bytes in the same order.
func (s *spool) writeTo(w io.Writer, f Format, res *Result) error {
	r := newSpoolRenderer(f, &s.names)
	out := res.appendHead(make([]byte, 0, spoolChunk+spoolSlack), f)
	// emit writes the whole chunks at the start of out and keeps the rest.
	emit := func() error {
		k := len(out) - len(out)%spoolChunk
		if _, err := w.Write(out[:k]); err != nil {
			return &OutputError{Err: err}
		}
		out = out[:copy(out, out[k:])]
		return nil
	}
	// render renders the whole records at the start of recs and returns
	// how many bytes they took.
	render := func(recs []byte) (int, error) {
		p := 0
		for p < len(recs) {
			var n int
			out, n = r.render(out, recs[p:])
			if n < 0 {
				return p, &SpoolError{Err: errSpoolRecord}
			}
			if n == 0 {
				break
			}
			p += n
			if len(out) >= spoolChunk {
				if err := emit(); err != nil {
					return p, err
				}
			}
		}
		return p, nil
	}
	if s.file == nil {
		for _, c := range append(s.full, s.buf) {
			n, err := render(c)
			if err == nil && n != len(c) {
				err = &SpoolError{Err: errSpoolRecord}
			}
			if err != nil {
				return err
			}
		}
	} else {
		if s.flush(); s.err != nil {
			return &SpoolError{Err: s.err}
		}
		if _, err := s.file.Seek(0, io.SeekStart); err != nil {
			return &SpoolError{Err: err}
		}
		win := s.buf[:cap(s.buf)]
		if len(win) < spoolChunk {
			win = make([]byte, spoolChunk)
		}
		have := 0
		for {
			n, rerr := s.file.Read(win[have:])
			have += n
			used, err := render(win[:have])
			if err != nil {
				return err
			}
			have = copy(win, win[used:have])
			if rerr == io.EOF {
				if have > 0 {
					return &SpoolError{Err: errSpoolRecord}
				}
				break
			}
			if rerr != nil {
				return &SpoolError{Err: rerr}
			}
			if have == len(win) { // one record longer than the buffer
				win = append(win, make([]byte, len(win))...)
			}
		}
	}
	out = res.appendTail(out, f)
	if f == FormatJSON {
		out = append(out, '\n')
	}
	if _, err := w.Write(out); err != nil {
		return &OutputError{Err: err}
	}
	return nil
}

// close removes the temporary file, if any.
func (s *spool) close() {
	if s.file != nil {
		name := s.file.Name()
		s.file.Close()
		if !s.unlinked {
			os.Remove(name) // where an open file cannot be unlinked
		}
		s.file = nil
	}
}
