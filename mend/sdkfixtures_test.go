package mend

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Real streams: the event sequences that the providers' own Go SDKs test
// their stream accumulators with, read at test time from the Go module
// cache (never copied into this repository; testdata/README.md credits
// them and their licences). The SDKs are not requirements of this module:
// their test files are data, parsed with go/parser, and the modules are
// located with `go mod download -json` with the proxy off, so the test
// never reaches the network. scripts/test.sh downloads the pinned
// versions (testdata/sdk-fixtures.txt) first (scripts/sdk-fixtures.sh) and sets
// SMITHY_REQUIRE_SDK_FIXTURES=1, so CI cannot skip this silently; a
// developer without them gets a skip that says how to fetch them.

// sdkModule returns the pinned module@version of an SDK from
// testdata/sdk-fixtures.txt (which scripts/sdk-fixtures.sh reads too).
func sdkModule(t *testing.T, sdk string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "sdk-fixtures.txt"))
	if err != nil {
		t.Fatal(err)
	}
	repo := map[string]string{"anthropic": "github.com/anthropics/anthropic-sdk-go/", "openai": "github.com/openai/openai-go/"}[sdk]
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, repo) && strings.Contains(l, "@") {
			return l
		}
	}
	t.Fatalf("testdata/sdk-fixtures.txt pins no %s module", repo)
	return ""
}

// sdkDir returns the module cache directory of an SDK, or skips (fails
// under SMITHY_REQUIRE_SDK_FIXTURES) when the cache lacks it.
func sdkDir(t *testing.T, sdk string) string {
	t.Helper()
	mod := sdkModule(t, sdk)
	cmd := exec.Command("go", "mod", "download", "-json", mod)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GOFLAGS=-mod=mod")
	out, _ := cmd.Output()
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		why := info.Error
		if why == "" {
			why = fmt.Sprintf("go mod download printed %q (%v)", out, err)
		}
		msg := fmt.Sprintf("the module cache lacks %s (%s): run bash scripts/sdk-fixtures.sh, or go mod download %s", mod, why, mod)
		if os.Getenv("SMITHY_REQUIRE_SDK_FIXTURES") != "" {
			t.Fatal(msg + " (SMITHY_REQUIRE_SDK_FIXTURES is set)")
		}
		t.Skip(msg)
	}
	return info.Dir
}

// sdkFile parses one Go file of an SDK.
func sdkFile(t *testing.T, dir, name string) *ast.File {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, 0)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

// stringLit returns the value of a string literal expression.
func stringLit(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}

// stringList returns the elements of a []string{...} literal whose
// elements are all string literals.
func stringList(e ast.Expr) ([]string, bool) {
	cl, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	at, ok := cl.Type.(*ast.ArrayType)
	if !ok || at.Len != nil {
		return nil, false
	}
	if id, ok := at.Elt.(*ast.Ident); !ok || id.Name != "string" {
		return nil, false
	}
	var out []string
	for _, el := range cl.Elts {
		s, ok := stringLit(el)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// funcDecl finds a top-level function by name.
func funcDecl(t *testing.T, f *ast.File, name string) *ast.FuncDecl {
	t.Helper()
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
			return fd
		}
	}
	t.Fatalf("no function %s (the pinned SDK changed?)", name)
	return nil
}

// tableCases returns, for a test table of the form
// map[string]struct{...}{"name": {events: []string{...}, expected: ...}},
// each case's events and its expected expression, by case name.
func tableCases(fd *ast.FuncDecl) map[string]*ast.CompositeLit {
	out := map[string]*ast.CompositeLit{}
	ast.Inspect(fd, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		name, ok := stringLit(kv.Key)
		body, isLit := kv.Value.(*ast.CompositeLit)
		if !ok || !isLit {
			return true
		}
		for _, el := range body.Elts {
			if f, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := f.Key.(*ast.Ident); ok && id.Name == "events" {
					out[name] = body
				}
			}
		}
		return true
	})
	return out
}

