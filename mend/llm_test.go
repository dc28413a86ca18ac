package mend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func loadEvents(t testing.TB, name string) [][]byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "llm", name))
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
			out = append(out, append([]byte(nil), line...))
		}
	}
	return out
}

func llmTools(t testing.TB) map[string]Declaration {
	return map[string]Declaration{
		"search_docs":  mustCompact(t, `{!query:string,limit:integer}`),
		"current_time": mustCompact(t, `{}`),
	}
}

// callLine renders what a test pins of a call.
func callLine(c Call) string {
	open := "-"
	if c.OpenPath != nil {
		open = *c.OpenPath
	}
	code := "-"
	if c.Error != nil {
		code = c.Error.Code
	}
	var viol []string
	for _, e := range c.Events {
		if e.Kind == EventViolation {
			viol = append(viol, e.Finding.Code+"@"+e.Path)
		}
	}
	return fmt.Sprintf("%d %s %s done=%v end=%s stop=%s %s open=%s err=%s settled=%s viol=%s value=%s",
		c.Index, c.ID, c.Name, c.Done, c.End, c.StopReason, c.Exactness, open, code,
		strings.Join(c.Settled, ","), strings.Join(viol, ","), c.Value)
}

// The fixtures are written after the providers' documented event shapes
// (Anthropic's Messages streaming, OpenAI's Chat Completions chunks and
// Responses API events): one payload a line.
var llmFixtures = []struct {
	file     string
	provider Provider
	profile  Profile
	want     []string
	err      string
	ignored  int
}{
	{"anthropic_tool_use.jsonl", ProviderAnthropic, ProfileExecution, []string{
		`1 toolu_01Wq7c search_docs done=true end=complete stop=tool_use exact open=- err=- settled=query,limit viol= value={"query": "smithy streaming", "limit": 5}`,
	}, "", 4}, // the text block's start, delta and stop, and the ping
	{"anthropic_parallel.jsonl", ProviderAnthropic, ProfileExecution, []string{
		`1 toolu_01A search_docs done=true end=complete stop=tool_use exact open=- err=- settled=query,limit viol= value={"query": "traits", "limit": 2}`,
		`2 toolu_01B current_time done=true end=complete stop=tool_use exact open=- err=- settled= viol= value={}`,
		`3 toolu_01C search_docs done=true end=complete stop=tool_use exact open=- err=E031 settled=query,limit viol=type@/limit value=null`,
	}, "", 4}, // the thinking block: start, two deltas, stop
	{"anthropic_max_tokens.jsonl", ProviderAnthropic, ProfileLenient, []string{
		`0 toolu_01Cut search_docs done=false end=max_tokens stop=max_tokens lossy open=/query err=- settled=limit viol= value={"limit": 5, "query": "the history of the Byzantine emp"}`,
	}, "", 0},
	{"anthropic_max_tokens.jsonl", ProviderAnthropic, ProfileExecution, []string{
		`0 toolu_01Cut search_docs done=false end=max_tokens stop=max_tokens lossy open=/query err=E010 settled=limit viol= value=null`,
	}, "", 0},
	{"anthropic_error.jsonl", ProviderAnthropic, ProfileExecution, []string{
		`0 toolu_01Er search_docs done=false end=provider_error stop= lossy open=/query err=E010 settled= viol= value=null`,
	}, "overloaded_error: Overloaded", 0},
	{"anthropic_cut.jsonl", ProviderAnthropic, ProfileLenient, []string{
		`0 toolu_01Ct search_docs done=false end=interrupted stop= lossy open=/li err=- settled=query viol= value={"query": "shapes", "li":null}`,
	}, "", 1}, // the unknown event type
	{"openai_parallel.jsonl", ProviderOpenAI, ProfileExecution, []string{
		`0 call_Qa1 search_docs done=true end=complete stop=tool_calls exact open=- err=- settled=query,limit viol= value={"query": "unions", "limit": 4}`,
		`1 call_Qb2 current_time done=true end=complete stop=tool_calls exact open=- err=- settled= viol= value={}`,
		`2 call_Qc3 search_docs done=true end=complete stop=tool_calls cosmetic open=- err=- settled=query,limit viol= value={"query": "enums", "limit": 1}`,
	}, "", 2}, // the role-only chunk and the usage-only chunk
	{"openai_length.jsonl", ProviderOpenAI, ProfileExecution, []string{
		`0 call_L1 search_docs done=false end=max_tokens stop=length lossy open=/query err=E010 settled=limit viol= value=null`,
	}, "", 0},
	{"openai_compat_error.jsonl", ProviderOpenAICompat, ProfileLenient, []string{
		`0 call_c1 search_docs done=false end=provider_error stop= lossy open=/query err=- settled= viol= value={"query": "sm"}`,
	}, "server_error: The server had an error while processing your request.", 0},
	{"responses_function_call.jsonl", ProviderOpenAIResponses, ProfileExecution, []string{
		`0 call_R1 search_docs done=true end=complete stop=completed exact open=- err=- settled=query,limit viol= value={"query": "validation", "limit": 3}`,
		`1 call_R2 search_docs done=true end=complete stop=completed exact open=- err=E031 settled=query,limit viol=type@/query value=null`,
	}, "", 2}, // response.created and response.in_progress
	{"responses_incomplete.jsonl", ProviderOpenAIResponses, ProfileLenient, []string{
		`0 call_X search_docs done=false end=max_tokens stop=max_output_tokens lossy open=/query err=- settled=limit viol= value={"limit": 5, "query": "the history of the Byzantine emp"}`,
	}, "", 1},
	{"responses_error.jsonl", ProviderOpenAIResponses, ProfileExecution, []string{
		`0 call_E search_docs done=false end=provider_error stop= lossy open=/query err=E010 settled= viol= value=null`,
	}, "server_error: The model failed to generate a response.", 1},
}

