package mend

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
)

const toolDecl = `{!query:string,!limit:integer,exact:boolean}`

func mustCompact(t testing.TB, s string) *CompactDeclaration {
	t.Helper()
	d, err := ParseCompact(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestProfiles: what each profile does with an exact, a cosmetic, a lossy
// and an ambiguous text.
func TestProfiles(t *testing.T) {
	tests := []struct {
		name, in string
		profile  Profile
		maxLoss  int
		code     string // "" when Repair succeeds
	}{
		{"strict exact", `{"a":1}`, ProfileStrict, 0, ""},
		{"strict cosmetic", `{'a':1}`, ProfileStrict, 0, CodeStrict},
		{"execution cosmetic", `{'a':1,}`, ProfileExecution, 0, ""},
		{"execution lossy", `{"a":1`, ProfileExecution, 0, CodeLossy},
		{"execution ambiguous", `{"a":1}{"b":2}`, ProfileExecution, 0, CodeAmbiguous},
		{"lenient lossy", `{"a":1`, ProfileLenient, 0, ""},
		{"lenient ambiguous", `{"a":1}{"b":2}`, ProfileLenient, 0, ""},
		{"lenient within max_loss", `{"a":1`, ProfileLenient, 1, ""},
		{"lenient over max_loss", `{"a":[1`, ProfileLenient, 1, CodeLossy},
		{"empty text", `   `, ProfileLenient, 0, CodeNoValue},
		{"prose only", `no JSON here`, ProfileExecution, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Repair([]byte(tt.in), Options{Profile: tt.profile, MaxLoss: tt.maxLoss})
			var e *Error
			switch {
			case tt.code == "" && err != nil:
				t.Errorf("%s: Repair(%q) = %v, want success", tt.name, tt.in, err)
			case tt.code != "" && (!errors.As(err, &e) || e.Code != tt.code):
				t.Errorf("%s: Repair(%q) = %v, want %s", tt.name, tt.in, err, tt.code)
			case e != nil && (e.RetryHint == "" || e.Exit == 0):
				t.Errorf("%s: error without hint or exit: %+v", tt.name, e)
			}
		})
	}
}

// TestErrorExits: every E code has its documented exit.
func TestErrorExits(t *testing.T) {
	d := mustCompact(t, toolDecl)
	tests := []struct {
		name, in string
		opts     Options
		code     string
		exit     int
	}{
		{"no value", "", Options{}, CodeNoValue, ExitInvalid},
		{"lossy", `{"query":"x`, Options{}, CodeLossy, ExitRefused},
		{"ambiguous", `[1]{}`, Options{}, CodeAmbiguous, ExitRefused},
		{"strict", `[1,]`, Options{Profile: ProfileStrict}, CodeStrict, ExitRefused},
		{"schema", `{"query":"x"}`, Options{Declaration: d}, CodeSchema, ExitInvalid},
		{"depth", strings.Repeat("[", 30), Options{MaxDepth: 20}, CodeLimit, ExitRefused},
		{"size", `[1,2,3]`, Options{MaxSize: 4}, CodeLimit, ExitRefused},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Repair([]byte(tt.in), tt.opts)
			var e *Error
			if !errors.As(err, &e) || e.Code != tt.code || e.Exit != tt.exit {
				t.Errorf("%s: got %v (exit %d), want %s exit %d", tt.name, err, exitOf(e), tt.code, tt.exit)
			}
		})
	}
}

func exitOf(e *Error) int {
	if e == nil {
		return -1
	}
	return e.Exit
}

