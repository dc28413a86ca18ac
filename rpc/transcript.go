package rpc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unsafe"

	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
	"github.com/smithy-validation/go/smithyvalidate/stream"
)

// The transcript format (docs/contract.md) is JSON Lines, one message a
// line:
//
//	{"from": "client", "message": {"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}}
//	{"from": "server", "text": "{\"jsonrpc\": \"2.0\", \"result\": 19, \"id\": 1"}
//
// "from" is "client" or "server". "message" holds the message as a JSON
// value; "text" holds the raw text of a message that is not valid JSON
// (or any message, verbatim). Optionally, "reply_to": N says the transport
// associates this response with the message on line N (0-based), as an
// HTTP response answers its POST ([Exchange.FeedReply]). Other members
// are ignored. Blank lines are skipped; every line, blank or not, has an
// index, its 0-based line number, and findings carry it.

// FeedLine checks one transcript line (without its line break). Its index
// is the line's number: call it for every line, blank ones included. It
// returns the summaries of the line's message (none for a blank or
// malformed line); the slice is valid until the next call.
func (x *Exchange) FeedLine(line []byte) []MessageSummary {
	return x.feedLine(line, 0)
}

func (x *Exchange) feedLine(line []byte, offset int64) []MessageSummary {
	line = bytes.TrimSuffix(line, []byte("\r"))
	// A line that begins with '{' is not blank (the usual line: no scan).
	if (len(line) == 0 || line[0] != '{') && len(bytes.TrimSpace(line)) == 0 {
		x.index++
		return nil
	}
	c := x.c
	m := inExchange(x.index)
	m.shift = node.Pos{Offset: int32(offset), Line: int32(x.index + 1), Column: 1}
	c.begin(m)
	if ms, ok := x.fastLine(line, m); ok {
		return ms
	}
	rec, err := x.line.readLine(x.s, line)
	if err != nil {
		var se *node.SyntaxError
		if errors.As(err, &se) {
			c.report(CodeTranscriptLine, m.doc, se.Pos, shapeid.ID{},
				"the transcript line is not JSON (%s); a message that is not JSON goes in \"text\"", se.Msg)
		} else {
			c.readError(inMessage(err), m.doc)
			x.unread() // a limit: the line's message is not known
		}
		return x.skipLine()
	}
	defer x.line.reset()
	from, to, msg, text, ok := x.record(rec, m.doc)
	if !ok {
		return x.skipLine()
	}
	if text != nil {
		m.noPos = true // its positions are inside a JSON string
	}
	// The message's views are the line's (readText replaces the text
	// for a "text" record).
	if len(line) > 0 {
		c.src = unsafe.String(&line[0], len(line))
	}
	return x.feedRecord(from, to, m, msg, text)
}

func (x *Exchange) skipLine() []MessageSummary {
	x.c.endMessage()
	x.index++
	return nil
}

// inMessage returns a transcript line's limit error with the path of the
// value over the limit made relative to the record's message, as every
// other finding about the message is ("/params/x", not
// "/message/params/x"); a limit met outside the message is at its root.
func inMessage(err error) error {
	var rle *sv.ReadLimitError
	if !errors.As(err, &rle) {
		return err
	}
	p := sv.Root()
	le := rle.LimitError
	if rle.Path.Len() > 0 && !rle.Path.At(0).IsIndex() && rle.Path.At(0).Key() == "message" {
		p = p.Append(rle.Path.Segments()[1:]...)
		if le.Limit == node.LimitDepth {
			// The line was read with one level more than the
			// message's limit (readLine): the message met its own.
			le = &node.LimitError{Pos: le.Pos, Limit: le.Limit, Max: le.Max - 1}
		}
	}
	return &sv.ReadLimitError{LimitError: le, Path: p}
}

