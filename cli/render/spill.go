package render

import (
	"bufio"
	"bytes"
	"io"
	"os"
)

// Spill keeps bytes for a second read: in memory up to a bound, then in a
// temporary file, so that what the command keeps of a long transcript (its
// message lines for the listing, a copy of standard input for the source
// lines) never grows its memory. Write never fails; the first error is
// kept for Err.
type Spill struct {
	Limit int // 0: spillLimit
	mem   bytes.Buffer
	file  *os.File
	w     *bufio.Writer
	err   error
	// unlinked: the file has no name any more (see Write).
	unlinked bool
}

// spillLimit is how much a spill keeps in memory.
const spillLimit = 16 << 20

func (s *Spill) Write(p []byte) (int, error) {
	if s.err != nil {
		return len(p), nil
	}
	limit := s.Limit
	if limit == 0 {
		limit = spillLimit
	}
	if s.file == nil && s.mem.Len()+len(p) > limit {
		f, err := os.CreateTemp("", "smithy-spill-*")
		if err != nil {
			s.err = err
			return len(p), nil
		}
		// The file is unlinked at once where the system allows it (the
		// open descriptor keeps its bytes): whatever ends the process, a
		// signal included, no file is left behind.
		s.unlinked = os.Remove(f.Name()) == nil
		s.file, s.w = f, bufio.NewWriterSize(f, 256<<10)
		s.mem.WriteTo(s.w)
		s.mem = bytes.Buffer{}
	}
	if s.file != nil {
		if _, err := s.w.Write(p); err != nil {
			s.err = err
		}
		return len(p), nil
	}
	return s.mem.Write(p)
}

// Err returns the first error keeping the bytes.
func (s *Spill) Err() error { return s.err }

// Reader returns what the spill holds, from its start.
func (s *Spill) Reader() (io.Reader, error) {
	if s.err != nil {
		return nil, s.err
	}
	if s.file == nil {
		return bytes.NewReader(s.mem.Bytes()), nil
	}
	if err := s.w.Flush(); err != nil {
		return nil, err
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
