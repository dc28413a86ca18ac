package render

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/rpc"
)

// The text format, for people. Each finding is printed as compilers print
// theirs, then the source line it is about with a caret under its column:
//
//	calls.jsonl:4:87: error[type] /params/1 (example#SubtractInput$subtrahend): expected an integer, found a string
//	    4 | {"from": "client", "message": {"jsonrpc": "2.0", "method": "subtract", "params": [42, "23"], "id": "a"}}
//	      |                                                                                       ^
//
// leaving out what is absent (a position, a path at the root, a shape).
// For messages, only those with findings are listed (every message with
// --verbose), then a summary: messages by kind, calls answered and
// unanswered, findings by severity and code, and the verdict. Source lines
// and every name taken from the input are escaped, so no input can move
// the cursor or recolour the terminal. Colour only on a terminal, never
// with NO_COLOR set.

// Palette colours the text format; its zero value leaves text plain.
type Palette struct{ On bool }

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[1;31m"
	ansiYellow = "\x1b[1;33m"
	ansiCyan   = "\x1b[1;36m"
	ansiGreen  = "\x1b[1;32m"
	ansiDim    = "\x1b[2m"
)

func (p Palette) paint(code, s string) string {
	if !p.On || s == "" {
		return s
	}
	return code + s + ansiReset
}

func (p Palette) severity(s string) string {
	switch s {
	case "error", "danger":
		return p.paint(ansiRed, s)
	case "warning":
		return p.paint(ansiYellow, s)
	}
	return p.paint(ansiCyan, s)
}

func (p Palette) verdict(v string) string {
	if v == "valid" {
		return p.paint(ansiGreen, v)
	}
	return p.paint(ansiRed, v)
}

// WriteText writes rep in the text format.
func WriteText(w io.Writer, rep *Report, p Palette) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var b []byte
	for i := range rep.Diags {
		b = appendDiagText(b[:0], &rep.Diags[i], p)
		bw.Write(b)
	}
	if n := len(rep.counted()) - len(rep.Diags); n > 0 {
		fmt.Fprintf(bw, "... %d more not shown (--max-findings %d)\n", n, len(rep.Diags))
	}
	if rep.Listing != nil {
		if err := rep.Listing(bw); err != nil {
			return err
		}
	}
	if !rep.Quiet {
		bw.Write(appendSummary(nil, rep, p))
	}
	return bw.Flush()
}

// appendDiagText appends one diagnostic: its header line, then its source
// line and caret when it has one.
func appendDiagText(b []byte, d *Diag, p Palette) []byte {
	loc := EscapeText(d.File)
	if d.Line > 0 {
		if loc != "" {
			loc += ":"
		}
		loc += strconv.Itoa(d.Line)
		if d.Col > 0 {
			loc += ":" + strconv.Itoa(d.Col)
		}
	}
	if loc != "" {
		b = append(b, p.paint(ansiBold, loc+":")...)
		b = append(b, ' ')
	}
	b = append(b, p.severity(d.Severity)...)
	b = append(b, '[')
	b = append(b, EscapeText(d.Code)...)
	b = append(b, ']')
	if d.Path != "" {
		b = append(b, ' ')
		b = append(b, EscapeText(d.Path)...)
	}
	if d.Shape != "" {
		b = append(b, " ("...)
		b = append(b, EscapeText(d.Shape)...)
		b = append(b, ')')
	}
	b = append(b, ": "...)
	b = append(b, EscapeText(d.Message)...)
	b = append(b, '\n')
	if !d.sourced {
		return b
	}
	num := strconv.Itoa(d.Line)
	pad := strings.Repeat(" ", len(num))
	b = append(b, "  "...)
	b = append(b, p.paint(ansiDim, num+" |")...)
	if d.Source != "" {
		b = append(b, ' ')
		b = append(b, d.Source...)
	}
	b = append(b, '\n')
	if d.Caret >= 0 {
		b = append(b, "  "...)
		b = append(b, p.paint(ansiDim, pad+" |")...)
		b = append(b, ' ')
		b = append(b, strings.Repeat(" ", d.Caret)...)
		b = append(b, p.paint(ansiGreen, "^")...)
		b = append(b, '\n')
	}
	return b
}

// MessageLine is what the listing prints of a message: its summary's fields,
// with the id as its JSON text (nil when absent). A transcript keeps one
// per message in a compact record (see appendRecord) until the verdict is
// known.
type MessageLine struct {
	index, elem int
	kind        rpc.Kind
	ID          []byte
	Method      []byte
	hasMethod   bool
	rpcError    int
}

// LineOf takes a summary's fields; the id's text and the method are
// appended to buf.
func LineOf(m *rpc.MessageSummary, buf []byte) MessageLine {
	l := MessageLine{index: m.Index, elem: m.Element, kind: m.Kind, hasMethod: m.HasMethod, rpcError: m.RPCError}
	if m.ID.IsPresent() {
		buf = node.AppendJSON(buf, m.ID.Value())
		l.ID = buf
	}
	if m.HasMethod {
		n := len(buf)
		buf = append(buf, m.Method...)
		l.Method = buf[n:]
	}
	return l
}

// AppendMessageLine appends a message's line of the listing:
//
//	message 3 (line 4): request id="a" method="subtract" rpc_error=-32602
//
// with "/element" after the index for a batch element; line only for
// transcripts.
func AppendMessageLine(b []byte, m *rpc.MessageSummary, transcript bool) []byte {
	l := LineOf(m, nil)
	return l.appendText(b, transcript)
}

