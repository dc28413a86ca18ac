package render

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"errors"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/rpc"
)

// The HTML report (validate-rpc --transcript FILE --format html): one
// self-contained page, no network and no external script. The summary is
// on top; the conversation is two lanes, client and server; each message
// row shows its kind, id, method, JSON-RPC error and findings, and opens
// to its JSON pretty-printed (numbers as written) with each finding inline
// at its path; calls link to their answers and back; filters by severity,
// code and method. Only the rows on screen are in the document, so a
// transcript of 100,000 messages opens at once.
//
// The page is written as the transcript is read a second time: the
// findings and the summary are known after the first pass, then each line
// goes into the page's data with its message's summary (kept in a spill
// during the first pass), so the command's memory does not grow with the
// transcript. Responses are linked to the call whose id they answer (ids
// as written, whichever peer called).

//go:embed report.html
var reportPage string

// htmlFinding is a finding in the page's data.
type htmlFinding struct {
	Index    int    `json:"i"`
	Severity string `json:"s"`
	Code     string `json:"c"`
	Path     string `json:"p"`
	Shape    string `json:"h,omitempty"`
	Line     int    `json:"l,omitempty"`
	Col      int    `json:"k,omitempty"`
	Message  string `json:"m"`
}

// htmlSummary is the page's summary and findings.
type htmlSummary struct {
	File     string        `json:"file"`
	Verdict  string        `json:"verdict"`
	Scope    string        `json:"scope"`
	Summary  string        `json:"summary"`
	Findings []htmlFinding `json:"findings"`
}

// WriteHTML writes the report page: rep (findings, tallies), the spill of
// message records, and the transcript itself read again from src.
func WriteHTML(w io.Writer, rep *Report, msgs *Spill, src io.Reader) error {
	bw := bufio.NewWriterSize(w, 256<<10)
	head, tail, ok := strings.Cut(reportPage, "/*DATA*/")
	if !ok {
		return errors.New("internal error: the report template has no data marker")
	}
	title := "smithy validate-rpc: " + EscapeText(rep.Inputs[0])
	head = strings.Replace(head, "<title></title>", "<title>"+html.EscapeString(title)+"</title>", 1)
	bw.WriteString(head)

	sum := htmlSummary{File: EscapeText(rep.Inputs[0]), Verdict: rep.verdict(), Scope: rep.Scope,
		Summary: strings.TrimSpace(string(appendSummary(nil, &Report{Msgs: rep.Msgs, all: rep.counted(), Diags: rep.counted(), Valid: rep.Valid, Complete: rep.Complete, Scope: rep.Scope}, Palette{})))}
	sum.Findings = make([]htmlFinding, len(rep.Diags))
	for i, d := range rep.Diags {
		sum.Findings[i] = htmlFinding{Index: d.Index, Severity: d.Severity, Code: d.Code, Path: d.Path, Shape: d.Shape, Line: d.Line, Col: d.Col, Message: d.Message}
	}
	enc := json.NewEncoder(bw) // escapes <, > and &: nothing ends the script element
	bw.WriteString("const SUMMARY = ")
	if err := enc.Encode(sum); err != nil {
		return err
	}
	// The rows: [line index, kind, id text or null, method or null,
	// rpc_error, linked row's line index or -1, batch elements, the
	// line's text].
	bw.WriteString(";\nconst ROWS = [")
	r, err := msgs.Reader()
	if err != nil {
		return err
	}
	recs := bufio.NewReaderSize(r, 64<<10)
	lines := bufio.NewReaderSize(src, 64<<10)
	calls := map[string]int{} // outstanding call ids -> line index
	var l MessageLine
	lineNo, rows := 0, 0
	var line []byte
	var pending *MessageLine
	next := func() (*MessageLine, error) {
		if pending != nil {
			p := pending
			pending = nil
			return p, nil
		}
		if err := l.readRecord(recs); err != nil {
			return nil, err
		}
		return &l, nil
	}
	for {
		m, err := next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		// the line of m
		for lineNo <= m.index {
			line, err = readLine(lines, line[:0])
			if err != nil {
				return err
			}
			lineNo++
		}
		elements := 0
		kind, id, method, rpcErr := m.kind, string(m.ID), string(m.Method), m.rpcError
		hasID, hasMethod, index := m.ID != nil, m.hasMethod, m.index
		// the batch's elements follow it
		for {
			e, err := next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return err
			}
			if e.index != index {
				cp := *e
				cp.ID, cp.Method = append([]byte(nil), e.ID...), append([]byte(nil), e.Method...)
				pending = &cp
				break
			}
			elements++
		}
		link := -1
		switch {
		case kind == rpc.KindRequest && hasID:
			calls[id] = index
		case (kind == rpc.KindResponse || kind == rpc.KindErrorResponse) && hasID && hasMethod:
			if at, ok := calls[id]; ok {
				link = at
				delete(calls, id)
			}
		}
		if rows > 0 {
			bw.WriteString(",\n")
		}
		rows++
		bw.WriteByte('[')
		bw.WriteString(strconv.Itoa(index))
		bw.WriteString(`,"`)
		bw.WriteString(kind.String())
		bw.WriteString(`",`)
		writeJSONOrNull(bw, id, hasID)
		bw.WriteByte(',')
		writeJSONOrNull(bw, method, hasMethod)
		bw.WriteString("," + strconv.Itoa(rpcErr) + "," + strconv.Itoa(link) + "," + strconv.Itoa(elements) + ",")
		writeJSONOrNull(bw, string(line), true)
		bw.WriteByte(']')
	}
	bw.WriteString("];\n")
	bw.WriteString(tail)
	return bw.Flush()
}

