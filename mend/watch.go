package mend

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"
)

// The delta ops of a [Watcher]: how the value so far changed. README.md
// ("Watch") shows each with an example.
const (
	OpBegin  = "begin"  // a container began at path: value {} or []
	OpSet    = "set"    // a scalar is final at path: value (text is its JSON text)
	OpEnd    = "end"    // the container at path is closed
	OpAppend = "append" // the string at path is still open: text was added to it
	OpRevise = "revise" // the open string at path was read again: value is its content so far
	OpWrap   = "wrap"   // a second top-level value began: the root is now an array of the values
)

// The event kinds of a [Watcher]. README.md ("Watch") shows each.
const (
	EventMemberStarted = "member_started" // an object member's key was read
	EventMemberSettled = "member_settled" // an object member's value can no longer change
	EventViolation     = "violation"      // a value violates the declaration, for good
	EventSatisfied     = "satisfied"      // every required member is settled and satisfies it
	EventComplete      = "complete"       // the value's syntax is complete
	// EventRefused: the text met a limit (over the size limit, or nested
	// deeper than the depth limit), so Finish will refuse it whatever
	// follows; it comes once, in the feed that met the limit, with the
	// error (E020) as its payload and at the offset of the first byte
	// past the limit.
	EventRefused = "refused"
)

// Delta is one change of the value so far.
type Delta struct {
	Path string `json:"path"` // JSON Pointer
	Op   string `json:"op"`
	// Value is the value the op puts at Path (null for end and wrap).
	Value json.RawMessage `json:"value"`
	// Text is the bracket a begin or end writes, the characters an
	// append adds to the open string, a revised string's content; ""
	// for set (Value is the scalar's JSON text) and wrap.
	Text string `json:"text"`
	At   int    `json:"at"` // input offset of what the delta is about
}

// Event is one judgement on the value so far. At is the input offset of
// what it is about; an event is reported by the Feed in which it became
// certain.
type Event struct {
	Kind string `json:"kind"`
	Path string `json:"path"`
	At   int    `json:"at"`
	// Permille is the syntax progress (readiness' syntax_permille) when
	// the event became certain.
	Permille int `json:"permille"`
	// Key is the member's name (member_started, member_settled).
	Key string `json:"key,omitempty"`
	// Value is the settled member's value (members of the root object)
	// or the complete value.
	Value json.RawMessage `json:"value,omitempty"`
	// Finding is the value engine's finding (violation), positioned at
	// the value it is about.
	Finding *Finding `json:"finding,omitempty"`
	// Error is the limit that was met (refused).
	Error *Error `json:"error,omitempty"`
}

// WatchFeed is what [Watcher.Feed] returns: the seed's watch.feed result.
type WatchFeed struct {
	Deltas []Delta `json:"deltas"`
	Events []Event `json:"events"`
	Bytes  int     `json:"bytes"` // bytes fed so far
}

// Clone returns a copy of f whose lists the next [Watcher.Feed] does not
// reuse: for a caller that keeps a feed past the next call.
func (f *WatchFeed) Clone() *WatchFeed {
	return &WatchFeed{Deltas: append([]Delta{}, f.Deltas...), Events: append([]Event{}, f.Events...), Bytes: f.Bytes}
}

// WatchResult is the final result: [Repair]'s fields plus the value.
//
// Value and Text hold the same bytes, once: for a long value a second
// copy cost as much as [Repair] of the whole text. Value must not be
// written to (append copies it: its capacity is its length); a caller
// that edits the value edits a copy (as with a delta's or an event's
// value, which point into the same output).
type WatchResult struct {
	Result
	Value json.RawMessage `json:"value"`
}

// WatchFinal is what [Watcher.Finish] returns: the seed's watch.finish
// result, and Error when Repair of the whole text fails (then Final is
// nil).
type WatchFinal struct {
	Final  *WatchResult `json:"final"`
	Error  *Error       `json:"error,omitempty"`
	Deltas []Delta      `json:"deltas"`
	Events []Event      `json:"events"`
	// WatcherFinal is the readiness of the whole text as the watcher
	// read it (the seed's "watcher's own final parse"), null when no
	// value could be read.
	WatcherFinal *ReadinessResult `json:"watcher_final"`
}

