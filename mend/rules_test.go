package mend

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRules proves each rule fires where it should, writes the text it
// should, and classifies the result.
func TestRules(t *testing.T) {
	tests := []struct {
		name, in, want string
		codes          string // the repairs' codes, space-separated
		exactness      Exactness
		ambiguous      bool
		completeness   Completeness
	}{
		{"valid object unchanged", `{"a": [1, 2.50, -0, 1e400], "b": null}`, `{"a": [1, 2.50, -0, 1e400], "b": null}`, "", Exact, false, Complete},
		{"valid with whitespace around", " \n\t{\"a\":true}\r\n ", " \n\t{\"a\":true}\r\n ", "", Exact, false, Complete},
		{"valid string escapes", `"\"\\\/\b\f\n\r\t\u260E"`, `"\"\\\/\b\f\n\r\t\u260E"`, "", Exact, false, Complete},
		{"single quotes", `{'a': 'b'}`, `{"a": "b"}`, "R101 R101", Cosmetic, false, Complete},
		{"double quote inside single quotes", `'say "hi"'`, `"say \"hi\""`, "R101", Cosmetic, false, Complete},
		{"typographic quotes", "{\u201ca\u201d: \u2018b\u2019}", `{"a": "b"}`, "R102 R102", Cosmetic, false, Complete},
		{"typographic quote inside a string stays", "\"a \u201c b\"", "\"a \u201c b\"", "", Exact, false, Complete},
		{"backticks", "{`a`: `b\u00b4}", `{"a": "b"}`, "R103 R103", Cosmetic, false, Complete},
		{"unquoted key", `{a: 1, b_2: 2}`, `{"a": 1, "b_2": 2}`, "R104 R104", Cosmetic, false, Complete},
		{"unquoted string value", `{"a": hello world}`, `{"a": "hello world"}`, "R105", Cosmetic, false, Complete},
		{"unquoted url", `{url:https://x.org/a}`, `{"url":"https://x.org/a"}`, "R104 R105", Cosmetic, false, Complete},
		{"python literals", `[True, False, None]`, `[true, false, null]`, "R106 R106 R106", Cosmetic, false, Complete},
		{"undefined", `{"a": undefined}`, `{"a": null}`, "R107", Cosmetic, false, Complete},
		{"trailing comma in object", `{"a": 1,}`, `{"a": 1}`, "R108", Cosmetic, false, Complete},
		{"trailing comma before newline", "[1,2,\n]", "[1,2\n]", "R108", Cosmetic, false, Complete},
		{"missing comma", "{\"a\": 1\n\"b\": 2}", "{\"a\": 1,\n\"b\": 2}", "R109", Cosmetic, false, Complete},
		{"missing comma in array", `[1 2 "x"]`, `[1, 2, "x"]`, "R109 R109", Cosmetic, false, Complete},
		{"missing colon", `{"a" 1}`, `{"a": 1}`, "R110", Cosmetic, false, Complete},
		{"comments", "{/* c */\"a\": 1, // line\n# py\n\"b\": 2}", "{\"a\": 1, \n\n\"b\": 2}", "R111 R111 R111", Cosmetic, false, Complete},
		{"markdown fence", "```json\n{\"a\": 1}\n```", "\n{\"a\": 1}\n", "R112 R112", Cosmetic, false, Complete},
		{"control characters", "\"a\tb\nc\"", `"a\tb\nc"`, "R114", Cosmetic, false, Complete},
		{"invalid escape keeps the backslash", `"C:\Users"`, `"C:\\Users"`, "R115", Cosmetic, false, Complete},
		{"number with plus", `[+1, +2.5]`, `[1, 2.5]`, "R116 R116", Cosmetic, false, Complete},
		{"number trailing dot", `[2., .5, -.5]`, `[2.0, 0.5, -0.5]`, "R117 R117 R117", Cosmetic, false, Complete},
		{"numbers keep their text", `[1.000, 1E+2, -0.0]`, `[1.000, 1E+2, -0.0]`, "", Exact, false, Complete},
		{"doubled quotes", `{"key": ""value""}`, `{"key": "value"}`, "R118", Cosmetic, false, Complete},
		{"leading comma", `[,1]`, `[1]`, "R119", Cosmetic, false, Complete},
		{"wrong bracket", `{"a": 1]`, `{"a": 1}`, "R120", Cosmetic, false, Complete},
		{"extra bracket", `{"a": 1}}`, `{"a": 1}`, "R121", Cosmetic, false, Complete},
		{"special whitespace", "{\"a\":\u00a01}", `{"a": 1}`, "R122", Cosmetic, false, Complete},
		{"escaped apostrophe", `"it\'s"`, `"it's"`, "R123", Cosmetic, false, Complete},
		{"ellipsis", `[1, 2, ...]`, `[1, 2 ]`, "R124 R108", Cosmetic, false, Complete},
		{"missing bracket before another", `[{"a": 1]`, `[{"a": 1}]`, "R125", Cosmetic, false, Complete},
		{"inner quote", `{"a": "24" screen"}`, `{"a": "24\" screen"}`, "R130", Cosmetic, true, Complete},
		{"concatenated values", "{\"a\":1}\n{\"b\":2}", "[{\"a\":1},\n{\"b\":2}]", "R131", Cosmetic, true, Complete},
		{"leading zero", `{"zip": 0789}`, `{"zip": "0789"}`, "R132", Cosmetic, true, Complete},
		{"escaped JSON", `{\"a\": \"say \\\"hi\\\"\"}`, `{"a": "say \"hi\""}`, "R134", Cosmetic, false, Complete},
		{"strings joined with +", `{"a": "hello" + " world", "b": 'x' +
 /* c */ 'y'}`, `{"a": "hello world", "b": "xy"}`, "R135 R101 R135 R101", Cosmetic, false, Complete},
		{"three strings joined", `"a"+"b"+"c"`, `"abc"`, "R135 R135", Cosmetic, false, Complete},
		{"a plus before no string is not a join", `"a" + 1`, `"a" `, "R206", Lossy, false, Complete},
		{"mongodb wrappers", `{"_id": ObjectId("5f1d"), "at": ISODate( '2012-12-19T06:01:17.171Z' ), "n": NumberInt(5)}`,
			`{"_id": "5f1d", "at": "2012-12-19T06:01:17.171Z", "n": 5}`, "R136 R136 R101 R136", Cosmetic, false, Complete},
		{"mongodb number around a string", `NumberLong("2")`, `"2"`, "R137", Cosmetic, true, Complete},
		{"missing closing quote before a key", `{"a":"b,"c":"d"}`, `{"a":"b","c":"d"}`, "R133", Cosmetic, true, Complete},
		{"missing closing quote before brackets", `{"a":"b}`, `{"a":"b"}`, "R133", Cosmetic, true, Partial},
		{"truncated object", `{"a": [1, 2`, `{"a": [1, 2]}`, "R201", Lossy, false, Partial},
		{"truncated string", `{"q": "hel`, `{"q": "hel"}`, "R202 R201", Lossy, false, Partial},
		{"truncated after colon", `{"a":`, `{"a":null}`, "R201", Lossy, false, Partial},
		{"missing value", `{"a":,"b":1}`, `{"a":null,"b":1}`, "R203", Lossy, false, Complete},
		{"garbage dropped", `[1, @@@ 2]`, `[1,  2]`, "R204", Lossy, false, Complete},
		{"prose before, not skipped", `Here it is: {"a":1}`, `{"a":1}`, "R205", Lossy, false, Complete},
		{"prose after, not skipped", `{"a":1} Hope this helps!`, `{"a":1} `, "R206", Lossy, false, Complete},
		{"non-finite number", `[NaN, Infinity]`, `[null, null]`, "R207 R207", Lossy, false, Complete},
		{"truncated literal", `[tr`, `[true]`, "R208 R201", Lossy, false, Partial},
		{"truncated exponent", `[2e`, `[2e0]`, "R208 R201", Lossy, false, Partial},
		{"invalid utf-8", "\"a\xffb\"", `"a\ufffdb"`, "R209", Lossy, false, Complete},
		{"truncated escape", `"ab\u12`, `"ab"`, "R210 R202", Lossy, false, Partial},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Repair([]byte(tt.in), Options{Profile: ProfileLenient})
			if err != nil {
				t.Fatalf("Repair(%q): %v", tt.in, err)
			}
			var codes []string
			for _, f := range res.Repairs {
				codes = append(codes, f.Code)
			}
			if res.Text != tt.want || strings.Join(codes, " ") != tt.codes || res.Exactness != tt.exactness ||
				res.Ambiguous != tt.ambiguous || res.Completeness != tt.completeness {
				t.Errorf("%s: Repair(%q)\n got %q [%s] %s ambiguous=%v %s\nwant %q [%s] %s ambiguous=%v %s", tt.name, tt.in,
					res.Text, strings.Join(codes, " "), res.Exactness, res.Ambiguous, res.Completeness,
					tt.want, tt.codes, tt.exactness, tt.ambiguous, tt.completeness)
			}
			if !json.Valid([]byte(res.Text)) {
				t.Errorf("%s: output is not JSON: %q", tt.name, res.Text)
			}
		})
	}
}