// field returns the value of a keyed element of a composite literal.
func field(cl *ast.CompositeLit, key string) ast.Expr {
	for _, el := range cl.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == key {
				return kv.Value
			}
		}
	}
	return nil
}

// sdkToolUse is a tool call as an SDK's own test expects its accumulator
// to give it.
type sdkToolUse struct{ ID, Name, Input string }

// expectedToolUses reads the Anthropic SDK's expected message of a case:
// every content block literal with Type "tool_use", its ID, Name and
// Input ([]byte(`...`)), in order.
func expectedToolUses(e ast.Expr) []sdkToolUse {
	var out []sdkToolUse
	ast.Inspect(e, func(n ast.Node) bool {
		cl, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		if typ, _ := stringLit(field(cl, "Type")); typ != "tool_use" {
			return true
		}
		var u sdkToolUse
		u.ID, _ = stringLit(field(cl, "ID"))
		u.Name, _ = stringLit(field(cl, "Name"))
		if call, ok := field(cl, "Input").(*ast.CallExpr); ok && len(call.Args) == 1 {
			u.Input, _ = stringLit(call.Args[0])
		}
		out = append(out, u)
		return false
	})
	return out
}

// sdkSequence is one event sequence from an SDK's tests.
type sdkSequence struct {
	name     string // file: test/case
	provider Provider
	events   [][]byte
	// sdk is what the SDK's own test expects of the tool calls, when it
	// says (nil: the test expects no tool call, or the sequence is not
	// from a table with expectations).
	sdk []sdkToolUse
}

