package ionadapter

import (
	"reflect"
	"slices"
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// verdict is what must agree between the JSON path of the engine and Ion
// text and binary for the same logical value: validity, completeness, and
// each finding's code, path, shape, severity and class.
type verdict struct {
	Valid, Complete bool
	Findings        []string
}

func verdictOf(r sv.Result) verdict {
	out := verdict{Valid: r.Valid, Complete: r.Complete}
	for _, f := range r.Findings {
		out.Findings = append(out.Findings, f.Severity.String()+" "+f.Class.String()+" "+string(f.Code)+" "+f.Path.String()+" "+f.Shape.String())
	}
	slices.Sort(out.Findings)
	return out
}

// The same logical value as JSON (validated by the engine's own JSON
// reader) and as Ion text and binary gives the same verdict.
func TestJSONAndIonAgree(t *testing.T) {
	for _, c := range []struct {
		name, shape, json, ion string
		opts                   []sv.Option
	}{
		{"valid structure", "Row", `{"id": "a", "count": 3, "tags": ["x", "y"]}`, `{id: "a", count: 3, tags: ["x", "y"]}`, nil},
		{"missing and wrong members", "Row", `{"count": "3", "flag": 1}`, `{count: "3", flag: 1}`, nil},
		{"unknown member warning", "Row", `{"id": "a", "other": [1]}`, `{id: "a", other: [1]}`, nil},
		{"duplicate member", "Row", `{"id": "a", "id": "b"}`, `{id: "a", id: "b"}`, nil},
		{"required member null", "Row", `{"id": null}`, `{id: null}`, nil},
		{"exact big integer", "smithy.api#BigInteger", `123456789012345678901234567890`, `123456789012345678901234567890`, nil},
		{"integer overflow", "smithy.api#Integer", `2147483648`, `2147483648`, nil},
		{"decimal for integer", "smithy.api#Integer", `1.0`, `1.0`, nil},
		{"decimal for integer by policy", "smithy.api#Integer", `1.0`, `1.0`, []sv.Option{sv.AcceptIntegralDecimals(true)}},
		{"exponent decimal", "smithy.api#Integer", `1e2`, `1d2`, []sv.Option{sv.AcceptIntegralDecimals(true)}},
		{"decimal range with scale", "Ratio", `[1.50]`, `[1.50]`, nil},
		{"decimal range", "Ratio", `1.5000001`, `1.5000001`, nil},
		{"negative zero decimal", "Ratio", `-0.0`, `-0.0`, nil},
		{"double", "Score", `9.5`, `9.5e0`, nil},
		{"double above range", "Score", `10.5`, `10.5e0`, nil},
		{"list of integers", "Ints", `[1, "2", null]`, `[1, "2", null]`, nil},
		{"sparse list", "SparseInts", `[1, null]`, `[1, null]`, nil},
		{"map", "Counts", `{"a": 1, "b": "x"}`, `{a: 1, b: "x"}`, nil},
		{"duplicate map key", "Counts", `{"a": 1, "a": 2}`, `{a: 1, a: 2}`, nil},
		{"enum", "Color", `"BLUE"`, `"BLUE"`, nil},
		{"union", "Choice", `{"a": 1, "b": "x"}`, `{a: 1, b: "x"}`, nil},
		{"blob as base64 string", "Short", `"aGVsbG8="`, `"aGVsbG8="`, nil},
		{"blob as Ion blob", "Short", `"aGVsbG8="`, `{{aGVsbG8=}}`, nil},
		{"timestamp string", "smithy.api#Timestamp", `"2020-01-02T03:04:05Z"`, `"2020-01-02T03:04:05Z"`, nil},
		{"native timestamp", "smithy.api#Timestamp", `"2020-01-02T03:04:05.5Z"`, `2020-01-02T03:04:05.5Z`, nil},
		{"document", "smithy.api#Document", `{"a": [1, 2.50, "x", true, null, {}]}`, `{a: [1, 2.50, "x", true, null, {}]}`, nil},
		{"depth limit", "smithy.api#Document", `[[[[1]]]]`, `[[[[1]]]]`, []sv.Option{sv.MaxDepth(3)}},
		{"depth limit through members", "smithy.api#Document", `{"a": [0, {"b": [[]]}]}`, `{a: [0, {b: [[]]}]}`, []sv.Option{sv.MaxDepth(4)}},
		{"depth limit at the root", "smithy.api#Document", `[1, [2]]`, `[1, [2]]`, []sv.Option{sv.MaxDepth(1)}},
		{"fail fast", "Ints", `["a", "b"]`, `["a", "b"]`, []sv.Option{sv.FailFast(true)}},
		{"findings limit", "Ints", `["a", "b", "c"]`, `["a", "b", "c"]`, []sv.Option{sv.MaxFindings(2)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := validator(t, c.shape, c.opts...)
			j, err := v.ValidateJSON([]byte(c.json))
			if err != nil {
				t.Fatal(err)
			}
			text, err := Validate(v, []byte(c.ion))
			if err != nil {
				t.Fatal(err)
			}
			bin, err := Validate(v, toBinary(t, c.ion))
			if err != nil {
				t.Fatal(err)
			}
			want := verdictOf(j)
			if got := verdictOf(text); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: Ion text %s\n got %+v\nJSON %s\nwant %+v", c.name, c.ion, got, c.json, want)
			}
			if got := verdictOf(bin); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: Ion binary of %s\n got %+v\nwant %+v", c.name, c.ion, got, want)
			}
		})
	}
}

