package importer

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// allOfCases are the named cases of TestAllOfMixins and
// TestAllOfMixinsBehaviour: a JSON Schema, whether its composite X is a
// structure with mixins, and its golden IDL (testdata/allof/<name>.smithy,
// UPDATE_GOLDEN=1 rewrites it).
var allOfCases = []struct {
	name   string
	schema string
	mixins bool // X uses mixins (else it is the expansion)
}{
	{"two refs", `{"$defs": {
		"A": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
		"B": {"type": "object", "properties": {"b": {"type": "integer", "minimum": 0, "maximum": 9}}, "additionalProperties": {}},
		"X": {"description": "A and B", "allOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}}}`, true},
	{"ref and inline object", `{"$defs": {
		"NewPet": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "tag": {"type": "string"}}},
		"X": {"allOf": [{"$ref": "#/$defs/NewPet"}, {"required": ["id"], "properties": {"id": {"type": "integer"}}}]}}}`, true},
	{"own properties beside allOf", `{"$defs": {
		"A": {"type": "object", "properties": {"a": {"type": "string"}}},
		"X": {"type": "object", "properties": {"x": {"type": "boolean"}}, "required": ["x"], "allOf": [{"$ref": "#/$defs/A"}]}}}`, true},
	{"required from another branch", `{"$defs": {
		"A": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}},
		"X": {"allOf": [{"$ref": "#/$defs/A"}, {"required": ["a", "c"]}]}}}`, true},
	{"mixin name taken by a definition", `{"$defs": {
		"A": {"type": "object", "properties": {"a": {"type": "string"}}},
		"AMixin": {"type": "object", "properties": {"m": {"type": "string"}}},
		"X": {"allOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/AMixin"}]}}}`, true},
	{"two composites share a mixin", `{"$defs": {
		"Result": {"type": "object", "properties": {"_meta": {"type": "object", "additionalProperties": {}}}, "additionalProperties": {}},
		"Task": {"type": "object", "properties": {"taskId": {"type": "string"}}, "required": ["taskId"]},
		"X": {"allOf": [{"$ref": "#/$defs/Result"}, {"$ref": "#/$defs/Task"}]},
		"Y": {"allOf": [{"$ref": "#/$defs/Result"}, {"$ref": "#/$defs/Task"}]}}}`, true},
	{"property in two branches expands", `{"$defs": {
		"A": {"type": "object", "properties": {"a": {"type": "string"}}},
		"X": {"allOf": [{"$ref": "#/$defs/A"}, {"properties": {"a": {"const": "k"}}}]}}}`, false},
	{"member names differing in case expand", `{"$defs": {
		"A": {"type": "object", "properties": {"a": {"type": "string"}}},
		"X": {"allOf": [{"$ref": "#/$defs/A"}, {"properties": {"A": {"type": "string"}}}]}}}`, false},
	{"closed branch expands", `{"$defs": {
		"A": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false},
		"X": {"allOf": [{"$ref": "#/$defs/A"}, {"properties": {"b": {"type": "string"}}}]}}}`, false},
	{"closed composite expands", `{"$defs": {
		"A": {"type": "object", "properties": {"a": {"type": "string"}}},
		"X": {"allOf": [{"$ref": "#/$defs/A"}], "additionalProperties": false}}}`, false},
	{"allOf over oneOf expands", `{"$defs": {
		"A": {"type": "object", "properties": {"a": {"type": "string"}}},
		"O": {"oneOf": [{"type": "object", "properties": {"p": {"type": "string"}}, "required": ["p"]}, {"type": "object", "properties": {"q": {"type": "integer"}}, "required": ["q"]}]},
		"X": {"allOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/O"}]}}}`, false},
	{"nested allOf expands", `{"$defs": {
		"A": {"type": "object", "properties": {"a": {"type": "string"}}},
		"B": {"allOf": [{"$ref": "#/$defs/A"}, {"properties": {"b": {"type": "string"}}}]},
		"X": {"allOf": [{"$ref": "#/$defs/B"}, {"properties": {"x": {"type": "string"}}}]}}}`, false},
	{"recursive allOf expands", `{"$defs": {
		"X": {"type": "object", "properties": {"child": {"allOf": [{"$ref": "#/$defs/X"}, {"properties": {"depth": {"type": "integer"}}}]}, "name": {"type": "string"}}}}}`, false},
	{"inline branches only expand", `{"$defs": {
		"X": {"allOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"b": {"type": "string"}}, "required": ["b"]}]}}}`, false},
	{"pattern properties expand", `{"$defs": {
		"A": {"type": "object", "properties": {"a": {"type": "string"}}, "patternProperties": {"^x-": {"type": "string"}}},
		"X": {"allOf": [{"$ref": "#/$defs/A"}, {"properties": {"b": {"type": "string"}}}]}}}`, false},
}

