package gate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"

	"github.com/smithy-validation/go/cli/internal/wirejson"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/mend"
)

// StreamMethods are the seed's stream methods, in the order hello lists
// them: one watch and one llm stream per connection; llm.run is
// stateless.
var StreamMethods = []string{"watch.start", "watch.feed", "watch.finish", "llm.open", "llm.feed", "llm.close", "llm.run"}

// StatelessStreamMethods are the stream methods that need no connection
// (what HTTP offers).
var StatelessStreamMethods = []string{"llm.run"}

// Streams is one connection's streams: at most one watch and one llm
// stream at a time. A start or open while one is active is an E050 error
// and leaves the active stream as it was; a feed or a finish with none
// active is one too. The zero value is ready.
type Streams struct {
	watch *mend.Watcher
	llm   *mend.LLMStream
}

// Resolver finds the model a shape is in (the server's models, the
// command's MODEL arguments); nil when there is none.
type Resolver func() (*model.Model, error)

// StreamParams are the params of watch.start, watch.feed, llm.open,
// llm.feed and llm.run: the seed's, and this project's shape and tools.
// Unknown members are ignored.
type StreamParams struct {
	Params
	// watch.feed
	Chunk *string `json:"chunk"`
	// llm.*
	Provider string          `json:"provider"`
	Event    json.RawMessage `json:"event"`
	Events   json.RawMessage `json:"events"`
	Tools    json.RawMessage `json:"tools"`
}

// Call runs one stream method with its params (a JSON object, or empty)
// and returns its result object and the exit the command would give it.
// resolve is called only when a shape is named.
func (s *Streams) Call(method string, params []byte, resolve Resolver) ([]byte, int, error) {
	var p StreamParams
	if len(bytes.TrimSpace(params)) > 0 && string(bytes.TrimSpace(params)) != "null" {
		if err := wirejson.Decode(params, &p); err != nil {
			return nil, 0, usage("params: %v", err)
		}
	}
	switch method {
	case "watch.start":
		if s.watch != nil {
			return nil, 0, usage("a watch stream is already active on this connection: watch.finish it first")
		}
		o, err := streamOptions(&p.Params, resolve)
		if err != nil {
			return nil, 0, err
		}
		s.watch = mend.NewWatcher(o)
		schema := ""
		if o.Declaration != nil {
			schema = o.Declaration.String()
		}
		return render(struct {
			OK     bool   `json:"ok"`
			Schema string `json:"schema"`
		}{true, schema}), 0, nil
	case "watch.feed":
		if s.watch == nil {
			return nil, 0, usage("no watch stream is active: watch.start one first")
		}
		if p.Chunk == nil {
			return nil, 0, usage("watch.feed needs chunk (a string)")
		}
		// written straight from the records: the bytes render gives
		return s.watch.Feed([]byte(*p.Chunk)).AppendJSON(nil), 0, nil
	case "watch.finish":
		if s.watch == nil {
			return nil, 0, usage("no watch stream is active: watch.start one first")
		}
		fin := s.watch.Finish()
		s.watch = nil
		exit := 0
		if fin.Error != nil {
			exit = fin.Error.Exit
		}
		return render(fin), exit, nil
	case "llm.open":
		if s.llm != nil {
			return nil, 0, usage("an llm stream is already active on this connection: llm.close it first")
		}
		o, err := llmOptions(&p, resolve)
		if err != nil {
			return nil, 0, err
		}
		st, err := mend.NewLLMStream(o)
		if err != nil {
			return nil, 0, err
		}
		s.llm = st
		return render(struct {
			OK       bool   `json:"ok"`
			Provider string `json:"provider"`
		}{true, string(o.Provider)}), 0, nil
	case "llm.feed":
		if s.llm == nil {
			return nil, 0, usage("no llm stream is active: llm.open one first")
		}
		ev, err := eventParam(p.Event)
		if err != nil {
			return nil, 0, err
		}
		return render(s.llm.Feed(ev)), 0, nil
	case "llm.close":
		if s.llm == nil {
			return nil, 0, usage("no llm stream is active: llm.open one first")
		}
		res := s.llm.Close()
		s.llm = nil
		return render(res), LLMExit(res), nil
	case "llm.run":
		o, err := llmOptions(&p, resolve)
		if err != nil {
			return nil, 0, err
		}
		var raw []json.RawMessage
		if err := json.Unmarshal(p.Events, &raw); err != nil || p.Events == nil {
			return nil, 0, usage("llm.run needs events (an array of event payloads)")
		}
		events := make([][]byte, 0, len(raw))
		for _, r := range raw {
			ev, err := eventParam(r)
			if err != nil {
				return nil, 0, err
			}
			events = append(events, ev)
		}
		res, err := mend.RunLLM(o, events)
		if err != nil {
			return nil, 0, err
		}
		return render(res), LLMExit(res), nil
	}
	return nil, 0, usage("unknown stream method %q", method)
}

