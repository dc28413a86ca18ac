package wirejson_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/internal/wirejson"
)

type source struct {
	Path *string `json:"path"`
	Text *string `json:"text"`
}

type common struct {
	Models []source `json:"models"`
	Shape  string   `json:"shape"`
}

type params struct {
	common
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	Service string `json:"service"`
	Limits  *struct {
		Depth int `json:"depth"`
	} `json:"limits"`
	Value   json.RawMessage `json:"value"`
	Meta    map[string]any  `json:"meta"`
	Any     any             `json:"any"`
	Plain   int
	hidden  int
	Skipped string `json:"-"`
}

func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     string // the error, or "" for none
	}{
		{"exact members", `{"service":"a.b#S","models":[{"path":"m.smithy"}],"limits":{"depth":3}}`, ""},
		{"unknown members ignored, repeated too", `{"service":"x","future":1,"future":2}`, ""},
		{"repeated member", `{"service":"x","service":"y"}`, `"service" is repeated`},
		{"member in another case", `{"Service":"x"}`, `"Service" is not a member: the member is "service" (names are case-sensitive)`},
		{"Kelvin sign folds to k as encoding/json folds it", "{\"meta\":{},\"\u212aind\":\"x\"}", "\"\u212aind\" is not a member: the member is \"kind\" (names are case-sensitive)"},
		{"long s folds to s", "{\"\u017fervice\":\"x\"}", "\"\u017fervice\" is not a member: the member is \"service\" (names are case-sensitive)"},
		{"embedded struct's member promoted", `{"shape":"a","shape":"b"}`, `"shape" is repeated`},
		{"embedded struct's member in another case", `{"Models":[]}`, `"Models" is not a member: the member is "models" (names are case-sensitive)`},
		{"in a list of structs", `{"models":[{"path":"a"},{"path":"b","Path":"c"}]}`, `"Path" in models[1] is not a member: the member is "path" (names are case-sensitive)`},
		{"repeated in a list of structs", `{"models":[{"text":"a","text":"b"}]}`, `"text" in models[0] is repeated`},
		{"through a pointer to a struct", `{"limits":{"depth":1,"depth":2}}`, `"depth" in limits is repeated`},
		{"raw data not checked", `{"value":{"a":1,"a":2,"A":3}}`, ""},
		{"a map not checked", `{"meta":{"a":1,"a":2}}`, ""},
		{"an interface not checked", `{"any":{"service":1,"Service":2}}`, ""},
		{"a field without a tag by its Go name", `{"Plain":1,"plain":2}`, `"plain" is not a member: the member is "Plain" (names are case-sensitive)`},
		{"unexported and skipped fields are not members", `{"hidden":1,"hidden":2,"Skipped":1,"Skipped":2}`, ""},
		{"a scalar where a struct is read is encoding/json's error", `{"limits":7}`, "json: cannot unmarshal number into Go struct field params.limits of type struct { Depth int \"json:\\\"depth\\\"\" }"},
		{"not JSON is encoding/json's error", `{"service":`, "unexpected end of JSON input"},
		{"nested data of unknown members skipped whole", `{"x":{"service":1,"service":[{"Service":2}]},"service":"s"}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p params
			err := wirejson.Decode([]byte(tc.in), &p)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Fatalf("Decode(%s):\ngot  %s\nwant %s", tc.in, got, tc.want)
			}
			var amb *wirejson.Error
			ambiguous := strings.HasSuffix(tc.want, " is repeated") || strings.HasSuffix(tc.want, "(names are case-sensitive)")
			if errors.As(err, &amb) != ambiguous {
				t.Fatalf("%v: an ambiguity error: %v, want %v", err, !ambiguous, ambiguous)
			}
		})
	}
}

// TestDecodeReadsWhatIsChecked: an input Decode accepts is read as
// encoding/json reads it (the check adds refusals, never another value).
func TestDecodeReadsWhatIsChecked(t *testing.T) {
	in := `{"service":"s","models":[{"path":"p"},{"text":"t"}],"limits":{"depth":4},"value":{"a":1,"a":2},"future":[1,{"x":2}]}`
	var a, b params
	if err := wirejson.Decode([]byte(in), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(in), &b); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprintf("%+v %s %s %d", a.common.Shape, a.Service, a.Value, a.Limits.Depth) != fmt.Sprintf("%+v %s %s %d", b.common.Shape, b.Service, b.Value, b.Limits.Depth) ||
		*a.Models[0].Path != "p" || *a.Models[1].Text != "t" {
		t.Fatalf("Decode read %+v, encoding/json %+v", a, b)
	}
}

func ExampleDecode() {
	var p struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	fmt.Println(wirejson.Decode([]byte(`{"id":1,"method":"hello","id":2}`), &p))
	fmt.Println(wirejson.Decode([]byte(`{"id":1,"METHOD":"hello"}`), &p))
	fmt.Println(wirejson.Decode([]byte(`{"id":1,"method":"hello","x":0,"x":1}`), &p), p.Method)
	// Output:
	// "id" is repeated
	// "METHOD" is not a member: the member is "method" (names are case-sensitive)
	// <nil> hello
}

// TestCheckSkipsDataWhole: what has no member to check (an unknown
// member, data read as json.RawMessage, a list of scalars) is skipped in
// one scan, not token by token: a params object of 100,000 numbers costs
// a few allocations, not one a token (a serve request line of 2 million
// numbers cost 14 times encoding/json's reading of it).
func TestCheckSkipsDataWhole(t *testing.T) {
	nums := "[" + strings.Repeat("1,", 100_000) + "1]"
	for _, tc := range []struct{ name, in string }{
		{"an unknown member", `{"service":"s","future":` + nums + `}`},
		{"raw data", `{"value":` + nums + `}`},
		{"a map", `{"meta":{"a":` + nums + `}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte(tc.in)
			typ := reflect.TypeOf(&params{})
			if err := wirejson.Check(data, typ); err != nil {
				t.Fatal(err)
			}
			if n := testing.AllocsPerRun(3, func() { wirejson.Check(data, typ) }); n > 64 {
				t.Errorf("%.0f allocations to check %d bytes: want at most 64", n, len(data))
			}
		})
	}
}