// Watcher watches a JSON text arrive in chunks: what the value is so far
// (deltas), which members started and settled, and whether the value
// violates its declaration, as early as that is certain and never
// earlier. Its final result is [Repair]'s for the whole text, whatever
// the chunking.
type Watcher struct {
	s    *Incremental
	opts Options
	decl Declaration

	emitted int // output bytes parsed
	stack   []wframe
	tops    int  // top-level values begun
	wrapped bool // a wrap delta was sent
	// refusedSent: the refused event was reported (a limit is met once)
	refusedSent bool

	deltas []Delta
	events []Event

	// noDeltas: the caller wants no deltas ([Watcher.SkipDeltas])
	noDeltas bool
	// pbuf holds the path of each open container: frame k's is
	// pbuf[:stack[k].plen]
	pbuf []byte
	strs strArena
	// the result Feed returns, its lists reused by the next Feed
	feed WatchFeed

	// the open string previewed last: where it starts, its path, and
	// either its content (read by a preview) or, read from the input
	// without a repair (fast), where the reported part ends
	tentOn   bool
	tentPath string
	tentAt   int
	tentText string
	tentFast bool
	tentRaw  int

	// the declaration's members, and how the root members fared
	required  map[string]bool
	nRequired int
	goodReq   map[string]bool
	seenRoot  map[string]bool
	reported  map[string]bool // violations sent, by code and path
	// where the root value and the root object's members begin in the
	// input (the first value at each path): the positions of the
	// declaration's findings on the final's repaired text (place.go)
	starts     map[string]spot
	satisfied  bool
	probed     map[string]bool // paths whose kind was checked at their start
	previewing bool
	partial    bool                    // Finish: the text ended inside the value
	inStep     bool                    // parsing the output of one step (its input is kept)
	rules      map[string]*stringRules // root members' rules for open strings
	open       openJudge               // the open string judged last
	nest       *nestState              // judging below the root's members (watch_nested.go)
	final      *reading                // Finish: the reading of the whole text
}

type wframe struct {
	kind byte
	plen int    // the container's path is pbuf[:plen]
	path string // the same, as a string when deltas are wanted
	// the last member's name and path
	key, keyPath string
	expectKey    bool
	n            int
	// for a member of the root object: where its value starts in the
	// output and in the input
	valOut int
	valAt  spot
}

// NewWatcher starts watching a text read under opts (its Profile judges
// the final result; Declaration, when set, is what the value must
// satisfy).
func NewWatcher(opts Options) *Watcher {
	w := &Watcher{s: NewIncremental(opts), opts: opts, decl: opts.Declaration,
		required: map[string]bool{}, goodReq: map[string]bool{}, seenRoot: map[string]bool{},
		reported: map[string]bool{}, probed: map[string]bool{}}
	if w.decl != nil {
		w.nest = newNest(w.decl)
		for _, m := range w.decl.Members() {
			if m.Required {
				w.required[m.Name] = true
				w.nRequired++
			}
		}
	}
	w.open.at = -1
	w.s.onStep = w.step
	w.s.watch = w
	w.s.outLimit = func() int { return w.emitted }
	w.s.onFreeze = func(k int) { w.moveOut(-k) }
	w.s.onThaw = w.moveOut
	return w
}

// SkipDeltas makes Feed and Finish return no deltas (an empty list): a
// caller that wants only the events and the final result saves their
// cost ([LLMStream] does). Call it before the first Feed.
func (w *Watcher) SkipDeltas() { w.noDeltas = true }

// Feed reads one more chunk and returns what changed.
//
// The result and its two lists are valid until the next call of Feed or
// Finish, which reuses them (as [bufio.Scanner.Bytes] reuses its buffer):
// a caller that keeps a feed past the next call keeps [WatchFeed.Clone],
// or copies the records it wants (append(kept, f.Events...)). The
// strings and values inside the records are never written again, so a
// copied record stays valid for good. Reusing the lists is what lets a
// long value be watched at a cost near that of [Repair]: a watcher
// reports about one event and one delta for every ten bytes of a typical
// value, and fresh lists for them were most of a feed's cost.
func (w *Watcher) Feed(chunk []byte) *WatchFeed {
	if w.deltas == nil {
		w.deltas, w.events = make([]Delta, 0, 64), make([]Event, 0, 64)
	}
	w.deltas, w.events = w.deltas[:0], w.events[:0]
	w.s.Feed(chunk)
	w.previewOpen()
	if !w.refusedSent && (w.s.over || w.s.r.fatal != nil) {
		// tested here: a call at every chunk cost 17 instructions
		w.refusedEvent()
	}
	// field by field: the whole struct assigned was a bulk copy with
	// its write barrier, 30 instructions a feed
	f := &w.feed
	f.Deltas, f.Events, f.Bytes = w.deltas, w.events, w.s.fed
	return f
}

// Bytes is how many bytes have been fed.
func (w *Watcher) Bytes() int { return w.s.Bytes() }