// sdkSequences reads every tool-call event sequence the test uses.
func sdkSequences(t *testing.T) []sdkSequence {
	var out []sdkSequence
	lines := func(ss []string) [][]byte {
		var b [][]byte
		for _, s := range ss {
			b = append(b, []byte(s))
		}
		return b
	}
	// Anthropic: TestAccumulate's table (message_test.go) and the beta
	// Messages API's copy of it (betamessage_test.go).
	adir := sdkDir(t, "anthropic")
	for _, ff := range [][2]string{{"message_test.go", "TestAccumulate"}, {"betamessage_test.go", "TestBetaAccumulate"}} {
		file := ff[0]
		f := sdkFile(t, adir, file)
		fd := funcDecl(t, f, ff[1])
		cases := tableCases(fd)
		if len(cases) < 5 {
			t.Fatalf("anthropic %s: %d cases in TestAccumulate, want at least 5 (the pinned SDK changed?)", file, len(cases))
		}
		for name, body := range cases {
			ev, ok := stringList(field(body, "events"))
			if !ok {
				t.Fatalf("anthropic %s %q: events is not a list of strings", file, name)
			}
			out = append(out, sdkSequence{name: "anthropic/" + file + ": " + name, provider: ProviderAnthropic,
				events: lines(ev), sdk: expectedToolUses(field(body, "expected"))})
		}
	}
	// OpenAI Chat Completions: the recorded SSE body of
	// streamaccumulator_test.go (data: lines, [DONE] included) and the
	// two chunks of TestChatCompletionMessageConversionFromAccumulator.
	odir := sdkDir(t, "openai")
	f := sdkFile(t, odir, "streamaccumulator_test.go")
	var body string
	var args string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, sp := range gd.Specs {
			vs := sp.(*ast.ValueSpec)
			for i, n := range vs.Names {
				switch n.Name {
				case "mockResponseBody":
					body, _ = stringLit(vs.Values[i])
				case "expectedToolCall":
					if cl, ok := vs.Values[i].(*ast.CompositeLit); ok {
						args, _ = stringLit(field(cl, "Arguments"))
					}
				}
			}
		}
	}
	var sse [][]byte
	for _, l := range strings.Split(body, "\n") {
		if p, ok := strings.CutPrefix(l, "data: "); ok {
			sse = append(sse, []byte(p))
		}
	}
	if len(sse) < 10 || args == "" {
		t.Fatalf("openai streamaccumulator_test.go: %d data lines, expected arguments %q (the pinned SDK changed?)", len(sse), args)
	}
	out = append(out, sdkSequence{name: "openai/streamaccumulator_test.go: mockResponseBody", provider: ProviderOpenAI,
		events: sse, sdk: []sdkToolUse{{Name: "get_weather", Input: args}}})
	f = sdkFile(t, odir, "chatcompletion_helpers_test.go")
	var chunks []string
	ast.Inspect(funcDecl(t, f, "TestChatCompletionMessageConversionFromAccumulator"), func(n ast.Node) bool {
		if rs, ok := n.(*ast.RangeStmt); ok && chunks == nil {
			chunks, _ = stringList(rs.X)
		}
		return true
	})
	if len(chunks) != 2 {
		t.Fatalf("openai chatcompletion_helpers_test.go: %d chunks, want 2 (the pinned SDK changed?)", len(chunks))
	}
	// The test's expected message: ID call_1, lookup, its Arguments.
	var want []sdkToolUse
	ast.Inspect(funcDecl(t, f, "TestChatCompletionMessageConversionFromAccumulator"), func(n ast.Node) bool {
		cl, ok := n.(*ast.CompositeLit)
		if !ok || want != nil {
			return true
		}
		if id, ok := stringLit(field(cl, "ID")); ok {
			if fn, ok := field(cl, "Function").(*ast.CompositeLit); ok {
				name, _ := stringLit(field(fn, "Name"))
				input, _ := stringLit(field(fn, "Arguments"))
				want = []sdkToolUse{{ID: id, Name: name, Input: input}}
			}
		}
		return true
	})
	if want == nil {
		t.Fatal("openai chatcompletion_helpers_test.go: no expected tool call (the pinned SDK changed?)")
	}
	out = append(out, sdkSequence{name: "openai/chatcompletion_helpers_test.go: FromAccumulator", provider: ProviderOpenAI, events: lines(chunks), sdk: want})
	// OpenAI Responses API: the frames of the interleaved-turns test
	// (internal/websockettest), a function call whose deltas the .done
	// event corrects, among text, custom tool and unknown events.
	f = sdkFile(t, odir, filepath.Join("internal", "websockettest", "response_accumulator_test.go"))
	var frames []string
	ast.Inspect(funcDecl(t, f, "TestResponsesAccumulatorInterleavedTurns"), func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && frames == nil {
			if id, ok := as.Lhs[0].(*ast.Ident); ok && id.Name == "frames" {
				frames, _ = stringList(as.Rhs[0])
			}
		}
		return true
	})
	if len(frames) < 5 {
		t.Fatalf("openai response_accumulator_test.go: %d frames (the pinned SDK changed?)", len(frames))
	}
	out = append(out, sdkSequence{name: "openai/response_accumulator_test.go: InterleavedTurns", provider: ProviderOpenAIResponses, events: lines(frames)})
	return out
}