// record reads the members of a transcript record.
func (x *Exchange) record(rec sv.ValueView, doc sv.Path) (from Peer, to int, msg sv.ValueView, text []byte, ok bool) {
	c := x.c
	bad := func(p node.Pos, format string, args ...any) {
		c.report(CodeTranscriptLine, doc, p, shapeid.ID{}, format, args...)
	}
	if rec.Kind() != sv.KindObject {
		bad(rec.Pos(), "a transcript line is an object {\"from\": ..., \"message\": ...}, not %s", kindArticle(rec))
		return
	}
	if i, _, twice := firstRepeat(rec); twice {
		f := rec.Field(i)
		bad(f.NamePos, "the transcript line names %q twice", f.Name)
		return
	}
	// The record's members, read in one pass over their names (a name
	// appears at most once, checked above): no position is worked out
	// unless a finding reports one.
	var fromV, msgV, textV, replyV sv.ValueView
	mv, isMV := rec.(stream.MemberView)
	for i, n := 0, rec.Len(); i < n; i++ {
		var name string
		var val sv.ValueView
		if isMV {
			name, val = mv.Member(i)
		} else {
			f := rec.Field(i)
			name, val = f.Name, f.Value
		}
		switch name {
		case "from":
			fromV = val
		case "message":
			msgV = val
		case "text":
			textV = val
		case "reply_to":
			replyV = val
		}
	}
	var p Peer
	valid := false
	if fromV != nil {
		if k, s := sv.ScalarText(fromV); k == sv.KindString {
			p, valid = ParsePeer(s)
		}
	}
	if !valid {
		if fromV == nil && isBareMessage(rec) {
			// The usual first mistake: a file of JSON-RPC messages given
			// as a transcript. Show the line it should be.
			bad(rec.Pos(), "this line is a bare JSON-RPC message; a transcript line says who sent it: "+
				"{\"from\":\"client\",\"message\":{\"jsonrpc\":...}} (or \"from\":\"server\" for a response)")
			return
		}
		bad(rec.Pos(), "\"from\" must be \"client\" or \"server\"")
		return
	}
	switch {
	case msgV != nil && textV != nil:
		bad(rec.Pos(), "a transcript line has \"message\" or \"text\", not both")
		return
	case msgV != nil:
		msg = msgV
	case textV != nil && textV.Kind() == sv.KindString:
		text = []byte(textV.Scalar().Text)
	case textV != nil:
		bad(textV.Pos(), "\"text\" must be a string: the raw text of the message")
		return
	default:
		bad(rec.Pos(), "a transcript line needs \"message\" (a JSON value) or \"text\" (raw text)")
		return
	}
	to = -1
	if replyV != nil {
		k := replyV.Kind()
		v, isInt := int64(0), false
		if isNumber(k) {
			v, isInt = node.SmallInt(replyV.Scalar().Text)
		}
		if !isInt || v < 0 || v >= int64(x.index) {
			bad(replyV.Pos(), "\"reply_to\" must be the 0-based line of an earlier message, not %s", node.Marshal(toNodeKind(replyV, k)))
			return
		}
		to = int(v)
	}
	return p, to, msg, text, true
}

// isBareMessage reports whether a transcript record is a JSON-RPC message
// itself rather than a record wrapping one: it has none of the record's
// members and a member only a JSON-RPC message has.
func isBareMessage(rec sv.ValueView) bool {
	for _, name := range []string{"message", "text"} {
		if _, has := field(rec, name); has {
			return false
		}
	}
	for _, name := range []string{"jsonrpc", "method", "result", "error"} {
		if _, has := field(rec, name); has {
			return true
		}
	}
	return false
}

// MaxTranscriptLine is the longest transcript line [ValidateTranscript]
// reads (the reader's default size limit); a longer line is a limit
// finding and is skipped.
const MaxTranscriptLine = limits.DefaultMaxSize