func TestAllOfMixins(t *testing.T) {
	for _, c := range allOfCases {
		t.Run(c.name, func(t *testing.T) {
			res, err := JSONSchema([]byte(c.schema), Options{Namespace: "t"})
			if err != nil {
				t.Fatal(err)
			}
			m := load(t, res.IDL) // with the mixin validators
			x, ok := m.Shape(shapeid.MustParse("t#X"))
			if !ok {
				t.Fatalf("no shape t#X:\n%s", res.IDL)
			}
			if got := len(x.Mixins()) > 0; got != c.mixins {
				t.Errorf("X uses mixins: %v, want %v:\n%s", got, c.mixins, res.IDL)
			}
			for _, s := range m.Shapes() {
				if s.ID().Namespace == "t" && s.HasTrait(shapeid.MustParse("smithy.api#mixin")) {
					for _, mem := range s.Members() {
						if mem.HasTrait(shapeid.MustParse("alloy#jsonUnknown")) {
							t.Errorf("mixin %s carries the @jsonUnknown member %s", s.ID(), mem.ID())
						}
					}
					if s.HasTrait(shapeid.MustParse("smithy.rpc#closed")) {
						t.Errorf("mixin %s is @closed", s.ID())
					}
				}
			}
			unknown := 0
			for _, mem := range x.Members() {
				if mem.HasTrait(shapeid.MustParse("alloy#jsonUnknown")) {
					unknown++
				}
			}
			if unknown > 1 {
				t.Errorf("X has %d @jsonUnknown members", unknown)
			}
			again, err := JSONSchema([]byte(c.schema), Options{Namespace: "t"})
			if err != nil || !bytes.Equal(again.IDL, res.IDL) {
				t.Errorf("a second import differs (deterministic output)")
			}
			golden := filepath.Join("testdata", "allof", strings.ReplaceAll(c.name, " ", "-")+".smithy")
			if os.Getenv("UPDATE_GOLDEN") != "" {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, res.IDL, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (UPDATE_GOLDEN=1 writes it)", err)
			}
			if !bytes.Equal(res.IDL, want) {
				t.Errorf("IDL differs from %s (UPDATE_GOLDEN=1 rewrites it):\n%s", golden, res.IDL)
			}
		})
	}
}

