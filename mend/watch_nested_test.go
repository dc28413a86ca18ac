package mend

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

const nestSmithy = `$version: "2"
namespace example.nest

structure Order {
    items: Items
    tags: Tags
    labels: Labels
    ship: Ship
    pay: Pay
    meta: Document
    grid: Grid
}

list Items {
    member: Item
}

structure Item {
    sku: Sku
    code: Code
    color: Color
    legacy: Legacy
    n: Integer
}

list Tags {
    member: Sku
}

list Grid {
    member: Tags
}

map Labels {
    key: Key
    value: Code
}

@pattern("^[a-z]+$")
@length(max: 4)
string Key

structure Ship {
    addr: Addr
}

@smithy.rpc#closed
structure Addr {
    zip: Zip
}

@pattern("^[0-9]{5}$")
string Zip

union Pay {
    card: Card
    cash: Code
}

structure Card {
    num: Sku
}

@pattern("^[A-Z]{3}-[0-9]+$")
string Sku

@length(max: 5)
string Code

@enum([{value: "alpha"}, {value: "beta"}])
string Legacy

enum Color {
    RED = "red"
    GREEN = "green"
}
`

func nestDecl(t testing.TB) Declaration {
	return shapeDecl(t, nestSmithy, "example.nest#Order")
}

// nestedCase is a violation pinned at its byte: the feed of the first
// byte of after reports it (fed a byte at a time), at the offset where
// at begins, and its finding is the value engine's on doc (the value
// cut to the shortest prefix that settles it), at path.
type nestedCase struct {
	name, text, path, code string
	after, at              string
	doc                    string
}

// checkNestedCase feeds c a byte at a time, with and without deltas, and
// checks the violation's byte, offset and finding.
func checkNestedCase(t *testing.T, decl Declaration, c nestedCase) {
	t.Helper()
	text := []byte(c.text)
	reportAt, wantAt := strings.Index(c.text, c.after), strings.Index(c.text, c.at)
	if reportAt < 0 || wantAt < 0 {
		t.Fatalf("%s: markers not found", c.name)
	}
	want := Finding{}
	if res, err := decl.Check([]byte(c.doc)); err == nil {
		for _, f := range res.Findings {
			if f.Code == c.code && f.Path == c.path && f.Severity == "error" {
				want = f
			}
		}
	}
	if want.Code == "" {
		t.Fatalf("%s: the value engine gives no %s at %s on %s", c.name, c.code, c.path, c.doc)
	}
	for _, skip := range []bool{false, true} {
		w := NewWatcher(Options{Declaration: decl, Profile: ProfileLenient})
		if skip {
			w.SkipDeltas()
		}
		var found *Event
		feedAt := -1
		note := func(es []Event, k int) {
			for _, e := range es {
				if e.Kind == EventViolation && e.Finding.Code == c.code && e.Path == c.path && found == nil {
					e := e
					found, feedAt = &e, k
				}
			}
		}
		for k := range text {
			note(w.Feed(text[k:k+1]).Events, k)
		}
		note(w.Finish().Events, len(text))
		switch {
		case found == nil:
			t.Errorf("%s (skip deltas %v): no %s violation at %s", c.name, skip, c.code, c.path)
		case feedAt != reportAt:
			t.Errorf("%s (skip deltas %v): reported by the feed of byte %d, want %d (%q)", c.name, skip, feedAt, reportAt, c.after)
		case found.At != wantAt || found.Finding.Offset != wantAt || found.Finding.Column != wantAt+1:
			t.Errorf("%s (skip deltas %v): at %d (offset %d, column %d), want %d", c.name, skip, found.At, found.Finding.Offset, found.Finding.Column, wantAt)
		case found.Finding.Severity != want.Severity || found.Finding.Shape != want.Shape || found.Finding.Message != want.Message:
			t.Errorf("%s (skip deltas %v): finding %+v, want the engine's on the settling prefix %+v", c.name, skip, *found.Finding, want)
		}
	}
}