// TestRetryHints pins the exact text of the retry hints: callers send it to
// the model unchanged.
func TestRetryHints(t *testing.T) {
	d := mustCompact(t, toolDecl)
	tests := []struct {
		name, in string
		opts     Options
		want     string
	}{
		{"cut in a string", `{"query": "what is the capi`, Options{Declaration: d},
			`Your JSON was cut off at line 1, column 28 (offset 27), inside the string at /query. Send the complete JSON again, shorter if it must be. It must match: {!query:string,!limit:integer,exact:boolean}`},
		{"cut after a member", "{\"query\": \"x\",\n \"limit\": 1", Options{},
			`Your JSON was cut off at line 2, column 12 (offset 26), inside the value at /limit. Send the complete JSON again, shorter if it must be.`},
		{"ambiguous", `{"a": "24" screen"}`, Options{},
			`Your JSON is not valid at line 1, column 10 (offset 9): an unescaped quote inside a string. It can be read two ways; send the JSON again, written unambiguously (escape quotes inside strings as \").`},
		{"strict", `{a:1}`, Options{Profile: ProfileStrict},
			`Your JSON is not valid at line 1, column 2 (offset 1): an object key without quotes. Send strict JSON: double-quoted keys and strings, no comments, no trailing commas.`},
		{"schema", `{"query": 1, "exact": true}`, Options{Declaration: d},
			`Your JSON does not match what the tool expects: missing required member "limit"; wrong value for "query"; at /query: expected a string, found an integer. Send the JSON again with these corrected. It must match: {!query:string,!limit:integer,exact:boolean}`},
		{"no value", `I cannot help with that.`, Options{SkipProse: true},
			`Your reply contained no JSON value. Reply with one JSON value only.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Repair([]byte(tt.in), tt.opts)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%s: Repair(%q) = %v, want an error", tt.name, tt.in, err)
			}
			if e.RetryHint != tt.want {
				t.Errorf("%s: hint\n got %s\nwant %s", tt.name, e.RetryHint, tt.want)
			}
			if p := Analyze([]byte(tt.in), tt.opts); p.Retry != tt.want {
				t.Errorf("%s: Analyze's retry\n got %s\nwant %s", tt.name, p.Retry, tt.want)
			}
		})
	}
}

// TestAnalyzeDecisions: one case per decision and label.
func TestAnalyzeDecisions(t *testing.T) {
	d := mustCompact(t, toolDecl)
	tests := []struct {
		name, in                string
		opts                    Options
		decision, label         string
		executable, valid, norm bool
		value                   string
	}{
		{"exact", `{"query":"x","limit":1}`, Options{Declaration: d}, DecisionExecute, "exact", true, true, false, `{"query":"x","limit":1}`},
		{"cosmetic", `{'query':'x','limit':1,}`, Options{Declaration: d}, DecisionRepair, "cosmetic", true, false, true, `{"query":"x","limit":1}`},
		{"truncated", `{"query":"x","limit":1`, Options{Declaration: d}, DecisionRetry, "truncated", false, false, true, `null`},
		{"lenient truncated", `{"query":"x","limit":1`, Options{Declaration: d, Profile: ProfileLenient}, DecisionRepair, "truncated", true, false, true, `{"query":"x","limit":1}`},
		{"ambiguous", `{"query":"x"}{"limit":1}`, Options{}, DecisionRetry, "ambiguous", false, false, true, `null`},
		{"schema", `{"query":"x"}`, Options{Declaration: d}, DecisionRetry, "schema_mismatch", false, true, false, `null`},
		{"strict", `{query:"x"}`, Options{Profile: ProfileStrict}, DecisionRetry, "strict", false, false, true, `null`},
		{"invalid", ``, Options{}, DecisionInvalid, "no_json", false, false, false, `null`},
		{"over limit", `[[[[`, Options{MaxDepth: 2}, DecisionInvalid, "over_limit", false, false, false, `null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Analyze([]byte(tt.in), tt.opts)
			if p.Decision != tt.decision || p.Label != tt.label || p.Executable != tt.executable ||
				p.ValidJSON != tt.valid || p.Normalized != tt.norm || string(p.Value) != tt.value {
				t.Errorf("%s: got %s/%s executable=%v valid=%v normalized=%v value=%s, want %s/%s %v %v %v %s", tt.name,
					p.Decision, p.Label, p.Executable, p.ValidJSON, p.Normalized, p.Value,
					tt.decision, tt.label, tt.executable, tt.valid, tt.norm, tt.value)
			}
			if (p.Decision == DecisionRetry || p.Decision == DecisionInvalid) != (p.Error != nil && p.Retry != "") {
				t.Errorf("%s: error %v and retry %q do not match decision %s", tt.name, p.Error, p.Retry, p.Decision)
			}
			if _, err := json.Marshal(p); err != nil {
				t.Errorf("%s: marshal: %v", tt.name, err)
			}
		})
	}
}

// TestPlanJSON pins the seed's field names of a plan.
func TestPlanJSON(t *testing.T) {
	d := mustCompact(t, toolDecl)
	b, err := json.Marshal(Analyze([]byte(`{'query':'x','limit':2}`), Options{Declaration: d}))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"decision":"repair","label":"cosmetic","exactness":"cosmetic","ambiguous":false,"valid_json":false,"normalized":true,"ambiguity":"","execution":"execution","executable":true,"schema_total":2,"schema_satisfied":2,"schema_missing":[],"error":null,"repairs":[{"code":"R101","threshold":"single_quotes","line":1,"column":2,"offset":1,"severity":"cosmetic","message":"a string in single quotes","ambiguity":"","loss":0},{"code":"R101","threshold":"single_quotes","line":1,"column":10,"offset":9,"severity":"cosmetic","message":"a string in single quotes","ambiguity":"","loss":0},{"code":"R101","threshold":"single_quotes","line":1,"column":14,"offset":13,"severity":"cosmetic","message":"a string in single quotes","ambiguity":"","loss":0}],"retry":"","value":{"query":"x","limit":2},"text":"{\"query\":\"x\",\"limit\":2}","completeness":"complete","schema":{"total":2,"satisfied":2,"missing":[],"mismatched":[],"ok":true}}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

// TestValidate: valid as written, the first strict refusal, the repair,
// and the verdict.
func TestValidate(t *testing.T) {
	d := mustCompact(t, toolDecl)
	v, _ := Validate([]byte(`{"query":"x","limit":1}`), Options{Declaration: d})
	if !v.Valid || v.Error != nil || v.Repaired != nil || v.Schema == nil || !v.Schema.OK {
		t.Errorf("valid text: %+v", v)
	}
	v, _ = Validate([]byte(`{query:'x', limit:1,}`), Options{Declaration: d})
	if v.Valid || v.Error == nil || v.Error.Code != CodeStrict || v.Error.Offset != 1 || v.Repaired == nil ||
		*v.Repaired != `{"query":"x", "limit":1}` || v.Exactness != Cosmetic || len(v.Repairs) != 4 || v.Schema != nil {
		t.Errorf("repairable text: %+v", v)
	}
	v, _ = Validate(nil, Options{})
	if v.Valid || v.Error == nil || v.Error.Code != CodeNoValue || v.Repaired != nil {
		t.Errorf("empty text: %+v", v)
	}
}

// TestCutToolCall is the acceptance case: a tool call cut by max_tokens
// in the middle of a string.
func TestCutToolCall(t *testing.T) {
	d := mustCompact(t, toolDecl)
	cut := []byte(`{"limit": 5, "exact": false, "query": "the history of the Byzantine emp`)
	_, err := Repair(cut, Options{Declaration: d})
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeLossy || !strings.Contains(e.RetryHint, "cut off") || !strings.Contains(e.RetryHint, "/query") {
		t.Fatalf("execution: %v %q", err, hintOf(e))
	}
	res, err := Repair(cut, Options{Declaration: d, Profile: ProfileLenient})
	if err != nil || res.Exactness != Lossy || res.Completeness != Partial ||
		res.Text != `{"limit": 5, "exact": false, "query": "the history of the Byzantine emp"}` {
		t.Fatalf("lenient: %v %+v", err, res)
	}
	p := Analyze(cut, Options{Declaration: d})
	if p.Decision != DecisionRetry || p.Retry != e.RetryHint {
		t.Errorf("analyze: %s %q", p.Decision, p.Retry)
	}
	r, err := Readiness(cut, Options{Declaration: d})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Settled, ",") != "limit" || r.SettledPermille != 500 || r.SchemaPermille != 500 || r.SyntaxPermille >= 1000 || r.Step != "string" {
		t.Errorf("readiness: %+v", r)
	}
}

func hintOf(e *Error) string {
	if e == nil {
		return ""
	}
	return e.RetryHint
}

// TestReadinessPrefixes: on every prefix of valid values, the permilles
// never decrease, syntax reaches 1000 exactly at the end, and a member is
// settled only once its value can no longer change.
func TestReadinessPrefixes(t *testing.T) {
	d := mustCompact(t, toolDecl)
	values := []string{
		`{"query": "a \"quoted\" \\ word", "limit": 10, "exact": true}`,
		"{\n  \"exact\": false,\n  \"query\": \"x\",\n  \"limit\": -1.5e3\n}",
		`{"limit":1000000,"query":"ü","query":"dup"}`,
		`{"other":{"query":"nested","limit":[1,2,{"x":null}]},"query":"","limit":0}`,
		`[{"query":"x","limit":1}]`,
		`"just a string"`,
	}
	for _, v := range values {
		prev := ReadinessResult{}
		for n := 0; n <= len(v); n++ {
			r, err := Readiness([]byte(v[:n]), Options{Declaration: d})
			if err != nil {
				t.Fatal(err)
			}
			if r.SyntaxPermille < prev.SyntaxPermille || r.SchemaPermille < prev.SchemaPermille || r.SettledPermille < prev.SettledPermille {
				t.Errorf("%q: prefix %d %q decreases: %+v after %+v", v, n, v[:n], r, prev)
			}
			if (r.SyntaxPermille == 1000) != (n == len(v)) {
				t.Errorf("%q: prefix %d: syntax_permille %d", v, n, r.SyntaxPermille)
			}
			// A member is settled only if the full value has it with the same text.
			for _, name := range r.Settled {
				if !settledIn(v[:n], v, name) {
					t.Errorf("%q: prefix %d settles %s too early", v, n, name)
				}
			}
			prev = *r
		}
	}
}

// settledIn reports whether the first value of member name in the
// lenient reading of prefix is the same as in full.
func settledIn(prefix, full, name string) bool {
	res, err := Repair([]byte(prefix), Options{Profile: ProfileLenient})
	if err != nil {
		return false
	}
	first := func(text string) string {
		for _, m := range topMembers([]byte(text)) {
			if m.key == name {
				return string(m.raw)
			}
		}
		return "<absent>"
	}
	return first(res.Text) == first(full)
}

// TestReadinessWithoutDeclaration: only syntax_permille is meaningful.
func TestReadinessWithoutDeclaration(t *testing.T) {
	r, _ := Readiness([]byte(`{"a":`), Options{})
	if r.SchemaPermille != -1 || r.SettledPermille != -1 || r.Verdict != nil || r.Step != "value" || r.SyntaxPermille != 833 {
		t.Errorf("got %+v", r)
	}
}

const toolSmithy = `$version: "2"
namespace example.tools

/// The input of a search tool.
structure SearchInput {
    @required
    query: String
    @required
    limit: BigInteger
    exact: Boolean
}
`

// TestSameVerdict: the same tool input declared in the compact form and as
// a Smithy structure gives the same verdict on documented values.
func TestSameVerdict(t *testing.T) {
	compact := mustCompact(t, toolDecl)
	a := assembly.New()
	if err := a.AddSource("tools.smithy", []byte(toolSmithy)); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatal(err, res.Events)
	}
	shape, err := NewShapeDeclaration(res.Model, shapeid.MustParse("example.tools#SearchInput"))
	if err != nil {
		t.Fatal(err)
	}
	values := []struct{ name, value, want string }{
		{"all members", `{"query":"x","limit":3,"exact":true}`, `2 2 [] [] true`},
		{"required only", `{"query":"x","limit":3}`, `2 2 [] [] true`},
		{"unknown member is a warning", `{"query":"x","limit":3,"other":1}`, `2 2 [] [] true`},
		{"missing limit", `{"query":"x"}`, `2 1 [limit] [] false`},
		{"limit not an integer", `{"query":"x","limit":2.5}`, `2 1 [] [limit] false`},
		{"limit a string", `{"query":"x","limit":"3"}`, `2 1 [] [limit] false`},
		{"exact wrong", `{"query":"x","limit":3,"exact":"yes"}`, `2 2 [] [exact] false`},
		{"null query", `{"query":null,"limit":3}`, `2 1 [] [query] false`},
		{"not an object", `[1]`, `2 0 [query limit] [] false`},
		{"empty object", `{}`, `2 0 [query limit] [] false`},
	}
	for _, v := range values {
		t.Run(v.name, func(t *testing.T) {
			a, err1 := compact.Check([]byte(v.value))
			b, err2 := shape.Check([]byte(v.value))
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			ga, gb := verdictLine(a), verdictLine(b)
			if ga != v.want || gb != v.want {
				t.Errorf("%s: compact %s, smithy %s, want %s", v.name, ga, gb, v.want)
			}
		})
	}
}

func verdictLine(v SchemaVerdict) string {
	return strings.Join([]string{itoa(v.Total), itoa(v.Satisfied), "[" + strings.Join(v.Missing, " ") + "]",
		"[" + strings.Join(v.Mismatched, " ") + "]", map[bool]string{true: "true", false: "false"}[v.OK]}, " ")
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestCompactGrammar: canonical text of good declarations, position of
// errors in bad ones.
func TestCompactGrammar(t *testing.T) {
	good := []struct{ name, in, canon string }{
		{"seed example", `{!query:string,!limit:integer}`, `{!query:string,!limit:integer}`},
		{"spaces", " { ! query : string , tags : [ string ] } ", `{!query:string,tags:[string]}`},
		{"quoted key", `{"my key":any,"x-y":object,z:array}`, `{"my key":any,x-y:object,z:array}`},
		{"nested", `{!a:{!b:[{c:number}]}}`, `{!a:{!b:[{c:number}]}}`},
		{"scalar root", `boolean`, `boolean`},
		{"empty object", `{}`, `{}`},
	}
	for _, g := range good {
		t.Run(g.name, func(t *testing.T) {
			d, err := ParseCompact(g.in)
			if err != nil || d.String() != g.canon {
				t.Errorf("%s: ParseCompact(%q) = %v, %v; want %s", g.name, g.in, d, err, g.canon)
			}
		})
	}
	bad := []struct {
		name, in string
		offset   int
	}{
		{"unknown type", `{a:strin}`, 3},
		{"missing colon", `{a string}`, 3},
		{"duplicate", `{a:string,a:number}`, 10},
		{"trailing text", `string x`, 7},
		{"unclosed", `{a:string`, 9},
		{"empty", ``, 0},
		{"too deep", strings.Repeat("[", 40) + "string" + strings.Repeat("]", 40), 32},
	}
	for _, b := range bad {
		t.Run(b.name, func(t *testing.T) {
			_, err := ParseCompact(b.in)
			var e *Error
			if !errors.As(err, &e) || e.Code != CodeDeclaration || e.Offset != b.offset || e.Exit != ExitUsage {
				t.Errorf("%s: ParseCompact(%q) = %v, want E050 at offset %d", b.name, b.in, err, b.offset)
			}
		})
	}
}

// TestReadinessOverLimit: a text over a limit is the error E020 (exit 5),
// never a result that reads as a prefix not yet begun (step empty,
// syntax_permille 0, which the command answered with exit 1); a text
// within the limits, or one with no value yet, is still a result.
func TestReadinessOverLimit(t *testing.T) {
	d, err := ParseCompact(`{!query:string}`)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		text  string
		decl  Declaration
		limit bool // want E020
		step  string
	}{
		{name: "1,001 open arrays", text: strings.Repeat("[", 1001), limit: true},
		{name: "100,000 open arrays", text: strings.Repeat("[", 100000), limit: true},
		{name: "100,000 closed arrays", text: strings.Repeat("[", 100000) + strings.Repeat("]", 100000), limit: true},
		{name: "deep under a declaration", text: `{"query": ` + strings.Repeat(`{"a":`, 1000), decl: d, limit: true},
		{name: "1,000 open arrays", text: strings.Repeat("[", 1000), step: "value"},
		{name: "empty", text: "", step: "empty"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Readiness([]byte(tc.text), Options{Declaration: tc.decl})
			if tc.limit {
				var me *Error
				if !errors.As(err, &me) || me.Code != CodeLimit || me.Exit != ExitRefused {
					t.Fatalf("%s: got %+v, %v; want the error E020 with exit 5", tc.name, r, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if r.Step != tc.step || r.SyntaxPermille == 1000 {
				t.Errorf("%s: step %q, syntax %d; want step %q and a value not done", tc.name, r.Step, r.SyntaxPermille, tc.step)
			}
		})
	}
}
