package mend

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/jsonscan"
)

// Provider names the streaming format of the event payloads an
// [LLMStream] decodes.
type Provider string

// The providers.
const (
	// ProviderAnthropic is the Messages API's streaming events
	// (message_start, content_block_start, content_block_delta with
	// input_json_delta, content_block_stop, message_delta, message_stop,
	// ping, error). The seed's default.
	ProviderAnthropic Provider = "anthropic"
	// ProviderOpenAI is the Chat Completions API's streamed chunks
	// (choices[].delta.tool_calls[] fragments by index, finish_reason,
	// usage-only chunks).
	ProviderOpenAI Provider = "openai"
	// ProviderOpenAICompat is the same format as served by other
	// vendors (vLLM, Ollama, OpenRouter...): it is decoded as openai.
	ProviderOpenAICompat Provider = "openai_compat"
	// ProviderOpenAIResponses is the Responses API's streaming events
	// (response.output_item.added with a function_call,
	// response.function_call_arguments.delta and .done,
	// response.completed, response.incomplete, response.failed, error).
	ProviderOpenAIResponses Provider = "openai_responses"
)

// ParseProvider reads a provider's name; "" is anthropic, the seed's
// default.
func ParseProvider(s string) (Provider, error) {
	switch p := Provider(s); p {
	case "":
		return ProviderAnthropic, nil
	case ProviderAnthropic, ProviderOpenAI, ProviderOpenAICompat, ProviderOpenAIResponses:
		return p, nil
	}
	return "", &Error{Code: CodeDeclaration, Exit: ExitUsage,
		Message: fmt.Sprintf("unknown provider %q (anthropic, openai, openai_compat or openai_responses)", s)}
}

// maxReported is the size of the arguments up to which every feed
// reports the value so far.
const maxReported = 64 << 10

// How a call ended.
const (
	EndOpen          = "open"           // still streaming
	EndComplete      = "complete"       // its arguments ended and the message ended normally
	EndMaxTokens     = "max_tokens"     // the token limit cut it
	EndInterrupted   = "interrupted"    // the stream stopped with no end from the provider
	EndProviderError = "provider_error" // the provider reported an error while it was open
)

// LLMOptions configure an [LLMStream].
type LLMOptions struct {
	Provider Provider
	// Options read each call's arguments: the profile judges the final
	// value; Declaration, when set and Tools is nil, is what every call's
	// arguments must satisfy.
	Options Options
	// Tools maps tool names to the declaration of their arguments. With
	// a tool list, a call to a name it lacks is a finding.
	Tools map[string]Declaration
	// MaxCalls bounds the calls of a stream (0: 1024); the events of
	// further calls are ignored and counted.
	MaxCalls int
}