// Snapshot returns what [Repair] returns for the text fed so far (an
// error after Finish).
func (w *Watcher) Snapshot() (*Result, error) { return w.s.Snapshot() }

// Finish reads the end of the text: the final result as [Repair] gives
// it for the whole text, the last deltas and events, and the readiness
// of the whole text.
func (w *Watcher) Finish() *WatchFinal {
	w.deltas, w.events = []Delta{}, []Event{}
	fin := &WatchFinal{}
	if w.s.done {
		fin.Error = &Error{Code: CodeDeclaration, Exit: ExitUsage, Message: "the watch is already finished"}
		fin.Deltas, fin.Events = w.deltas, w.events
		return fin
	}
	w.judgeLast()
	w.s.done = true
	r := &w.s.r
	r.tokFirst = -1
	w.s.before = r.syntaxMax
	g := w.s.finishReading()
	w.final = g
	if g.fatal == nil {
		w.emitted += r.shifted
		r.shifted = 0
		// the output as the watcher has parsed it: the reading's, but
		// for the '[' a wrap puts before the first value
		out := g.out
		if r.wrapped {
			out = append(append([]byte(nil), r.out...), r.in[r.mark:]...)
		}
		w.tentOn = false
		w.partial = g.res.Completeness != Complete
		at, end := r.tokFirst, r.base+len(r.in)
		if at < 0 {
			at = end
		}
		w.parse(out, at, end)
	}
	if g.place.mode != placeSame {
		g.place.mode, g.place.spots = placeSpots, w.starts
	}
	res, err := repairOf(g, &w.opts)
	if err != nil {
		e, ok := err.(*Error)
		if !ok {
			e = &Error{Code: CodeDeclaration, Exit: 3, Message: err.Error()}
		}
		fin.Error = e
	} else {
		fin.Final = &WatchResult{Result: *res, Value: rawValue(g.out)}
	}
	if g.fatal == nil {
		if rd, err := readinessOf(g, w.decl); err == nil {
			fin.WatcherFinal = rd
		}
	}
	fin.Deltas, fin.Events = w.deltas, w.events
	return fin
}

// moveOut moves the watcher's output offsets by d (the output was
// frozen or thawed).
func (w *Watcher) moveOut(d int) {
	w.emitted += d
	for k := range w.stack {
		w.stack[k].valOut += d
	}
}

// step parses the output of a final step.
func (w *Watcher) step() {
	r := &w.s.r
	w.emitted += r.shifted
	r.shifted = 0
	w.inStep = true
	w.parse(r.out, r.tokStart+r.base, r.i+r.base)
	w.inStep = false
	r.outMark = w.emitted
}

// exactStep is step for a token that the exact steps took
// (incremental_exact.go): c is its first byte, and the output ends with
// it as it was read, after nothing but whitespace, commas and colons
// since what was parsed. A token deep in the value is taken here without
// parsing the output again, with the effects parse has on it; a token
// about the root or a member of the root object (the declaration's
// checks, the open-string judge, complete) goes through step.
func (w *Watcher) exactStep(c byte) bool {
	r := &w.s.r
	n := len(w.stack)
	if r.shifted != 0 || n == 0 || w.tops != 1 {
		w.step()
		return false
	}
	out := r.out
	tokOut := len(out) - (r.i - r.tokStart)
	at := r.tokStart + r.base
	rootObj := w.stack[0].kind == '{'
	switch c {
	case ',', ':':
	case '{', '[':
		if n == 1 && rootObj {
			w.step() // a root member's value
			return false
		}
		w.fastOpen(c, at)
		if w.nest != nil {
			w.nestOpened(c, at)
		}
	case '}', ']':
		if n == 1 || n == 2 && rootObj {
			w.step() // the root or a member of the root object ends
			return false
		}
		if !w.noDeltas {
			w.deltaAt(w.stack[n-1].path, OpEnd, rawNull, closerText(c), at)
		}
		w.stack = w.stack[:n-1]
		w.settled(&w.stack[n-2], r.i+r.base)
	default:
		f := &w.stack[n-1]
		if c == '"' && f.kind == '{' && f.expectKey {
			w.key(f, out[tokOut:], at)
			break
		}
		if n == 1 && rootObj {
			w.step() // a root member's value
			return false
		}
		path, _ := w.child(false)
		if w.nest != nil {
			w.nestValue(c, out[tokOut:], at)
		}
		if !w.noDeltas {
			w.deltaAt(path, OpSet, out[tokOut:len(out):len(out)], "", at)
			if c == '"' && w.tentOn && w.tentPath == path {
				w.tentOn = false
			}
		}
		w.settled(f, r.i+r.base)
	}
	w.emitted = len(out)
	r.outMark = w.emitted
	return true
}

