package mend

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// exactDocs are valid JSON texts of every shape the fast path answers
// for: containers, top-level scalars with and without whitespace after
// them (a number or literal at the very end is an open token to the
// reader), escapes, UTF-8, duplicate keys, nesting.
var exactDocs = []string{
	`{"id": 12345, "query": "the history of the Byzantine empire", "limit": 10, "score": -0.5e3, "exact": false, "tags": ["a", "b\n", null], "nested": {"k": true}}`,
	` [0,-0,1.25,1e9,1E-9,-12.5e+30,"",[],{},[[]],{"":{"":[]}}] `,
	`"a long string of more than eight bytes, with \"escapes\" \\ and \u00e9 and \ud83d\ude00, é ☃ 𝄞 too"`,
	"\t\r\n{ \"a\" : [ true , false , null ] , \"a\" : {\"b\": \"c/d\"} }\n",
	`{"k":"v,","z":"x}]","w":"it's \"24\" inch"}`,
	`-12.5e-3`, "7 ", `true`, "null\n", `false`, `"x"`, `{}`, `[]`, `{"a":{}}`,
	`{"deep":[[[{"a":[{"b":[[]]}]}]]]}`,
}

// readingOptions are the option sets the two readings are compared
// under: profiles, prose, readiness's progress, and limits that the
// texts reach (depth 2, 40 bytes) or that cut the repair list.
var readingOptions = []Options{
	{}, {Profile: ProfileStrict}, {Profile: ProfileLenient, SkipProse: true},
	{progress: true}, {Profile: ProfileLenient, progress: true},
	{MaxDepth: 2}, {MaxSize: 40}, {MaxRepairs: 1},
}

// sameReading fails unless read (the fast path when in is exact JSON)
// and readFull (the full reader) give the same reading of in under o,
// field by field: text, exactness, completeness, every repair with its
// position, the error, the settled members, the step and the syntax
// progress. It reports whether the fast path answered.
func sameReading(t *testing.T, in []byte, o Options) bool {
	t.Helper()
	fast := exactReading(in, &o) != nil
	got, want := read(in, &o), readFull(in, &o)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q under %+v (fast path %v):\n got %s\nwant %s", in, o, fast, dumpReading(got), dumpReading(want))
	}
	return fast
}

func dumpReading(g *reading) string {
	return fmt.Sprintf("res %+v fatal %+v members %v syntax %d state %q out %q", g.res, g.fatal, g.members, g.syntax, g.state, g.out)
}

// hostileBytes are the bytes that matter to the reader or the scan:
// JSON's own, the starts of repairs (quotes of every kind, comments,
// '#', '+', '.', letters of literals), control bytes, bytes that are not
// UTF-8 and the first bytes of UTF-8 sequences (typographic quotes,
// special spaces).
var hostileBytes = []byte("\x00\x1f\t\n \"'`\\/*#,:[]{}()+-.0159eEtfnNTux\x7f\x80\xa0\xbf\xc2\xc3\xe2\xed\xef\xf0\xff")

// TestExactReadingIsTheReaders compares the fast path with the full
// reader on exact JSON and on every way it becomes broken at any byte:
// cut there, that byte replaced by each hostile byte, each hostile byte
// inserted there; and on the whole corpus.
func TestExactReadingIsTheReaders(t *testing.T) {
	for _, d := range exactDocs {
		in := []byte(d)
		for _, o := range readingOptions {
			if !sameReading(t, in, o) && o.MaxDepth == 0 && o.MaxSize == 0 {
				t.Fatalf("%q: exact JSON did not take the fast path under %+v", in, o)
			}
		}
	}
	if testing.Short() {
		t.Skip("-short: the broken variants of every document")
	}
	variants := 0
	for _, d := range exactDocs {
		in := []byte(d)
		for k := 0; k <= len(in); k++ {
			texts := [][]byte{in[:k]}
			for _, c := range hostileBytes {
				texts = append(texts, append(append(append([]byte(nil), in[:k]...), c), in[k:]...))
				if k < len(in) {
					b := append([]byte(nil), in...)
					b[k] = c
					texts = append(texts, b)
				}
			}
			for _, text := range texts {
				variants++
				for _, o := range readingOptions {
					sameReading(t, text, o)
				}
			}
		}
	}
	corpus := loadCorpus(t)
	fast := 0
	for _, c := range corpus {
		for _, o := range readingOptions {
			if sameReading(t, []byte(c.Input), o) {
				fast++
			}
		}
	}
	if fast == 0 {
		t.Fatal("no corpus input took the fast path")
	}
	t.Logf("%d broken variants of %d documents, %d corpus inputs (%d readings on the fast path)", variants, len(exactDocs), len(corpus), fast)
}

// FuzzExactReading: whatever the text, the fast path and the full reader
// give the same reading.
func FuzzExactReading(f *testing.F) {
	for _, d := range exactDocs {
		f.Add([]byte(d))
	}
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, o := range readingOptions {
			sameReading(t, in, o)
		}
	})
}

// TestExactReadingLimits: a text over MaxSize or deeper than MaxDepth
// is left to the full reader, which reports the limit (E020).
func TestExactReadingLimits(t *testing.T) {
	deep := []byte(strings.Repeat("[", 3) + strings.Repeat("]", 3))
	if g := exactReading(deep, &Options{MaxDepth: 2}); g != nil {
		t.Errorf("3 levels under MaxDepth 2 took the fast path")
	}
	if g := read(deep, &Options{MaxDepth: 2}); g.fatal == nil || g.fatal.Code != CodeLimit {
		t.Errorf("3 levels under MaxDepth 2: %+v", g.fatal)
	}
	if g := exactReading(deep, &Options{MaxDepth: 3}); g == nil {
		t.Errorf("3 levels under MaxDepth 3 did not take the fast path")
	}
	if g := exactReading([]byte(`[1,2]`), &Options{MaxSize: 4}); g != nil {
		t.Errorf("5 bytes under MaxSize 4 took the fast path")
	}
}

// TestExactReadingAllocations: on exact JSON, Analyze, Repair and
// Validate allocate a few times whatever the size of the text, nothing per
// token: the reading (with its result), the one copy of the text its Text
// holds, and the method's own result (Analyze: the plan and its value).
// The full reader needs 9 to 11 (its stack, its state).
func TestExactReadingAllocations(t *testing.T) {
	doc := func(n int) []byte {
		return []byte("[" + strings.Repeat(`{"a":"xyz","b":[1,2.5,true,null]},`, n) + "0]")
	}
	small, large := doc(10), doc(10000)
	for _, m := range []struct {
		name string
		most float64
		call func([]byte)
	}{
		{"Analyze", 4, func(b []byte) { Analyze(b, Options{}) }},
		{"Repair", 2, func(b []byte) { Repair(b, Options{}) }},
		{"Validate", 3, func(b []byte) { Validate(b, Options{}) }},
	} {
		as := testing.AllocsPerRun(10, func() { m.call(small) })
		al := testing.AllocsPerRun(10, func() { m.call(large) })
		if as != al || al > m.most {
			t.Errorf("%s: %v allocations for %d bytes, %v for %d bytes (want the same, at most %v)", m.name, as, len(small), al, len(large), m.most)
		}
	}
}