// Call is one tool call as the stream has it so far: the seed's call.
type Call struct {
	// Index is the call's position in the provider's output: Anthropic's
	// content block index, Chat Completions' tool call index (within its
	// choice), the Responses API's output index.
	Index int `json:"index"`
	// Choice is the Chat Completions choice the call belongs to (0 for
	// other providers).
	Choice int    `json:"choice"`
	ID     string `json:"id"`
	Name   string `json:"name"`
	// Done: the provider said the arguments are complete.
	Done bool `json:"done"`
	// Exactness of the arguments read so far; "" before any.
	Exactness Exactness `json:"exactness"`
	// End is open, complete, max_tokens, interrupted or provider_error.
	End string `json:"end"`
	// StopReason is the provider's own reason the message stopped
	// (stop_reason, finish_reason, an incomplete reason), "" until then.
	StopReason string `json:"stop_reason"`
	// Value is the arguments read so far, repaired (the lenient reading
	// while open; at close, what the profile accepts), null when none.
	Value json.RawMessage `json:"value"`
	// OpenPath is the JSON Pointer of the innermost value still open in
	// the arguments, null when none is.
	OpenPath *string `json:"open_path"`
	// Settled lists the members of the arguments that can no longer
	// change.
	Settled []string `json:"settled"`
	// Events are the watcher's events on the arguments since the last
	// report (a violation, satisfied...), and an unknown tool.
	Events []Event `json:"events"`
	// Error is the refusal of the final value at close (the profile's,
	// the declaration's, an unknown tool), null when none.
	Error *Error `json:"error,omitempty"`
	// ValueOmitted: the arguments are over 64 KiB, so a feed does not
	// read them again for value, exactness, open_path and settled; close
	// gives them.
	ValueOmitted bool `json:"value_omitted,omitempty"`

	w    *Watcher
	text []byte // the arguments' text, for a .done that repeats it
	fed  bool
	// over: the arguments passed the size limit (Options.MaxSize), so
	// the call is refused (E020) and its text is no longer kept: an
	// endless stream of deltas costs no memory.
	over     bool
	startArg json.RawMessage // Anthropic's content_block_start input
	decl     Declaration
	order    int // the order calls were begun in
	// every event of the call, in order, copied from the watcher's
	// feeds (which it reuses): a report hands out all[reported:], close
	// the whole list, both without another copy (what is handed out is
	// never written again: the list only grows, into a new array when
	// it is full)
	all      []Event
	reported int
	touch    int // the feed that last touched the call
	// conflict: the stream said two things about the call (what, the
	// first time), so readers of the stream differ on what it is
	conflict string
}

// LLMFeed is what [LLMStream.Feed] returns: the calls the event touched.
type LLMFeed struct {
	Calls []Call `json:"calls"`
	// Ignored: the event carried nothing about tool calls or the end of
	// the stream (ping, text and thinking blocks, unknown types, a
	// payload that is not JSON); it is counted in ignored_events.
	Ignored bool `json:"ignored"`
}

// LLMClose is what [LLMStream.Close] and [RunLLM] return.
type LLMClose struct {
	Calls []Call `json:"calls"`
	// Error is the provider's error message, "" when none.
	Error string `json:"error"`
	// IgnoredEvents counts the events that carried nothing about tool
	// calls or the end of the stream.
	IgnoredEvents int `json:"ignored_events"`
	// StopReason is the provider's reason the message stopped, "" when it
	// did not say.
	StopReason string `json:"stop_reason"`
}

// LLMStream decodes one provider stream of already-extracted event
// payloads (how the bytes left the provider, SSE or a log line, is the
// caller's business) into tool calls whose arguments are watched as they
// arrive.
type LLMStream struct {
	o       LLMOptions
	calls   map[streamKey]*Call // by the provider's key: block index, choice/index, item ID
	order   int
	feeds   int // feeds so far
	touched []*Call
	buf     []byte // a decoded fragment
	ignored int
	errMsg  string
	stop    string // the stop reason
	ended   bool   // the provider ended the message (message_stop, finish_reason, response.completed...)
	errored bool
	cut     bool  // the provider said the token limit ended it
	cutCall *Call // the call whose arguments the limit cut, when the provider closed it first
	closed  bool
	// Anthropic: the index of the last content block begun, of any type
	lastBlock streamKey
	// for the Responses API: output index to item ID
	items map[int]streamKey
}

// streamKey is how the provider names a call: Anthropic's block index (a),
// a Chat Completions choice and tool call index (a, b), a Responses item
// ID (id; or its output index in a, when the item has no ID).
type streamKey struct {
	a, b int
	id   string
}

// NewLLMStream starts decoding a stream.
func NewLLMStream(o LLMOptions) (*LLMStream, error) {
	p, err := ParseProvider(string(o.Provider))
	if err != nil {
		return nil, err
	}
	o.Provider = p
	if o.MaxCalls <= 0 {
		o.MaxCalls = 1024
	}
	return &LLMStream{o: o, calls: map[streamKey]*Call{}, items: map[int]streamKey{}}, nil
}