// settled: the value that began last in f, a container below the root's
// members, ended at the input offset end.
func (w *Watcher) settled(f *wframe, end int) {
	if f.kind == '{' && !w.partial {
		w.memberEvent(EventMemberSettled, f.keyPath, f.key, end)
	}
}

// refusedEvent reports a limit met by the text so far, once: the
// caller learns in the feed that met it that the text will be refused,
// rather than at Finish.
func (w *Watcher) refusedEvent() {
	var e *Error
	at := 0
	switch f := w.s.r.fatal; {
	case w.s.over:
		e, at = errOverSize(w.s.maxSize), w.s.maxSize
	case f != nil && f.Code == CodeLimit:
		e, at = &Error{Code: f.Code, Exit: f.Exit, Message: f.Message}, f.Offset
	default:
		return
	}
	w.refusedSent = true
	w.events = append(w.events, Event{Kind: EventRefused, At: at, Permille: w.permille(), Error: e})
}

// permille is the syntax progress so far.
func (w *Watcher) permille() int {
	p := w.s.r.syntaxMax
	if len(w.stack) == 0 && w.tops > 0 {
		return 1000
	}
	if p > 999 {
		p = 999
	}
	return p
}

func (w *Watcher) delta(d Delta) {
	if w.noDeltas {
		return
	}
	if d.Value == nil {
		d.Value = rawNull
	}
	w.deltas = append(w.deltas, d)
}

func (w *Watcher) event(e Event) {
	e.Permille = w.permille()
	w.events = append(w.events, e)
}

// The records of the tokens deep in a value (exactStep) are written in
// place, field by field: appending a whole record copies it with a bulk
// write barrier while the collector runs.

// memberEvent appends a member_started or member_settled event.
func (w *Watcher) memberEvent(kind, path, key string, at int) {
	if len(w.events) == cap(w.events) {
		w.events = append(w.events, Event{})[:len(w.events)]
	}
	w.events = w.events[:len(w.events)+1]
	e := &w.events[len(w.events)-1]
	e.Kind, e.Path, e.Key, e.At, e.Permille, e.Value, e.Finding = kind, path, key, at, w.permille(), nil, nil
}

// deltaAt appends a delta.
func (w *Watcher) deltaAt(path, op string, value json.RawMessage, text string, at int) {
	if len(w.deltas) == cap(w.deltas) {
		w.deltas = append(w.deltas, Delta{})[:len(w.deltas)]
	}
	w.deltas = w.deltas[:len(w.deltas)+1]
	d := &w.deltas[len(w.deltas)-1]
	d.Path, d.Op, d.Value, d.Text, d.At = path, op, value, text, at
}

// startPermille is the syntax progress before the step being parsed (or,
// in a preview, before the unfinished step): where a value's first byte
// makes its kind certain.
func (w *Watcher) startPermille() int {
	if w.previewing {
		return w.s.r.syntaxMax
	}
	return w.s.before
}

// parse reads the output from w.emitted to the end of out: whole tokens
// of valid JSON (commas that a later repair may drop are skipped). at is
// where the step began in the input, end where it ended.
func (w *Watcher) parse(out []byte, at, end int) {
	i := w.emitted
	for i < len(out) {
		c := out[i]
		switch c {
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
			continue
		case '{', '[':
			path, plen := w.child(true)
			if c == '{' {
				w.delta(Delta{Path: path, Op: OpBegin, Value: rawObject, Text: "{", At: at})
			} else {
				w.delta(Delta{Path: path, Op: OpBegin, Value: rawArray, Text: "[", At: at})
			}
			w.valueBegins(path, i, at, c)
			w.stack = append(w.stack, wframe{kind: c, plen: plen, path: path, expectKey: c == '{'})
			if w.nest != nil {
				w.nestOpened(c, at)
			}
			i++
		case '}', ']':
			if len(w.stack) == 0 {
				// the ']' of the array that wraps several top-level values
				w.delta(Delta{Path: "", Op: OpEnd, Text: closerText(c), At: at})
				i++
				continue
			}
			f := &w.stack[len(w.stack)-1]
			w.delta(Delta{Path: f.path, Op: OpEnd, Text: closerText(c), At: at})
			w.stack = w.stack[:len(w.stack)-1]
			i++
			w.valueEnds(out, i, end)
		case '"':
			j := stringEnd(out, i)
			if n := len(w.stack); n > 0 && w.stack[n-1].kind == '{' && w.stack[n-1].expectKey {
				w.key(&w.stack[n-1], out[i:j], at)
				i = j
				continue
			}
			path, _ := w.child(false)
			w.valueBegins(path, i, at, '"')
			if !w.noDeltas {
				w.delta(Delta{Path: path, Op: OpSet, Value: out[i:j:j], At: at})
				if w.tentOn && w.tentPath == path {
					w.tentOn = false
				}
			}
			if name, ok := w.rootMember(path); ok && w.inStep {
				r := &w.s.r
				w.judgeOpen(path, name, at, r.in[at-r.base:], true)
			} else if w.nest != nil && w.inStep {
				w.nestValue(c, out[i:j], at)
			}
			i = j
			w.valueEnds(out, i, end)
		default:
			j := i
			for j < len(out) && !isDelim(out[j]) {
				j++
			}
			path, _ := w.child(false)
			w.valueBegins(path, i, at, c)
			if w.nest != nil && w.inStep {
				w.nestValue(c, out[i:j], at)
			}
			if !w.noDeltas {
				w.delta(Delta{Path: path, Op: OpSet, Value: out[i:j:j], At: at})
			}
			i = j
			w.valueEnds(out, i, end)
		}
	}
	w.emitted = i
}

