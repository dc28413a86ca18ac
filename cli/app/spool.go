package app

import (
	"bufio"
	"bytes"
	"io"
	"os"
)

// spool keeps the rendered message summaries of a transcript until the
// verdict that the output starts with is known. Up to limit bytes stay in
// memory; beyond that they go to a temporary file, so that the command's
// memory does not grow with the transcript (only the disk space the
// output itself will take). The zero limit means defaultSpoolLimit.
type spool struct {
	limit int
	mem   bytes.Buffer
	file  *os.File
	// w buffers the writes to file: a summary is a few dozen bytes, and
	// a write call each would be a system call each.
	w   *bufio.Writer
	err error
}

// defaultSpoolLimit is how much rendered output a spool keeps in memory.
const defaultSpoolLimit = 16 << 20

// Write appends p; after a failure it keeps the first error and drops
// the rest (see Err).
func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	limit := s.limit
	if limit == 0 {
		limit = defaultSpoolLimit
	}
	if s.file == nil && s.mem.Len()+len(p) > limit {
		f, err := os.CreateTemp("", "smithy-messages-*")
		if err != nil {
			s.err = err
			return 0, err
		}
		s.file, s.w = f, bufio.NewWriterSize(f, 256<<10)
		if _, err := s.mem.WriteTo(s.w); err != nil {
			s.err = err
			return 0, err
		}
		s.mem = bytes.Buffer{} // its memory is not needed any more
	}
	if s.file != nil {
		n, err := s.w.Write(p)
		if err != nil {
			s.err = err
		}
		return n, err
	}
	return s.mem.Write(p)
}

// Err returns the first error writing to the spool.
func (s *spool) Err() error { return s.err }

// WriteTo copies what the spool holds to w, in order.
func (s *spool) WriteTo(w io.Writer) (int64, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.file == nil {
		return s.mem.WriteTo(w)
	}
	if err := s.w.Flush(); err != nil {
		return 0, err
	}
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	return io.Copy(w, s.file)
}

// Close removes the temporary file, if any.
func (s *spool) Close() {
	if s.file != nil {
		name := s.file.Name()
		s.file.Close()
		os.Remove(name)
		s.file = nil
	}
}
