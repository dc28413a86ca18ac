package render

import (
	"bufio"
	"errors"
	"io"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The reports of validate-rpc in the formats for people and CI (text,
// sarif, github, html); JSON is rpc's own rendering.

// RPCDiags converts a result's findings; fileOf names the file of a
// document index (-1: the input has one document).
func RPCDiags(fs []sv.Finding, fileOf func(index int) string) []Diag {
	ds := make([]Diag, len(fs))
	for i := range fs {
		f := &fs[i]
		ds[i] = findingDiag("", f)
		ds[i].File = fileOf(ds[i].Index)
		ds[i].elem = -1
		if f.Path.Len() > 0 && f.Path.At(0).IsIndex() {
			ds[i].elem = f.Path.At(0).Index()
		}
	}
	return ds
}

// Flagged is the set of messages (document index, batch element) that
// findings are about, for the listing of messages with findings.
type Flagged map[[2]int]bool

func FlaggedBy(ds []Diag) Flagged {
	set := Flagged{}
	for i := range ds {
		idx := max(ds[i].Index, 0)
		set[[2]int{idx, -1}] = true
		if ds[i].elem >= 0 {
			set[[2]int{idx, ds[i].elem}] = true
		}
	}
	return set
}

func (s Flagged) Has(index, element int) bool { return s[[2]int{index, element}] }

// WriteListed is the listing of the message lines in lines, nil when
// there are none.
func WriteListed(lines []byte) func(io.Writer) error {
	if len(lines) == 0 {
		return nil
	}
	return func(w io.Writer) error {
		_, err := w.Write(append([]byte("\n"), lines...))
		return err
	}
}

// ListMessages writes the message lines kept in sp: those in set, or
// every one when all.
func ListMessages(w io.Writer, sp *Spill, set Flagged, all bool) error {
	r, err := sp.Reader()
	if err != nil {
		return err
	}
	br := bufio.NewReaderSize(r, 64<<10)
	first := true
	var l MessageLine
	var out []byte
	for {
		if err := l.readRecord(br); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return err
		}
		if !all && !set.Has(l.index, l.elem) {
			continue
		}
		out = out[:0]
		if first {
			out = append(out, '\n')
			first = false
		}
		if _, err := w.Write(l.appendText(out, true)); err != nil {
			return err
		}
	}
}