// Feed decodes one event payload (a JSON text) and returns the calls it
// touched.
func (s *LLMStream) Feed(event []byte) *LLMFeed {
	s.touched = s.touched[:0]
	s.feeds++
	handled := false
	if !s.closed {
		if ev, ok := parseEnvelope(event); ok {
			switch s.o.Provider {
			case ProviderAnthropic:
				handled = s.anthropic(ev)
			case ProviderOpenAIResponses:
				handled = s.responses(ev)
			default:
				handled = s.chat(ev)
			}
		} else if string(bytes.TrimSpace(event)) == "[DONE]" {
			handled = true // the Chat Completions end sentinel; finish_reason said how it ended
		}
	}
	out := &LLMFeed{Calls: []Call{}, Ignored: !handled}
	if !handled {
		s.ignored++
	}
	for _, c := range s.touched {
		if c.touch == s.feeds {
			continue // reported already
		}
		c.touch = s.feeds
		out.Calls = append(out.Calls, s.report(c, false))
	}
	return out
}

// Close finishes every call: the stream has ended, whatever the provider
// said.
func (s *LLMStream) Close() *LLMClose {
	out := &LLMClose{Calls: []Call{}, Error: s.errMsg, IgnoredEvents: s.ignored, StopReason: s.stop}
	if s.closed {
		return out
	}
	s.closed = true
	for _, c := range s.sorted() {
		out.Calls = append(out.Calls, s.report(c, true))
	}
	return out
}

// RunLLM decodes a whole stream: the stateless form (the seed's llm.run).
func RunLLM(o LLMOptions, events [][]byte) (*LLMClose, error) {
	s, err := NewLLMStream(o)
	if err != nil {
		return nil, err
	}
	for _, e := range events {
		s.Feed(e)
	}
	return s.Close(), nil
}

func (s *LLMStream) sorted() []*Call {
	cs := make([]*Call, 0, len(s.calls))
	for _, c := range s.calls {
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].order < cs[j].order })
	return cs
}

// newCallWatcher watches a call's arguments: a call reports events and
// values, never deltas, so the watcher builds none.
func newCallWatcher(opts Options) *Watcher {
	w := NewWatcher(opts)
	w.SkipDeltas()
	return w
}

// begin starts a call under key, or returns the one there.
func (s *LLMStream) begin(key streamKey, index, choice int, id, name string) *Call {
	if c := s.calls[key]; c != nil {
		switch {
		case id != "" && c.ID != "" && id != c.ID:
			s.conflict(c, fmt.Sprintf("the call's id is %q, then %q", c.ID, id))
		case name != "" && c.Name != "" && name != c.Name:
			s.conflict(c, fmt.Sprintf("the call's tool is named %q, then %q", c.Name, name))
		}
		if id != "" && c.ID == "" {
			c.ID = id
		}
		if name != "" && c.Name == "" {
			c.Name = name
			s.declare(c)
		}
		s.touched = append(s.touched, c)
		return c
	}
	if len(s.calls) >= s.o.MaxCalls {
		return nil
	}
	c := &Call{Index: index, Choice: choice, ID: id, Name: name, End: EndOpen, order: s.order}
	s.order++
	s.calls[key] = c
	if name != "" {
		s.declare(c)
	}
	s.touched = append(s.touched, c)
	return c
}

// conflict records that the stream said two things about call c: a
// second tool name or call ID, its block begun again, arguments after it
// was complete, a second whole text that disagrees. Accumulators read
// that differently (the SDKs append a block begun again, concatenate or
// replace a name, append late deltas), so which call a runtime executes
// is not known: the call gets one call-conflict violation now, and at
// close the error E011 in every profile. Only the first conflict is an
// event, so a flood of them costs no memory. The event is about the call,
// not a place in its arguments: its At is where the arguments had come to
// when the stream contradicted itself (the bytes read before it).
func (s *LLMStream) conflict(c *Call, what string) {
	s.touched = append(s.touched, c)
	if c.conflict != "" {
		return
	}
	c.conflict = what
	f := Finding{Severity: "error", Code: "call-conflict", Message: what}
	at := 0
	if c.w != nil {
		at = c.w.Bytes()
	}
	c.keep([]Event{{Kind: EventViolation, At: at, Finding: &f}})
}