// key reads the key token tok of object f: the member's name and path,
// and its member_started event.
func (w *Watcher) key(f *wframe, tok []byte, at int) {
	w.setKey(f, tok)
	w.memberEvent(EventMemberStarted, f.keyPath, f.key, at)
	if w.nest != nil {
		w.nestKey(tok, at)
	}
}

func isDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ':', '}', ']':
		return true
	}
	return false
}

// stringEnd returns the offset after the JSON string token at i.
func stringEnd(b []byte, i int) int {
	j := i + 1
	for j < len(b) {
		switch b[j] {
		case '\\':
			j += 2
			continue
		case '"':
			return j + 1
		}
		j++
	}
	return len(b)
}

func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return string(appendPointerToken(nil, s))
}

var (
	rawObject = json.RawMessage("{}")
	rawArray  = json.RawMessage("[]")
	rawNull   = json.RawMessage("null")
)

func closerText(c byte) string {
	if c == '}' {
		return "}"
	}
	return "]"
}

// child counts the value that begins next and returns its path: as a
// string when it is a member's (events name it) or deltas are wanted, and
// for a container (container) also in pbuf[:plen].
func (w *Watcher) child(container bool) (string, int) {
	n := len(w.stack)
	if n == 0 {
		w.tops++
		if w.tops == 1 {
			return "", 0
		}
		if !w.wrapped {
			w.wrapped = true
			w.delta(Delta{Path: "", Op: OpWrap, At: w.s.r.tokStart + w.s.r.base})
		}
		w.pbuf = strconv.AppendInt(append(w.pbuf[:0], '/'), int64(w.tops-1), 10)
		return w.strs.bytes(w.pbuf), len(w.pbuf)
	}
	f := &w.stack[n-1]
	if f.kind == '{' {
		f.expectKey = true
		if container {
			w.pbuf = append(w.pbuf[:f.plen], f.keyPath[f.plen:]...)
		}
		return f.keyPath, len(f.keyPath)
	}
	f.n++
	if !container && w.noDeltas {
		return "", 0
	}
	w.pbuf = appendInt(append(w.pbuf[:f.plen], '/'), f.n-1)
	if w.noDeltas {
		return "", len(w.pbuf)
	}
	return w.strs.bytes(w.pbuf), len(w.pbuf)
}

// rootMember reports whether path is a member of the root object (and
// the value is not wrapped), with the member's name.
func (w *Watcher) rootMember(path string) (string, bool) {
	if w.tops != 1 || len(w.stack) != 1 || w.stack[0].kind != '{' || !strings.HasPrefix(path, "/") {
		return "", false
	}
	return w.stack[0].key, true
}

// valueBegins notes where a value begins; for a member of the root
// object, or the root, whose kind is known from its first byte (a
// container or a quoted string: a number or a word may still turn out to
// be a string), a wrong kind is certain at once.
func (w *Watcher) valueBegins(path string, outAt, at int, c byte) {
	known := c == '{' || c == '[' || c == '"'
	if name, ok := w.rootMember(path); ok {
		f := &w.stack[0]
		f.valOut, f.valAt = outAt, w.s.spotOf(at)
		w.start(path, f.valAt)
		if known {
			w.probe(path, name, c, at)
		}
	} else if path == "" && len(w.stack) == 0 && w.tops == 1 {
		w.start(path, w.s.spotOf(at))
		if known {
			w.probe(path, "", c, at)
		}
	}
}

