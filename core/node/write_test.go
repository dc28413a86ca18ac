package node

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestMarshal(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts []WriteOption
		want string
	}{
		{"compact", " { \"a\" : [ 1 , true ] , \"b\" : null } ", nil, `{"a":[1,true],"b":null}`},
		{"numbers exact", `[1.0,-0,1e400,0.10,1E+2]`, nil, `[1.0,-0,1e400,0.10,1E+2]`},
		{"member order kept", `{"b":1,"a":2}`, nil, `{"b":1,"a":2}`},
		{"sort keys", `{"b":1,"a":{"d":1,"c":2},"A":3}`, []WriteOption{SortKeys()}, `{"A":3,"a":{"c":2,"d":1},"b":1}`},
		{"sort keys by bytes", `{"é":1,"z":2,"Z":3,"":4}`, []WriteOption{SortKeys()}, `{"":4,"Z":3,"z":2,"é":1}`},
		{"empty containers", `[[],{},[{}]]`, []WriteOption{Indent("    ")}, "[\n    [],\n    {},\n    [\n        {}\n    ]\n]"},
		{"indent four", `{"a":[1,2],"b":{"c":"x"}}`, []WriteOption{Indent("    ")},
			"{\n    \"a\": [\n        1,\n        2\n    ],\n    \"b\": {\n        \"c\": \"x\"\n    }\n}"},
		{"indent tab sorted", `{"b":1,"a":2}`, []WriteOption{Indent("\t"), SortKeys()}, "{\n\t\"a\": 2,\n\t\"b\": 1\n}"},
		{"indent then compact", `[1]`, []WriteOption{Indent("  "), Indent("")}, `[1]`},
		{"scalar indent", `"x"`, []WriteOption{Indent("  ")}, `"x"`},
		{"escapes minimal", `"\" \\ \/ \b \f \n \r \t \u0001 \u001f \u007f < > & é € 😀 \u2028"`, nil,
			"\"\\\" \\\\ / \\b \\f \\n \\r \\t \\u0001 \\u001f \x7f < > & é € 😀 \u2028\""},
		{"escaped key", `{"a\"b":1}`, nil, `{"a\"b":1}`},
	}
	for _, tt := range tests {
		n, err := ParseString(tt.in)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := string(Marshal(n, tt.opts...)); got != tt.want {
			t.Errorf("%s: Marshal = %q, want %q", tt.name, got, tt.want)
		}
		// AppendJSON appends; Write writes the same bytes.
		if got := string(AppendJSON([]byte("x"), n, tt.opts...)); got != "x"+tt.want {
			t.Errorf("%s: AppendJSON = %q, want %q", tt.name, got, "x"+tt.want)
		}
		var buf bytes.Buffer
		if err := Write(&buf, n, tt.opts...); err != nil || buf.String() != tt.want {
			t.Errorf("%s: Write = %q, %v; want %q", tt.name, buf.String(), err, tt.want)
		}
	}
}

func TestMarshalSortKeysDuplicates(t *testing.T) {
	n, err := ParseString(`{"b":1,"a":"first","c":0,"a":"second","b":2,"a":"third"}`, DuplicateKeys(KeepDuplicates))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"a":"first","a":"second","a":"third","b":1,"b":2,"c":0}`
	if got := string(Marshal(n, SortKeys())); got != want {
		t.Errorf("SortKeys with duplicates = %s, want %s", got, want)
	}
	// Sorting does not modify the node.
	if got := string(Marshal(n)); !strings.HasPrefix(got, `{"b":1,"a":"first"`) {
		t.Errorf("node changed by SortKeys: %s", got)
	}
}

func TestMarshalBuiltNodes(t *testing.T) {
	tests := []struct {
		name string
		n    Node
		want string
	}{
		{"zero node", Node{}, `null`},
		{"nil array", NewArray(), `[]`},
		{"nil object", NewObject(), `{}`},
		{"invalid UTF-8 replaced", NewString("a\xffb"), "\"a\uFFFDb\""},
		{"truncated rune replaced", NewString("\xe2\x82"), "\"\uFFFD\uFFFD\""},
		{"NUL", NewString("\x00"), `"\u0000"`},
		{"built object", NewObject(Field{Key: "k", Value: NewArray(NewBool(false), NewNumber("-1.5"), NewNull())}), `{"k":[false,-1.5,null]}`},
	}
	for _, tt := range tests {
		got := Marshal(tt.n)
		if string(got) != tt.want {
			t.Errorf("%s: Marshal = %q, want %q", tt.name, got, tt.want)
		}
		if !json.Valid(got) {
			t.Errorf("%s: output %q is not valid JSON", tt.name, got)
		}
	}
}

type failWriter struct{}

var errWrite = errors.New("disk full")

func (failWriter) Write([]byte) (int, error) { return 0, errWrite }

func TestWriteError(t *testing.T) {
	if err := Write(failWriter{}, NewNull()); !errors.Is(err, errWrite) {
		t.Errorf("Write error = %v, want %v", err, errWrite)
	}
}

// roundTripDocs are documents for writer and equality round trips.
var roundTripDocs = []string{
	`null`, `true`, `0`, `-0.0`, `1e400`, `""`, `"\u0000\u001f\"\\"`, `"é😀\u2028<>&"`,
	`[]`, `{}`, `[[[]],{},[{}]]`,
	sampleDoc,
	`{"a":{"b":{"c":[1,2,{"d":"e"}]}},"f":[true,false,null,-1.5e-300]}`,
	`{"z":1,"y":2,"x":3,"w":[{"v":"u"}]}`,
}

func TestRoundTrip(t *testing.T) {
	docs := append([]string{}, roundTripDocs...)
	docs = append(docs, string(generateDocument(200<<10, 7)))
	for i, d := range docs {
		n, err := ParseString(d)
		if err != nil {
			t.Fatalf("doc %d: %v", i, err)
		}
		for _, opts := range [][]WriteOption{nil, {Indent("    ")}, {SortKeys()}, {Indent("\t"), SortKeys()}} {
			out := Marshal(n, opts...)
			back, err := Parse(out)
			if err != nil {
				t.Errorf("doc %d opts %v: reparse: %v\n%s", i, opts, err, out)
				continue
			}
			if !Equal(n, back) {
				t.Errorf("doc %d opts %v: round trip differs:\n%.200s", i, opts, out)
			}
			// Determinism: writing again gives the same bytes.
			if again := Marshal(back, opts...); !bytes.Equal(again, out) {
				t.Errorf("doc %d opts %v: second write differs", i, opts)
			}
		}
	}
	// Duplicates survive a round trip under KeepDuplicates.
	d := `{"a":1,"a":[2],"b":{"c":3,"c":3}}`
	n, _ := ParseString(d, DuplicateKeys(KeepDuplicates))
	back, err := Parse(Marshal(n, SortKeys()), DuplicateKeys(KeepDuplicates))
	if err != nil || !Equal(n, back) || back.Len() != 3 {
		t.Errorf("duplicates round trip: %s, %v", Marshal(back), err)
	}
}
