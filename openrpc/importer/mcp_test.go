package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/rpc"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// TestMCPSchemaImport imports MCP's schema.json (2025-11-25, JSON Schema
// 2020-12), loads it, and validates the 74 specification examples: each
// request and notification against the definition whose method const
// names its method, each result and error response against
// JSONRPCResultResponse and JSONRPCErrorResponse. None may have an error
// finding. (TestMCPMode checks the same schema imported in the MCP mode,
// as one service.)
func TestMCPSchemaImport(t *testing.T) {
	data, err := os.ReadFile(corpus(t, "mcp/schema-2025-11-25.json"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := JSONSchema(data, Options{Namespace: "mcp"})
	if err != nil {
		t.Fatal(err)
	}
	m := load(t, res.IDL)
	root, err := node.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	defs, _ := root.Get("$defs")
	byMethod := map[string]string{}
	for _, f := range defs.Fields() {
		props, _ := get(f.Value, "properties")
		meth, _ := get(props, "method")
		if v := str(meth, "const"); v != "" && (strings.HasSuffix(f.Key, "Request") || strings.HasSuffix(f.Key, "Notification")) {
			byMethod[v] = "mcp#" + pascal(f.Key)
		}
	}
	validators := map[string]*sv.Validator{}
	validator := func(id string) *sv.Validator {
		if v, ok := validators[id]; ok {
			return v
		}
		v, err := sv.Prepare(m, shapeid.MustParse(id), sv.MatchJSONNames(true))
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		validators[id] = v
		return v
	}
	ex, err := os.ReadFile(corpus(t, "mcp/spec-examples-2025-11-25.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	n, exact, mutated := 0, 0, 0
	for _, line := range bytes.Split(bytes.TrimSpace(ex), []byte("\n")) {
		var rec struct {
			Source  string          `json:"source"`
			Message json.RawMessage `json:"message"`
		}
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatal(err)
		}
		var msg struct {
			Method string          `json:"method"`
			Result json.RawMessage `json:"result"`
			ID     json.RawMessage `json:"id"`
		}
		json.Unmarshal(rec.Message, &msg)
		id := "mcp#JSONRPCErrorResponse"
		switch {
		case msg.Method != "":
			if exactID, ok := byMethod[msg.Method]; ok {
				id = exactID
				exact++
			} else if msg.ID != nil {
				id = "mcp#JSONRPCRequest" // a placeholder method ("some_method")
			} else {
				id = "mcp#JSONRPCNotification"
			}
		case msg.Result != nil:
			id = "mcp#JSONRPCResultResponse"
		}
		n++
		r, err := validator(id).ValidateJSON(rec.Message)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range r.Findings {
			if f.Severity == sv.SeverityError {
				t.Errorf("%s against %s: %s", rec.Source, id, f.String())
			}
		}
		if msg.Method != "" && id != "mcp#JSONRPCRequest" && id != "mcp#JSONRPCNotification" {
			// and the same message with params of the wrong type is rejected
			var whole map[string]json.RawMessage
			json.Unmarshal(rec.Message, &whole)
			whole["params"] = json.RawMessage(`42`)
			bad, _ := json.Marshal(whole)
			r, err := validator(id).ValidateJSON(bad)
			if err != nil {
				t.Fatal(err)
			}
			if r.Valid {
				t.Errorf("%s against %s: params 42 is accepted", rec.Source, id)
			}
			mutated++
		}
	}
	if n != 74 {
		t.Errorf("%d examples checked, want 74", n)
	}
	t.Logf("%d MCP examples valid against the imported shapes (%d against their method's own definition, %d rejected with params of the wrong type); %d loss diagnostics", n, exact, mutated, len(res.Diagnostics))
}

// TestMCPMode: the MCP mode makes one service of the schema: every message
// of the four sender unions is an operation with its kind and its sender
// (both unions: either), the mapping's errors, cancellation and results
// are there, and every request and notification among the specification's
// 74 examples is valid against the service (the placeholder
// "some_method" of the progress page is the one method not found).
func TestMCPMode(t *testing.T) {
	res := importMCP(t)
	s := prepared(t, res.IDL, "io.modelcontextprotocol#Mcp")
	data, err := os.ReadFile(corpus(t, "mcp/schema-2025-11-25.json"))
	if err != nil {
		t.Fatal(err)
	}
	// the unions, read here independently of the importer
	var doc struct {
		Defs map[string]struct {
			AnyOf []struct {
				Ref string `json:"$ref"`
			} `json:"anyOf"`
			Properties struct {
				Method struct {
					Const string `json:"const"`
				} `json:"method"`
			} `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	type want struct{ kind, from string }
	wants := map[string]want{}
	for _, u := range []struct{ union, kind, from string }{
		{"ClientRequest", "call", "client"}, {"ServerRequest", "call", "server"},
		{"ClientNotification", "notification", "client"}, {"ServerNotification", "notification", "server"},
	} {
		for _, b := range doc.Defs[u.union].AnyOf {
			method := doc.Defs[strings.TrimPrefix(b.Ref, "#/$defs/")].Properties.Method.Const
			w, seen := wants[method]
			if seen && w.from != u.from {
				w.from = "either"
			} else if !seen {
				w = want{u.kind, u.from}
			}
			wants[method] = w
		}
	}
	if len(wants) != 31 || len(s.Methods()) != len(wants) {
		t.Errorf("%d messages in the unions, %d methods in the service; want 31 each", len(wants), len(s.Methods()))
	}
	for method, w := range wants {
		m, ok := s.Method(method)
		if !ok {
			t.Errorf("%s: no operation", method)
			continue
		}
		if got := (want{m.Kind().String(), m.From().String()}); got != w {
			t.Errorf("%s: kind %s from %s, want %s from %s", method, got.kind, got.from, w.kind, w.from)
		}
	}
	// the mapping's additions
	if m, ok := s.Method("notifications/cancelled"); !ok {
		t.Error("no notifications/cancelled")
	} else if cn, ok := m.Cancels(); !ok || cn.IDMember != "requestId" || cn.ResponseRequired {
		t.Errorf("notifications/cancelled: cancels %+v %v, want requestId, response optional", cn, ok)
	}
	codes := func(method string) []int64 {
		m, _ := s.Method(method)
		var out []int64
		for _, e := range m.Errors() {
			out = append(out, e.Code())
		}
		return out
	}
	for method, want := range map[string][]int64{
		"resources/read":         {-32042, -32002},
		"sampling/createMessage": {-32042, -1},
		"ping":                   {-32042},
	} {
		got := codes(method)
		sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: error codes %v, want %v", method, got, want)
		}
	}
	for _, method := range []string{"tools/call", "sampling/createMessage", "elicitation/create"} {
		m, _ := s.Method(method)
		if kind, of := m.Result(); kind != rpc.OutputMember || of.Member != "outcome" {
			t.Errorf("%s: result %v %v, want the outcome member (a result or a CreateTaskResult)", method, kind, of)
		}
	}

	ex, err := os.ReadFile(corpus(t, "mcp/spec-examples-2025-11-25.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, line := range bytes.Split(bytes.TrimSpace(ex), []byte("\n")) {
		var rec struct {
			Source  string          `json:"source"`
			Message json.RawMessage `json:"message"`
		}
		if err := json.Unmarshal(line, &rec); err != nil {
			t.Fatal(err)
		}
		var msg struct {
			Method string `json:"method"`
		}
		json.Unmarshal(rec.Message, &msg)
		if msg.Method == "" {
			continue // responses: conformance's TestMCPSpecificationExamples pairs them
		}
		checked++
		r := s.ValidateRequest(rec.Message)
		var got []string
		for _, f := range r.Findings {
			got = append(got, fmt.Sprintf("%s %s", f.Code, f.Path))
		}
		want := []string(nil)
		if msg.Method == "some_method" {
			want = []string{"method-not-found /method"}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s (%s): findings %q, want %q", rec.Source, msg.Method, got, want)
		}
	}
	if checked != 38 {
		t.Errorf("%d requests and notifications checked; the pinned corpus has 38", checked)
	}
}

// TestMCPMappingErrors: a mapping that cannot be applied is an
// *InputError of the mapping (Source "mapping") with its pointer, never a
// silently ignored entry.
func TestMCPMappingErrors(t *testing.T) {
	schema := []byte(`{"$defs":{
		"PingRequest":{"properties":{"id":{"type":"integer"},"method":{"const":"ping"}}},
		"Note":{"properties":{"method":{"const":"note"},"params":{"type":"object","properties":{"a":{"type":"string"}}}}},
		"ClientRequest":{"anyOf":[{"$ref":"#/$defs/PingRequest"}]},
		"ClientNotification":{"anyOf":[{"$ref":"#/$defs/Note"}]},
		"Open":{"type":"object","additionalProperties":{}}}}`)
	for _, c := range []struct {
		name, mapping, pointer, message string
	}{
		{"not JSON", `{`, "", "not JSON"},
		{"unknown key", `{"resultz":{}}`, "/resultz", `unknown key "resultz"`},
		{"no why", `{"cancels":{"note":{"idMember":"a","response":"optional"}}}`, "/cancels/note/why", `"why" is required`},
		{"bad response", `{"cancels":{"note":{"idMember":"a","response":"maybe","why":"w"}}}`, "/cancels/note/response", `"optional" or "required"`},
		{"cancels a call", `{"cancels":{"ping":{"idMember":"a","response":"optional","why":"w"}}}`, "/cancels/ping", `"ping" is a call; this entry needs a notification`},
		{"stale method", `{"results":{"gone":{"results":["Open"],"why":"w"}}}`, "/results/gone", "not a message of the schema"},
		{"no such result", `{"results":{"ping":{"results":["Nope"],"why":"w"}}}`, "/results/ping", `"Nope" is not a definition`},
		{"JSON-RPC's own code", `{"errors":[{"name":"E","code":-32601,"why":"w"}]}`, "/errors/0/code", "JSON-RPC's own codes"},
		{"not an integer code", `{"errors":[{"name":"E","code":1.5,"why":"w"}]}`, "/errors/0/code", "not a 32-bit integer"},
		{"duplicate error name", `{"errors":[{"name":"E","code":1,"why":"w"},{"name":"E","code":2,"why":"w"}]}`, "/errors/1/name", "used once"},
		{"duplicate code", `{"errors":[{"name":"E","code":1,"why":"w"},{"name":"F","code":1,"why":"w"}]}`, "/errors/1/code", "already the error E"},
		{"error of a notification", `{"errors":[{"name":"E","code":1,"methods":["note"],"why":"w"}]}`, "/errors/0/methods/0", "needs a call"},
		{"close an open object", `{"closed":{"definitions":["Open"],"why":"w"}}`, "/closed/definitions/0", "says additionalProperties itself"},
		{"require a missing property", `{"required":{"Note":{"properties":["x"],"why":"w"}}}`, "/required/Note/properties/0", `Note has no property "x"`},
		{"require of no definition", `{"required":{"Nope":{"properties":["x"],"why":"w"}}}`, "/required/Nope", "is not a definition of the schema with properties"},
		{"bad service", `{"service":"a b"}`, "/service", "not a Smithy identifier"},
		{"meta: a member that is not an identifier", `{"meta":{"k":{"member":"a b","schema":{},"why":"w"}}}`, "/meta/k/member", "not a Smithy identifier"},
		{"meta: the same member twice", `{"meta":{"k":{"member":"a","schema":{},"why":"w"},"l":{"member":"a","schema":{},"why":"w"}}}`, "/meta/l/member", "used once"},
		{"meta: no schema", `{"meta":{"k":{"member":"a","why":"w"}}}`, "/meta/k/schema", `"schema" is required`},
		{"meta: a schema that is not one", `{"meta":{"k":{"member":"a","schema":3,"why":"w"}}}`, "/meta/k/schema", "a JSON Schema"},
		{"meta: an empty key", `{"meta":{"":{"member":"a","schema":{},"why":"w"}}}`, "/meta/", "must not be empty"},
		{"meta: a stale definition", `{"meta":{"k":{"member":"a","schema":{"$ref":"#/$defs/Nope"},"why":"w"}}}`, "/meta/k/schema/$ref", "is not a definition"},
		{"meta: no _meta in the schema", `{"meta":{"k":{"member":"a","schema":{"$ref":"#/$defs/Open"},"why":"w"}}}`, "/meta/k", "types nothing"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := MCP(schema, Options{Mapping: []byte(c.mapping)})
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("%s: error %v (%T), want an *InputError", c.name, err, err)
			}
			if ie.Source != "mapping" || ie.Pointer != c.pointer || !strings.Contains(ie.Message, c.message) || !ie.Pos.IsValid() {
				t.Errorf("%s: got source %q pointer %q pos %v %q, want mapping %q with %q", c.name, ie.Source, ie.Pointer, ie.Pos, ie.Message, c.pointer, c.message)
			}
		})
	}
	// and a schema that is not MCP's is the document's error
	_, err := MCP([]byte(`{"$defs":{"A":{"type":"string"}}}`), Options{})
	var ie *InputError
	if !errors.As(err, &ie) || ie.Source != "" || !strings.Contains(ie.Message, "not the MCP schema") {
		t.Errorf("a schema without the unions: %v, want an *InputError of the document", err)
	}
}

// TestMCPMetaKeys: the mapping's "meta" entry types one key of every _meta
// object: a _meta of any keys becomes a structure with that member, open
// to any other key; a _meta with properties gets the member beside them.
// The typed key's value is checked; any other key, null included, is not.
func TestMCPMetaKeys(t *testing.T) {
	schema := []byte(`{"$defs":{
		"PingRequest":{"properties":{"id":{"type":"integer"},"method":{"const":"ping"},
		  "params":{"type":"object","properties":{"_meta":{"type":"object","properties":{"progressToken":{"type":"string"}}}}}}},
		"Note":{"properties":{"method":{"const":"note"},"params":{"type":"object","properties":{"_meta":{"type":"object","additionalProperties":{}}}}}},
		"ClientRequest":{"anyOf":[{"$ref":"#/$defs/PingRequest"}]},
		"ClientNotification":{"anyOf":[{"$ref":"#/$defs/Note"}]},
		"Task":{"type":"object","properties":{"taskId":{"type":"string"}},"required":["taskId"]}}}`)
	mapping := []byte(`{"meta":{"x/task":{"member":"task","schema":{"$ref":"#/$defs/Task"},"why":"the prose says so"}}}`)
	res, err := MCP(schema, Options{Namespace: "m", Mapping: mapping})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(res.IDL), `@jsonName("x/task")`); n != 2 {
		t.Errorf("%d members for the key, want 2 (one per _meta)\n%s", n, res.IDL)
	}
	s := prepared(t, res.IDL, "m#Mcp")
	for _, c := range []struct {
		name, msg string
		valid     bool
	}{
		{"typed key on a request", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"progressToken":"p","x/task":{"taskId":"t"}}}}`, true},
		{"typed key on a notification, other keys any value", `{"jsonrpc":"2.0","method":"note","params":{"_meta":{"x/task":{"taskId":"t"},"y":null,"z":[1]}}}`, true},
		{"no _meta", `{"jsonrpc":"2.0","method":"note","params":{}}`, true},
		{"the key's value of another type", `{"jsonrpc":"2.0","method":"note","params":{"_meta":{"x/task":"t"}}}`, false},
		{"the key's value without its required member", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"x/task":{}}}}`, false},
		{"the key's member of another type", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"x/task":{"taskId":5}}}}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := s.ValidateMessage([]byte(c.msg))
			if r.Valid != c.valid || c.valid && len(r.Findings) != 0 {
				t.Errorf("valid %v, findings %v; want valid %v", r.Valid, r.Findings, c.valid)
			}
		})
	}
}

// TestMCPErrorDefinitionWithoutName: an error definition whose $defs key
// has no letter or digit (FuzzImport found the empty key) still becomes an
// error structure with a name, so the model loads; it wrote
// "structure  {" before.
func TestMCPErrorDefinitionWithoutName(t *testing.T) {
	for _, key := range []string{"", "-", "_"} {
		t.Run("key "+strconv.Quote(key), func(t *testing.T) {
			schema := []byte(`{"$defs":{` + strconv.Quote(key) + `:{"properties":{"error":{"allOf":[{"properties":{"code":{"const":7}}}]}}},
				"PingRequest":{"properties":{"id":{"type":"integer"},"method":{"const":"ping"}}},
				"ClientRequest":{"anyOf":[{"$ref":"#/$defs/PingRequest"}]}}}`)
			res, err := MCP(schema, Options{Namespace: "m"})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(res.IDL), "@rpcError(code: 7") || strings.Contains(string(res.IDL), "structure  {") {
				t.Fatalf("the error definition is not a named error structure:\n%s", res.IDL)
			}
			prepared(t, res.IDL, "m#Mcp")
		})
	}
}