// TestSkipProse: with skip_prose, prose around the value is cosmetic.
func TestSkipProse(t *testing.T) {
	res, err := Repair([]byte("Sure! Here is the call:\n{\"a\":1}\nLet me know."), Options{SkipProse: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Text != "{\"a\":1}\n" || res.Exactness != Cosmetic || len(res.Repairs) != 2 || res.Repairs[0].Code != "R113" {
		t.Errorf("got %q %s %+v", res.Text, res.Exactness, res.Repairs)
	}
	if _, err := Repair([]byte("Sure! {\"a\":1}"), Options{}); err == nil || err.(*Error).Code != CodeLossy {
		t.Errorf("without skip_prose, prose is a lossy repair the execution profile refuses: %v", err)
	}
}

// TestPositions: each repair has its line, column and offset.
func TestPositions(t *testing.T) {
	res, _ := Repair([]byte("{\n  'a': 1,\n  b: 2,\n}"), Options{})
	want := []struct {
		code           string
		line, col, off int
	}{
		{"R101", 2, 3, 4}, {"R104", 3, 3, 14}, {"R108", 3, 7, 18},
	}
	if len(res.Repairs) != len(want) {
		t.Fatalf("got %+v", res.Repairs)
	}
	for i, w := range want {
		g := res.Repairs[i]
		if g.Code != w.code || g.Line != w.line || g.Column != w.col || g.Offset != w.off {
			t.Errorf("repair %d: got %s %d:%d @%d, want %s %d:%d @%d", i, g.Code, g.Line, g.Column, g.Offset, w.code, w.line, w.col, w.off)
		}
	}
}

// TestRulesCatalogue: every rule has a distinct code and name.
func TestRulesCatalogue(t *testing.T) {
	codes, names := map[string]bool{}, map[string]bool{}
	for _, r := range Rules() {
		if codes[r.Code] || names[r.Name] {
			t.Errorf("duplicate rule %s %s", r.Code, r.Name)
		}
		codes[r.Code], names[r.Name] = true, true
		if (r.Severity == "lossy") != strings.HasPrefix(r.Code, "R2") {
			t.Errorf("rule %s %s: severity %s does not match its code", r.Code, r.Name, r.Severity)
		}
	}
}
