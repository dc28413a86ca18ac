package mend

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// corpusCase is one line of testdata/corpus.jsonl: an input from the test
// suite of josdejong/jsonrepair or mangiucugna/json_repair, and, when both
// libraries repair it to the same value, that value (want).
type corpusCase struct {
	Source string  `json:"source"`
	Input  string  `json:"input"`
	Want   *string `json:"want"`
}

func loadCorpus(t testing.TB) []corpusCase {
	t.Helper()
	f, err := os.Open("testdata/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c corpusCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// decodeValue decodes a JSON text with exact numbers.
func decodeValue(t testing.TB, s string) any {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("not JSON: %q: %v", s, err)
	}
	return normNumbers(v)
}

// normNumbers makes 1, 1.0 and 1e0 one value, as both libraries' outputs
// were compared.
func normNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return x.String()
		}
		return f
	case []any:
		for i := range x {
			x[i] = normNumbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normNumbers(x[k])
		}
	}
	return v
}

// TestCorpus runs every corpus input through the lenient and the
// execution profiles: never a panic, never text that is not JSON, valid
// JSON unchanged and exact; where both libraries agree on a value, the
// lenient reading is that value (or the input is in corpusDifferences,
// with the reason), and the execution profile gives that value or refuses
// with E010 or E011.
func TestCorpus(t *testing.T) {
	cases := loadCorpus(t)
	agreed, same, refused, differ := 0, 0, 0, 0
	for i, c := range cases {
		in := []byte(c.Input)
		res, err := Repair(in, Options{Profile: ProfileLenient})
		plan := Analyze(in, Options{})
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Code != CodeNoValue {
				t.Errorf("case %d %q: lenient error %v", i, c.Input, err)
			}
			if plan.Decision != DecisionInvalid {
				t.Errorf("case %d %q: analyze %s after a fatal error", i, c.Input, plan.Decision)
			}
			continue
		}
		if !json.Valid([]byte(res.Text)) {
			t.Errorf("case %d %q: output is not JSON: %q", i, c.Input, res.Text)
			continue
		}
		if json.Valid(in) && utf8.Valid(in) {
			if res.Text != c.Input || res.Exactness != Exact || plan.Decision != DecisionExecute {
				t.Errorf("case %d %q: valid JSON came back as %q (%s, %s)", i, c.Input, res.Text, res.Exactness, plan.Decision)
			}
		}
		if c.Want == nil {
			continue
		}
		agreed++
		want := decodeValue(t, *c.Want)
		got := decodeValue(t, res.Text)
		reason, listed := corpusDifferences[c.Input]
		switch {
		case reflect.DeepEqual(got, want) && listed:
			t.Errorf("case %d %q: listed in corpusDifferences but now agrees", i, c.Input)
		case !reflect.DeepEqual(got, want) && !listed:
			t.Errorf("case %d (%s) %q:\n got %s\nwant %s", i, c.Source, c.Input, res.Text, *c.Want)
		case listed:
			differ++
			_ = reason
		}
		ex, err := Repair(in, Options{})
		switch {
		case err != nil:
			e, ok := err.(*Error)
			if !ok || (e.Code != CodeLossy && e.Code != CodeAmbiguous) {
				t.Errorf("case %d %q: execution error %v, want a value or E010/E011", i, c.Input, err)
			}
			refused++
		case reflect.DeepEqual(decodeValue(t, ex.Text), want):
			same++
		default:
			t.Errorf("case %d %q: execution gives %s, want %s or a refusal", i, c.Input, ex.Text, *c.Want)
		}
	}
	t.Logf("%d cases; %d where both libraries agree: lenient reads %d of them differently (documented); execution gives the value %d times and refuses %d times",
		len(cases), agreed, differ, same, refused)
}