// declare picks the call's declaration once its name is known, and
// starts watching its arguments.
func (s *LLMStream) declare(c *Call) {
	opts := s.o.Options
	opts.Declaration = nil
	if s.o.Tools != nil {
		if d, ok := s.o.Tools[c.Name]; ok {
			opts.Declaration = d
		} else {
			f := Finding{Severity: "error", Code: "unknown-tool", Path: "",
				Message: fmt.Sprintf("the tool list has no tool named %q", c.Name)}
			c.keep([]Event{{Kind: EventViolation, Finding: &f}})
		}
	} else {
		opts.Declaration = s.o.Options.Declaration
	}
	c.decl = opts.Declaration
	if c.w == nil {
		c.w = newCallWatcher(opts)
	} else if c.w.decl == nil && opts.Declaration != nil && !c.fed {
		c.w = newCallWatcher(opts)
	}
}

// fragment feeds a piece of a call's arguments.
func (s *LLMStream) fragment(c *Call, text []byte) {
	if c == nil || len(text) == 0 {
		return
	}
	if c.Done {
		s.conflict(c, "arguments arrived after the call was complete")
		return
	}
	if c.w == nil {
		s.declare(c) // arguments before the name (a vendor's order): watched without a declaration
	}
	c.fed = true
	f := c.w.Feed(text)
	if c.over = c.w.s.over; c.over {
		c.text = nil // refused for good: nothing of it is kept
	} else {
		c.text = append(c.text, text...)
	}
	c.keep(f.Events)
	s.touched = append(s.touched, c)
}

// whole makes the call's arguments text t, given whole at the end (a
// .done event, or Anthropic's start input when no delta came).
func (s *LLMStream) whole(c *Call, t []byte) {
	if c == nil || c.over {
		return // past the size limit, the call is refused whatever follows
	}
	have := c.text
	switch {
	case bytes.Equal(have, t):
	case c.Done:
		// a second whole text (a .done after a .done) that is not the first
		s.conflict(c, "the call's arguments were complete, then given again otherwise")
	case bytes.HasPrefix(t, have):
		s.fragment(c, t[len(have):])
	default:
		// The deltas disagree with the whole text: the whole text wins.
		opts := s.o.Options
		opts.Declaration = c.decl
		c.w = newCallWatcher(opts)
		c.text = nil
		c.fed = false
		s.fragment(c, t)
	}
}

// stopCall marks a call's arguments complete.
func (s *LLMStream) stopCall(c *Call) {
	if c == nil || c.Done {
		return
	}
	if !c.fed && len(c.startArg) > 0 {
		s.whole(c, c.startArg)
	}
	c.Done = true
	s.touched = append(s.touched, c)
}