// TestLLMFixtures decodes each fixture to the expected calls.
func TestLLMFixtures(t *testing.T) {
	for _, f := range llmFixtures {
		name := f.file + "/" + f.profile.String()
		res, err := RunLLM(LLMOptions{Provider: f.provider, Options: Options{Profile: f.profile}, Tools: llmTools(t)}, loadEvents(t, f.file))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var got []string
		for _, c := range res.Calls {
			got = append(got, callLine(c))
		}
		if strings.Join(got, "\n") != strings.Join(f.want, "\n") {
			t.Errorf("%s: calls\n got %s\nwant %s", name, strings.Join(got, "\n     "), strings.Join(f.want, "\n     "))
		}
		if res.Error != f.err || res.IgnoredEvents != f.ignored {
			t.Errorf("%s: error %q ignored %d, want %q %d", name, res.Error, res.IgnoredEvents, f.err, f.ignored)
		}
	}
}

// rechunk splits every argument fragment of events into random pieces,
// each in an event of the same shape (the first keeps the call's id and
// name).
func rechunk(t testing.TB, rng *rand.Rand, p Provider, events [][]byte) [][]byte {
	var out [][]byte
	for _, e := range events {
		var m map[string]any
		if json.Unmarshal(e, &m) != nil {
			out = append(out, e)
			continue
		}
		get, put := fragmentField(m, p)
		if get == nil {
			out = append(out, e)
			continue
		}
		frag := get()
		cuts := randomCuts(rng, len(frag), 1+rng.Intn(4))
		prev := 0
		for k, c := range append(cuts, len(frag)) {
			if c == prev && k < len(cuts) {
				continue
			}
			var cp map[string]any
			_ = json.Unmarshal(e, &cp)
			_, put2 := fragmentField(cp, p)
			put2(frag[prev:c], prev == 0)
			b, _ := json.Marshal(cp)
			out = append(out, b)
			prev = c
		}
		_ = put
	}
	return out
}

// fragmentField finds the argument fragment of an event: a getter and a
// setter (first: the piece is the first of the fragment).
func fragmentField(m map[string]any, p Provider) (func() string, func(string, bool)) {
	switch p {
	case ProviderAnthropic:
		d, _ := m["delta"].(map[string]any)
		if m["type"] != "content_block_delta" || d == nil || d["type"] != "input_json_delta" {
			return nil, nil
		}
		return func() string { s, _ := d["partial_json"].(string); return s },
			func(s string, _ bool) { d["partial_json"] = s }
	case ProviderOpenAIResponses:
		if m["type"] != "response.function_call_arguments.delta" {
			return nil, nil
		}
		return func() string { s, _ := m["delta"].(string); return s },
			func(s string, _ bool) { m["delta"] = s }
	default:
		chs, _ := m["choices"].([]any)
		if len(chs) != 1 {
			return nil, nil
		}
		ch, _ := chs[0].(map[string]any)
		d, _ := ch["delta"].(map[string]any)
		tcs, _ := d["tool_calls"].([]any)
		if len(tcs) != 1 || ch["finish_reason"] != nil {
			return nil, nil
		}
		tc, _ := tcs[0].(map[string]any)
		fn, _ := tc["function"].(map[string]any)
		return func() string { s, _ := fn["arguments"].(string); return s },
			func(s string, first bool) {
				fn["arguments"] = s
				if !first {
					delete(tc, "id")
					delete(tc, "type")
					delete(fn, "name")
				}
			}
	}
}