// TestNestedOpenStringAt pins, for each rule an open string is judged
// by and each kind of nesting, the byte whose arrival makes the
// violation certain, and checks the finding is the value engine's on the
// shortest prefix that settles it, with the nested JSON Pointer.
func TestNestedOpenStringAt(t *testing.T) {
	decl := nestDecl(t)
	for _, c := range []nestedCase{
		{"structure member: pattern, the second character", `{"ship": {"addr": {"zip": "1a345"}}}`, "/ship/addr/zip", "pattern",
			`a345"`, `"1a345"`, `{"ship": {"addr": {"zip": "1a"}}}`},
		{"list element: pattern, the first character", `{"tags": ["XYZ-9", "xYZ-1"]}`, "/tags/1", "pattern",
			`xYZ-1"`, `"xYZ-1"`, `{"tags": ["XYZ-9", "x"]}`},
		{"list element: an escape settles it", `{"tags": ["AB\u0063-1"]}`, "/tags/0", "pattern",
			`3-1"`, `"AB`, `{"tags": ["ABc"]}`},
		{"list element: pattern, the closing quote", `{"tags": ["ABC-"]}`, "/tags/0", "pattern",
			`]}`, `"ABC-"`, `{"tags": ["ABC-"]}`},
		{"element of a list of lists", `{"grid": [[], ["ABC-1", "ABC-x"]]}`, "/grid/1/1", "pattern",
			`x"]`, `"ABC-x"`, `{"grid": [[], ["ABC-1", "ABC-x"]]}`},
		{"member of a list's structure: length", `{"items": [{"code": "abcdefgh"}]}`, "/items/0/code", "length",
			`fgh"`, `"abcdefgh"`, `{"items": [{"code": "abcdef"}]}`},
		{"length counts characters, not bytes", `{"items": [{"code": "ééééé€x"}]}`, "/items/0/code", "length",
			"\xacx\"", `"éé`, `{"items": [{"code": "ééééé€"}]}`},
		{"member of a list's structure: enum shape", `{"items": [{}, {"color": "grxy"}]}`, "/items/1/color", "enum",
			`xy"`, `"grxy"`, `{"items": [{}, {"color": "grx"}]}`},
		{"member of a list's structure: enum trait", `{"items": [{"legacy": "alps"}]}`, "/items/0/legacy", "enum",
			`s"}`, `"alps"`, `{"items": [{"legacy": "alps"}]}`},
		{"enum: a prefix of a value is not enough", `{"items": [{"color": "gre"}]}`, "/items/0/color", "enum",
			`}]}`, `"gre"`, `{"items": [{"color": "gre"}]}`},
		{"map value: length", `{"labels": {"ab": "123456789"}}`, "/labels/ab", "length",
			`6789"`, `"123456789"`, `{"labels": {"ab": "123456"}}`},
		{"map key: pattern, when the key is read", `{"labels": {"aB": "x"}}`, "/labels/aB", "pattern",
			`: "x"`, `"aB"`, `{"labels": {"aB": "x"}}`},
		{"map key: length, when the key is read", `{"labels": {"abcdef": "x"}}`, "/labels/abcdef", "length",
			`: "x"`, `"abcdef"`, `{"labels": {"abcdef": "x"}}`},
		{"union member's structure member", `{"pay": {"card": {"num": "AB1"}}}`, "/pay/card/num", "pattern",
			`1"`, `"AB1"`, `{"pay": {"card": {"num": "AB1"}}}`},
		{"union member: a string", `{"pay": {"cash": "1234567"}}`, "/pay/cash", "length",
			`67"`, `"1234567"`, `{"pay": {"cash": "123456"}}`},
		{"a repair stops the judging: at the string's end", `{"tags": ["AB\qCD"]}`, "/tags/0", "pattern",
			`]}`, `"AB`, `{"tags": ["AB\\qCD"]}`},
	} {
		checkNestedCase(t, decl, c)
	}
}

