package rpc

import (
	"errors"
	"fmt"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// checker checks the messages of one run (a message, a pair, a transcript)
// into one collector. It is not safe for concurrent use; a
// PreparedService makes one per run.
type checker struct {
	s   *PreparedService
	col *sv.Collector
	// m is the message being checked, as begin received it.
	m msgCtx

	// text reads the message texts (and their views share its memory).
	text textReader
	// src is the text the current message's views were read from (the
	// message, or the transcript line that holds it): payloads are
	// checked on it by the one pass first (see payloadAt).
	src string
	// passed are the payloads of the current line that the one pass
	// accepted while fastLine scanned it (see lazy.go).
	passed  [2]passedPayload
	npassed int

	msgs []MessageSummary
	// fields and located are scratch for positional params.
	fields  []sv.Field
	located sv.LocatedObject
	// sub collects one payload check; it is reset and reused, so payloads
	// allocate no collector.
	sub *sv.Collector
	// recent holds the findings recorded for the current message, when
	// its context asks for them (msgCtx.track).
	recent []sv.Finding
	// lastMeth is the method the last request named (see method).
	lastMeth *Method
	// rd is what a single-message run read (validateOne), kept with its
	// storage for the next run of a pooled checker.
	rd read
	// cut is set while the closed prefix of a message that met a reader
	// limit is checked (see limitprefix.go), nil otherwise.
	cut *cutState
	// unread says the message just read met a reader limit: an exchange
	// stops correlating calls and responses there (see Exchange.process).
	unread bool
}

// add records a finding in the run's collector (and, in an exchange, in
// the current message's list). It reports whether validation may go on.
func (c *checker) add(f sv.Finding) bool {
	before := c.col.Len()
	var ok bool
	if f.Class == sv.ClassLimit && IsMessageLimit(f.Code) {
		// A limit of one message (its reader's, or its payload's walk)
		// ends that message's check, not the run's: the next messages
		// of a transcript or of a live exchange are checked (a proxy
		// that stopped checking would forward them unchecked).
		ok = c.col.AddPartial(f)
	} else {
		ok = c.col.Add(f)
	}
	if c.m.track && c.col.Len() > before {
		c.recent = append(c.recent, f)
	}
	return ok
}

// IsMessageLimit reports whether a limit finding's code is that of a
// limit one message meets (its text's size, depth, elements, a number's
// or a string's length, read or walked), rather than the run's
// (MaxFindings, the outstanding calls). Such a limit ends that message's
// check only: the next messages of a transcript or exchange are checked,
// and a gate that finds one among a message's findings
// ([Exchange.LastFindings]) has a message it could not check whole.
func IsMessageLimit(code sv.Code) bool {
	switch code {
	case sv.CodeDepthLimit, sv.CodeElementsLimit, sv.CodeNumberLimit, sv.CodeStringLimit, sv.CodeSizeLimit:
		return true
	}
	return false
}

// Payload base paths relative to a message: the engine checks payloads
// under these, and the message's document index (and batch element) is
// put in front only for the findings (see payload), so that a valid
// payload costs no path.
var (
	relParams    = sv.Root().Key("params")
	relResult    = sv.Root().Key("result")
	relErrorData = sv.Root().Key("error").Key("data")
)

// rel returns base under at's segments, without at's document index.
func rel(at, base sv.Path) sv.Path {
	if at.Len() == 0 {
		return base
	}
	return sv.Root().Join(at).Join(base)
}

func newChecker(s *PreparedService) *checker {
	return &checker{s: s, col: sv.NewCollector(s.cfg.payload...)}
}

// maxPooledText is the longest message text after which a checker is not
// pooled: its reader grew to the text's size, and a rare huge message
// should not keep that memory for every later small one.
const maxPooledText = 1 << 20

// getChecker returns a checker for one run of s: a pooled one, reset, or
// a new one. Single messages are checked by many goroutines at once (a
// gateway checks every request it forwards), and a checker's reader,
// collector and walker are what a run costs to set up.
func (s *PreparedService) getChecker() *checker {
	if c, ok := s.checkers.Get().(*checker); ok {
		c.s = s
		return c
	}
	return newChecker(s)
}

// putChecker resets c and returns it to the pool, unless the text it read
// was too long to keep its storage for.
func (s *PreparedService) putChecker(c *checker, textLen int) {
	if textLen > maxPooledText {
		return
	}
	s.resetChecker(c)
	s.checkers.Put(c)
}

// resetChecker readies c for another run, keeping its storage.
func (s *PreparedService) resetChecker(c *checker) {
	c.col.Reset()
	c.m = msgCtx{}
	clear(c.msgs)
	c.msgs = c.msgs[:0]
	clear(c.recent)
	c.recent = c.recent[:0]
	clear(c.fields)
	c.fields = c.fields[:0]
	c.located = sv.LocatedObject{}
	c.unread = false
	c.text.reset()
	c.src = ""
	c.npassed = 0
	clear(c.rd.elems)
	c.rd = read{elems: c.rd.elems[:0]}
}

// msgCtx is where one message sits in its run: the caller (a single
// message's run, an exchange, a transcript) hands it to the checker with
// the message (begin), and nothing else about the message is set on the
// checker from outside.
type msgCtx struct {
	// index is the message's document index; doc its document root:
	// Root() for a single message, InDocument(index) in an exchange.
	index int
	doc   sv.Path
	// shift moves positions of a message parsed on its own (a transcript
	// line) to positions in the whole input.
	shift node.Pos
	// noPos drops positions (a transcript "text" message, whose positions
	// are inside a JSON string).
	noPos bool
	// emptyIsResponse says an empty array of unknown role is a response
	// array (in an exchange, one sent by the server) rather than an
	// empty batch request.
	emptyIsResponse bool
	// track keeps the message's findings for [Exchange.LastFindings].
	track bool
	// from is the message's sender, when peerKnown (exchanges, except
	// the anonymous ones of ValidatePair): @method(from) is checked only
	// then.
	from      Peer
	peerKnown bool
}

// single is the context of a message checked on its own.
var single = msgCtx{doc: sv.Root()}

// inExchange returns the context of message index of an exchange.
func inExchange(index int) msgCtx {
	return msgCtx{index: index, doc: sv.InDocument(index), track: true}
}

// begin starts checking a message in context m.
func (c *checker) begin(m msgCtx) {
	c.m = m
	c.recent = c.recent[:0]
}

// endMessage drops the message's position mapping: later findings (the
// exchange's own, about calls) are at positions in the whole input.
func (c *checker) endMessage() { c.m.shift, c.m.noPos = node.Pos{}, false }

// pos returns p as a position in the whole input.
func (c *checker) pos(p node.Pos) node.Pos {
	if c.m.noPos || !p.IsValid() {
		return node.Pos{}
	}
	if sh := c.m.shift; sh.IsValid() {
		p.Offset += sh.Offset
		if p.Line == 1 {
			p.Column += sh.Column - 1
		}
		p.Line += sh.Line - 1
	}
	return p
}

// report adds a finding of one of this module's codes, with the class and
// severity of its catalogue entry.
func (c *checker) report(code sv.Code, at sv.Path, p node.Pos, shape shapeid.ID, format string, args ...any) {
	f := c.finding(code, at, p, shape, format, args...)
	c.add(f)
}

// reportSev is report with a severity set by a policy.
func (c *checker) reportSev(sev sv.Severity, code sv.Code, at sv.Path, p node.Pos, shape shapeid.ID, format string, args ...any) {
	f := c.finding(code, at, p, shape, format, args...)
	f.Severity = sev
	c.add(f)
}

func (c *checker) finding(code sv.Code, at sv.Path, p node.Pos, shape shapeid.ID, format string, args ...any) sv.Finding {
	f := sv.Finding{Severity: sv.SeverityError, Class: ClassEnvelope, Code: code, Path: at, Shape: shape, Pos: c.pos(p)}
	if info, ok := LookupCode(code); ok {
		f.Severity, f.Class = info.Severity, info.Class
	}
	if len(args) == 0 {
		f.Message = format
	} else {
		f.Message = fmt.Sprintf(format, args...)
	}
	return f
}

// readError reports a message text that the reader refused: a syntax
// error (code parse-error, the -32700 case) or a limit (a ClassLimit
// finding: validation of the message stopped, the result is incomplete).
func (c *checker) readError(err error, at sv.Path) (rpcErr int) {
	var se *node.SyntaxError
	if errors.As(err, &se) {
		p := se.Pos
		msg := "not valid JSON: " + se.Msg
		if c.m.noPos {
			msg = fmt.Sprintf("not valid JSON (at %s of the text): %s", se.Pos, se.Msg)
		}
		c.report(CodeParseError, at, p, shapeid.ID{}, "%s", msg)
		return ParseError
	}
	f := sv.ReadErrorFinding(err, at)
	f.Pos = c.pos(f.Pos)
	c.add(f)
	return 0
}

// payload checks one value (params, a result, error data) with a prepared
// validator, under the path at (relative to the message: see rel), and
// reports whether the engine found an error. Engine findings keep their
// codes and classes; their paths get the message's document index and
// their positions move with the message.
func (c *checker) payload(v *sv.Validator, at sv.Path, view sv.ValueView) (bad bool) {
	if v == nil || c.col.Stopped() {
		return false
	}
	sub := c.subCollector()
	// The walk takes the tape's own views (a fast line's lazy ones are
	// read into it now).
	var err error
	if c.cut == nil {
		err = v.Check(sub, at, realView(view))
	} else {
		err = c.cutCheck(v, sub, at, realView(view))
	}
	if err != nil {
		c.add(sv.Finding{Severity: sv.SeverityWarning, Class: sv.ClassLimit, Code: CodeInternal, Path: c.m.doc.Join(at),
			Message: "the value engine failed: " + err.Error()})
		return false
	}
	if sub.Len() == 0 {
		return false
	}
	_, inDoc := c.m.doc.Document()
	for _, f := range sub.Result().Findings {
		if inDoc {
			f.Path = c.m.doc.Join(f.Path)
		}
		f.Pos = c.pos(f.Pos)
		f.Related = c.pos(f.Related)
		if f.Severity == sv.SeverityError {
			bad = true
		}
		if !c.add(f) {
			break
		}
	}
	return bad
}

// subCollector returns the collector of one payload check, empty.
func (c *checker) subCollector() *sv.Collector {
	if c.sub == nil {
		c.sub = sv.NewCollector(c.s.cfg.payload...)
	} else if c.sub.Len() > 0 || c.sub.Stopped() || !c.sub.Complete() {
		c.sub.Reset() // its findings were copied out (Result)
	}
	return c.sub
}

// payloadAt is payload for a value read from the text c.src (params,
// a result or error data as they are in the message, not positional
// params gathered into an object): the value engine's one pass checks it
// where it is in the text first, without the walk, and only a value the
// pass does not accept is walked for its findings. The pass accepts
// exactly what the walk would report nothing about (see
// sv.Validator.ValidJSONAt), so findings, their paths and positions are
// the walk's.
func (c *checker) payloadAt(v *sv.Validator, at sv.Path, view sv.ValueView) (bad bool) {
	if v == nil || c.col.Stopped() {
		return false
	}
	// The value's offset is in the text it was read from (c.src): the
	// tape's positions are, before c.pos moves them.
	if off := int(view.Pos().Offset); c.src != "" && off < len(c.src) && !walkPayloadsForTest {
		if c.passedAt(v, int32(off)) {
			return false // accepted by the one pass while fastLine scanned the line
		}
		// Depth 0: the text was read under the reader's limits already;
		// what is left is the walk's own depth, counted from the value.
		if _, ok := v.ValidJSONAt(c.subCollector(), c.src, off, 0); ok {
			return false
		}
	}
	return c.payload(v, at, view)
}

// walkPayloadsForTest turns payloadAt's one pass off, so that tests
// compare every result with the walk's alone (onepass_internal_test.go).
var walkPayloadsForTest bool

// summary records one message summary.
func (c *checker) summary(m MessageSummary) { c.msgs = append(c.msgs, m) }

// result returns the run's result.
func (c *checker) result(scope Scope) *Result {
	return &Result{Result: c.col.Result(), Scope: scope, Messages: c.msgs}
}
