package gate

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
)

const searchOpSmithy = searchSmithy + `
operation Search {
    input: SearchInput
}
`

// call runs a stream method and returns its result text, exit and error
// code ("" when none).
func call(t *testing.T, s *Streams, method, params string, resolve Resolver) (string, int, string) {
	t.Helper()
	out, exit, err := s.Call(method, []byte(params), resolve)
	if err != nil {
		e, ok := AsError(err)
		if !ok {
			t.Fatalf("%s: not a coded error: %v", method, err)
		}
		return "", e.Exit, e.Code
	}
	return string(out), exit, ""
}

// TestWatchMethods: the seed's watch.start/feed/finish, one stream a
// connection, with each kind of declaration.
func TestWatchMethods(t *testing.T) {
	m := loadModel(t, searchOpSmithy)
	resolve := func() (*model.Model, error) { return m, nil }
	schemaJSON, _ := json.Marshal(searchSchema)
	for _, decl := range []struct{ name, params, schema string }{
		{"compact", `{"schema":"{!query:string,!limit:integer,exact:boolean}"}`, `{!query:string,!limit:integer,exact:boolean}`},
		{"json schema", `{"schema_json":` + string(schemaJSON) + `}`, ""},
		{"smithy shape", `{"shape":"example.search#SearchInput"}`, `example.search#SearchInput`},
	} {
		t.Run(decl.name, func(t *testing.T) {
			var s Streams
			out, _, code := call(t, &s, "watch.start", decl.params, resolve)
			if code != "" || !strings.Contains(out, `"ok":true`) || (decl.schema != "" && !strings.Contains(out, `"schema":"`+decl.schema+`"`)) {
				t.Fatalf("start: %s %s", out, code)
			}
			// a second start is an error and leaves the first stream as it was
			if _, exit, code := call(t, &s, "watch.start", `{}`, resolve); code != "E050" || exit != 2 {
				t.Fatalf("second start: %s %d", code, exit)
			}
			out, _, _ = call(t, &s, "watch.feed", `{"chunk":"{\"query\": 5"}`, resolve)
			if !strings.Contains(out, `"op":"begin"`) || !strings.Contains(out, `"bytes":11`) {
				t.Fatalf("feed: %s", out)
			}
			out, _, _ = call(t, &s, "watch.feed", `{"chunk":", \"limit\": 2}"}`, resolve)
			if !strings.Contains(out, `"kind":"violation","path":"/query","at":10`) || !strings.Contains(out, `"kind":"complete"`) {
				t.Fatalf("feed 2: %s", out)
			}
			out, exit, _ := call(t, &s, "watch.finish", ``, resolve)
			if exit != 1 || !strings.Contains(out, `"final":null`) || !strings.Contains(out, `"code":"E031"`) || !strings.Contains(out, `"watcher_final":{"syntax_permille":1000`) {
				t.Fatalf("finish: %d %s", exit, out)
			}
			if _, _, code := call(t, &s, "watch.feed", `{"chunk":"x"}`, resolve); code != "E050" {
				t.Fatalf("feed after finish: %s", code)
			}
		})
	}
}

func TestWatchMethodErrors(t *testing.T) {
	var s Streams
	for _, tc := range []struct{ name, method, params, code string }{
		{"feed before start", "watch.feed", `{"chunk":"{"}`, "E050"},
		{"finish before start", "watch.finish", ``, "E050"},
		{"bad params", "watch.start", `[1]`, "E050"},
		{"two declarations", "watch.start", `{"schema":"{a:string}","shape":"a#B"}`, "E050"},
		{"shape without a model", "watch.start", `{"shape":"a#B"}`, "E050"},
		{"bad profile", "watch.start", `{"profile":"loose"}`, "E050"},
		{"bad provider", "llm.open", `{"provider":"gemini"}`, "E050"},
		{"llm.feed before open", "llm.feed", `{"event":"{}"}`, "E050"},
		{"llm.run without events", "llm.run", `{"provider":"openai"}`, "E050"},
		{"unknown method", "watch.pause", `{}`, "E050"},
	} {
		if _, _, code := call(t, &s, tc.method, tc.params, nil); code != tc.code {
			t.Errorf("%s: code %q, want %q", tc.name, code, tc.code)
		}
	}
	// feed needs its chunk once a stream is active
	call(t, &s, "watch.start", `{}`, nil)
	if _, _, code := call(t, &s, "watch.feed", `{}`, nil); code != "E050" {
		t.Errorf("feed without chunk: %q", code)
	}
}