// TestLLMChunkings: for every fixture and random re-chunkings of its
// argument fragments, llm.run gives the same calls, and each finished
// call's value is Repair of its concatenated arguments.
func TestLLMChunkings(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, f := range llmFixtures {
		o := LLMOptions{Provider: f.provider, Options: Options{Profile: f.profile}, Tools: llmTools(t)}
		events := loadEvents(t, f.file)
		want, _ := RunLLM(o, events)
		wj, _ := json.Marshal(want)
		for k := 0; k < 20; k++ {
			ev := rechunk(t, rng, f.provider, events)
			got, _ := RunLLM(o, ev)
			gj, _ := json.Marshal(got)
			if string(gj) != string(wj) {
				t.Fatalf("%s, chunking %d:\n got %s\nwant %s", f.file, k, gj, wj)
			}
		}
		// the value of each finished call is Repair of its arguments
		s, _ := NewLLMStream(o)
		for _, e := range events {
			s.Feed(e)
		}
		texts := map[int]string{}
		for _, c := range s.sorted() {
			texts[c.order] = string(c.text)
		}
		res := s.Close()
		for i, c := range res.Calls {
			if !c.Done || c.Error != nil || texts[i] == "" {
				continue
			}
			r, err := Repair([]byte(texts[i]), o.Options)
			if err != nil || r.Text != string(c.Value) {
				t.Errorf("%s call %d: value %s, Repair gives %v %v", f.file, i, c.Value, r, err)
			}
		}
	}
}

// TestLLMUnknownTool: with a tool list, a call to a tool it lacks is a
// finding at once and refused at close.
func TestLLMUnknownTool(t *testing.T) {
	tools := map[string]Declaration{"search_docs": mustCompact(t, `{!query:string}`)}
	s, _ := NewLLMStream(LLMOptions{Provider: ProviderAnthropic, Tools: tools})
	events := loadEvents(t, "anthropic_parallel.jsonl")
	var first []Event
	for _, e := range events {
		for _, c := range s.Feed(e).Calls {
			if c.Name == "current_time" && first == nil && len(c.Events) > 0 {
				first = c.Events
			}
		}
	}
	if len(first) != 1 || first[0].Finding.Code != "unknown-tool" {
		t.Fatalf("the unknown tool's first report: %+v", first)
	}
	res := s.Close()
	c := res.Calls[1]
	if c.Name != "current_time" || c.Error == nil || c.Error.Code != CodeSchema || string(c.Value) != "null" {
		t.Fatalf("at close: %s", callLine(c))
	}
	// Neither is about a place in the arguments: no position is written
	// (the contract's "when known"), not a made-up 0:0.
	for what, v := range map[string]any{"the finding": first[0].Finding, "the E031": c.Error} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{`"line"`, `"column"`, `"offset"`} {
			if strings.Contains(string(b), k) {
				t.Errorf("%s has %s: %s", what, k, b)
			}
		}
	}
	if first[0].Finding.Located() || c.Error.Located() || c.Error.Error() != CodeSchema+`: the tool list has no tool named "current_time"` {
		t.Errorf("located %v %v; %q", first[0].Finding.Located(), c.Error.Located(), c.Error.Error())
	}
}