// TestNestedKindAt pins the byte where a nested value's wrong kind, or a
// key a closed structure does not have, becomes certain: an object, an
// array or a string at its first byte, a number or a word when it ends,
// a key when it is read.
func TestNestedKindAt(t *testing.T) {
	decl := nestDecl(t)
	for _, c := range []nestedCase{
		{"string for an integer member of an element", `{"items": [{"n": "5"}]}`, "/items/0/n", "type",
			`"5"`, `"5"`, `{"items": [{"n": ""}]}`},
		{"number for a string element: at its end", `{"tags": [12 , "x"]}`, "/tags/0", "type",
			` , "x"`, `12`, `{"tags": [12]}`},
		{"object for a string element", `{"tags": ["ABC-1", {"a": 1}]}`, "/tags/1", "type",
			`{"a"`, `{"a"`, `{"tags": ["ABC-1", {}]}`},
		{"array for a nested structure", `{"ship": {"addr": [1]}}`, "/ship/addr", "type",
			`[1]`, `[1]`, `{"ship": {"addr": []}}`},
		{"word for a map value", `{"labels": {"a": true}}`, "/labels/a", "type",
			`}}`, `true`, `{"labels": {"a": true}}`},
		{"string for a list in a list", `{"grid": ["ABC-1"]}`, "/grid/0", "type",
			`"ABC-1"`, `"ABC-1"`, `{"grid": [""]}`},
		{"unknown member of a closed nested structure", `{"ship": {"addr": {"street": "x"}}}`, "/ship/addr/street", "unknown-member",
			`: "x"`, `"street"`, `{"ship": {"addr": {"street": null}}}`},
	} {
		checkNestedCase(t, decl, c)
	}
}

// TestNestedNotJudged: where nothing is certain before the end, nothing
// is reported early: an unknown member of an open structure (a warning,
// never an event), a document's content, a wrong value under a member
// the structure does not declare.
func TestNestedNotJudged(t *testing.T) {
	decl := nestDecl(t)
	for _, text := range []string{
		`{"items": [{"zz": 5, "sku": "ABC-1"}]}`,
		`{"meta": {"a": ["x", 1, {"b": "y"}]}}`,
		`{"pay": {"card": {"num": "ABC-1"}}}`,
	} {
		_, _, events := watchAll([]byte(text), everyByte(len(text))[1:], Options{Declaration: decl, Profile: ProfileLenient})
		for _, e := range events {
			if e.Kind == EventViolation {
				t.Errorf("%s: violation %+v", text, *e.Finding)
			}
		}
	}
}

// nestedHoles are positions of every kind of nesting with a string rule:
// the text before and after the string, its path, and valid values.
var nestedHoles = []struct {
	before, after, path string
	valid               []string
}{
	{`{"tags": ["XYZ-1", "`, `"]}`, "/tags/1", []string{"ABC-12", "XYZ-9"}},
	{`{"grid": [[], ["`, `"]]}`, "/grid/1/0", []string{"AAA-1234"}},
	{`{"items": [{"code": "`, `"}]}`, "/items/0/code", []string{"ab", "abcde", "éé€x"}},
	{`{"items": [{}, {"color": "`, `"}]}`, "/items/1/color", []string{"red", "green"}},
	{`{"items": [{"legacy": "`, `"}]}`, "/items/0/legacy", []string{"alpha", "beta"}},
	{`{"labels": {"k": "`, `"}}`, "/labels/k", []string{"ab", "abcde"}},
	{`{"pay": {"card": {"num": "`, `"}}}`, "/pay/card/num", []string{"ABC-1"}},
	{`{"ship": {"addr": {"zip": "`, `"}}}`, "/ship/addr/zip", []string{"12345"}},
}

// TestNestedOpenStringNeverEarly: on random strings at every kind of
// nested position, fed a byte at a time, a violation of an open string
// is never reported while some continuation could still make it valid
// (every continuation of up to three characters of an alphabet that can
// satisfy the rules, and the valid values it begins), and the events are
// those of one chunk and of random chunkings.
func TestNestedOpenStringNeverEarly(t *testing.T) {
	decl := nestDecl(t)
	alphabet := []string{"A", "B", "C", "-", "1", "2", "a", "e", "r", "d", "g", "l", "p", "é", "x"}
	reported := neverEarly(t, decl, nestedHoles, alphabet, 25, 160)
	if reported == 0 {
		t.Fatal("no open string was reported: the test proves nothing")
	}
	t.Logf("%d early violations checked", reported)
}

