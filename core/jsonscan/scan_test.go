package jsonscan

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestScan(t *testing.T) {
	for _, c := range []struct {
		name, in string
		st       Status
		off      int
		root     byte
		elems    int
	}{
		{"object", `{"a": 1, "b": [true, false, null]}`, Valid, 34, '{', 2},
		{"array with spaces", " [ 1 , \"x\" ,{} ] \n", Valid, 18, '[', 3},
		{"empty object", `{}`, Valid, 2, '{', 0},
		{"empty array", "[\t\r\n]", Valid, 5, '[', 0},
		{"string", `"a\"b\\c\/\b\f\n\r\t\u00e9"`, Valid, 27, '"', 0},
		{"utf-8 in a string", `"héllo ☃ 𝄞"`, Valid, 17, '"', 0},
		{"number", `-0.5e+3`, Valid, 7, '-', 0},
		{"numbers", `[0, -0, 1E9, 2e-1, 10.25]`, Valid, 25, '[', 5},
		{"lone surrogate escape", `"\ud800"`, Valid, 8, '"', 0},
		{"literals", `[true,false,null]`, Valid, 17, '[', 3},
		{"nothing", ``, End, 0, 0, 0},
		{"only spaces", "  \n", End, 3, 0, 0},
		{"unclosed object", `{"a":1`, End, 6, '{', 1},
		{"cut in a string", `["abc`, End, 5, '[', 1},
		{"cut in an escape", `"ab\`, End, 4, '"', 0},
		{"cut in a unicode escape", `"\u00`, End, 5, '"', 0},
		{"cut in a rune", "\"\xe2\x98", End, 3, '"', 0},
		{"cut in a literal", `[tru`, End, 4, '[', 1},
		{"cut after a minus", `-`, End, 1, '-', 0},
		{"cut after a dot", `1.`, End, 2, '1', 0},
		{"cut in an exponent", `1e+`, End, 3, '1', 0},
		{"trailing comma", `[1,]`, Syntax, 3, '[', 2},
		{"single quotes", `{'a':1}`, Syntax, 1, '{', 1},
		{"missing colon", `{"a" 1}`, Syntax, 5, '{', 1},
		{"missing comma", `[1 2]`, Syntax, 3, '[', 1},
		{"wrong closer", `[1}`, Syntax, 2, '[', 1},
		{"closer of an object in an array", `{"a":[1}}`, Syntax, 7, '{', 1},
		{"two values", `1 2`, Syntax, 2, '1', 0},
		{"leading zero", `01`, Syntax, 1, '0', 0},
		{"leading plus", `+1`, Syntax, 0, '+', 0},
		{"dot without digits", `1.e5`, Syntax, 2, '1', 0},
		{"exponent without digits", `1e]`, Syntax, 2, '1', 0},
		{"bad literal", `[nul1]`, Syntax, 4, '[', 1},
		{"Python literal", `True`, Syntax, 0, 'T', 0},
		{"control character", "\"a\tb\"", Syntax, 2, '"', 0},
		{"invalid escape", `"a\qb"`, Syntax, 3, '"', 0},
		{"bad unicode escape", `"\u12g4"`, Syntax, 5, '"', 0},
		{"not UTF-8", "[\"ab\xffcd\"]", Encoding, 4, '[', 1},
		{"surrogate in UTF-8", "\"\xed\xa0\x80\"", Encoding, 1, '"', 0},
		{"overlong UTF-8", "\"\xc0\xaf\"", Encoding, 1, '"', 0},
		{"UTF-8 outside a string", "[1,\u00a02]", Syntax, 3, '[', 2},
		{"byte order mark", "\ufeff{}", Syntax, 0, 0xEF, 0},
		{"comment", `[1 /* c */]`, Syntax, 3, '[', 1},
		{"key that is no string", `{1:2}`, Syntax, 1, '{', 1},
	} {
		got := Scan([]byte(c.in), 0)
		want := Result{Status: c.st, Offset: c.off, Root: c.root, Elements: c.elems}
		if got != want {
			t.Errorf("%s: Scan(%q) = %+v, want %+v", c.name, c.in, got, want)
		}
	}
}

// TestScanDepth: the limit counts the top-level container as level 1, and
// the bit stack keeps each level's kind well past its first 512 levels.
func TestScanDepth(t *testing.T) {
	if got := Scan([]byte(`[[[1]]]`), 3); got.Status != Valid {
		t.Errorf("3 levels, limit 3: %+v", got)
	}
	if got := Scan([]byte(`[[[[1]]]]`), 3); got.Status != TooDeep || got.Offset != 3 {
		t.Errorf("4 levels, limit 3: %+v, want too deep at 3", got)
	}
	if got := Scan([]byte(strings.Repeat("[", 1001)), 0); got.Status != TooDeep || got.Offset != 1000 {
		t.Errorf("1001 levels, default limit: %+v, want too deep at 1000", got)
	}
	// 3000 levels alternating objects and arrays, closed in order: valid;
	// with one closer of the wrong kind deep inside: a syntax error there.
	const levels = 3000
	var open, close strings.Builder
	for k := 0; k < levels; k++ {
		if k%3 == 0 {
			open.WriteString(`{"k":`)
		} else {
			open.WriteString(`[`)
		}
	}
	for k := levels - 1; k >= 0; k-- {
		if k%3 == 0 {
			close.WriteString(`}`)
		} else {
			close.WriteString(`]`)
		}
	}
	doc := open.String() + "0" + close.String()
	if got := Scan([]byte(doc), levels); got.Status != Valid || got.Offset != len(doc) || got.Elements != 1 {
		t.Fatalf("%d levels: %+v", levels, got)
	}
	if got := Scan([]byte(doc), levels-1); got.Status != TooDeep {
		t.Errorf("%d levels, limit %d: %+v", levels, levels-1, got)
	}
	for _, at := range []int{1, 511, 512, 513, 1500, levels - 1} {
		bad := []byte(doc)
		p := len(open.String()) + 1 + (levels - 1 - at) // the closer of level at (0-based)
		if bad[p] == '}' {
			bad[p] = ']'
		} else {
			bad[p] = '}'
		}
		if got := Scan(bad, levels); got.Status != Syntax || got.Offset != p {
			t.Errorf("wrong closer at level %d (offset %d): %+v", at, p, got)
		}
	}
}

// TestScanAllocates: a scan allocates nothing, deep texts past 512 levels
// aside.
func TestScanAllocates(t *testing.T) {
	doc := []byte(strings.Repeat(`{"a":[1,"xyzé\n",{"b":null}],"c":-1.5e3} `, 100))
	doc = []byte("[" + strings.ReplaceAll(strings.TrimSpace(string(doc)), "} {", "},{") + "]")
	if Scan(doc, 0).Status != Valid {
		t.Fatal("not valid")
	}
	if a := testing.AllocsPerRun(20, func() { Scan(doc, 0) }); a != 0 {
		t.Errorf("Scan allocates %v times a run", a)
	}
}

// agree checks Scan against encoding/json on in: the same verdict (with
// UTF-8 required), and for ASCII text the same place: encoding/json's
// SyntaxError.Offset counts the bytes read up to and including the bad
// one, or the whole text when it ended early.
func agree(t *testing.T, in []byte) {
	t.Helper()
	got := Scan(in, 1<<20)
	if got.Status == TooDeep {
		t.Fatalf("%q: too deep under a limit of 2^20", in)
	}
	valid := json.Valid(in) && utf8.Valid(in)
	if (got.Status == Valid) != valid {
		t.Fatalf("%q: Scan says %+v, encoding/json valid %v", in, got, valid)
	}
	if valid {
		if got.Offset != len(in) {
			t.Fatalf("%q: valid with offset %d", in, got.Offset)
		}
		return
	}
	if !isASCII(in) {
		return
	}
	var raw json.RawMessage
	err := json.Unmarshal(in, &raw)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("%q: encoding/json error %v", in, err)
	}
	want := int(se.Offset) - 1
	if got.Status == End {
		want = int(se.Offset)
	}
	if got.Offset != want {
		t.Fatalf("%q: Scan stops at %d (%v), encoding/json at byte %d (%v)", in, got.Offset, got.Status, se.Offset, se)
	}
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

var docs = []string{
	`{"id": 12345, "query": "the history of the Byzantine empire", "limit": 10, "score": -0.5e3, "exact": false, "tags": ["a", "b\n", null], "nested": {"k": true}}`,
	`[0,-0,1.25,1e9,1E-9,-12.5e+30,"",[],{},[[]],{"":{"":[]}}]`,
	`"a long string of more than eight bytes, with \"escapes\" \\ and \u00e9 and \ud83d\ude00, é ☃ 𝄞 too"`,
	" \t\r\n{ \"a\" : [ true , false , null ] } \n",
}

// TestScanAgainstEncodingJSON takes valid documents and breaks them at
// every byte: cut there, or that byte replaced by each byte that matters
// to a JSON reader. Scan and encoding/json agree on every one.
func TestScanAgainstEncodingJSON(t *testing.T) {
	repl := []byte("\x00\x1f \"\\/,:[]{}0159-+.eEtfnuax\x7f\x80\xbf\xc3\xe2\xed\xf0\xff")
	for _, d := range docs {
		in := []byte(d)
		agree(t, in)
		for k := 0; k < len(in); k++ {
			agree(t, in[:k])
			for _, c := range repl {
				b := append([]byte(nil), in...)
				b[k] = c
				agree(t, b)
				b = append(append(append([]byte(nil), in[:k]...), c), in[k:]...)
				agree(t, b)
			}
		}
	}
}

func FuzzScan(f *testing.F) {
	for _, d := range docs {
		f.Add([]byte(d))
	}
	for _, s := range []string{`[1,]`, `{"a" 1}`, "\"\xff\"", `01`, `1.e`, `[tru`, `"\u12`, `{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) { agree(t, in) })
}