// TestLLMFeedReportsProgress: each feed reports the touched call with its
// value so far and its open path.
func TestLLMFeedReportsProgress(t *testing.T) {
	s, _ := NewLLMStream(LLMOptions{Provider: ProviderAnthropic, Tools: llmTools(t)})
	var lines []string
	for _, e := range loadEvents(t, "anthropic_tool_use.jsonl") {
		f := s.Feed(e)
		for _, c := range f.Calls {
			lines = append(lines, fmt.Sprintf("%s %s %s", c.End, derefOr(c.OpenPath), c.Value))
		}
	}
	want := []string{
		`open - null`,
		`open - null`,
		`open /query {"query": "smithy str"}`,
		`open /li {"query": "smithy streaming", "li":null}`,
		`open - {"query": "smithy streaming", "limit": 5}`,
		`open - {"query": "smithy streaming", "limit": 5}`,
		`complete - {"query": "smithy streaming", "limit": 5}`,
		`complete - {"query": "smithy streaming", "limit": 5}`,
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Fatalf("feeds:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

func derefOr(p *string) string {
	if p == nil {
		return "-"
	}
	return *p
}

// TestLLMHostile: payloads that are not JSON, wrong shapes and absurd
// indexes are ignored and counted, never fatal.
func TestLLMHostile(t *testing.T) {
	for _, p := range []Provider{ProviderAnthropic, ProviderOpenAI, ProviderOpenAIResponses} {
		s, _ := NewLLMStream(LLMOptions{Provider: p, MaxCalls: 2})
		bad := []string{``, `{`, `null`, `[]`, `"x"`, `{"type":5}`, `{"choices":"x"}`, `{"choices":[{"delta":{"tool_calls":[{"index":-1}]}}]}`,
			`{"type":"content_block_delta","index":99,"delta":{"type":"input_json_delta","partial_json":"{"}}`,
			`{"type":"response.function_call_arguments.delta","item_id":"nope","delta":"{"}`,
			`{"type":"content_block_start","index":1,"content_block":"x"}`,
			`{"type":"content_block_start","index":"0","content_block":{"type":"tool_use","id":"t","name":"n","input":{}}}`,
			`{"type":"content_block_start","content_block":{"type":"tool_use","id":"t","name":"n","input":{}}}`,
			`{"type":"response.output_item.added","output_index":"0","item":{"type":"function_call","id":"f","name":"n","arguments":""}}`}
		for _, b := range bad {
			s.Feed([]byte(b))
		}
		for k := 0; k < 5; k++ {
			switch p {
			case ProviderAnthropic:
				s.Feed([]byte(fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":{"type":"tool_use","id":"t%d","name":"n","input":{}}}`, k, k)))
			case ProviderOpenAI:
				s.Feed([]byte(fmt.Sprintf(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":%d,"id":"c%d","function":{"name":"n","arguments":"{}"}}]}}]}`, k, k)))
			default:
				s.Feed([]byte(fmt.Sprintf(`{"type":"response.output_item.added","output_index":%d,"item":{"type":"function_call","id":"f%d","name":"n","arguments":""}}`, k, k)))
			}
		}
		res := s.Close()
		for _, c := range res.Calls {
			if c.ID == "t" || c.ID == "f" {
				t.Errorf("%s: a call from an event with a malformed index: %s", p, callLine(c))
			}
		}
		if len(res.Calls) > 2 || res.IgnoredEvents < len(bad)-1 {
			t.Errorf("%s: %d calls, %d ignored", p, len(res.Calls), res.IgnoredEvents)
		}
	}
}

// TestLLMReportedEventsStay: the events each feed reports are the call's
// events in order, and they still read the same after the stream has
// gone on and closed (the watcher reuses its lists; the stream copies
// out of them): joined, every feed's lists are the start of the close's.
func TestLLMReportedEventsStay(t *testing.T) {
	for _, f := range []struct {
		file string
		p    Provider
	}{
		{"anthropic_parallel.jsonl", ProviderAnthropic},
		{"openai_parallel.jsonl", ProviderOpenAI},
		{"responses_function_call.jsonl", ProviderOpenAIResponses},
	} {
		s, _ := NewLLMStream(LLMOptions{Provider: f.p, Tools: llmTools(t)})
		type report struct {
			events []Event
			then   string
		}
		var reports []report
		fed := map[string][]Event{}
		total := 0
		for _, e := range loadEvents(t, f.file) {
			for _, c := range s.Feed(e).Calls {
				b, _ := json.Marshal(c.Events)
				reports = append(reports, report{c.Events, string(b)})
				fed[c.ID] = append(fed[c.ID], c.Events...)
				total += len(c.Events)
			}
		}
		if total == 0 {
			t.Fatalf("%s: no events reported", f.file)
		}
		for _, c := range s.Close().Calls {
			n := len(fed[c.ID])
			if n > len(c.Events) {
				t.Fatalf("%s %s: %d events fed, %d at close", f.file, c.ID, n, len(c.Events))
			}
			got, _ := json.Marshal(c.Events[:n])
			want, _ := json.Marshal(append([]Event{}, fed[c.ID]...))
			if string(got) != string(want) {
				t.Errorf("%s %s: the feeds' events\n%s\nare not the start of the close's\n%s", f.file, c.ID, want, got)
			}
		}
		for k, r := range reports {
			if now, _ := json.Marshal(r.events); string(now) != r.then {
				t.Errorf("%s: report %d changed after close:\n%s\nwas\n%s", f.file, k, now, r.then)
			}
		}
	}
}