// concatArguments is an accumulator written apart from the decoder: the
// arguments text of each tool call of a sequence, by the provider's key,
// from the payloads that parse as JSON (a .done's whole text replaces
// the deltas, as the Responses API defines it).
func concatArguments(p Provider, events [][]byte) map[string]string {
	out := map[string]string{}
	for _, e := range events {
		var ev struct {
			Type         string `json:"type"`
			Index        *int   `json:"index"`
			ContentBlock *struct {
				Type string `json:"type"`
			} `json:"content_block"`
			Delta json.RawMessage `json:"delta"`
			// Responses
			OutputIndex int    `json:"output_index"`
			Arguments   string `json:"arguments"`
			Item        *struct {
				Type      string `json:"type"`
				Arguments string `json:"arguments"`
			} `json:"item"`
			// Chat Completions
			Choices []struct {
				Index int `json:"index"`
				Delta struct {
					ToolCalls []struct {
						Index    int `json:"index"`
						Function struct {
							Arguments string `json:"arguments"`
						} `json:"function"`
					} `json:"tool_calls"`
				} `json:"delta"`
			} `json:"choices"`
		}
		if json.Unmarshal(e, &ev) != nil {
			continue
		}
		switch p {
		case ProviderAnthropic:
			if ev.Index == nil {
				continue
			}
			key := strconv.Itoa(*ev.Index)
			switch ev.Type {
			case "content_block_start":
				if ev.ContentBlock != nil && ev.ContentBlock.Type == "tool_use" {
					out[key] = ""
				}
			case "content_block_delta":
				var d struct {
					Type        string `json:"type"`
					PartialJSON string `json:"partial_json"`
				}
				if _, ok := out[key]; ok && json.Unmarshal(ev.Delta, &d) == nil && d.Type == "input_json_delta" {
					out[key] += d.PartialJSON
				}
			}
		case ProviderOpenAIResponses:
			key := strconv.Itoa(ev.OutputIndex)
			switch ev.Type {
			case "response.output_item.added":
				if ev.Item != nil && ev.Item.Type == "function_call" {
					out[key] = ev.Item.Arguments
				}
			case "response.function_call_arguments.delta":
				var d string
				if _, ok := out[key]; ok && json.Unmarshal(ev.Delta, &d) == nil {
					out[key] += d
				}
			case "response.function_call_arguments.done":
				if _, ok := out[key]; ok {
					out[key] = ev.Arguments
				}
			}
		default:
			for _, ch := range ev.Choices {
				for _, tc := range ch.Delta.ToolCalls {
					k := fmt.Sprintf("%d/%d", ch.Index, tc.Index)
					out[k] += tc.Function.Arguments
				}
			}
		}
	}
	return out
}

// callKey is a call's key in concatArguments.
func callKey(p Provider, c Call) string {
	if p == ProviderOpenAI || p == ProviderOpenAICompat {
		return fmt.Sprintf("%d/%d", c.Choice, c.Index)
	}
	return strconv.Itoa(c.Index)
}

