package run

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"

	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The reports of validate-rpc in the formats for people and CI (text,
// sarif, github, html); JSON is rpc's own rendering.

// rpcDiags converts a result's findings; fileOf names the file of a
// document index (-1: the input has one document).
func rpcDiags(fs []sv.Finding, fileOf func(index int) string) []diag {
	ds := make([]diag, len(fs))
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

// flagged is the set of messages (document index, batch element) that
// findings are about, for the listing of messages with findings.
type flagged map[[2]int]bool

func flaggedBy(ds []diag) flagged {
	set := flagged{}
	for i := range ds {
		idx := max(ds[i].Index, 0)
		set[[2]int{idx, -1}] = true
		if ds[i].elem >= 0 {
			set[[2]int{idx, ds[i].elem}] = true
		}
	}
	return set
}

func (s flagged) has(index, element int) bool { return s[[2]int{index, element}] }

// rpcReport is the report of a message, or a request and its response:
// files are their file names (one, or request and response), data their
// texts, for the source lines.
func (e *Env) rpcReport(res *rpc.Result, files []string, data [][]byte, verbose bool) *report {
	rep := &report{command: "validate-rpc", valid: res.Valid, complete: res.Complete,
		scope: res.Scope.String(), msgs: newMessageTally()}
	for _, f := range files {
		rep.inputs = append(rep.inputs, displayName(f))
	}
	rep.diags = rpcDiags(res.Findings, func(i int) string { return rep.inputs[min(max(i, 0), len(files)-1)] })
	for i := range files {
		var ds []*diag
		for j := range rep.diags {
			if rep.diags[j].File == rep.inputs[i] && (len(files) == 1 || max(rep.diags[j].Index, 0) == i) {
				ds = append(ds, &rep.diags[j])
			}
		}
		fillSources(bytes.NewReader(data[i]), ds)
	}
	rep.msgs.add(res.Messages)
	if len(files) == 2 { // a request and its response: every answer is there
		rep.msgs.showCalls = true
		rep.msgs.final = true
	}
	set := flaggedBy(rep.diags)
	var lines []byte
	for i := range res.Messages {
		m := &res.Messages[i]
		if verbose || set.has(m.Index, m.Element) {
			lines = appendMessageLine(lines, m, false)
		}
	}
	rep.listed = lines
	rep.listing = writeListed(lines)
	return rep
}

// writeListed is the listing of the message lines in lines, nil when
// there are none.
func writeListed(lines []byte) func(io.Writer) error {
	if len(lines) == 0 {
		return nil
	}
	return func(w io.Writer) error {
		_, err := w.Write(append([]byte("\n"), lines...))
		return err
	}
}

// writeReport writes rep in format (text, sarif or github).
func (e *Env) writeReport(rep *report, format string) error {
	rep.bound(e.MaxFindings)
	switch format {
	case FormatSARIF:
		return writeSARIF(e.Stdout, rep, nil)
	case FormatGitHub:
		return writeGitHub(e.Stdout, rep, true)
	}
	rep.quiet = e.Quiet
	return writeText(e.Stdout, rep, palette{on: e.colorOn(e.Stdout)})
}

// transcriptReport checks a transcript, streaming, and writes its report
// in a format other than JSON. The message lines go to a spill as they
// are read (framed with their index, so that the listing can keep only
// the messages with findings); the source lines of the findings are read
// afterwards in one more pass over the transcript (standard input is kept
// in a second spill for it).
func (e *Env) transcriptReport(svc *rpc.PreparedService, in Input, complete bool, format string, verbose bool) error {
	r, name, closeFn, err := e.openTranscript(in)
	if err != nil {
		return err
	}
	defer closeFn()
	r, prog, stop := e.startProgress(r, name, e.ProgressMode, true)
	var input *spill // a copy of standard input, for the source lines
	if !in.Inline && name == "-" && !isRegularFile(e.Stdin) {
		input = &spill{limit: e.SpoolLimit}
		defer input.Close()
		r = io.TeeReader(r, input) // its error is checked after the run
	}
	msgs := spill{limit: e.SpoolLimit}
	defer msgs.Close()
	tally := newMessageTally()
	tally.showCalls = true
	var buf, idBuf []byte
	res, err := svc.StreamTranscriptFindings(r, complete, func(ms []rpc.MessageSummary, fs []sv.Finding) {
		prog.findings.Add(int64(len(fs)))
		tally.add(ms)
		// The listing needs the lines with findings; those found only at
		// the end (calls never answered, with --complete) are about lines
		// that had none, so then every line is kept, as for --verbose and
		// the html page.
		if (format != FormatText && format != FormatHTML) || (format == FormatText && !verbose && !complete && len(fs) == 0) {
			return
		}
		buf = buf[:0]
		for i := range ms {
			l := lineOf(&ms[i], idBuf[:0])
			idBuf = append(l.id, l.method...)[:0]
			buf = l.appendRecord(buf)
		}
		msgs.Write(buf)
	})
	stop()
	if err != nil {
		return InputErrorf("cannot read %s: %v", name, UnwrapPath(errors.Unwrap(err)))
	}
	if input != nil && input.Err() != nil {
		return InputErrorf("cannot keep a copy of standard input: %v", input.Err())
	}
	if msgs.Err() != nil {
		return InputErrorf("cannot keep the message summaries of %s: %v", name, msgs.Err())
	}
	file := displayName(name)
	rep := &report{command: "validate-rpc", inputs: []string{file}, valid: res.Valid, complete: res.Complete,
		scope: res.Scope.String(), msgs: tally}
	rep.diags = rpcDiags(res.Findings, func(int) string { return file })
	tally.final = complete
	ptrs := make([]*diag, len(rep.diags))
	for i := range rep.diags {
		d := &rep.diags[i]
		if d.Line == 0 && d.Index >= 0 {
			d.Line = d.Index + 1 // a finding inside a "text" message: its line
		}
		ptrs[i] = d
	}
	if format == FormatHTML {
		src, done, err := e.reread(in, input)
		if err != nil {
			return err
		}
		rep.bound(e.MaxFindings)
		err = writeHTML(e.Stdout, rep, &msgs, src)
		done()
		if err != nil {
			return InputErrorf("cannot write the report of %s: %v", name, UnwrapPath(err))
		}
		return Verdict(res.Valid, res.Complete)
	}
	if len(ptrs) > 0 {
		src, done, err := e.reread(in, input)
		if err != nil {
			return err
		}
		err = fillSources(src, ptrs)
		done()
		if err != nil {
			return InputErrorf("cannot read %s again for its source lines: %v", name, UnwrapPath(err))
		}
	}
	// The text listing shows the messages with findings (every message
	// with --verbose); with nothing to list there is no listing, and so no
	// blank line before the summary.
	if set := flaggedBy(rep.diags); format == FormatText && (verbose || len(set) > 0) {
		rep.listing = func(w io.Writer) error { return listMessages(w, &msgs, set, verbose) }
	}
	if err := e.writeReport(rep, format); err != nil {
		return InputErrorf("cannot read back the message summaries of %s: %v", name, err)
	}
	return Verdict(res.Valid, res.Complete)
}

// openTranscript opens a transcript input for streaming: its file (or
// standard input), or the server's bytes; name is what messages call it.
func (e *Env) openTranscript(in Input) (r io.Reader, name string, closeFn func(), err error) {
	if in.Inline {
		return bytes.NewReader(in.Data), "the transcript", func() {}, nil
	}
	r, closeFn, err = e.OpenStream(in.Path)
	return r, in.Path, closeFn, err
}

// reread opens the transcript again for a second pass: the file, standard
// input when it is a regular file, or the copy of standard input.
func (e *Env) reread(in Input, input *spill) (io.Reader, func(), error) {
	name := in.Path
	if in.Inline {
		return bytes.NewReader(in.Data), func() {}, nil
	}
	if input != nil {
		r, err := input.reader()
		if err != nil {
			return nil, nil, InputErrorf("cannot read back the copy of standard input: %v", err)
		}
		return r, func() {}, nil
	}
	if name == "-" {
		f := e.Stdin.(*os.File)
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, nil, InputErrorf("cannot read standard input again: %v", err)
		}
		return f, func() {}, nil
	}
	if e.Files != nil {
		return e.Files.Open(name) // the server's: inside its root, bounded
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, InputErrorf("cannot read %s again: %v", name, UnwrapPath(err))
	}
	return f, func() { f.Close() }, nil
}

// isRegularFile reports whether r is a regular file that can be read
// again from its start.
func isRegularFile(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	off, err := f.Seek(0, io.SeekCurrent)
	return err == nil && off == 0
}

// listMessages writes the message lines kept in sp: those in set, or
// every one when all.
func listMessages(w io.Writer, sp *spill, set flagged, all bool) error {
	r, err := sp.reader()
	if err != nil {
		return err
	}
	br := bufio.NewReaderSize(r, 64<<10)
	first := true
	var l msgLine
	var out []byte
	for {
		if err := l.readRecord(br); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return err
		}
		if !all && !set.has(l.index, l.elem) {
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