// TestAllOfMixinsBehaviour: a model with mixins accepts and rejects
// exactly the values that the expansion (Options.expandAllOf, the
// importer's behaviour before mixins) does: every structure that uses
// mixins, in the small cases and in the MCP (loose and MCP mode),
// Ethereum and petstore imports, is probed with generated values and
// mutations of them (each member left out, null, of the wrong JSON type,
// an unknown field), the MCP specification examples and the Ethereum
// exchanges; the findings (severity, code, path) must be the same.
func TestAllOfMixinsBehaviour(t *testing.T) {
	type doc struct {
		name   string
		data   []byte
		imp    func([]byte, Options) (*Result, error)
		opts   Options
		values map[string][][]byte // extra values by shape
	}
	var docs []doc
	for _, c := range allOfCases {
		docs = append(docs, doc{name: c.name, data: []byte(c.schema), imp: JSONSchema, opts: Options{Namespace: "t"}})
	}
	read := func(rel string) []byte {
		b, err := os.ReadFile(corpus(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	mcp := read("mcp/schema-2025-11-25.json")
	mapping, err := os.ReadFile(filepath.Join("..", "..", "scripts", "mcp-mapping.json"))
	if err != nil {
		t.Fatal(err)
	}
	docs = append(docs,
		doc{name: "mcp", data: mcp, imp: JSONSchema, opts: Options{Namespace: "t"}, values: mcpExamples(t, mcp)},
		doc{name: "mcp mode", data: mcp, imp: MCP, opts: Options{Namespace: "t", Mapping: mapping}},
		doc{name: "ethereum", data: read("openrpc/ethereum-execution-apis-openrpc.json"), imp: OpenRPC, opts: Options{Namespace: "t", Service: "Ethereum"}},
		doc{name: "petstore", data: read("openrpc/examples/petstore-expanded-openrpc.json"), imp: OpenRPC, opts: Options{Namespace: "t"}},
	)
	total := 0
	for _, d := range docs {
		t.Run(d.name, func(t *testing.T) {
			mixed, err := d.imp(d.data, d.opts)
			if err != nil {
				t.Fatal(err)
			}
			o := d.opts
			o.expandAllOf = true
			expanded, err := d.imp(d.data, o)
			if err != nil {
				t.Fatal(err)
			}
			mm, em := load(t, mixed.IDL), load(t, expanded.IDL)
			if !bytes.Equal(diagLines(mixed.Diagnostics), diagLines(expanded.Diagnostics)) {
				t.Errorf("the diagnostics differ:\nmixins:\n%s\nexpansion:\n%s", diagLines(mixed.Diagnostics), diagLines(expanded.Diagnostics))
			}
			values := map[string][][]byte{}
			for id, vs := range d.values {
				values[id] = append(values[id], vs...)
			}
			composites := 0
			for _, s := range mm.Shapes() {
				if s.ID().Namespace != "t" || len(s.Mixins()) == 0 {
					continue
				}
				composites++
				if _, ok := em.Shape(s.ID()); !ok {
					t.Errorf("%s is not a shape of the expansion", s.ID())
					continue
				}
				values[s.ID().String()] = append(values[s.ID().String()], probes(em, s.ID())...)
			}
			if composites == 0 && d.name != "petstore" {
				for _, c := range allOfCases {
					if c.name == d.name && c.mixins {
						t.Errorf("no structure uses mixins")
					}
				}
			}
			ids := make([]string, 0, len(values))
			for id := range values {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			for _, id := range ids {
				vm := prepareValue(t, mm, id)
				ve := prepareValue(t, em, id)
				for _, v := range values[id] {
					total++
					if a, b := findingKeys(t, vm, v), findingKeys(t, ve, v); a != b {
						t.Errorf("%s %s:\nmixins:    %s\nexpansion: %s", id, v, a, b)
					}
				}
			}
			if d.name == "ethereum" {
				compareEthereumExchanges(t, mixed.IDL, expanded.IDL)
			}
		})
	}
	t.Logf("%d values compared", total)
}

func diagLines(ds []Diagnostic) []byte {
	var b bytes.Buffer
	for _, d := range ds {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func prepareValue(t *testing.T, m *model.Model, id string) *sv.Validator {
	t.Helper()
	v, err := sv.Prepare(m, shapeid.MustParse(id), sv.MatchJSONNames(true))
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return v
}

// findingKeys renders the findings of v for data as sorted "severity code
// path" lines (the message names shapes, which the two models name
// differently).
func findingKeys(t *testing.T, v *sv.Validator, data []byte) string {
	t.Helper()
	r, err := v.ValidateJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range r.Findings {
		out = append(out, f.Severity.String()+" "+string(f.Code)+" "+f.Path.String())
	}
	sort.Strings(out)
	return strings.Join(out, "; ")
}

// probes are values of the structure id of m: one with every member (a
// value of each member's target, generated to a small depth), and
// mutations of it: each member left out, null, of another JSON type; an
// unknown field; the empty object; not an object.
func probes(m *model.Model, id shapeid.ID) [][]byte {
	s, _ := m.Shape(id)
	full := sample(m, s, 0).(map[string]any)
	enc := func(v any) []byte { b, _ := json.Marshal(v); return b }
	out := [][]byte{enc(full), []byte(`{}`), []byte(`[]`), []byte(`"x"`), []byte(`null`)}
	with := func(k string, v any, drop bool) map[string]any {
		c := map[string]any{}
		for kk, vv := range full {
			if kk != k || !drop {
				c[kk] = vv
			}
		}
		if !drop {
			c[k] = v
		}
		return c
	}
	keys := make([]string, 0, len(full))
	for k := range full {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		out = append(out, enc(with(k, nil, true)), enc(with(k, nil, false)), enc(with(k, 42, false)), enc(with(k, "s", false)), enc(with(k, map[string]any{}, false)))
	}
	out = append(out, enc(with("not-a-property-of-any-branch", 1, false)))
	return out
}

// sample is a value of shape s (a member: of its target), generated to
// depth 3: not necessarily valid (patterns are not generated), which is
// fine for comparing two models' findings.
func sample(m *model.Model, s *model.Shape, depth int) any {
	if s.Type() == model.MemberType {
		t, ok := m.Target(s)
		if !ok {
			return nil
		}
		s = t
	}
	switch s.Type() {
	case model.StructureType:
		obj := map[string]any{}
		if depth > 3 {
			return obj
		}
		for _, mem := range s.Members() {
			if mem.HasTrait(shapeid.MustParse("alloy#jsonUnknown")) {
				continue
			}
			name := mem.MemberName()
			if jn, ok := mem.Trait(shapeid.MustParse("smithy.api#jsonName")); ok {
				name = jn.StringValue()
			}
			obj[name] = sample(m, mem, depth+1)
		}
		return obj
	case model.UnionType:
		if mems := s.Members(); len(mems) > 0 && depth <= 3 {
			return sample(m, mems[0], depth+1)
		}
		return map[string]any{}
	case model.ListType, model.SetType:
		if depth > 3 {
			return []any{}
		}
		return []any{sample(m, s.Members()[0], depth+1)}
	case model.MapType:
		if depth > 3 {
			return map[string]any{}
		}
		return map[string]any{"k": sample(m, s.Members()[1], depth+1)}
	case model.StringType:
		return "0x1"
	case model.EnumType:
		if v, ok := s.Members()[0].Trait(shapeid.MustParse("smithy.api#enumValue")); ok {
			return v.StringValue()
		}
		return "x"
	case model.IntEnumType:
		if v, ok := s.Members()[0].Trait(shapeid.MustParse("smithy.api#enumValue")); ok {
			n, _ := json.Number(v.NumberText()).Int64()
			return n
		}
		return 0
	case model.BooleanType:
		return true
	case model.DocumentType:
		return map[string]any{"any": 1}
	case model.TimestampType:
		return "2025-01-01T00:00:00Z"
	case model.BlobType:
		return "AAAA"
	}
	return 1 // numbers
}

// mcpExamples are the MCP specification examples of the results that are
// composites (tasks/get, tasks/cancel), by the shape of their result.
func mcpExamples(t *testing.T, schema []byte) map[string][][]byte {
	ex, err := os.ReadFile(corpus(t, "mcp/spec-examples-2025-11-25.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][][]byte{}
	for _, line := range bytes.Split(bytes.TrimSpace(ex), []byte("\n")) {
		var rec struct {
			Message json.RawMessage `json:"message"`
		}
		if json.Unmarshal(line, &rec) != nil {
			continue
		}
		var msg struct {
			Result json.RawMessage `json:"result"`
			Params json.RawMessage `json:"params"`
			Method string          `json:"method"`
		}
		json.Unmarshal(rec.Message, &msg)
		if msg.Result != nil {
			// a result is checked against every composite result shape
			for _, id := range []string{"t#GetTaskResult", "t#CancelTaskResult"} {
				out[id] = append(out[id], msg.Result)
			}
		}
		if msg.Params != nil {
			out["t#TaskStatusNotificationParams"] = append(out["t#TaskStatusNotificationParams"], msg.Params)
		}
		out["t#JSONRPCResultResponse"] = append(out["t#JSONRPCResultResponse"], rec.Message)
	}
	return out
}

// compareEthereumExchanges feeds every recorded Ethereum exchange through
// both models' services and compares the findings.
func compareEthereumExchanges(t *testing.T, mixed, expanded []byte) {
	sm := prepared(t, mixed, "t#Ethereum")
	se := prepared(t, expanded, "t#Ethereum")
	n := 0
	for _, rec := range readExchanges(t) {
		var keys [2]string
		for i, svc := range []*rpc.PreparedService{sm, se} {
			x := svc.NewExchange()
			for _, m := range rec.Exchange {
				from := rpc.Client
				if m.Dir == "response" {
					from = rpc.Server
				}
				x.Feed(from, []byte(m.Raw))
			}
			var lines []string
			for _, f := range x.Finish(true).Findings {
				lines = append(lines, f.Severity.String()+" "+string(f.Code)+" "+f.Path.String())
			}
			sort.Strings(lines)
			keys[i] = strings.Join(lines, "; ")
		}
		n++
		if keys[0] != keys[1] {
			t.Errorf("%s:\nmixins:    %s\nexpansion: %s", rec.File, keys[0], keys[1])
		}
	}
	if n != 232 {
		t.Errorf("%d exchanges compared, want 232", n)
	}
}

// TestAllOfExpansionAddsNoShape: an allOf that mixins cannot express (a
// property two branches define) gives no shape to an OpenRPC component
// that only this allOf reaches, as the expansion never did; the one that
// mixins express gives it its concrete shape and its mixin.
func TestAllOfExpansionAddsNoShape(t *testing.T) {
	for _, c := range []struct {
		name   string
		second string
		want   []string
		absent []string
	}{
		{"property in two branches", `{"properties": {"a": {"const": "k"}}}`, []string{"structure X {"}, []string{"structure A ", "AMixin"}},
		{"mixins", `{"properties": {"b": {"type": "string"}}}`, []string{"structure X with [AMixin] {", "structure A with [AMixin] {", "structure AMixin {"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := `{"openrpc": "1.2.6", "info": {"title": "t", "version": "1"}, "methods": [
				{"name": "m", "params": [], "result": {"name": "r", "schema": {"$ref": "#/components/schemas/X"}}}],
				"components": {"schemas": {
					"A": {"type": "object", "properties": {"a": {"type": "string"}}},
					"X": {"allOf": [{"$ref": "#/components/schemas/A"}, ` + c.second + `]}}}}`
			res, err := OpenRPC([]byte(doc), Options{Namespace: "t"})
			if err != nil {
				t.Fatal(err)
			}
			load(t, res.IDL)
			for _, w := range c.want {
				if !bytes.Contains(res.IDL, []byte(w)) {
					t.Errorf("no %q in:\n%s", w, res.IDL)
				}
			}
			for _, a := range c.absent {
				if bytes.Contains(res.IDL, []byte(a)) {
					t.Errorf("%q in:\n%s", a, res.IDL)
				}
			}
		})
	}
}