// writeJSONOrNull writes s as a JSON string (with <, > and & escaped, so
// nothing ends the script element), or null when absent.
func writeJSONOrNull(bw *bufio.Writer, s string, present bool) {
	if !present {
		bw.WriteString("null")
		return
	}
	b, _ := json.Marshal(s)
	bw.Write(b)
}

// readLine reads one line without its line break; io.EOF only when there
// is no line at all.
func readLine(br *bufio.Reader, buf []byte) ([]byte, error) {
	for {
		chunk, err := br.ReadSlice('\n')
		buf = append(buf, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && !(errors.Is(err, io.EOF) && len(buf) > 0) {
			return buf, err
		}
		return []byte(strings.TrimRight(string(buf), "\r\n")), nil
	}
}

// WriteHTMLFailure writes the page of a report that could not be made (a
// usage, model or input failure): the error (kind "usage", "model",
// "input"...), its message and the model's events, every text escaped
// (EscapeText, then HTML), with the report page's content policy; no
// script. A CI step that publishes the page then shows why.
func WriteHTMLFailure(w io.Writer, command, kind, msg string, events []Diag) error {
	h := func(s string) string { return html.EscapeString(EscapeText(s)) }
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` + "\n")
	b.WriteString("<title>smithy " + h(command) + ": " + h(kind) + " error</title>\n")
	b.WriteString("<style>body{margin:16px;font:13px/1.4 system-ui,sans-serif;color:#1d2330}pre,li{font:12px/1.45 ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap}h1{font-size:15px;color:#b42318}</style>\n</head>\n<body>\n")
	b.WriteString("<h1>smithy " + h(command) + ": " + h(kind) + " error, no report</h1>\n")
	b.WriteString("<pre id=\"error\">" + h(msg) + "</pre>\n")
	if len(events) > 0 {
		b.WriteString("<ul id=\"events\">\n")
		for _, d := range events {
			loc := d.File
			if d.Line > 0 {
				loc += ":" + strconv.Itoa(d.Line)
				if d.Col > 0 {
					loc += ":" + strconv.Itoa(d.Col)
				}
			}
			b.WriteString("<li>" + h(loc) + ": " + h(d.Severity) + "[" + h(d.Code) + "] " + h(d.Message) + "</li>\n")
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
