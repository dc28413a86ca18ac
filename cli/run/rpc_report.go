package run

import (
	"bytes"
	"errors"
	"io"
	"os"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// rpcReport is the report of a message, or a request and its response:
// files are their file names (one, or request and response), data their
// texts, for the source lines.
func (e *Env) rpcReport(res *rpc.Result, files []string, data [][]byte, verbose bool) *render.Report {
	rep := &render.Report{Command: "validate-rpc", Valid: res.Valid, Complete: res.Complete,
		Scope: res.Scope.String(), Msgs: render.NewMessageTally()}
	for _, f := range files {
		rep.Inputs = append(rep.Inputs, render.DisplayName(f))
	}
	rep.Diags = render.RPCDiags(res.Findings, func(i int) string { return rep.Inputs[min(max(i, 0), len(files)-1)] })
	for i := range files {
		var ds []*render.Diag
		for j := range rep.Diags {
			if rep.Diags[j].File == rep.Inputs[i] && (len(files) == 1 || max(rep.Diags[j].Index, 0) == i) {
				ds = append(ds, &rep.Diags[j])
			}
		}
		render.FillSources(bytes.NewReader(data[i]), ds)
	}
	rep.Msgs.Add(res.Messages)
	if len(files) == 2 { // a request and its response: every answer is there
		rep.Msgs.ShowCalls = true
		rep.Msgs.Final = true
	}
	set := render.FlaggedBy(rep.Diags)
	var lines []byte
	for i := range res.Messages {
		m := &res.Messages[i]
		if verbose || set.Has(m.Index, m.Element) {
			lines = render.AppendMessageLine(lines, m, false)
		}
	}
	rep.Listed = lines
	rep.Listing = render.WriteListed(lines)
	return rep
}

// writeReport writes rep in format (text, sarif or github).
func (e *Env) writeReport(rep *render.Report, format string) error {
	rep.Bound(e.MaxFindings)
	switch format {
	case render.FormatSARIF:
		return render.WriteSARIF(e.Stdout, rep, nil)
	case render.FormatGitHub:
		return render.WriteGitHub(e.Stdout, rep, true)
	}
	rep.Quiet = e.Quiet
	return render.WriteText(e.Stdout, rep, render.Palette{On: e.colorOn(e.Stdout)})
}

// transcriptReport checks a transcript, streaming, and writes its report
// in a format other than JSON. The message lines go to a spill as they
// are read (framed with their index, so that the listing can keep only
// the messages with findings); the source lines of the findings are read
// afterwards in one more pass over the transcript (standard input is kept
// in a second spill for it).
func (e *Env) transcriptReport(svc *rpc.PreparedService, in load.Input, complete bool, format string, verbose bool) error {
	r, name, closeFn, err := e.openTranscript(in)
	if err != nil {
		return err
	}
	defer closeFn()
	// A copy of a transcript that cannot be read twice is kept for the
	// second pass: standard input, or a named file that is a pipe (<(gen),
	// /dev/stdin, a named pipe), which opened again would block for ever
	// or read nothing.
	once := !in.Inline && ((name == "-" && !isRegularFile(e.Stdin)) || (name != "-" && e.Files == nil && !isRegularFile(r)))
	e.beforeStream(r)
	r, prog, stop := e.startProgress(r, name, e.ProgressMode, true)
	var input *render.Spill
	if once {
		input = &render.Spill{Limit: e.SpoolLimit}
		defer input.Close()
		r = io.TeeReader(r, input) // its error is checked after the run
	}
	msgs := render.Spill{Limit: e.SpoolLimit}
	defer msgs.Close()
	tally := render.NewMessageTally()
	tally.ShowCalls = true
	var buf, idBuf []byte
	res, err := svc.StreamTranscriptFindings(r, complete, func(ms []rpc.MessageSummary, fs []sv.Finding) {
		prog.findings.Add(int64(len(fs)))
		tally.Add(ms)
		// The listing needs the lines with findings; those found only at
		// the end (calls never answered, with --complete) are about lines
		// that had none, so then every line is kept, as for --verbose and
		// the html page.
		if (format != render.FormatText && format != render.FormatHTML) || (format == render.FormatText && !verbose && !complete && len(fs) == 0) {
			return
		}
		buf = buf[:0]
		for i := range ms {
			l := render.LineOf(&ms[i], idBuf[:0])
			idBuf = append(l.ID, l.Method...)[:0]
			buf = l.AppendRecord(buf)
		}
		msgs.Write(buf)
	})
	stop()
	if err != nil {
		return exitcode.Inputf("cannot read %s: %v", name, load.UnwrapPath(errors.Unwrap(err)))
	}
	if input != nil && input.Err() != nil {
		return exitcode.Inputf("cannot keep a copy of %s: %v", render.DisplayName(name), input.Err())
	}
	if msgs.Err() != nil {
		return exitcode.Inputf("cannot keep the message summaries of %s: %v", name, msgs.Err())
	}
	file := render.DisplayName(name)
	rep := &render.Report{Command: "validate-rpc", Inputs: []string{file}, Valid: res.Valid, Complete: res.Complete,
		Scope: res.Scope.String(), Msgs: tally}
	rep.Diags = render.RPCDiags(res.Findings, func(int) string { return file })
	tally.Final = complete
	ptrs := make([]*render.Diag, len(rep.Diags))
	for i := range rep.Diags {
		d := &rep.Diags[i]
		if d.Line == 0 && d.Index >= 0 {
			d.Line = d.Index + 1 // a finding inside a "text" message: its line
		}
		ptrs[i] = d
	}
	if format == render.FormatHTML {
		src, done, err := e.reread(in, input)
		if err != nil {
			return err
		}
		rep.Bound(e.MaxFindings)
		err = render.WriteHTML(e.Stdout, rep, &msgs, src)
		done()
		if err != nil {
			return exitcode.Inputf("cannot write the report of %s: %v", name, load.UnwrapPath(err))
		}
		return exitcode.Verdict(res.Valid, res.Complete)
	}
	if len(ptrs) > 0 {
		src, done, err := e.reread(in, input)
		if err != nil {
			return err
		}
		err = render.FillSources(src, ptrs)
		done()
		if err != nil {
			return exitcode.Inputf("cannot read %s again for its source lines: %v", name, load.UnwrapPath(err))
		}
	}
	// The text listing shows the messages with findings (every message
	// with --verbose); with nothing to list there is no listing, and so no
	// blank line before the summary.
	if set := render.FlaggedBy(rep.Diags); format == render.FormatText && (verbose || len(set) > 0) {
		rep.Listing = func(w io.Writer) error { return render.ListMessages(w, &msgs, set, verbose) }
	}
	if err := e.writeReport(rep, format); err != nil {
		return exitcode.Inputf("cannot read back the message summaries of %s: %v", name, err)
	}
	return exitcode.Verdict(res.Valid, res.Complete)
}

// openTranscript opens a transcript input for streaming: its file (or
// standard input), or the server's bytes; name is what messages call it.
func (e *Env) openTranscript(in load.Input) (r io.Reader, name string, closeFn func(), err error) {
	if in.Inline {
		return bytes.NewReader(in.Data), "the transcript", func() {}, nil
	}
	r, closeFn, err = e.OpenStream(in.Path)
	return r, in.Path, closeFn, err
}

// reread opens the transcript again for a second pass: the file, standard
// input when it is a regular file, or the copy of standard input or of a
// file that is no regular file.
func (e *Env) reread(in load.Input, input *render.Spill) (io.Reader, func(), error) {
	name := in.Path
	if in.Inline {
		return bytes.NewReader(in.Data), func() {}, nil
	}
	if input != nil {
		r, err := input.Reader()
		if err != nil {
			return nil, nil, exitcode.Inputf("cannot read back the copy of %s: %v", render.DisplayName(name), err)
		}
		return r, func() {}, nil
	}
	if name == "-" {
		f := e.Stdin.(*os.File)
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, nil, exitcode.Inputf("cannot read standard input again: %v", err)
		}
		return f, func() {}, nil
	}
	if e.Files != nil {
		return e.Files.Open(name) // the server's: inside its root, bounded
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, exitcode.Inputf("cannot read %s again: %v", name, load.UnwrapPath(err))
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