// start notes where the value at path (the root, or a member of the root
// object) begins, unless a value at path began before.
func (w *Watcher) start(path string, p spot) {
	if w.starts == nil {
		w.starts = map[string]spot{}
	}
	if _, ok := w.starts[path]; !ok {
		w.starts[path] = p
	}
}

// probe checks the kind of the value at path (a root member named name,
// or the root when path is ""), which begins with c: a finding of code
// type on a value of that kind holds for every continuation.
func (w *Watcher) probe(path, name string, c byte, at int) {
	if w.decl == nil || w.probed[path] {
		return
	}
	w.probed[path] = true
	code := "type"
	if n := w.rootNode(path, name); n != nil && n.untagged {
		// the engine ranks an untagged union's members on the whole
		// value: certain only when every member refuses the kind
		// (watch_untagged.go)
		if !n.refusesKind(c, 0) {
			return
		}
		code = ""
	}
	if kd, ok := w.decl.(KindDeclaration); ok {
		var steps []PathStep
		if path != "" {
			steps = []PathStep{{Key: name, Index: -1}}
		}
		if !kd.RefusesKind(steps, c) {
			return // the stand-in's verdict may not hold for every value
		}
	}
	rep := `""`
	switch c {
	case '{':
		rep = "{}"
	case '[':
		rep = "[]"
	}
	doc := rep
	if path != "" {
		k, _ := json.Marshal(name)
		doc = "{" + string(k) + ":" + rep + "}"
	}
	v, err := w.decl.Check([]byte(doc))
	if err != nil {
		return
	}
	for _, f := range v.Findings {
		if f.Severity == "error" && (code == "" || f.Code == code) && f.Path == path {
			w.violation(f, at, w.startPermille())
		}
	}
}

// violation reports finding f (once per code and path), positioned at
// the input offset at, which the reader still holds.
func (w *Watcher) violation(f Finding, at, permille int) {
	if w.reported[f.Code+" "+f.Path] {
		return
	}
	w.violationAt(f, w.s.spotOf(at), permille)
}

// violationAt reports finding f (once per code and path) at spot p.
func (w *Watcher) violationAt(f Finding, p spot, permille int) {
	k := f.Code + " " + f.Path
	if w.reported[k] {
		return
	}
	w.reported[k] = true
	f.Offset, f.Line, f.Column = p.at, p.line, p.col
	w.events = append(w.events, Event{Kind: EventViolation, Path: f.Path, At: p.at, Permille: permille, Finding: &f})
}

// valueEnds: the value that began last in the innermost container (or
// the root) ended at output offset outEnd (input offset end).
func (w *Watcher) valueEnds(out []byte, outEnd, end int) {
	n := len(w.stack)
	if n == 0 {
		if w.tops == 1 {
			w.complete(out, outEnd, end)
		}
		return
	}
	f := &w.stack[n-1]
	if f.kind != '{' || w.partial {
		return // a member closed by the end of a cut text is not settled
	}
	path := f.keyPath
	ev := Event{Kind: EventMemberSettled, Path: path, Key: f.key, At: end}
	name, root := w.rootMember(path)
	if !root {
		w.event(ev)
		return
	}
	raw := json.RawMessage(w.s.outSpan(out, f.valOut, outEnd))
	ev.Value = raw
	w.event(ev)
	if w.seenRoot[name] {
		return // a duplicate key: the first occurrence counts
	}
	w.seenRoot[name] = true
	if w.decl == nil {
		return
	}
	k, _ := json.Marshal(name)
	v, err := w.decl.Check([]byte("{" + string(k) + ":" + string(raw) + "}"))
	if err != nil {
		return
	}
	good := true
	for _, fd := range v.Findings {
		if fd.Severity == "error" && (fd.Path == path || strings.HasPrefix(fd.Path, path+"/")) {
			good = false
			w.violationAt(fd, f.valAt, w.permille())
		}
	}
	if good && w.required[name] {
		w.goodReq[name] = true
		if len(w.goodReq) == w.nRequired && !w.satisfied {
			w.satisfied = true
			w.event(Event{Kind: EventSatisfied, At: end})
		}
	}
}