// neverEarly feeds rounds random strings (over alphabet, half of them
// beginning as a valid value) at the holes, a byte at a time, and fails
// t when a violation of a string still open is reported while a valid
// value or a continuation of up to three characters of alphabet would
// make it valid, or when one chunk or random chunkings give other
// events; it returns how many early violations it checked.
func neverEarly(t *testing.T, decl Declaration, holes []struct {
	before, after, path string
	valid               []string
}, alphabet []string, seed int64, rounds int) int {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	var conts []string
	var grow func(s string, k int)
	grow = func(s string, k int) {
		conts = append(conts, s)
		if k > 0 {
			for _, c := range alphabet {
				grow(s+c, k-1)
			}
		}
	}
	grow("", 3)
	opts := Options{Declaration: decl, Profile: ProfileLenient}
	reported := 0
	for n := 0; n < rounds; n++ {
		h := holes[n%len(holes)]
		fixes := func(s string) bool {
			v, _ := json.Marshal(s)
			res, err := decl.Check([]byte(h.before[:len(h.before)-1] + string(v) + h.after[1:]))
			if err != nil {
				return false
			}
			for _, f := range res.Findings {
				if f.Severity == "error" && f.Path == h.path {
					return false
				}
			}
			return true
		}
		var b strings.Builder
		if n%2 == 0 { // the beginning of a valid value, then anything
			ex := []rune(h.valid[rng.Intn(len(h.valid))])
			b.WriteString(string(ex[:rng.Intn(len(ex)+1)]))
		}
		for k := rng.Intn(7); k > 0; k-- {
			b.WriteString(alphabet[rng.Intn(len(alphabet))])
		}
		s := b.String()
		text := []byte(h.before + s + h.after)
		closeAt := len(h.before) + len(s) // the closing quote
		feeds, _, events := watchAll(text, everyByte(len(text))[1:], opts)
		for k, f := range feeds {
			for _, e := range f.Events {
				if e.Kind != EventViolation || k >= closeAt {
					continue // only violations of the string still open
				}
				if e.Path != h.path {
					t.Fatalf("%s: violation at %s, want %s", text, e.Path, h.path)
				}
				reported++
				sofar := string(text[len(h.before) : k+1])
				for _, ex := range h.valid {
					if strings.HasPrefix(ex, sofar) {
						t.Fatalf("%s: %s violation after %q, which %q continues", text, e.Finding.Code, sofar, ex)
					}
				}
				for _, c := range conts {
					if fixes(sofar + c) {
						t.Fatalf("%s: %s violation after %q, but %q is valid", text, e.Finding.Code, sofar, sofar+c)
					}
				}
			}
		}
		sameEventsAnyChunking(t, text, opts, events, rng)
	}
	return reported
}

// TestNestedOpenStringLong: a nested string over 4 KiB, judged by the
// feeds only as it doubles, gives the events of one chunk, even when the
// text ends inside it.
func TestNestedOpenStringLong(t *testing.T) {
	decl := nestDecl(t)
	for _, text := range []string{
		`{"tags": ["ABC-` + strings.Repeat("1", 9000) + "x" + strings.Repeat("2", 1000),
		`{"tags": ["ABC-` + strings.Repeat("1", 9000) + "x" + strings.Repeat("2", 1000) + `", "ABC-1"]}`,
	} {
		var cuts []int
		for k := 64; k < len(text); k += 64 {
			cuts = append(cuts, k)
		}
		opts := Options{Declaration: decl, Profile: ProfileLenient}
		_, _, one := watchAll([]byte(text), nil, opts)
		_, _, many := watchAll([]byte(text), cuts, opts)
		a, _ := json.Marshal(one)
		b, _ := json.Marshal(many)
		if string(a) != string(b) {
			t.Fatalf("%d bytes: one chunk\n%s\n64-byte chunks\n%s", len(text), a, b)
		}
		found := false
		for _, e := range one {
			found = found || e.Kind == EventViolation && e.Finding.Code == "pattern" && e.Path == "/tags/0"
		}
		if !found {
			t.Fatalf("%d bytes: no pattern violation", len(text))
		}
	}
}

