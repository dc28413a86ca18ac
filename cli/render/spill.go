package render

import (
	"bytes"
	"io"
	"os"
)

// Spill keeps bytes for a second read: in memory up to a bound, then in a
// temporary file, so that what the command keeps of a long transcript (its
// message lines for the listing, a copy of standard input for the source
// lines) never grows its memory. The bytes go through one buffer: where
// they are kept while they fit, then the file's write buffer (at least
// spillBuffer long). Write never fails; the first error is kept for Err.
type Spill struct {
	Limit int // 0: spillLimit
	buf   []byte
	file  *os.File
	err   error
	// unlinked: the file has no name any more (see Write).
	unlinked bool
}

// spillLimit is how much a spill keeps in memory; spillBuffer the least
// size of its buffer once it writes to a file.
const (
	spillLimit  = 1 << 20
	spillBuffer = 256 << 10
)

func (s *Spill) Write(p []byte) (int, error) {
	if s.err != nil {
		return len(p), nil
	}
	if s.file == nil {
		limit := s.Limit
		if limit == 0 {
			limit = spillLimit
		}
		if len(s.buf)+len(p) <= limit {
			s.buf = append(s.buf, p...)
			return len(p), nil
		}
		f, err := os.CreateTemp("", "smithy-spill-*")
		if err != nil {
			s.err = err
			return len(p), nil
		}
		// The file is unlinked at once where the system allows it (the
		// open descriptor keeps its bytes): whatever ends the process, a
		// signal included, no file is left behind.
		s.unlinked = os.Remove(f.Name()) == nil
		s.file = f
		if cap(s.buf) < spillBuffer {
			s.buf = append(make([]byte, 0, spillBuffer), s.buf...)
		}
	}
	if len(s.buf)+len(p) > cap(s.buf) {
		if s.flush(); s.err != nil {
			return len(p), nil
		}
		if len(p) > cap(s.buf) {
			if _, err := s.file.Write(p); err != nil {
				s.err = err
			}
			return len(p), nil
		}
	}
	s.buf = append(s.buf, p...)
	return len(p), nil
}

// flush writes the buffer to the file.
func (s *Spill) flush() {
	if len(s.buf) > 0 {
		if _, err := s.file.Write(s.buf); err != nil {
			s.err = err
		}
		s.buf = s.buf[:0]
	}
}

// Err returns the first error keeping the bytes.
func (s *Spill) Err() error { return s.err }

// Reader returns what the spill holds, from its start.
func (s *Spill) Reader() (io.Reader, error) {
	if s.err != nil {
		return nil, s.err
	}
	if s.file == nil {
		return bytes.NewReader(s.buf), nil
	}
	if s.flush(); s.err != nil {
		return nil, s.err
	}
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return s.file, nil
}

// Close removes the temporary file, if any.
func (s *Spill) Close() {
	if s.file != nil {
		s.file.Close()
		if !s.unlinked {
			os.Remove(s.file.Name())
		}
		s.file = nil
	}
}
