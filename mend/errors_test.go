package mend

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPositionsOnlyWhenKnown: a finding or an error writes line, column
// and offset when it is about a place in the text, the first byte
// included (1:1, offset 0), and none of them when it is not (an invalid
// parameter, a size limit, an unknown tool): the contract's "when known",
// never a made-up 0:0.
func TestPositionsOnlyWhenKnown(t *testing.T) {
	compactErr := func(decl string) any {
		_, err := ParseCompact(decl)
		return err
	}
	repairErr := func(text string, o Options) any {
		_, err := Repair([]byte(text), o)
		return err
	}
	verdictFinding := func(decl, text string) any {
		v, err := mustCompact(t, decl).Check([]byte(text))
		if err != nil || len(v.Findings) == 0 {
			t.Fatalf("%s on %s: %v %+v", decl, text, err, v)
		}
		return v.Findings[0]
	}
	cases := []struct {
		name string
		v    any
		want string // the position written, "" for none
	}{
		{"no JSON value at the first byte", repairErr("", Options{}), `"offset":0,"line":1,"column":1`},
		{"a required member missing at the root's first byte", verdictFinding(`{!limit:integer}`, `{}`), `"line":1,"column":1,"offset":0`},
		{"a wrong type on line 2", verdictFinding(`{!limit:integer}`, "{\n \"limit\": \"x\"}"), `"line":2,"column":11,"offset":12`},
		{"a compact declaration's fault on its second line", compactErr("{a:integer,\n b:wat}"), `"offset":15,"line":2,"column":4`},
		{"a compact declaration over the size limit", compactErr(strings.Repeat(" ", maxCompactSize+1)), ""},
		{"a text over the size limit", repairErr("{}  ", Options{MaxSize: 2}), ""},
		{"an unknown provider", func() any { _, err := ParseProvider("nope"); return err }(), ""},
		{"an unknown tool", Finding{Severity: "error", Code: "unknown-tool", Message: "no such tool"}, ""},
	}
	for _, c := range cases {
		b, err := json.Marshal(c.v)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := string(b)
		if c.want == "" {
			for _, k := range []string{`"line"`, `"column"`, `"offset"`} {
				if strings.Contains(got, k) {
					t.Errorf("%s: got %s, want no %s", c.name, got, k)
				}
			}
			continue
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

// TestPositionsRoundTrip: what MarshalJSON writes reads back as the same
// value, with or without a position, and <, > and & stay as written.
func TestPositionsRoundTrip(t *testing.T) {
	for _, f := range []Finding{
		{Severity: "error", Code: "pattern", Path: "/a", Shape: "x#Y$a", Line: 1, Column: 1, Offset: 0, Message: "a <b> & c"},
		{Severity: "error", Code: "unknown-tool", Message: "no tool"},
	} {
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		var back Finding
		if err := json.Unmarshal(b, &back); err != nil || back != f {
			t.Errorf("%s reads back as %+v (%v)", b, back, err)
		}
	}
	e := &Error{Code: CodeDeclaration, Exit: ExitUsage, Message: "bad <x>"}
	b, _ := json.Marshal(e)
	if string(b) != `{"code":"E050","message":"bad \u003cx\u003e","exit":2}` {
		t.Errorf("an error without a position: %s", b)
	}
	if e.Error() != "E050: bad <x>" {
		t.Errorf("Error(): %q", e.Error())
	}
	e = &Error{Code: CodeNoValue, Exit: ExitInvalid, Offset: 0, Line: 1, Column: 1, Message: "m"}
	if b, _ := json.Marshal(e); string(b) != `{"code":"E001","message":"m","exit":1,"offset":0,"line":1,"column":1}` {
		t.Errorf("an error at the first byte: %s", b)
	}
	if e.Error() != "E001 at 1:1 (offset 0): m" {
		t.Errorf("Error(): %q", e.Error())
	}
}