// TestNestedCompact: a compact declaration's nested members are judged
// by kind as they arrive.
func TestNestedCompact(t *testing.T) {
	decl, err := ParseCompact(`{items:[{name:string,n:integer}]}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []nestedCase{
		{"string for an integer", `{"items": [{"name": "a", "n": "5"}]}`, "/items/0/n", "type",
			`"5"`, `"5"`, `{"items": [{"n": ""}]}`},
		{"object for a string", `{"items": [{}, {"name": {"x": 1}}]}`, "/items/1/name", "type",
			`{"x"`, `{"x"`, `{"items": [{}, {"name": {}}]}`},
		{"string for a structure", `{"items": ["x"]}`, "/items/0", "type",
			`"x"`, `"x"`, `{"items": [""]}`},
	} {
		checkNestedCase(t, decl, c)
	}
}

// TestLLMNestedArgument: with a tool list, a nested string of a tool
// call's arguments is reported in the feed whose fragment makes the
// violation certain, at the string's offset in the arguments, and each
// chunking of the fragments gives it in the same place.
func TestLLMNestedArgument(t *testing.T) {
	tools := map[string]Declaration{"place_order": nestDecl(t)}
	args := `{"items": [{"sku": "ABC-1"}, {"sku": "ABx-2", "code": "ok"}]}`
	doomAt := strings.Index(args, `x-2"`) // no sku begins "ABx"
	for _, size := range []int{1, 3, 7, len(args)} {
		events := [][]byte{
			[]byte(`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[]}}`),
			[]byte(`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"place_order","input":{}}}`),
		}
		var ends []int // the arguments' length after each fragment
		for k := 0; k < len(args); k += size {
			end := min(k+size, len(args))
			frag, _ := json.Marshal(args[k:end])
			events = append(events, []byte(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":`+string(frag)+`}}`))
			ends = append(ends, end)
		}
		events = append(events, []byte(`{"type":"content_block_stop","index":0}`),
			[]byte(`{"type":"message_delta","delta":{"stop_reason":"tool_use"}}`), []byte(`{"type":"message_stop"}`))
		s, err := NewLLMStream(LLMOptions{Provider: ProviderAnthropic, Tools: tools})
		if err != nil {
			t.Fatal(err)
		}
		var got *Event
		gotFeed := -1
		for i, e := range events {
			for _, c := range s.Feed(e).Calls {
				for _, ev := range c.Events {
					if ev.Kind == EventViolation && ev.Path == "/items/1/sku" && got == nil {
						ev := ev
						got, gotFeed = &ev, i-2
					}
				}
			}
		}
		cl := s.Close()
		switch {
		case got == nil:
			t.Fatalf("fragments of %d bytes: no violation at /items/1/sku", size)
		case got.Finding.Code != "pattern" || got.At != strings.Index(args, `"ABx-2"`):
			t.Errorf("fragments of %d bytes: %+v", size, *got.Finding)
		case gotFeed < 0 || gotFeed >= len(ends) || ends[gotFeed] <= doomAt || gotFeed > 0 && ends[gotFeed-1] > doomAt:
			t.Errorf("fragments of %d bytes: reported by fragment %d, want the one holding byte %d", size, gotFeed, doomAt)
		}
		if len(cl.Calls) != 1 || cl.Calls[0].End != EndComplete {
			t.Fatalf("fragments of %d bytes: %+v", size, cl.Calls)
		}
	}
}

// TestNestedRepeatedKey: the engine judges the first value of a key an
// object repeats (the repeat is its own finding), so the repeat's value
// is not judged early: no pattern violation for the second "sku".
func TestNestedRepeatedKey(t *testing.T) {
	decl := nestDecl(t)
	text := []byte(`{"items": [{"sku": "ABC-1", "sku": "x"}], "tags": ["ABC-1", "ABC-2"]}`)
	_, _, events := watchAll(text, everyByte(len(text))[1:], Options{Declaration: decl, Profile: ProfileLenient})
	codes := []string{}
	for _, e := range events {
		if e.Kind == EventViolation {
			if e.Finding.Code == "pattern" {
				t.Errorf("the repeated key's value was judged: %+v", *e.Finding)
			}
			codes = append(codes, e.Finding.Code+" "+e.Path)
		}
	}
	if len(codes) == 0 {
		t.Errorf("no violation: the engine's duplicate-key finding is missing")
	}
	t.Log(codes)
}

// sameEventsAnyChunking fails the test unless the events of text fed a
// byte at a time (events) equal those of one chunk and of a random
// chunking drawn from rng.
func sameEventsAnyChunking(t *testing.T, text []byte, opts Options, events []Event, rng *rand.Rand) {
	t.Helper()
	_, _, whole := watchAll(text, nil, opts)
	var cuts []int
	for k := 1; k < len(text); k += 1 + rng.Intn(6) {
		cuts = append(cuts, k)
	}
	_, _, random := watchAll(text, cuts, opts)
	a, _ := json.Marshal(events)
	for _, other := range [][]Event{whole, random} {
		if b, _ := json.Marshal(other); string(a) != string(b) {
			t.Fatalf("%s: byte at a time\n%s\nother chunking\n%s", text, a, b)
		}
	}
}