// report renders a call as the caller sees it; at close, its watcher is
// finished.
func (s *LLMStream) report(c *Call, closing bool) Call {
	out := *c
	out.Events = c.unreported()
	out.StopReason = s.stop
	out.End = s.endOf(c)
	out.Settled = []string{}
	out.Value = json.RawMessage("null")
	empty := !c.over && len(bytes.TrimSpace(c.text)) == 0
	if out.End == EndMaxTokens {
		out.Done = false // the provider closed the block, the limit cut the arguments
	}
	if c.w == nil {
		opts := s.o.Options
		opts.Declaration = c.decl
		c.w = newCallWatcher(opts)
	}
	if !closing && (c.over || len(c.text) > maxReported) {
		// Reading the whole arguments again for every event would cost
		// their length each time: past the bound, the value so far comes
		// at close (a caller that wants it sooner watches the deltas).
		out.ValueOmitted = true
		return out
	}
	if !closing {
		if empty {
			if c.Done {
				out.Exactness, out.Value = Exact, json.RawMessage("{}")
			}
			return out
		}
		c.w.s.preview(func(r *reader) {
			g := c.w.s.readingOf(r)
			if g.fatal == nil {
				out.Exactness = g.res.Exactness
				out.Value = append(json.RawMessage(nil), g.out...)
				if r.openPath != "" || g.res.Completeness != Complete {
					p := r.openPath
					if !strings.HasPrefix(p, "/") {
						p = ""
					}
					out.OpenPath = &p
				}
				out.Settled = settledOf(g)
			}
		})
		return out
	}
	// closing
	if empty && c.Done {
		// A call with no arguments: Anthropic sends none for a tool
		// without parameters, OpenAI an empty string; both mean {}.
		c.w.Feed([]byte("{}"))
	}
	fin := c.w.Finish()
	c.keep(fin.Events)
	c.reported = 0
	out.Events = c.unreported() // at close: every event of the call
	if g := c.w.final; g != nil && g.fatal == nil {
		out.Exactness = g.res.Exactness
		out.Settled = settledOf(g)
		if g.res.Completeness != Complete {
			p := c.w.s.r.openPath
			if !strings.HasPrefix(p, "/") {
				p = ""
			}
			out.OpenPath = &p
		}
	}
	if fin.Final != nil {
		out.Value = fin.Final.Value
	}
	out.Error = fin.Error
	if c.conflict != "" {
		out.Error = &Error{Code: CodeAmbiguous, Exit: ExitRefused,
			Message: "the stream says two things about this call, which accumulators read differently: " + c.conflict}
		out.Value = json.RawMessage("null")
		return out
	}
	if out.Error == nil && s.o.Tools != nil && c.decl == nil {
		out.Error = &Error{Code: CodeSchema, Exit: ExitInvalid, Message: fmt.Sprintf("the tool list has no tool named %q", c.Name)}
		out.Value = json.RawMessage("null")
	}
	if out.Error == nil && !out.Done && s.o.Options.Profile != ProfileLenient {
		// The arguments may read as a whole value, but the provider cut
		// or failed the call before it said they were complete: only the
		// lenient profile takes them.
		out.Error = &Error{Code: CodeLossy, Exit: ExitRefused, Message: "the call ended (" + out.End + ") before the provider said its arguments were complete"}
		out.Value = json.RawMessage("null")
	}
	return out
}

// keep copies events of the call (a watcher's feed lists are reused by
// its next feed). The list doubles when full, so that each event is
// copied about twice in all, and close copies none.
func (c *Call) keep(l []Event) {
	if len(l) == 0 {
		return
	}
	if need := len(c.all) + len(l); need > cap(c.all) {
		grown := make([]Event, len(c.all), max(2*cap(c.all), need, 16))
		copy(grown, c.all)
		c.all = grown
	}
	c.all = append(c.all, l...)
}

// unreported hands out the events since the last report.
func (c *Call) unreported() []Event {
	if c.reported == len(c.all) {
		return []Event{}
	}
	out := c.all[c.reported:len(c.all):len(c.all)]
	c.reported = len(c.all)
	return out
}

// settledOf lists the root members whose value can no longer change (the
// output of a reading is valid JSON: its members are walked, not
// decoded).
func settledOf(g *reading) []string {
	out := []string{}
	i := 0
	envelope(g.out).members(func(key []byte, _ envelope) {
		if i < len(g.members) && g.members[i] {
			k, _ := jsonscan.AppendUnquote(nil, key)
			out = append(out, string(k))
		}
		i++
	})
	return out
}

