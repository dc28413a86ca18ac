package mend

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
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

	w        *Watcher
	text     []byte // the arguments' text, for a .done that repeats it
	fed      bool
	startArg json.RawMessage // Anthropic's content_block_start input
	decl     Declaration
	order    int // the order calls were begun in
	// every event, for close: the lists reported so far, none written
	// again (appending each to one list copied it over and over)
	all [][]Event
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
	calls   map[string]*Call // by the provider's key: block index, choice/index, item ID
	order   int
	touched []*Call
	ignored int
	errMsg  string
	stop    string // the stop reason
	ended   bool   // the provider ended the message (message_stop, finish_reason, response.completed...)
	errored bool
	cut     bool  // the provider said the token limit ended it
	cutCall *Call // the call whose arguments the limit cut, when the provider closed it first
	closed  bool
	// Anthropic: the index of the last content block begun, of any type
	lastBlock string
	// for the Responses API: output index to item ID
	items map[int]string
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
	return &LLMStream{o: o, calls: map[string]*Call{}, items: map[int]string{}}, nil
}

// Feed decodes one event payload (a JSON text) and returns the calls it
// touched.
func (s *LLMStream) Feed(event []byte) *LLMFeed {
	s.touched = s.touched[:0]
	handled := false
	if !s.closed {
		var ev map[string]json.RawMessage
		if json.Unmarshal(bytes.TrimSpace(event), &ev) == nil && ev != nil {
			switch s.o.Provider {
			case ProviderAnthropic:
				handled = s.anthropic(ev)
			case ProviderOpenAIResponses:
				handled = s.responses(ev)
			default:
				handled = s.chat(ev)
			}
		} else if strings.TrimSpace(string(event)) == "[DONE]" {
			handled = true // the Chat Completions end sentinel; finish_reason said how it ended
		}
	}
	out := &LLMFeed{Calls: []Call{}, Ignored: !handled}
	if !handled {
		s.ignored++
	}
	seen := map[*Call]bool{}
	for _, c := range s.touched {
		if seen[c] {
			continue
		}
		seen[c] = true
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
func (s *LLMStream) begin(key string, index, choice int, id, name string) *Call {
	if c := s.calls[key]; c != nil {
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
			c.Events = append(c.Events, Event{Kind: EventViolation, Finding: &f})
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
func (s *LLMStream) fragment(c *Call, text string) {
	if c == nil || c.Done || text == "" {
		return
	}
	if c.w == nil {
		s.declare(c) // arguments before the name (a vendor's order): watched without a declaration
	}
	c.fed = true
	c.text = append(c.text, text...)
	f := c.w.Feed([]byte(text))
	c.Events = append(c.Events, f.Events...)
	s.touched = append(s.touched, c)
}

// whole makes the call's arguments text t, given whole at the end (a
// .done event, or Anthropic's start input when no delta came).
func (s *LLMStream) whole(c *Call, t string) {
	if c == nil {
		return
	}
	have := string(c.text)
	switch {
	case have == t:
	case strings.HasPrefix(t, have):
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
		s.whole(c, string(c.startArg))
	}
	c.Done = true
	s.touched = append(s.touched, c)
}

// report renders a call as the caller sees it; at close, its watcher is
// finished.
func (s *LLMStream) report(c *Call, closing bool) Call {
	out := *c
	if len(c.Events) > 0 {
		c.all = append(c.all, c.Events)
	}
	out.Events = append([]Event{}, c.Events...)
	c.Events = nil
	out.StopReason = s.stop
	out.End = s.endOf(c)
	out.Settled = []string{}
	out.Value = json.RawMessage("null")
	empty := len(bytes.TrimSpace(c.text)) == 0
	if out.End == EndMaxTokens {
		out.Done = false // the provider closed the block, the limit cut the arguments
	}
	if c.w == nil {
		opts := s.o.Options
		opts.Declaration = c.decl
		c.w = newCallWatcher(opts)
	}
	if !closing && len(c.text) > maxReported {
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
	c.all = append(c.all, fin.Events)
	n := 0
	for _, l := range c.all {
		n += len(l)
	}
	out.Events = make([]Event, 0, n) // at close: every event of the call
	for _, l := range c.all {
		out.Events = append(out.Events, l...)
	}
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

// settledOf lists the root members whose value can no longer change.
func settledOf(g *reading) []string {
	out := []string{}
	for i, m := range topMembers(g.out) {
		if i < len(g.members) && g.members[i] {
			out = append(out, m.key)
		}
	}
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

func (s *LLMStream) anthropic(ev map[string]json.RawMessage) bool {
	var typ string
	_ = json.Unmarshal(ev["type"], &typ)
	var index int
	if strings.HasPrefix(typ, "content_block_") && !intField(ev, "index", &index) {
		return false // a block event without a block index says nothing usable
	}
	key := fmt.Sprint(index)
	switch typ {
	case "message_start":
		return true
	case "content_block_start":
		s.lastBlock = key
		var b struct {
			Type  string          `json:"type"`
			ID    string          `json:"id"`
			Name  string          `json:"name"`
			Input json.RawMessage `json:"input"`
		}
		if json.Unmarshal(ev["content_block"], &b) != nil || b.Type != "tool_use" {
			return false // text, thinking and other blocks: counted
		}
		c := s.begin(key, index, 0, b.ID, b.Name)
		if c != nil {
			c.startArg = b.Input
		}
		return c != nil
	case "content_block_delta":
		var d struct {
			Type        string `json:"type"`
			PartialJSON string `json:"partial_json"`
		}
		c := s.calls[key]
		if json.Unmarshal(ev["delta"], &d) != nil || d.Type != "input_json_delta" || c == nil {
			return false
		}
		s.fragment(c, d.PartialJSON)
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
		var d struct {
			StopReason *string `json:"stop_reason"`
		}
		if json.Unmarshal(ev["delta"], &d) != nil || d.StopReason == nil {
			return false // usage only
		}
		if *d.StopReason == "max_tokens" {
			s.cutCall = s.calls[s.lastBlock]
		}
		s.stopWith(*d.StopReason, *d.StopReason == "max_tokens")
		return true
	case "message_stop":
		s.ended = true
		s.touchAll()
		return true
	case "error":
		var e struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		}
		_ = json.Unmarshal(ev["error"], &e)
		s.fail(e.Type, e.Message)
		return true
	}
	return false // ping and unknown types
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

func (s *LLMStream) chat(ev map[string]json.RawMessage) bool {
	if raw, ok := ev["error"]; ok && string(raw) != "null" {
		var e struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		}
		_ = json.Unmarshal(raw, &e)
		s.fail(e.Type, e.Message)
		return true
	}
	var choices []struct {
		Index int `json:"index"`
		Delta struct {
			ToolCalls []struct {
				Index    int    `json:"index"`
				ID       string `json:"id"`
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	}
	if json.Unmarshal(ev["choices"], &choices) != nil || len(choices) == 0 {
		return false // a usage-only chunk, or no chunk at all
	}
	handled := false
	for _, ch := range choices {
		for _, tc := range ch.Delta.ToolCalls {
			key := fmt.Sprintf("%d/%d", ch.Index, tc.Index)
			c := s.begin(key, tc.Index, ch.Index, tc.ID, tc.Function.Name)
			if c == nil {
				continue
			}
			s.fragment(c, tc.Function.Arguments)
			handled = true
		}
		if ch.FinishReason != nil && *ch.FinishReason != "" {
			// The choice is over: its calls' arguments are as complete
			// as they will be (unless the limit cut them).
			cut := *ch.FinishReason == "length"
			for _, c := range s.sorted() {
				if c.Choice == ch.Index && !(cut && c == s.lastOf(ch.Index)) {
					s.stopCall(c)
				}
			}
			if cut {
				s.cutCall = s.lastOf(ch.Index)
			}
			s.stopWith(*ch.FinishReason, cut)
			handled = true
		}
	}
	return handled
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

func (s *LLMStream) responses(ev map[string]json.RawMessage) bool {
	var typ string
	_ = json.Unmarshal(ev["type"], &typ)
	var outIndex int
	if raw, ok := ev["output_index"]; ok && json.Unmarshal(raw, &outIndex) != nil {
		return false
	}
	var itemID string
	if raw, ok := ev["item_id"]; ok && json.Unmarshal(raw, &itemID) != nil {
		return false
	}
	callOf := func() *Call {
		if itemID == "" {
			itemID = s.items[outIndex]
		}
		return s.calls[itemID]
	}
	switch typ {
	case "response.output_item.added":
		var it struct {
			Type      string `json:"type"`
			ID        string `json:"id"`
			CallID    string `json:"call_id"`
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
		}
		if json.Unmarshal(ev["item"], &it) != nil || it.Type != "function_call" {
			return false
		}
		key := it.ID
		if key == "" {
			key = fmt.Sprintf("#%d", outIndex)
		}
		s.items[outIndex] = key
		id := it.CallID
		if id == "" {
			id = it.ID
		}
		c := s.begin(key, outIndex, 0, id, it.Name)
		if c != nil {
			s.fragment(c, it.Arguments)
		}
		return c != nil
	case "response.function_call_arguments.delta":
		var d string
		_ = json.Unmarshal(ev["delta"], &d)
		c := callOf()
		if c == nil {
			return false
		}
		s.fragment(c, d)
		s.touched = append(s.touched, c)
		return true
	case "response.function_call_arguments.done":
		var a string
		_ = json.Unmarshal(ev["arguments"], &a)
		c := callOf()
		if c == nil {
			return false
		}
		s.whole(c, a)
		s.stopCall(c)
		return true
	case "response.output_item.done":
		var it struct {
			Type      string `json:"type"`
			ID        string `json:"id"`
			Arguments string `json:"arguments"`
			Status    string `json:"status"`
		}
		if json.Unmarshal(ev["item"], &it) != nil || it.Type != "function_call" {
			return false
		}
		if it.Status == "incomplete" {
			return true // the limit cut it: its arguments are not complete
		}
		if it.ID != "" {
			itemID = it.ID
		}
		c := callOf()
		if c == nil {
			return false
		}
		s.whole(c, it.Arguments)
		s.stopCall(c)
		return true
	case "response.completed":
		s.stopWith("completed", false)
		return true
	case "response.incomplete":
		var r struct {
			IncompleteDetails struct {
				Reason string `json:"reason"`
			} `json:"incomplete_details"`
		}
		_ = json.Unmarshal(ev["response"], &r)
		reason := r.IncompleteDetails.Reason
		if reason == "" {
			reason = "incomplete"
		}
		s.stopWith(reason, reason == "max_output_tokens")
		return true
	case "response.failed":
		var r struct {
			Error struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		_ = json.Unmarshal(ev["response"], &r)
		s.fail(r.Error.Code, r.Error.Message)
		return true
	case "error":
		var code, msg string
		_ = json.Unmarshal(ev["code"], &code)
		_ = json.Unmarshal(ev["message"], &msg)
		s.fail(code, msg)
		return true
	}
	return false
}

// intField reads a member that must be a non-negative integer.
func intField(ev map[string]json.RawMessage, name string, v *int) bool {
	raw, ok := ev[name]
	return ok && json.Unmarshal(raw, v) == nil && *v >= 0
}
