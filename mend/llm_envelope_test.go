package mend

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/smithy-validation/go/core/jsonscan"
)

// checkEnvelope compares the envelope reading of text with encoding/json's
// on a map[string]json.RawMessage: the same events are objects, every
// member reads as the same value, and every string and integer as
// encoding/json decodes it into a string or an int field.
func checkEnvelope(t *testing.T, text []byte) {
	var m map[string]json.RawMessage
	jsonOK := json.Unmarshal(bytes.TrimSpace(text), &m) == nil && m != nil
	e, ok := parseEnvelope(text)
	if ok != jsonOK {
		t.Fatalf("%q: envelope %v, encoding/json %v", text, ok, jsonOK)
	}
	if ok {
		compareObject(t, e, m, 0)
	}
}

func compareObject(t *testing.T, e envelope, m map[string]json.RawMessage, depth int) {
	n := 0
	e.members(func([]byte, envelope) { n++ })
	keys := map[string]bool{}
	e.members(func(k []byte, _ envelope) {
		d, ok := jsonscan.AppendUnquote(nil, k)
		if !ok {
			t.Fatalf("key %s does not decode", k)
		}
		keys[string(d)] = true
	})
	if len(keys) != len(m) {
		t.Fatalf("%s: keys %v, encoding/json has %d", e, keys, len(m))
	}
	for k, raw := range m {
		v, ok := e.field(k)
		if !ok {
			t.Fatalf("%s: no member %q", e, k)
		}
		compareValue(t, v, raw, depth)
	}
}

func compareValue(t *testing.T, v envelope, raw json.RawMessage, depth int) {
	if !reflect.DeepEqual(decodeAny(t, v), decodeAny(t, raw)) {
		t.Fatalf("member %s, encoding/json %s", v, raw)
	}
	var s string
	sErr := json.Unmarshal(raw, &s)
	got, ok := v.str()
	if ok != (sErr == nil) || ok && got != s {
		t.Fatalf("%s as a string: %q %v, encoding/json %q %v", raw, got, ok, s, sErr)
	}
	var i int
	iErr := json.Unmarshal(raw, &i)
	gi, ok := v.integer()
	if ok != (iErr == nil) || ok && gi != i {
		t.Fatalf("%s as an int: %d %v, encoding/json %d %v", raw, gi, ok, i, iErr)
	}
	if depth > 4 {
		return
	}
	switch v.kind() {
	case '{':
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			t.Fatalf("%s: not an object for encoding/json", raw)
		}
		compareObject(t, v, m, depth+1)
	case '[':
		var l []json.RawMessage
		if json.Unmarshal(raw, &l) != nil {
			t.Fatalf("%s: not an array for encoding/json", raw)
		}
		k := 0
		v.elements(func(el envelope) {
			if k >= len(l) {
				t.Fatalf("%s: more elements than encoding/json's %d", v, len(l))
			}
			compareValue(t, el, l[k], depth+1)
			k++
		})
		if k != len(l) {
			t.Fatalf("%s: %d elements, encoding/json %d", v, k, len(l))
		}
	}
}

func decodeAny(t *testing.T, b []byte) any {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return v
}

// TestEnvelopeFields: named cases of what the envelope reading must agree
// with encoding/json on.
func TestEnvelopeFields(t *testing.T) {
	for _, c := range []struct{ name, text string }{
		{"a delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"query\": \"sm"}}`},
		{"whitespace everywhere", " \n{ \"a\" : [ 1 , { \"b\" : null } ] , \"c\" : \"x\" } \n"},
		{"the last of duplicate keys", `{"type":"ping","type":"error","index":1,"index":2}`},
		{"escaped keys", `{"t\u0079pe":"x","a\/b":1,"\"":2}`},
		{"escapes and surrogates", `{"s":"\ud83d\ude00 \ud800 \udc00x \u00e9\n\t\\\/\"","t":"\ud800\u0041"}`},
		{"integers and not", `{"a":-0,"b":1.0,"c":1e2,"d":99999999999999999999,"e":-12}`},
		{"a backslash before a closing quote", `{"a":"x\\","b":"\\\"","c":"\\\\"}`},
		{"not UTF-8 inside a string", "{\"a\":\"\xff\xfe\",\"b\":\"ok\"}"},
		{"not an object", `["a"]`},
		{"null", `null`},
		{"broken", `{"a":`},
		{"trailing bytes", `{"a":1} x`},
		{"two objects", `{"a":1}{"b":2}`},
		{"empty", ``},
		{"deep", `{"a":` + string(bytes.Repeat([]byte("["), 1200)) + string(bytes.Repeat([]byte("]"), 1200)) + `}`},
	} {
		t.Run(c.name, func(t *testing.T) { checkEnvelope(t, []byte(c.text)) })
	}
}

// FuzzEnvelopeFields compares the envelope reading with encoding/json's
// on arbitrary input.
//
//	cd mend && go test -run '^$' -fuzz FuzzEnvelopeFields -fuzztime 60s
func FuzzEnvelopeFields(f *testing.F) {
	for _, s := range []string{
		`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"q\": 1"}}`,
		`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"{}"}}]},"finish_reason":null}]}`,
		`{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":1,"delta":"\ud83d\ude00"}`,
		"{\"a\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 4096 {
			return
		}
		checkEnvelope(t, in)
	})
}