// sdkWant is what this project expects of each sequence, written by
// reading the SDKs' fixtures: one line a call (callLine's form) under the
// execution profile, the events ignored, the stop reason. Anthropic's
// sequences end with message_stop and most without a message_delta, so
// their calls end complete with no stop reason; text, thinking,
// citations, redacted thinking, compaction and fallback blocks, and
// server tools (web_search runs at the provider, it is not the agent's
// call) are ignored and counted, each of their events.
var sdkWant = map[string]struct {
	calls   []string
	ignored int
	stop    string
}{
	"anthropic/message_test.go: empty message":                     {nil, 1, ""}, // {"type: "message_stop"} is not JSON
	"anthropic/message_test.go: text content block":                {nil, 4, ""},
	"anthropic/message_test.go: text content block with citations": {nil, 4, ""},
	"anthropic/message_test.go: tool use block": {[]string{
		`0 toolu_id tool_name done=true end=complete stop= exact open=- err=- settled=argument viol= value={"argument": "value"}`,
	}, 0, ""},
	// The block's start is not JSON ("type": "content_block_start":
	// "index": 0, and an unquoted input): no call begins, so its delta
	// and stop are about no known block.
	"anthropic/message_test.go: tool use block with no params": {nil, 3, ""},
	"anthropic/message_test.go: server tool use block":         {nil, 5, ""},
	"anthropic/message_test.go: thinking block":                {nil, 5, ""},
	"anthropic/message_test.go: redacted thinking block":       {nil, 2, ""},
	// A text block, a thinking block, the tool call at block 2, a text
	// block whose stop is not JSON ("index": 3").
	"anthropic/message_test.go: multiple content blocks": {[]string{
		`2 toolu_id get_weather done=true end=complete stop= exact open=- err=- settled=city viol= value={"city": "Los Angeles"}`,
	}, 12, ""},
	// The tool call's fragments interleaved with a text block's.
	"anthropic/message_test.go: interleaved content blocks": {[]string{
		`2 toolu_id get_weather done=true end=complete stop= exact open=- err=- settled=city viol= value={"city": "Los Angeles"}`,
	}, 9, ""},
	"anthropic/betamessage_test.go: empty message":                     {nil, 1, ""},
	"anthropic/betamessage_test.go: text content block":                {nil, 4, ""},
	"anthropic/betamessage_test.go: text content block with citations": {nil, 4, ""},
	"anthropic/betamessage_test.go: tool use block": {[]string{
		`0 toolu_id tool_name done=true end=complete stop= exact open=- err=- settled=argument viol= value={"argument": "value"}`,
	}, 0, ""},
	"anthropic/betamessage_test.go: tool use block with no params": {nil, 3, ""},
	"anthropic/betamessage_test.go: server tool use block":         {nil, 5, ""},
	"anthropic/betamessage_test.go: thinking block":                {nil, 5, ""},
	"anthropic/betamessage_test.go: redacted thinking block":       {nil, 2, ""},
	"anthropic/betamessage_test.go: multiple content blocks": {[]string{
		`2 toolu_id get_weather done=true end=complete stop= exact open=- err=- settled=city viol= value={"city": "Los Angeles"}`,
	}, 12, ""},
	"anthropic/betamessage_test.go: interleaved content blocks": {[]string{
		`2 toolu_id get_weather done=true end=complete stop= exact open=- err=- settled=city viol= value={"city": "Los Angeles"}`,
	}, 9, ""},
	"anthropic/betamessage_test.go: compaction block":                          {nil, 3, ""},
	"anthropic/betamessage_test.go: refusal with stop_details and usage":       {nil, 2, "refusal"},
	"anthropic/betamessage_test.go: message_delta usage with fallback_credit":  {nil, 2, "end_turn"},
	"anthropic/betamessage_test.go: fallback block relabels accumulated model": {nil, 2, "end_turn"},
	// A recorded gpt-4o stream: 186 content chunks (a story, token by
	// token), the role chunk, two usage-only chunks, then one call in
	// nine fragments, finish_reason tool_calls and [DONE] (handled).
	"openai/streamaccumulator_test.go: mockResponseBody": {[]string{
		`0 call_FXoAjBUMcVv1k40fficJ9cSs get_weather done=true end=complete stop=tool_calls exact open=- err=- settled=location viol= value={"location":"Santorini, Greece"}`,
	}, 187, "tool_calls"},
	// Two chunks and no finish_reason: the arguments read whole, but the
	// stream never said they were complete, so execution refuses them.
	"openai/chatcompletion_helpers_test.go: FromAccumulator": {[]string{
		`0 call_1 lookup done=false end=interrupted stop= exact open=- err=E010 settled=x viol= value=null`,
	}, 0, ""},
	// The deltas say "{incomplete", the .done event {"value":1}: the
	// whole text wins. Ignored: two text deltas, the custom tool call's
	// three events, the text's done, the unknown response.future_event,
	// response.created.
	"openai/response_accumulator_test.go: InterleavedTurns": {[]string{
		`0 call_fc lookup done=true end=complete stop=completed exact open=- err=- settled=value viol= value={"value":1}`,
	}, 8, "completed"},
}

// sdkDifferences are the sequences where this decoder's calls differ
// from what the SDK's own test expects its accumulator to give, each
// with the reason; a listed sequence that starts agreeing fails the test.
var sdkDifferences = map[string]string{
	"anthropic/message_test.go: tool use block with no params":     "the tool_use block's start event is not JSON; the decoder reads only JSON events (it does not guess at a provider's payload) and counts it in ignored_events, so there is no call",
	"anthropic/betamessage_test.go: tool use block with no params": "the same fixture as message_test.go's",
}