// complete: the root value is whole; the declaration judges it.
// The value is the output up to outEnd (offsets relative to out); it is
// joined from the frozen blocks only for a declaration to judge.
func (w *Watcher) complete(out []byte, outEnd, end int) {
	if !w.partial {
		w.event(Event{Kind: EventComplete, At: end})
	}
	if w.decl == nil {
		return
	}
	value := w.s.outSpan(out, w.s.outStart(), outEnd)
	v, err := w.decl.Check(value[w.rootStart(value):])
	if err != nil {
		return
	}
	for _, f := range v.Findings {
		if f.Severity == "error" {
			w.violation(f, end, w.permille())
		}
	}
	if v.OK && !w.satisfied && !w.partial {
		w.satisfied = true
		w.event(Event{Kind: EventSatisfied, At: end})
	}
}

// rootStart skips the whitespace before the root value in the output.
func (w *Watcher) rootStart(out []byte) int {
	return len(out) - len(bytes.TrimLeft(out, " \t\r\n"))
}

// previewOpen looks at the unfinished step: an open string in a value's
// place is reported as append (or revise) deltas, and its kind is checked
// at once.
func (w *Watcher) previewOpen() {
	inc := w.s
	if inc.done || inc.over || inc.r.fatal != nil {
		return
	}
	r := &inc.r
	// Only a double quote opens a string for good (a backtick may begin
	// a fence, a word may be true): without one at the unfinished step's
	// start (after whitespace), there is nothing to preview.
	k := r.i
	for k < len(r.in) && isSpace(r.in[k]) {
		k++
	}
	if k >= len(r.in) || r.in[k] != '"' {
		return
	}
	if n := len(w.stack); n > 0 && w.stack[n-1].kind == '{' && w.stack[n-1].expectKey {
		return // a key
	}
	if len(w.stack) == 0 && w.tops > 0 {
		return // a second top-level value: the wrap comes when it is final
	}
	at := r.base + k
	path := w.openPath()
	name, member := w.rootMember(path)
	root := path == "" && w.tops == 0
	// Without deltas, only the kind of a root member's (or the root's)
	// open string is judged, once.
	if !w.noDeltas || w.decl != nil && (member || root) && !w.probed[path] {
		if w.previewString(path, at) {
			w.previewing = true
			if member {
				w.probe(path, name, '"', at)
			} else if root {
				w.probe(path, "", '"', at)
			}
			w.previewing = false
		}
	}
	if member {
		w.previewing = true
		w.judgeOpen(path, name, at, r.in[k:], false)
		w.previewing = false
	} else if w.nest != nil {
		w.nestPreview(at, r.in[k:])
	}
}

// previewString reports the open string at at as append (or revise)
// deltas; false when it could not be read.
func (w *Watcher) previewString(path string, at int) bool {
	inc := w.s
	r := &inc.r
	if r.resumeAt == at && r.resumeTo > at {
		// A string read so far without a repair: its content is the
		// input as written, and only what came since the last report is
		// read.
		w.previewPlain(path, at)
		return true
	}
	if inc.waitFor > 0 && !inc.retryDue() {
		return false // a long unfinished step with repairs in it: previewed when it is taken again
	}
	content, ok := w.previewClosed(at)
	if !ok {
		content, ok = w.previewRead()
	}
	if !ok {
		return false
	}
	switch {
	case w.tentOn && w.tentAt == at && !w.tentFast && strings.HasPrefix(content, w.tentText):
		if added := content[len(w.tentText):]; added != "" {
			w.delta(Delta{Path: path, Op: OpAppend, Text: added, At: at})
		}
	case w.tentOn && w.tentAt == at:
		v, _ := json.Marshal(content)
		w.delta(Delta{Path: path, Op: OpRevise, Value: v, Text: content, At: at})
	default:
		w.delta(Delta{Path: path, Op: OpAppend, Text: content, At: at})
	}
	w.tentOn, w.tentPath, w.tentAt, w.tentText, w.tentFast = true, path, at, content, false
	return true
}

// previewClosed returns the content of the string at at when it is the
// whole unfinished step, inside a container, first reported here, and
// read as it is: only
// plain bytes up to its closing quote, the last byte fed (the reader
// waits for the next byte to know that the string ends there). That is
// what previewRead finds for it, without a preview's reading of the text
// so far: a chunk ends after a string's closing quote about once every
// twenty chunks of a typical value, and the preview cost as much as the
// rest of the chunk.
//
// previewClosedOff turns it off and closedTaken counts the strings it
// read: TestPreviewClosedIsThePreview compares the watcher with and
// without it.
func (w *Watcher) previewClosed(at int) (string, bool) {
	r := &w.s.r
	if previewClosedOff || len(w.stack) == 0 || w.tentOn && w.tentAt == at {
		return "", false
	}
	in := r.in
	k := at - r.base
	e := len(in) - 1
	if e <= k || in[e] != '"' || plainEnd(in, k+1) != e {
		return "", false
	}
	closedTaken.Add(1)
	return w.strs.bytes(in[k+1 : e]), true
}