// ValidateTranscript reads a JSON Lines transcript (see [Exchange.FeedLine]
// for the format) from r, streaming, and checks it as one exchange. When
// complete is true the transcript is declared to hold every message, so
// calls never answered are reported. The result holds every message
// summary (and so grows with the transcript; [StreamTranscript] hands
// them over as they are read instead). The error is only for r failing.
func (s *PreparedService) ValidateTranscript(r io.Reader, complete bool, opts ...Option) (*Result, error) {
	var msgs []MessageSummary
	res, err := s.StreamTranscript(r, complete, func(m []MessageSummary) { msgs = appendDetached(msgs, m) }, opts...)
	if err != nil {
		return nil, err
	}
	res.Messages = msgs
	return res, nil
}

// StreamTranscript is [ValidateTranscript] for a caller that takes each
// message's summaries as the message is read, so that nothing it keeps
// grows with the transcript: each is called, in order, with the summaries
// of one transcript line (one, or a batch and its elements; none for a
// line skipped at the size limit). They are valid only during the call:
// their ids and method names share the line's memory, so render or copy
// what outlives it. The result has no Messages; its findings are the
// same as ValidateTranscript's.
func (s *PreparedService) StreamTranscript(r io.Reader, complete bool, each func([]MessageSummary), opts ...Option) (*Result, error) {
	return s.streamTranscript(r, complete, func(ms []MessageSummary, _ []sv.Finding, skipped bool) {
		if !skipped {
			each(ms)
		}
	}, opts...)
}

// StreamTranscriptFindings is [StreamTranscript] for a caller that also
// takes each line's findings as they are found (a progress display counts
// them): each is called for every line, in order, with its summaries and
// the findings recorded while checking it, a line skipped at the size
// limit included (no summaries, its limit finding). Both are valid only
// during the call. Findings made later, about calls never answered, are
// in the result only.
func (s *PreparedService) StreamTranscriptFindings(r io.Reader, complete bool, each func([]MessageSummary, []sv.Finding), opts ...Option) (*Result, error) {
	return s.streamTranscript(r, complete, func(ms []MessageSummary, fs []sv.Finding, _ bool) { each(ms, fs) }, opts...)
}

func (s *PreparedService) streamTranscript(r io.Reader, complete bool, each func([]MessageSummary, []sv.Finding, bool), opts ...Option) (*Result, error) {
	x := s.NewExchange(opts...)
	br := bufio.NewReaderSize(r, 64<<10)
	var offset int64
	var buf []byte
	for {
		line, err := br.ReadSlice('\n')
		total := len(line)
		tooLong := false
		// err is nil for every line but the last and the long ones: it
		// is looked at only then.
		if err != nil && errors.Is(err, bufio.ErrBufferFull) {
			buf = append(buf[:0], line...)
			for errors.Is(err, bufio.ErrBufferFull) {
				line, err = br.ReadSlice('\n')
				total += len(line)
				if !tooLong && len(buf)+len(line) <= MaxTranscriptLine+2 {
					buf = append(buf, line...)
				} else {
					tooLong, buf = true, buf[:0]
				}
			}
			line = buf
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("rpc: reading the transcript: %w", err)
		}
		if total == 0 && err != nil && errors.Is(err, io.EOF) {
			break
		}
		// The line break (LF or CRLF) is not part of the line: the limit
		// counts the same either way.
		body := bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		if tooLong || len(body) > MaxTranscriptLine {
			m := inExchange(x.index)
			x.c.begin(m)
			x.c.add(sv.Finding{Severity: sv.SeverityWarning, Class: sv.ClassLimit, Code: sv.CodeSizeLimit,
				Path: m.doc, Message: fmt.Sprintf("the transcript line is longer than %d bytes; it was skipped", MaxTranscriptLine)})
			x.index++
			each(nil, x.LastFindings(), true)
		} else {
			x.c.recent = x.c.recent[:0] // a blank line checks no message
			ms := x.feedLine(body, offset)
			each(ms, x.LastFindings(), false)
		}
		offset += int64(total)
		if err != nil && errors.Is(err, io.EOF) {
			break
		}
	}
	res := x.Finish(complete)
	res.Messages = nil
	return res, nil
}