// Active reports which streams are active ("watch", "llm").
func (s *Streams) Active() []string {
	var out []string
	if s.watch != nil {
		out = append(out, "watch")
	}
	if s.llm != nil {
		out = append(out, "llm")
	}
	return out
}

// LLMExit is the exit of a closed llm stream: 0 when every call ended
// complete and its arguments were accepted; otherwise the exit of the
// first call's error (5 for a cut or refused call, 1 for arguments the
// declaration rejects or an unknown tool), 5 when the provider failed.
func LLMExit(res *mend.LLMClose) int {
	for _, c := range res.Calls {
		if c.Error != nil {
			return c.Error.Exit
		}
	}
	for _, c := range res.Calls {
		if c.End != mend.EndComplete {
			return mend.ExitRefused
		}
	}
	if res.Error != "" {
		return mend.ExitRefused
	}
	return 0
}

// eventParam reads one event: the seed's JSON text in a string, or the
// payload itself as a JSON object.
func eventParam(raw json.RawMessage) ([]byte, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, usage("llm.feed needs event (the event payload as JSON text)")
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, usage("event: %v", err)
		}
		return []byte(s), nil
	}
	return raw, nil
}

// streamOptions resolves the declaration and the options of a watch.
func streamOptions(p *Params, resolve Resolver) (mend.Options, error) {
	spec, err := p.Spec()
	if err != nil {
		return mend.Options{}, err
	}
	if spec.Shape != "" {
		if spec.Model, err = resolveModel(resolve); err != nil {
			return mend.Options{}, err
		}
	}
	decl, err := spec.Resolve()
	if err != nil {
		return mend.Options{}, err
	}
	return p.Options(decl)
}

func resolveModel(resolve Resolver) (*model.Model, error) {
	if resolve == nil {
		return nil, usage("shape needs a model: give the server (or the command) a model")
	}
	m, err := resolve()
	if err != nil {
		return nil, err
	}
	if m == nil {
		return nil, usage("shape needs a model: give the server (or the command) a model")
	}
	return m, nil
}

// llmOptions reads provider, the declaration params and tools.
func llmOptions(p *StreamParams, resolve Resolver) (mend.LLMOptions, error) {
	prov, err := mend.ParseProvider(p.Provider)
	if err != nil {
		return mend.LLMOptions{}, err
	}
	o, err := streamOptions(&p.Params, resolve)
	if err != nil {
		return mend.LLMOptions{}, err
	}
	tools, err := ParseTools(p.Tools, resolve)
	if err != nil {
		return mend.LLMOptions{}, err
	}
	return mend.LLMOptions{Provider: prov, Options: o, Tools: tools}, nil
}