func (l *MessageLine) appendText(b []byte, transcript bool) []byte {
	b = append(b, "message "...)
	b = strconv.AppendInt(b, int64(l.index), 10)
	if l.elem >= 0 {
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(l.elem), 10)
	}
	if transcript {
		b = append(b, " (line "...)
		b = strconv.AppendInt(b, int64(l.index+1), 10)
		b = append(b, ')')
	}
	b = append(b, ": "...)
	b = append(b, l.kind.String()...)
	if l.ID != nil {
		b = append(b, " id="...)
		b = append(b, EscapeText(string(l.ID))...)
	}
	if l.hasMethod {
		b = append(b, " method="...)
		b = append(b, EscapeText(strconv.Quote(string(l.Method)))...)
	}
	if l.rpcError != 0 {
		b = append(b, " rpc_error="...)
		b = strconv.AppendInt(b, int64(l.rpcError), 10)
	}
	return append(b, '\n')
}

// AppendRecord appends l's compact record: index, element + 1, kind,
// rpc_error, then the id and the method, each as its length + 1 (0:
// absent) and its bytes.
func (l *MessageLine) AppendRecord(b []byte) []byte {
	b = binary.AppendUvarint(b, uint64(l.index))
	b = binary.AppendUvarint(b, uint64(l.elem+1))
	b = append(b, byte(l.kind))
	b = binary.AppendVarint(b, int64(l.rpcError))
	b = appendField(b, l.ID, l.ID != nil)
	return appendField(b, l.Method, l.hasMethod)
}

func appendField(b, f []byte, present bool) []byte {
	if !present {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(f))+1)
	return append(b, f...)
}

// readRecord reads a record of appendRecord into l, reusing its buffers;
// io.EOF when there is none.
func (l *MessageLine) readRecord(br *bufio.Reader) error {
	index, err := binary.ReadUvarint(br)
	if err != nil {
		return err
	}
	elem, err := binary.ReadUvarint(br)
	if err != nil {
		return eofUnexpected(err)
	}
	kind, err := br.ReadByte()
	if err != nil {
		return eofUnexpected(err)
	}
	rpcErr, err := binary.ReadVarint(br)
	if err != nil {
		return eofUnexpected(err)
	}
	l.index, l.elem, l.kind, l.rpcError = int(index), int(elem)-1, rpc.Kind(kind), int(rpcErr)
	var ok bool
	if l.ID, ok, err = readField(br, l.ID); err != nil {
		return err
	}
	if !ok {
		l.ID = nil
	}
	l.Method, l.hasMethod, err = readField(br, l.Method)
	return err
}

func readField(br *bufio.Reader, buf []byte) ([]byte, bool, error) {
	n, err := binary.ReadUvarint(br)
	if err != nil {
		return buf, false, eofUnexpected(err)
	}
	if n == 0 {
		return buf[:0], false, nil
	}
	buf = append(buf[:0], make([]byte, n-1)...)
	_, err = io.ReadFull(br, buf)
	return buf, true, eofUnexpected(err)
}

func eofUnexpected(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// appendSummary appends the summary: files (when several), messages by
// kind, calls, findings by severity and code, and the verdict.
func appendSummary(b []byte, rep *Report, p Palette) []byte {
	if len(rep.Diags) > 0 || rep.Listing != nil {
		b = append(b, '\n')
	}
	if len(rep.Inputs) > 1 {
		b = append(b, "files: "...)
		b = strconv.AppendInt(b, int64(len(rep.Inputs)), 10)
		b = append(b, '\n')
	}
	if t := rep.Msgs; t != nil {
		b = append(b, "messages: "...)
		b = strconv.AppendInt(b, int64(t.Total), 10)
		sep := " ("
		for k, n := range t.ByKind {
			if n == 0 {
				continue
			}
			b = append(b, sep...)
			b = append(b, rpc.Kind(k).String()...)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(n), 10)
			sep = ", "
		}
		if sep != " (" {
			b = append(b, ')')
		}
		b = append(b, '\n')
		if t.Calls > 0 && t.ShowCalls {
			b = append(b, "calls: "...)
			b = strconv.AppendInt(b, int64(t.Calls), 10)
			b = append(b, " ("...)
			b = strconv.AppendInt(b, int64(t.Answered), 10)
			b = append(b, " answered, "...)
			b = strconv.AppendInt(b, int64(t.unanswered()), 10)
			b = append(b, " unanswered"...)
			if !t.Final {
				b = append(b, " so far"...)
			}
			b = append(b, ")\n"...)
		}
	}
	noun := "findings"
	if rep.Model {
		noun = "events"
	}
	b = append(b, noun...)
	b = append(b, ": "...)
	b = strconv.AppendInt(b, int64(len(rep.counted())), 10)
	counts := tally(rep.counted())
	for i, s := range counts {
		if i == 0 {
			b = append(b, " ("...)
		} else {
			b = append(b, "; "...)
		}
		b = append(b, p.severity(s.severity)...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(s.n), 10)
		b = append(b, ": "...)
		for j, c := range s.codes {
			if j > 0 {
				b = append(b, ", "...)
			}
			b = append(b, EscapeText(c.code)...)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(c.n), 10)
		}
		if i == len(counts)-1 {
			b = append(b, ')')
		}
	}
	b = append(b, '\n')
	b = append(b, p.verdict(rep.verdict())...)
	if rep.Scope != "" {
		b = append(b, " (scope: "...)
		b = append(b, rep.Scope...)
		b = append(b, ')')
	}
	return append(b, '\n')
}
