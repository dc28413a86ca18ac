package importer

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// TestMCPSchemaImport imports MCP's schema.json (2025-11-25, JSON Schema
// 2020-12), loads it, and validates the 74 specification examples: each
// request and notification against the definition whose method const
// names its method, each result and error response against
// JSONRPCResultResponse and JSONRPCErrorResponse. None may have an error
// finding. (The MCP mode that pairs *Request and *Result definitions into
// operations is not built; see README.md.)
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