// ParseTools reads a tool list: an MCP tools/list result
// ({"tools":[{"name":...,"inputSchema":{...}}]}), the array of its tools,
// or an object mapping names to a declaration ({"schema": compact},
// {"schema_json": JSON Schema} or {"shape": ID}, where an operation's ID
// stands for its input structure). Absent or null is no tool list.
func ParseTools(raw json.RawMessage, resolve Resolver) (map[string]mend.Declaration, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	type mcpTool struct {
		Name        string          `json:"name"`
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	// Each element is read alone, so that a mistake names its tool and
	// member in the words of the forms, not encoding/json's Go types.
	readList := func(raw json.RawMessage) ([]mcpTool, error) {
		var elems []json.RawMessage
		if err := json.Unmarshal(raw, &elems); err != nil {
			return nil, usage("tools: not JSON: %v", err)
		}
		list := make([]mcpTool, len(elems))
		for i, el := range elems {
			if k := jsonKind(el); k != "an object" {
				return nil, usage("tools: tool %d is %s, not an object with a \"name\" and an \"inputSchema\"", i, k)
			}
			if err := json.Unmarshal(el, &list[i]); err != nil {
				return nil, memberTypeErr(fmt.Sprintf("tools: tool %d: ", i), err)
			}
		}
		return list, nil
	}
	var list []mcpTool
	switch raw[0] {
	case '[':
		var err error
		if list, err = readList(raw); err != nil {
			return nil, err
		}
	case '{':
		var byName map[string]json.RawMessage
		if err := json.Unmarshal(raw, &byName); err != nil {
			return nil, usage("tools: not JSON: %v", err)
		}
		if t, ok := byName["tools"]; ok {
			switch k := jsonKind(t); k {
			case "an array":
				var err error
				if list, err = readList(t); err != nil {
					return nil, err
				}
			case "an object": // a tool named "tools"
			default:
				return nil, usage("tools: \"tools\" is %s, not an array of tools", k)
			}
		}
		if list != nil {
			break
		}
		names := make([]string, 0, len(byName))
		for n := range byName {
			names = append(names, n)
		}
		sort.Strings(names)
		out := map[string]mend.Declaration{}
		for _, n := range names {
			if k := jsonKind(byName[n]); k != "an object" {
				return nil, usage("tools: %q is %s, not a declaration ({\"schema\": ...}, {\"schema_json\": ...} or {\"shape\": ...})", n, k)
			}
			var p Params
			if err := json.Unmarshal(byName[n], &p); err != nil {
				return nil, memberTypeErr(fmt.Sprintf("tools: %q: ", n), err)
			}
			spec, err := p.Spec()
			if err != nil {
				return nil, toolErr(n, err)
			}
			if spec.Shape != "" {
				if spec.Model, err = resolveModel(resolve); err != nil {
					return nil, err
				}
				spec.Shape = inputOf(spec.Model, spec.Shape)
			}
			d, err := spec.Resolve()
			if err != nil {
				return nil, toolErr(n, err)
			}
			if d == nil {
				return nil, usage("tools: %s names no declaration (schema, schema_json or shape)", n)
			}
			out[n] = d
		}
		return out, nil
	default:
		return nil, usage("tools: an MCP tools/list result, an array of tools, or an object of declarations")
	}
	out := map[string]mend.Declaration{}
	for i, t := range list {
		if t.Name == "" {
			return nil, usage("tools: tool %d has no name", i)
		}
		doc := t.InputSchema
		if len(bytes.TrimSpace(doc)) == 0 {
			doc = json.RawMessage(`{"type":"object"}`)
		}
		d, err := NewJSONSchemaDeclaration(doc)
		if err != nil {
			return nil, toolErr(t.Name, err)
		}
		out[t.Name] = d
	}
	return out, nil
}

// jsonKind names the kind of a JSON value as a message says it: "a
// number", "an object", "true"...
func jsonKind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't':
		return "true"
	case 'f':
		return "false"
	case 'n':
		return "null"
	}
	return "a number"
}

// memberTypeErr is encoding/json's type error on a member of a tool, in
// the form's words: `"schema" is a number, not a string`.
func memberTypeErr(prefix string, err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || te.Field == "" {
		return usage("%s%v", prefix, err)
	}
	found := map[string]string{"number": "a number", "string": "a string", "array": "an array", "object": "an object", "bool": "true or false"}[te.Value]
	if found == "" {
		found = te.Value
	}
	want := "a string"
	switch te.Type.Kind() {
	case reflect.Bool:
		want = "true or false"
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Float64:
		want = "a number"
	case reflect.Pointer:
		if k := te.Type.Elem().Kind(); k == reflect.Int || k == reflect.Float64 {
			want = "a number"
		}
	case reflect.Struct, reflect.Map:
		want = "an object"
	case reflect.Slice:
		want = "an array"
	}
	return usage("%s%q is %s, not %s", prefix, te.Field, found, want)
}

// inputOf returns the ID of an operation's input structure, or id itself
// when it names no operation.
func inputOf(m *model.Model, id string) string {
	sid, err := shapeid.Parse(id)
	if err != nil {
		return id
	}
	if s, ok := m.Shape(sid); ok && s.Type() == model.OperationType {
		return s.Input().String()
	}
	return id
}

// toolErr names the tool whose declaration failed.
func toolErr(name string, err error) error {
	if me, ok := AsError(err); ok {
		e := *me
		e.Message = fmt.Sprintf("tools: %s: %s", name, e.Message)
		return &e
	}
	return fmt.Errorf("tools: %s: %w", name, err)
}