func mendFixture(t *testing.T, name string) []string {
	b, err := os.ReadFile("../../mend/testdata/llm/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

// TestLLMMethods: llm.open/feed/close and llm.run on a fixture give the
// same calls; events are accepted as the seed's JSON text or as objects.
func TestLLMMethods(t *testing.T) {
	lines := mendFixture(t, "anthropic_parallel.jsonl")
	tools := `{"tools":[{"name":"search_docs","inputSchema":{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"}},"required":["query"]}}]}`
	var s Streams
	if out, _, code := call(t, &s, "llm.open", `{"provider":"anthropic","tools":`+tools+`}`, nil); code != "" || !strings.Contains(out, `"provider":"anthropic"`) {
		t.Fatalf("open: %s %s", out, code)
	}
	if _, _, code := call(t, &s, "llm.open", `{}`, nil); code != "E050" {
		t.Fatalf("second open: %s", code)
	}
	for i, l := range lines {
		param := l // an object
		if i%2 == 0 {
			q, _ := json.Marshal(l) // the seed's form: the JSON text in a string
			param = string(q)
		}
		if _, _, code := call(t, &s, "llm.feed", `{"event":`+param+`}`, nil); code != "" {
			t.Fatalf("feed %d: %s", i, code)
		}
	}
	closed, exit, _ := call(t, &s, "llm.close", ``, nil)
	// current_time is not in the tool list; the third call's limit is a string
	if exit != 1 || !strings.Contains(closed, `"code":"unknown-tool"`) || !strings.Contains(closed, `"ignored_events":4`) {
		t.Fatalf("close: %d %s", exit, closed)
	}
	evs, _ := json.Marshal(lines)
	var raw []json.RawMessage
	_ = json.Unmarshal(evs, &raw)
	run, exit2, _ := call(t, &s, "llm.run", `{"provider":"anthropic","tools":`+tools+`,"events":`+string(evs)+`}`, nil)
	if run != closed || exit2 != exit {
		t.Fatalf("run differs from open/feed/close:\n%s\n%s", run, closed)
	}
}

// TestLLMTools: the three forms of a tool list, a Smithy operation's
// input among them.
func TestLLMTools(t *testing.T) {
	m := loadModel(t, searchOpSmithy)
	resolve := func() (*model.Model, error) { return m, nil }
	events, _ := json.Marshal(mendFixture(t, "openai_parallel.jsonl"))
	for _, tc := range []struct{ name, tools string }{
		{"by name, an operation", `{"search_docs":{"shape":"example.search#Search"},"current_time":{"schema":"{}"}}`},
		{"by name, compact", `{"search_docs":{"schema":"{!query:string,!limit:integer}"},"current_time":{"schema":"{}"}}`},
		{"mcp tools array", `[{"name":"search_docs","inputSchema":{"type":"object","required":["query","limit"]}},{"name":"current_time"}]`},
	} {
		var s Streams
		out, exit, code := call(t, &s, "llm.run", `{"provider":"openai","tools":`+tc.tools+`,"events":`+string(events)+`}`, resolve)
		if code != "" || exit != 0 || strings.Contains(out, `"error":{`) || strings.Count(out, `"end":"complete"`) != 3 {
			t.Errorf("%s: %d %s %s", tc.name, exit, code, out)
		}
	}
	var s Streams
	if _, _, code := call(t, &s, "llm.run", `{"provider":"openai","tools":{"x":{}},"events":[]}`, nil); code != "E050" {
		t.Errorf("a tool without a declaration: %q", code)
	}
	if _, exit, code := call(t, &s, "llm.run", `{"provider":"openai","tools":{"x":{"shape":"example.search#Nope"}},"events":[]}`, resolve); code != "E030" || exit != 3 {
		t.Errorf("a tool shape not in the model: %q %d", code, exit)
	}
}

// TestLLMExits: a cut call exits 5, a clean stream 0.
func TestLLMExits(t *testing.T) {
	for _, tc := range []struct {
		file, provider, profile string
		exit                    int
	}{
		{"anthropic_tool_use.jsonl", "anthropic", "", 0},
		{"anthropic_max_tokens.jsonl", "anthropic", "", 5},
		{"anthropic_max_tokens.jsonl", "anthropic", "lenient", 5},
		{"responses_error.jsonl", "openai_responses", "", 5},
		{"openai_compat_error.jsonl", "openai_compat", "lenient", 5},
	} {
		events, _ := json.Marshal(mendFixture(t, tc.file))
		var s Streams
		_, exit, code := call(t, &s, "llm.run", `{"provider":"`+tc.provider+`","profile":"`+tc.profile+`","events":`+string(events)+`}`, nil)
		if code != "" || exit != tc.exit {
			t.Errorf("%s %s: exit %d %s, want %d", tc.file, tc.profile, exit, code, tc.exit)
		}
	}
}

// TestParseToolsMistakes: a tool list of the wrong shape is a usage error
// (E050) that names the tool and what was expected, in the words of the
// three forms; until 2026-12-03 it was encoding/json's own message, naming
// Go types ("json: cannot unmarshal number into Go value of type
// gate.Params") and neither the tool nor the member.
func TestParseToolsMistakes(t *testing.T) {
	for _, tc := range []struct{ name, tools, want string }{
		{"array element a number", `[{"name":"a"},1]`, `tools: tool 1 is a number, not an object with a "name" and an "inputSchema"`},
		{"array name a number", `[{"name":5}]`, `tools: tool 0: "name" is a number, not a string`},
		{"tools not an array", `{"tools":5}`, `tools: "tools" is a number, not an array of tools`},
		{"declaration a number", `{"b":{"schema":"{}"},"a":1}`, `tools: "a" is a number, not a declaration ({"schema": ...}, {"schema_json": ...} or {"shape": ...})`},
		{"declaration an array", `{"a":[]}`, `tools: "a" is an array, not a declaration ({"schema": ...}, {"schema_json": ...} or {"shape": ...})`},
		{"schema a number", `{"a":{"schema":5}}`, `tools: "a": "schema" is a number, not a string`},
		{"shape an object", `{"a":{"shape":{}}}`, `tools: "a": "shape" is an object, not a string`},
		{"not JSON inside", `{"a":{"schema":"{}"}`, `tools: not JSON`},
	} {
		_, err := ParseTools(json.RawMessage(tc.tools), nil)
		me, ok := AsError(err)
		if !ok || me.Code != CodeUsage {
			t.Errorf("%s: %v, want a usage error", tc.name, err)
			continue
		}
		if !strings.HasPrefix(me.Message, tc.want) {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, me.Message, tc.want)
		}
		if strings.Contains(me.Message, "Go ") || strings.Contains(me.Message, "gate.") {
			t.Errorf("%s: the message names Go types: %s", tc.name, me.Message)
		}
	}
}