// TestCheckStructsWithoutAllocating: members that are checked (a list of
// model sources, each an object read into a struct) cost no allocation
// each: a serve line of 300,000 sources, read token by token, took
// three and a half times encoding/json's reading of it.
func TestCheckStructsWithoutAllocating(t *testing.T) {
	line := sourcesLine(20_000)
	data := []byte(line)
	typ := reflect.TypeOf(&params{})
	if err := wirejson.Check(data, typ); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(3, func() { wirejson.Check(data, typ) }); n > 16 {
		t.Errorf("%.0f allocations to check 20,000 sources: want at most 16", n)
	}
	repeated := strings.Replace(line, `{"path":"m19999.smithy"`, `{"path":"m19999.smithy","path":"x"`, 1)
	var e *wirejson.Error
	if err := wirejson.Check([]byte(repeated), typ); !errors.As(err, &e) || e.Path != ".models[19999]" || e.Name != "path" {
		t.Errorf("a repeated member in the last source: got %v (%+v), want path repeated in .models[19999]", err, e)
	}
}

// BenchmarkDecode: a params line of 100,000 model sources, checked and
// decoded (Decode), against encoding/json's decoding alone in the same
// run: the check's share of a request's reading.
func BenchmarkDecode(b *testing.B) {
	data := []byte(sourcesLine(100_000))
	b.Run("encoding_json", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var p params
			if err := json.Unmarshal(data, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var p params
			if err := wirejson.Decode(data, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// sourcesLine is a params object of n model sources, each a path and a
// text.
func sourcesLine(n int) string {
	var b strings.Builder
	b.WriteString(`{"service":"s","models":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"path":"m%d.smithy","text":"namespace a\n"}`, i)
	}
	b.WriteString(`],"limits":{"depth":4}}`)
	return b.String()
}