// TestSDKFixtures decodes the SDKs' own streamed tool calls: each
// sequence gives the calls written in sdkWant; feeding it an event at a
// time gives what llm.run gives; random re-chunkings of its argument
// fragments give the same calls; each finished call's value is Repair of
// its arguments as an accumulator written apart concatenates them; and
// read leniently, the calls are those the SDK's own test expects (ID,
// name, arguments), except the documented sdkDifferences.
func TestSDKFixtures(t *testing.T) {
	seqs := sdkSequences(t)
	rng := rand.New(rand.NewSource(25))
	seen := map[string]bool{}
	for _, s := range seqs {
		t.Run(s.name, func(t *testing.T) {
			seen[s.name] = true
			want, ok := sdkWant[s.name]
			if !ok {
				t.Fatalf("no expectation for this SDK sequence: read it and add one to sdkWant")
			}
			o := LLMOptions{Provider: s.provider, Options: Options{Profile: ProfileExecution}}
			res, err := RunLLM(o, s.events)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range res.Calls {
				got = append(got, callLine(c))
			}
			if strings.Join(got, "\n") != strings.Join(want.calls, "\n") || res.IgnoredEvents != want.ignored || res.StopReason != want.stop {
				t.Errorf("got calls\n  %s\nignored %d, stop %q; want\n  %s\nignored %d, stop %q",
					strings.Join(got, "\n  "), res.IgnoredEvents, res.StopReason, strings.Join(want.calls, "\n  "), want.ignored, want.stop)
			}
			whole, _ := json.Marshal(res)

			// an event at a time, as llm.open/feed/close
			st, _ := NewLLMStream(o)
			for _, e := range s.events {
				st.Feed(e)
			}
			if one, _ := json.Marshal(st.Close()); !bytes.Equal(one, whole) {
				t.Errorf("fed an event at a time:\n%s\nllm.run:\n%s", one, whole)
			}

			// random chunkings of the argument fragments: the same calls,
			// error and stop reason (more events, so ignored_events may
			// grow when an ignored block's deltas are split too)
			for k := 0; k < 20; k++ {
				r, _ := RunLLM(o, rechunk(t, rng, s.provider, s.events))
				r.IgnoredEvents = res.IgnoredEvents
				if rj, _ := json.Marshal(r); !bytes.Equal(rj, whole) {
					t.Fatalf("chunking %d:\n%s\nwant\n%s", k, rj, whole)
				}
			}

			// each finished call is Repair of its concatenated arguments
			args := concatArguments(s.provider, s.events)
			for _, c := range res.Calls {
				text, ok := args[callKey(s.provider, c)]
				if !ok {
					t.Errorf("call %d: the accumulator found no arguments for it", c.Index)
					continue
				}
				if !c.Done || c.End != EndComplete || c.Error != nil {
					continue
				}
				if strings.TrimSpace(text) == "" {
					text = "{}"
				}
				r, err := Repair([]byte(text), o.Options)
				if err != nil || r.Text != string(c.Value) {
					t.Errorf("call %d: value %s, Repair of %q gives %+v %v", c.Index, c.Value, text, r, err)
				}
			}

			// the SDK's own expectation, read leniently
			if s.sdk == nil {
				return
			}
			lo := o
			lo.Options.Profile = ProfileLenient
			lr, _ := RunLLM(lo, s.events)
			agree := len(lr.Calls) == len(s.sdk)
			for i := 0; agree && i < len(s.sdk); i++ {
				c, u := lr.Calls[i], s.sdk[i]
				var gv, wv any
				agree = (u.ID == "" || u.ID == c.ID) && u.Name == c.Name &&
					json.Unmarshal(c.Value, &gv) == nil && json.Unmarshal([]byte(u.Input), &wv) == nil &&
					fmt.Sprint(gv) == fmt.Sprint(wv)
			}
			reason, listed := sdkDifferences[s.name]
			switch {
			case !agree && !listed:
				lj, _ := json.Marshal(lr.Calls)
				t.Errorf("the SDK's test expects %+v; the lenient decoding gives %s", s.sdk, lj)
			case agree && listed:
				t.Errorf("listed as a difference (%s), but the calls now agree with the SDK's: remove it from sdkDifferences", reason)
			}
		})
	}
	for name := range sdkWant {
		if !seen[name] {
			t.Errorf("sdkWant names %q, which the pinned SDKs no longer have", name)
		}
	}
	for name := range sdkDifferences {
		if !seen[name] {
			t.Errorf("sdkDifferences names %q, which the pinned SDKs no longer have", name)
		}
	}
}