// endOf says how call c ended, from what the stream said so far.
func (s *LLMStream) endOf(c *Call) string {
	switch {
	case s.errored && !c.Done:
		return EndProviderError
	case s.cut && (!c.Done || c == s.cutCall):
		// Anthropic closes the block the limit cut before it says so.
		return EndMaxTokens
	case s.ended || s.errored:
		return EndComplete
	case s.closed:
		return EndInterrupted
	}
	return EndOpen
}

// ---- Anthropic ----

func (s *LLMStream) anthropic(ev envelope) bool {
	var f [4]envelope // one pass over the event for the members read
	ev.lookup(f[:], "type", "index", "delta", "content_block")
	typ, _ := strOf(f[0])
	var index int
	if strings.HasPrefix(typ, "content_block_") {
		if f[1] == nil {
			return false // a block event without a block index says nothing usable
		}
		var ok bool
		if index, ok = f[1].integer(); !ok || index < 0 {
			return false
		}
	}
	key := streamKey{a: index}
	switch typ {
	case "message_start":
		return true
	case "content_block_start":
		s.lastBlock = key
		b := f[3]
		if b == nil || !objectOrNull(b) {
			return false
		}
		bt, ok1 := b.strField("type")
		id, ok2 := b.strField("id")
		name, ok3 := b.strField("name")
		if !ok1 || !ok2 || !ok3 || bt != "tool_use" {
			return false // text, thinking and other blocks: counted
		}
		again := s.calls[key]
		c := s.begin(key, index, 0, id, name)
		if again != nil {
			s.conflict(c, fmt.Sprintf("content block %d is begun again (tool %q, id %q)", index, name, id))
			return true
		}
		if c != nil {
			if in, ok := b.field("input"); ok {
				c.startArg = append(json.RawMessage(nil), in...)
			} else {
				c.startArg = nil
			}
		}
		return c != nil
	case "content_block_delta":
		c := s.calls[key]
		d := f[2]
		if d == nil || c == nil || !objectOrNull(d) {
			return false
		}
		var df [2]envelope
		d.lookup(df[:], "type", "partial_json")
		if dt, ok := strOf(df[0]); !ok || dt != "input_json_delta" {
			return false
		}
		if !s.decodeStr(df[1]) {
			return false
		}
		s.fragment(c, s.buf)
		s.touched = append(s.touched, c)
		return true
	case "content_block_stop":
		c := s.calls[key]
		if c == nil {
			return false
		}
		s.stopCall(c)
		return true
	case "message_delta":
		d := f[2]
		if d == nil || !objectOrNull(d) {
			return false
		}
		r, ok := d.field("stop_reason")
		if !ok || r.isNull() {
			return false // usage only
		}
		reason, ok := r.str()
		if !ok {
			return false
		}
		if reason == "max_tokens" {
			s.cutCall = s.calls[s.lastBlock]
		}
		s.stopWith(reason, reason == "max_tokens")
		return true
	case "message_stop":
		s.ended = true
		s.touchAll()
		return true
	case "error":
		e, _ := ev.field("error")
		t, _ := e.strField("type")
		m, _ := e.strField("message")
		s.fail(t, m)
		return true
	}
	return false // ping and unknown types
}

// decode decodes string member name of object o (absent or null: "")
// into s.buf; false when it is not a string.
func (s *LLMStream) decode(o envelope, name string) bool {
	v, _ := o.field(name)
	return s.decodeStr(v)
}

// decodeStr decodes v, a member found by lookup (nil when absent), as a
// string field into s.buf.
func (s *LLMStream) decodeStr(v envelope) bool {
	s.buf = s.buf[:0]
	if v == nil || v.isNull() {
		return true
	}
	if v.kind() != '"' {
		return false
	}
	var ok bool
	s.buf, ok = jsonscan.AppendUnquote(s.buf, v)
	return ok
}

// objectOrNull reports whether v may be decoded as a structure: an
// object, or null (which leaves it empty).
func objectOrNull(v envelope) bool {
	k := v.kind()
	return k == '{' || k == 'n'
}