var (
	previewClosedOff bool
	closedTaken      atomic.Int64
)

// openPath is the path the value that begins next will have (childPath
// without counting it).
func (w *Watcher) openPath() string {
	n := len(w.stack)
	if n == 0 {
		return ""
	}
	f := &w.stack[n-1]
	if f.kind == '{' {
		return f.keyPath
	}
	if w.noDeltas {
		return "" // an element's path is wanted by deltas only
	}
	w.pbuf = appendInt(append(w.pbuf[:f.plen], '/'), f.n)
	return w.strs.bytes(w.pbuf)
}

// previewPlain reports the content of a string read without a repair
// from the input itself: the bytes since the last report, decoded.
func (w *Watcher) previewPlain(path string, at int) {
	r := &w.s.r
	from := at + 1
	again := w.tentOn && w.tentAt == at
	slow := again && !w.tentFast // the slow preview reported this string before
	if again && w.tentFast {
		from = w.tentRaw
	}
	end := r.resumeTo
	frag := r.in[from-r.base : end-r.base]
	// A surrogate pair's first escape waits for its second.
	if n := len(frag); n >= 6 && frag[n-6] == '\\' && frag[n-5] == 'u' && (frag[n-4]|0x20) == 'd' && strings.ContainsRune("89abAB", rune(frag[n-3])) {
		frag = frag[:n-6]
		end -= 6
	}
	var text string
	if bytes.IndexByte(frag, '\\') >= 0 {
		// decoded into its own variable: taking text's address would
		// move it to the heap on every call
		var dec string
		_ = json.Unmarshal(append(append([]byte{'"'}, frag...), '"'), &dec)
		text = dec
	} else {
		text = w.strs.bytes(frag)
	}
	switch {
	case slow && strings.HasPrefix(text, w.tentText):
		// text is the whole content: what the slow preview did not
		// report is added
		if added := text[len(w.tentText):]; added != "" {
			w.delta(Delta{Path: path, Op: OpAppend, Text: added, At: at})
		}
	case slow:
		v, _ := json.Marshal(text)
		w.delta(Delta{Path: path, Op: OpRevise, Value: v, Text: text, At: at})
	case !again || text != "":
		w.delta(Delta{Path: path, Op: OpAppend, Text: text, At: at}) // the first report says the string began, even empty
	}
	w.tentOn, w.tentPath, w.tentAt, w.tentFast, w.tentRaw, w.tentText = true, path, at, true, end, ""
}

// previewRead reads the text so far as if it ended here and returns the
// open string's content.
func (w *Watcher) previewRead() (string, bool) {
	inc := w.s
	r := &inc.r
	committed := len(r.out)
	found := false
	var content string
	r.tokFirst = -1
	r.outMark, r.shifted = committed, 0
	inc.preview(func(r *reader) {
		out := r.out
		i := committed + r.shifted
		for i < len(out) && (isSpace(out[i]) || out[i] == ',' || out[i] == ':') {
			i++
		}
		if i >= len(out) || out[i] != '"' {
			return
		}
		j := stringEnd(out, i)
		if json.Unmarshal(out[i:j], &content) != nil {
			return
		}
		found = true
		// A character cut between chunks reads as U+FFFD until its other
		// bytes come: it is left out of the preview, not shown and then
		// revised.
		for m := partialRune(r.in); m > 0 && strings.HasSuffix(content, "\uFFFD"); m-- {
			content = strings.TrimSuffix(content, "\uFFFD")
		}
	})
	r.outMark, r.shifted = w.emitted, 0
	return content, found
}

// unquote decodes a JSON string token of the repaired output.
func unquote(tok []byte) string {
	body := tok[1 : len(tok)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return string(body)
	}
	var s string
	_ = json.Unmarshal(tok, &s)
	return s
}

// partialRune is the number of bytes at the end of b that begin a UTF-8
// sequence more bytes could complete (0 when none).
func partialRune(b []byte) int {
	for m := 1; m <= 3 && m <= len(b); m++ {
		c := b[len(b)-m]
		if c < 0x80 {
			return 0
		}
		if c >= 0xC0 { // a leading byte: is the sequence it begins short?
			need := 2
			if c >= 0xE0 {
				need = 3
			}
			if c >= 0xF0 {
				need = 4
			}
			if m < need && !utf8.FullRune(b[len(b)-m:]) {
				return m
			}
			return 0
		}
	}
	return 0
}