// Ion-only distinctions stay visible in findings: what was found is named
// as the source wrote it (typed null, symbol, s-expression, annotation,
// decimal scale, negative zero, binary float).
func TestIonDistinctionsVisible(t *testing.T) {
	for _, c := range []struct {
		name, shape, ion string
		opts             []sv.Option
		code             sv.Code
		got              string // Finding.Got
	}{
		{"typed null", "smithy.api#String", `null.int`, nil, sv.CodeNull, "null.int"},
		{"typed null of another type", "Row", `{id: "a", count: null.string}`, nil, sv.CodeType, "null.string"},
		{"symbol", "smithy.api#String", `abc`, nil, sv.CodeUnsupported, "symbol"},
		{"s-expression", "Ints", `(1 2)`, nil, sv.CodeUnsupported, "s-expression"},
		{"annotation", "smithy.api#Integer", `a::b::1`, nil, sv.CodeAnnotation, "a::b"},
		{"decimal scale", "smithy.api#Integer", `1.50`, nil, sv.CodeNotInteger, "1.50"},
		{"decimal scale in range", "Ratio", `1.500000`, []sv.Option{}, "", ""},
		{"negative zero decimal", "Ratio", `-0.0`, nil, sv.CodeRange, "-0.0"},
		{"negative zero, exponent 0", "smithy.api#Integer", `-0.`, nil, sv.CodeNotInteger, "-0e0"},
		{"binary float", "smithy.api#Integer", `1e0`, nil, sv.CodeType, "float"},
		{"clob", "smithy.api#Blob", `{{"x"}}`, nil, sv.CodeUnsupported, "clob"},
		{"typed null in a document", "smithy.api#Document", `null.int`, nil, sv.CodeUnsupported, "null.int"},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := validator(t, c.shape, c.opts...)
			for _, bin := range []bool{false, true} {
				data := []byte(c.ion)
				if bin {
					data = toBinary(t, c.ion)
				}
				r, err := Validate(v, data)
				if err != nil {
					t.Fatal(err)
				}
				if c.code == "" {
					if !r.Valid || len(r.Findings) != 0 {
						t.Errorf("%s (binary %v): %s\n%s", c.name, bin, c.ion, r.Text())
					}
					continue
				}
				if len(r.Findings) != 1 || r.Findings[0].Code != c.code || r.Findings[0].Got != c.got {
					t.Errorf("%s (binary %v): %s: want one %s finding with Got %q, got\n%s%+v", c.name, bin, c.ion, c.code, c.got, r.Text(), r.Findings)
				}
			}
		})
	}
}