// stopWith records the provider's stop reason.
func (s *LLMStream) stopWith(reason string, cut bool) {
	s.stop = reason
	s.ended = true
	s.cut = s.cut || cut
	s.touchAll()
}

func (s *LLMStream) fail(typ, msg string) {
	s.errored = true
	if msg == "" {
		msg = typ
	} else if typ != "" {
		msg = typ + ": " + msg
	}
	if s.errMsg == "" {
		s.errMsg = msg
	}
	s.touchAll()
}

func (s *LLMStream) touchAll() {
	s.touched = append(s.touched, s.sorted()...)
}

// ---- OpenAI Chat Completions ----

func (s *LLMStream) chat(ev envelope) bool {
	if raw, ok := ev.field("error"); ok && !raw.isNull() {
		t, _ := raw.strField("type")
		m, _ := raw.strField("message")
		s.fail(t, m)
		return true
	}
	raw, _ := ev.field("choices")
	choices, ok := decodeChoices(raw)
	if !ok || len(choices) == 0 {
		return false // a usage-only chunk, or no chunk at all
	}
	handled := false
	for _, ch := range choices {
		for _, tc := range ch.calls {
			c := s.begin(streamKey{a: ch.index, b: tc.index}, tc.index, ch.index, tc.id, tc.name)
			if c == nil {
				continue
			}
			s.fragment(c, tc.arguments)
			handled = true
		}
		if ch.finish != nil && *ch.finish != "" {
			// The choice is over: its calls' arguments are as complete
			// as they will be (unless the limit cut them).
			cut := *ch.finish == "length"
			for _, c := range s.sorted() {
				if c.Choice == ch.index && !(cut && c == s.lastOf(ch.index)) {
					s.stopCall(c)
				}
			}
			if cut {
				s.cutCall = s.lastOf(ch.index)
			}
			s.stopWith(*ch.finish, cut)
			handled = true
		}
	}
	return handled
}

// A Chat Completions choice: the fields the stream reads.
type chatChoice struct {
	index  int
	calls  []chatCall
	finish *string
}

type chatCall struct {
	index     int
	id, name  string
	arguments []byte
}

// decodeChoices reads a chunk's choices as encoding/json would decode
// them into structures of these fields: null is none, and a field of
// another type than its own refuses the whole list.
func decodeChoices(raw envelope) ([]chatChoice, bool) {
	if raw == nil || raw.isNull() {
		return nil, false
	}
	if raw.kind() != '[' {
		return nil, false
	}
	var out []chatChoice
	ok := true
	raw.elements(func(el envelope) {
		if !ok {
			return
		}
		var ch chatChoice
		if !objectOrNull(el) {
			ok = false
			return
		}
		if v, has := el.field("index"); has {
			ch.index, ok = v.integer()
		}
		if v, has := el.field("finish_reason"); ok && has && !v.isNull() {
			var r string
			r, ok = v.str()
			ch.finish = &r
		}
		delta, has := el.field("delta")
		if ok && has && !objectOrNull(delta) {
			ok = false
		}
		var tcs envelope
		if ok && has {
			tcs, has = delta.field("tool_calls")
		}
		if ok && has && !tcs.isNull() {
			if tcs.kind() != '[' {
				ok = false
				return
			}
			tcs.elements(func(t envelope) {
				if !ok {
					return
				}
				var tc chatCall
				if !objectOrNull(t) {
					ok = false
					return
				}
				if v, has := t.field("index"); has {
					tc.index, ok = v.integer()
				}
				var ok2, ok3, ok4 = true, true, true
				tc.id, ok2 = t.strField("id")
				fn, has := t.field("function")
				if has && !objectOrNull(fn) {
					ok = false
					return
				}
				var args string
				tc.name, ok3 = fn.strField("name")
				args, ok4 = fn.strField("arguments")
				tc.arguments = []byte(args)
				ok = ok && ok2 && ok3 && ok4
				ch.calls = append(ch.calls, tc)
			})
		}
		out = append(out, ch)
	})
	return out, ok
}

