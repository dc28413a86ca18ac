package gate

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/mend"
)

// TestRun pins each method's result object and exit code on the seed's
// params: the bytes the command prints and the server answers.
func TestRun(t *testing.T) {
	text := func(s string) *string { return &s }
	cut := `{"query": "smithy valid`
	unjudged := `{"query":"a","limit":` + strings.Repeat("9", 5000) + `}`
	schemaJSON := []byte(`"` + strings.ReplaceAll(strings.ReplaceAll(searchSchema, `"`, `\"`), "\n", `\n`) + `"`)
	for _, tc := range []struct {
		name, method string
		params       Params
		exit         int
		contains     []string
		code         string // an error's code
	}{
		{"repair cosmetic", "repair", Params{Text: text("{a:1,}")}, 0,
			[]string{`"text":"{\"a\":1}"`, `"exactness":"cosmetic"`, `"code":"R104"`, `"code":"R108"`}, ""},
		{"repair exact", "repair", Params{Text: text(`{"a":1}`)}, 0, []string{`"text":"{\"a\":1}"`, `"exactness":"exact"`, `"repairs":[]`}, ""},
		{"repair cut refused", "repair", Params{Text: &cut, Schema: searchCompact}, 0, nil, "E010"},
		{"repair cut lenient", "repair", Params{Text: &cut, Profile: "lenient"}, 0,
			[]string{`"text":"{\"query\": \"smithy valid\"}"`, `"exactness":"lossy"`, `"completeness":"partial"`}, ""},
		{"repair declaration not met", "repair", Params{Text: text(`{"query":"a"}`), Schema: searchCompact}, 0, nil, "E031"},
		{"repair no value", "repair", Params{Text: text("")}, 0, nil, "E001"},
		{"repair strict", "repair", Params{Text: text("{a:1}"), Profile: "strict"}, 0, nil, "E012"},
		{"analyze execute", "analyze", Params{Text: text(`{"query":"a","limit":1}`), Schema: searchCompact}, 0,
			[]string{`"decision":"execute"`, `"executable":true`, `"schema_total":2`, `"schema_satisfied":2`, `"value":{"query":"a","limit":1}`}, ""},
		{"analyze cut", "analyze", Params{Text: &cut, Schema: searchCompact}, 5,
			[]string{`"decision":"retry"`, `"label":"truncated"`, `"retry":"Your JSON was cut off at line 1, column 24 (offset 23), inside the string at /query.`, `"value":null`}, ""},
		{"analyze schema", "analyze", Params{Text: text(`{"query":"a"}`), Schema: searchCompact}, 1,
			[]string{`"decision":"retry"`, `"label":"schema_mismatch"`, `"schema_missing":["limit"]`}, ""},
		{"analyze nothing", "analyze", Params{Text: text("no json here")}, 0, []string{`"decision":"repair"`}, ""},
		{"analyze nothing skip prose", "analyze", Params{Text: text("no json here"), SkipProse: true}, 1, []string{`"decision":"invalid"`, `"label":"no_json"`}, ""},
		{"validate valid", "validate", Params{Text: text(`{"a":1}`)}, 0, []string{`{"valid":true}`}, ""},
		{"validate repairable", "validate", Params{Text: text(`{'a':1}`)}, 1, []string{`"valid":false`, `"code":"E012"`, `"repaired":"{\"a\":1}"`}, ""},
		{"validate schema", "validate", Params{Text: text(`{"query":1,"limit":2}`), SchemaJSON: []byte(`"` + strings.ReplaceAll(strings.ReplaceAll(searchSchema, `"`, `\"`), "\n", `\n`) + `"`)}, 1,
			[]string{`"valid":true`, `"mismatched":["query"]`, `"schema":"#/properties/query/type"`}, ""},
		{"readiness prefix", "readiness", Params{Text: text(`{"query": "smithy",`), Schema: searchCompact}, 1,
			[]string{`"syntax_permille":950`, `"schema_permille":500`, `"settled_permille":500`, `"step":"key"`, `"settled":["query"]`}, ""},
		{"readiness done", "readiness", Params{Text: text(`{"query": "smithy", "limit": 10}`), Schema: searchCompact}, 0,
			[]string{`"syntax_permille":1000`, `"schema_permille":1000`, `"step":"done"`}, ""},
		{"readiness without declaration", "readiness", Params{Text: text(`[1,`)}, 1, []string{`"schema_permille":-1`, `"settled_permille":-1`, `"verdict":null`}, ""},
		// over the depth limit: the error, exit 5 (was a result, step
		// empty, exit 1); validate says E020 and exits 5, not 1
		{"readiness over the depth limit", "readiness", Params{Text: text(strings.Repeat("[", 1001)), Schema: searchCompact}, 0, nil, "E020"},
		{"validate over the depth limit", "validate", Params{Text: text(strings.Repeat("[", 100000))}, 5, []string{`"valid":false`, `"code":"E020"`, `"exit":5`}, ""},
		// a number past the checkers' 4,096-byte bound (the reader has
		// none): the value was not judged, so E020 and exit 5 with either
		// declaration. Was execute, exit 0 (compact), and checker_error,
		// exit 3 (JSON Schema).
		{"repair unjudged", "repair", Params{Text: &unjudged, Schema: searchCompact}, 0, nil, "E020"},
		{"repair unjudged schema", "repair", Params{Text: &unjudged, SchemaJSON: schemaJSON}, 0, nil, "E020"},
		{"analyze unjudged", "analyze", Params{Text: &unjudged, Schema: searchCompact}, 5,
			[]string{`"decision":"invalid"`, `"label":"over_limit"`, `"code":"E020"`, `"line":1,"column":22`, `"executable":false`}, ""},
		{"analyze unjudged schema", "analyze", Params{Text: &unjudged, SchemaJSON: schemaJSON}, 5,
			[]string{`"decision":"invalid"`, `"label":"over_limit"`, `"code":"E020"`, `"line":1,"column":22`, `"executable":false`}, ""},
		{"validate unjudged", "validate", Params{Text: &unjudged, Schema: searchCompact}, 5, []string{`"valid":true`, `"code":"E020"`}, ""},
		{"validate unjudged schema", "validate", Params{Text: &unjudged, SchemaJSON: schemaJSON}, 5, []string{`"valid":true`, `"code":"E020"`}, ""},
		{"readiness unjudged", "readiness", Params{Text: &unjudged, Schema: searchCompact}, 0, nil, "E020"},
		{"readiness unjudged schema", "readiness", Params{Text: &unjudged, SchemaJSON: schemaJSON}, 0, nil, "E020"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec, err := tc.params.Spec()
			if err != nil {
				t.Fatal(err)
			}
			decl, err := spec.Resolve()
			if err != nil {
				t.Fatal(err)
			}
			o, err := tc.params.Options(decl)
			if err != nil {
				t.Fatal(err)
			}
			res, exit, err := Run(tc.method, []byte(*tc.params.Text), o)
			if tc.code != "" {
				me, ok := AsError(err)
				if !ok || me.Code != tc.code {
					t.Fatalf("got %s, %v; want error %s", res, err, tc.code)
				}
				if me.RetryHint == "" {
					t.Errorf("%s has no retry hint", me.Code)
				}
				js := string(ErrorJSON(me))
				for _, want := range []string{`"code":"` + tc.code + `"`, `"exit":`, `"offset":`, `"retry_hint":`} {
					if !strings.Contains(js, want) {
						t.Errorf("error object %s lacks %s", js, want)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if exit != tc.exit {
				t.Errorf("exit %d, want %d: %s", exit, tc.exit, res)
			}
			for _, want := range tc.contains {
				if !strings.Contains(string(res), want) {
					t.Errorf("result lacks %s:\n%s", want, res)
				}
			}
		})
	}
}

func TestParamErrors(t *testing.T) {
	neg := -1
	for _, tc := range []struct {
		name     string
		p        Params
		contains string
	}{
		{"profile", Params{Profile: "loose"}, "unknown profile"},
		{"max_loss", Params{MaxLoss: &neg}, "max_loss"},
		{"schema_json a number", Params{SchemaJSON: []byte("3")}, "schema_json must be"},
		{"schema_json a broken string", Params{SchemaJSON: []byte(`"{\"type\":"`)}, "not a JSON document"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec, err := tc.p.Spec()
			if err == nil {
				_, err = spec.Resolve()
			}
			if err == nil {
				_, err = tc.p.Options(nil)
			}
			me, ok := AsError(err)
			if !ok || me.Code != "E050" || me.Exit != 2 || !strings.Contains(me.Message, tc.contains) {
				t.Errorf("got %v; want E050 exit 2 containing %q", err, tc.contains)
			}
		})
	}
	if _, _, err := Run("fix", nil, mend.Options{}); err == nil {
		t.Error("an unknown method ran")
	}
}