// lastOf is the call begun last in a choice.
func (s *LLMStream) lastOf(choice int) *Call {
	var l *Call
	for _, c := range s.calls {
		if c.Choice == choice && (l == nil || c.order > l.order) {
			l = c
		}
	}
	return l
}

// ---- OpenAI Responses ----

func (s *LLMStream) responses(ev envelope) bool {
	typ, _ := ev.strField("type")
	var outIndex int
	if raw, ok := ev.field("output_index"); ok {
		if outIndex, ok = raw.integer(); !ok {
			return false
		}
	}
	var itemID string
	if raw, ok := ev.field("item_id"); ok {
		if itemID, ok = raw.str(); !ok {
			return false
		}
	}
	callOf := func() *Call {
		if itemID == "" {
			return s.calls[s.items[outIndex]]
		}
		return s.calls[streamKey{id: itemID}]
	}
	// item reads the event's function_call item: its type and the
	// string fields asked for (false when one is not a string).
	item := func(names ...string) (map[string]string, bool) {
		it, ok := ev.field("item")
		if !ok || !objectOrNull(it) {
			return nil, false
		}
		out := map[string]string{}
		for _, n := range append(names, "type") {
			v, ok := it.strField(n)
			if !ok {
				return nil, false
			}
			out[n] = v
		}
		return out, out["type"] == "function_call"
	}
	switch typ {
	case "response.output_item.added":
		it, ok := item("id", "call_id", "name", "arguments")
		if !ok {
			return false
		}
		key := streamKey{id: it["id"]}
		if it["id"] == "" {
			key = streamKey{a: outIndex, b: -1}
		}
		s.items[outIndex] = key
		id := it["call_id"]
		if id == "" {
			id = it["id"]
		}
		c := s.begin(key, outIndex, 0, id, it["name"])
		if c != nil {
			s.fragment(c, []byte(it["arguments"]))
		}
		return c != nil
	case "response.function_call_arguments.delta":
		c := callOf()
		if c == nil {
			return false
		}
		if !s.decode(ev, "delta") {
			s.buf = s.buf[:0] // not a string: nothing (as before)
		}
		s.fragment(c, s.buf)
		s.touched = append(s.touched, c)
		return true
	case "response.function_call_arguments.done":
		c := callOf()
		if c == nil {
			return false
		}
		if !s.decode(ev, "arguments") {
			s.buf = s.buf[:0]
		}
		s.whole(c, append([]byte(nil), s.buf...))
		s.stopCall(c)
		return true
	case "response.output_item.done":
		it, ok := item("id", "arguments", "status")
		if !ok {
			return false
		}
		if it["status"] == "incomplete" {
			return true // the limit cut it: its arguments are not complete
		}
		if it["id"] != "" {
			itemID = it["id"]
		}
		c := callOf()
		if c == nil {
			return false
		}
		s.whole(c, []byte(it["arguments"]))
		s.stopCall(c)
		return true
	case "response.completed":
		s.stopWith("completed", false)
		return true
	case "response.incomplete":
		r, _ := ev.field("response")
		d, _ := r.field("incomplete_details")
		reason, _ := d.strField("reason")
		if reason == "" {
			reason = "incomplete"
		}
		s.stopWith(reason, reason == "max_output_tokens")
		return true
	case "response.failed":
		r, _ := ev.field("response")
		e, _ := r.field("error")
		code, _ := e.strField("code")
		msg, _ := e.strField("message")
		s.fail(code, msg)
		return true
	case "error":
		code, _ := ev.strField("code")
		msg, _ := ev.strField("message")
		s.fail(code, msg)
		return true
	}
	return false
}
