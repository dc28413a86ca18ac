package node

import (
	"github.com/smithy-validation/go/core/limits"

	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// toAny converts a node to the value encoding/json gives with UseNumber,
// for comparison with it.
func toAny(n Node) any {
	switch n.Kind() {
	case Bool:
		return n.BoolValue()
	case Number:
		return json.Number(n.NumberText())
	case String:
		return n.StringValue()
	case Array:
		out := make([]any, 0, n.Len())
		for _, e := range n.Elems() {
			out = append(out, toAny(e))
		}
		return out
	case Object:
		out := make(map[string]any, n.Len())
		for _, f := range n.Fields() {
			out[f.Key] = toAny(f.Value)
		}
		return out
	}
	return nil
}

func decodeUseNumber(t testing.TB, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	return v
}

func TestParseValues(t *testing.T) {
	tests := []struct {
		name string
		in   string
	}{
		{"null", `null`},
		{"true", `true`},
		{"false", `false`},
		{"zero", `0`},
		{"negative zero", `-0`},
		{"decimal exponent", `-12.50E+003`},
		{"huge integer", strings.Repeat("7", 4096)},
		{"empty string", `""`},
		{"plain string", `"hello"`},
		{"all simple escapes", `"\" \\ \/ \b \f \n \r \t"`},
		{"unicode escapes", `"\u0041\u00e9\u20AC\u0000"`},
		{"surrogate pair", `"\ud83d\ude00"`},
		{"surrogate pair upper hex", `"\uD834\uDD1E"`},
		{"raw non-ASCII", `"é€😀"`},
		{"DEL raw", "\"\x7f\""},
		{"empty array", `[]`},
		{"empty object", `{}`},
		{"nested", `{"a":[1,{"b":[[],{}]},"x"],"c":{"d":null}}`},
		{"whitespace everywhere", " \t\r\n[ 1 ,\t2\r\n, { \"a\" : true } ]\n "},
		{"escaped key", `{"\u0061b":1,"a\nb":2}`},
		{"keys differing by escape only", `{"a":1,"\u0062":2}`},
	}
	for _, tt := range tests {
		n, err := ParseString(tt.in)
		if err != nil {
			t.Errorf("%s: ParseString(%q): %v", tt.name, tt.in, err)
			continue
		}
		want := decodeUseNumber(t, []byte(tt.in))
		if got := toAny(n); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: ParseString(%q) = %#v, want %#v", tt.name, tt.in, got, want)
		}
		// Parse (bytes) agrees with ParseString.
		nb, err := Parse([]byte(tt.in))
		if err != nil || !Equal(nb, n) {
			t.Errorf("%s: Parse = %v, %v; want the ParseString result", tt.name, Marshal(nb), err)
		}
	}
}

func TestParseNumberTextExact(t *testing.T) {
	for _, tok := range []string{"0", "-0", "1.0", "1e400", "-0.50e+3", "0.10", "123456789012345678901234567890"} {
		n, err := ParseString(" [" + tok + "] ")
		if err != nil {
			t.Fatalf("%q: %v", tok, err)
		}
		if got := n.Elems()[0].NumberText(); got != tok {
			t.Errorf("number %q: NumberText() = %q", tok, got)
		}
	}
}

func TestParsePositions(t *testing.T) {
	// Each case names a path to a node and its expected position.
	doc := "{\n  \"a\": [1, \"x\"],\r\n\t\"b\":\r{\"c\": null},\n\"d\" : true\n}"
	n, err := ParseString(doc)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := n.Field("a")
	b, _ := n.Field("b")
	c, _ := b.Value.Field("c")
	d, _ := n.Field("d")
	tests := []struct {
		name string
		got  Pos
		want Pos
	}{
		{"root object", n.Pos(), Pos{0, 1, 1}},
		{"key a", a.KeyPos, Pos{4, 2, 3}},
		{"array a", a.Value.Pos(), Pos{9, 2, 8}},
		{"element 1", a.Value.Elems()[0].Pos(), Pos{10, 2, 9}},
		{"element x", a.Value.Elems()[1].Pos(), Pos{13, 2, 12}},
		{"key b after CR LF and tab", b.KeyPos, Pos{21, 3, 2}},
		{"object b after lone CR", b.Value.Pos(), Pos{26, 4, 1}},
		{"key c", c.KeyPos, Pos{27, 4, 2}},
		{"null c", c.Value.Pos(), Pos{32, 4, 7}},
		{"key d", d.KeyPos, Pos{39, 5, 1}},
		{"true d", d.Value.Pos(), Pos{45, 5, 7}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: pos = %+v, want %+v", tt.name, tt.got, tt.want)
		}
		if int(tt.want.Offset) < len(doc) && tt.name != "" {
			// The offset points at the token's first byte.
			if c := doc[tt.got.Offset]; !strings.ContainsRune(`{["0123456789tfn`, rune(c)) && c != '"' {
				t.Errorf("%s: offset %d points at %q", tt.name, tt.got.Offset, c)
			}
		}
	}
}

func TestParseBOM(t *testing.T) {
	n, err := ParseString("\xEF\xBB\xBF{\"a\":1}")
	if err != nil {
		t.Fatalf("BOM: %v", err)
	}
	if want := (Pos{3, 1, 4}); n.Pos() != want {
		t.Errorf("BOM: root pos = %+v, want %+v", n.Pos(), want)
	}
	// A BOM anywhere else is not whitespace.
	_, err = ParseString(" \xEF\xBB\xBF1")
	var se *SyntaxError
	if !errors.As(err, &se) || se.Pos.Offset != 1 {
		t.Errorf("BOM after space: err = %v, want a syntax error at offset 1", err)
	}
}

func TestParseSyntaxErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		pos  string // line:column
		msg  string // substring of Msg
	}{
		{"empty", "", "1:1", "unexpected end of input: expected a JSON value"},
		{"only whitespace", " \n ", "2:2", "unexpected end of input: expected a JSON value"},
		{"member then bracket", `{"a":1]`, "1:7", `expected ',' or '}' after object member, found ']'`},
		{"element then brace", `[1}`, "1:3", `expected ',' or ']' after array element, found '}'`},
		{"unterminated string", "[\n  1,\n  \"abc", "3:7", "unexpected end of input: unterminated string started at 3:3"},
		{"unterminated string in key", `{"ab`, "1:5", "unterminated string started at 1:2"},
		{"unterminated array", "[1,\n2", "2:2", "unexpected end of input: expected ',' or ']' after array element (in array started at 1:1)"},
		{"unterminated object", `{"a":`, "1:6", "unexpected end of input: expected JSON value (in object started at 1:1)"},
		{"trailing comma array", `[1,]`, "1:4", "trailing comma"},
		{"trailing comma object", `{"a":1,}`, "1:8", "trailing comma"},
		{"missing colon", `{"a" 1}`, "1:6", `expected ':' after object key, found '1'`},
		{"non-string key", `{1:2}`, "1:2", `expected string for object key or '}', found '1'`},
		{"single quotes", `{'a':1}`, "1:2", `found "'"`},
		{"trailing garbage", `{} x`, "1:4", "expected end of input after top-level value, found 'x'"},
		{"two values", `1 2`, "1:3", "expected end of input after top-level value, found '2'"},
		{"leading zero", `[012]`, "1:2", "invalid number: leading zero"},
		{"plus", `+1`, "1:1", "expected JSON value, found '+'"},
		{"NaN", `NaN`, "1:1", "expected JSON value, found 'N'"},
		{"Infinity", `-Infinity`, "1:2", "expected digit after '-' in number, found 'I'"},
		{"trailing dot", `1.`, "1:3", "unexpected end of input: expected digit after '.' in number"},
		{"trailing dot in array", `[1.]`, "1:4", "expected digit after '.' in number, found ']'"},
		{"leading dot", `.5`, "1:1", "found '.'"},
		{"bare exponent", `1e]`, "1:3", "expected digit in number exponent, found ']'"},
		{"bad literal", `tru`, "1:4", "unexpected end of input: expected 'true'"},
		{"misspelled literal", `nul1`, "1:4", "expected 'null', found '1'"},
		{"capital literal", `True`, "1:1", "found 'T'"},
		{"raw newline in string", "\"a\nb\"", "1:3", "control character U+000A in string must be escaped"},
		{"raw tab in string", "\"a\tb\"", "1:3", "control character U+0009"},
		{"bad escape", `"\x"`, "1:2", `invalid escape '\x' in string`},
		{"short unicode escape", `"\u12"`, "1:6", `expected hex digit in \u escape, found '"'`},
		{"lone high surrogate", `"\ud800"`, "1:2", `unpaired surrogate \ud800`},
		{"lone low surrogate", `"\udc00x"`, "1:2", `unpaired surrogate \udc00`},
		{"high then non-surrogate", `"\ud800\u0041"`, "1:2", `found \u0041`},
		{"high then text", `"\ud83dx"`, "1:2", `unpaired surrogate \ud83d`},
		{"two highs", `"\ud800\ud800"`, "1:2", `unpaired surrogate`},
		{"invalid UTF-8 in string", "\"ab\xffc\"", "1:4", "invalid UTF-8 byte 0xff in string"},
		{"UTF-8 surrogate encoding", "\"\xed\xa0\x80\"", "1:2", "invalid UTF-8 byte 0xed"},
		{"overlong UTF-8", "\"\xc0\xaf\"", "1:2", "invalid UTF-8 byte 0xc0"},
		{"truncated UTF-8", "\"\xe2\x82\"", "1:2", "invalid UTF-8 byte 0xe2"},
		{"invalid UTF-8 after escape", "\"\\n\xff\"", "1:4", "invalid UTF-8 byte 0xff"},
		{"invalid UTF-8 outside string", "[\xff]", "1:2", "found invalid UTF-8 byte 0xff"},
		{"non-ASCII outside string", "[é]", "1:2", "found 'é' (U+00E9)"},
		{"form feed is not whitespace", "\f1", "1:1", "found control character U+000C"},
		{"NBSP is not whitespace", "\u00a01", "1:1", "found '\u00a0' (U+00A0)"},
		{"comment", "1 // c", "1:3", "found '/'"},
		{"column after CR LF", "[1,\r\n  x]", "2:3", "expected JSON value, found 'x'"},
		{"column after lone CR", "[1,\r  x]", "2:3", "expected JSON value, found 'x'"},
		{"column is bytes", "[\"é\",x]", "1:7", "found 'x'"},
	}
	for _, tt := range tests {
		_, err := ParseString(tt.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s: ParseString(%q) error = %v, want *SyntaxError", tt.name, tt.in, err)
			continue
		}
		if got := se.Pos.String(); got != tt.pos || !strings.Contains(se.Msg, tt.msg) {
			t.Errorf("%s: ParseString(%q) = %s: %q; want %s: ...%q...", tt.name, tt.in, got, se.Msg, tt.pos, tt.msg)
		}
		if !strings.Contains(se.Error(), tt.pos) {
			t.Errorf("%s: Error() = %q does not name %s", tt.name, se.Error(), tt.pos)
		}
		// The offset agrees with line and column.
		if want := posAt(tt.in, int(se.Pos.Offset)); want != se.Pos {
			t.Errorf("%s: Pos = %+v, but its offset is at %+v", tt.name, se.Pos, want)
		}
		var pe PosError
		if !errors.As(err, &pe) || pe.Position() != se.Pos {
			t.Errorf("%s: not a PosError at %v", tt.name, se.Pos)
		}
	}
}

func TestNextSpecial(t *testing.T) {
	// Every byte value at every offset of a 20-byte run: the word-at-a-time
	// scan must stop exactly where the byte-at-a-time one does.
	base := []byte("abcdefghijklmnopqrst")
	for pos := range base {
		for c := range 256 {
			s := append([]byte{}, base...)
			s[pos] = byte(c)
			want := 0
			for want < len(s) && strClass[s[want]] == 0 {
				want++
			}
			for start := 0; start <= pos; start++ {
				w := max(want, start)
				if got := nextSpecial(string(s), start); got != w {
					t.Fatalf("nextSpecial(%q, %d) = %d, want %d", s, start, got, w)
				}
			}
		}
	}
}

func TestInvalidUTF8Positions(t *testing.T) {
	// Every invalid byte value in a string is reported at its own offset.
	for b := 0x80; b <= 0xff; b++ {
		in := "[\"ok\",\n \"x" + string([]byte{byte(b)}) + "\"]"
		_, err := ParseString(in)
		if utf8.ValidString(in) {
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) || se.Pos != (Pos{Offset: 10, Line: 2, Column: 4}) {
			t.Errorf("byte 0x%02x: err = %v, want a syntax error at 2:4 (offset 10)", b, err)
		}
	}
}

func TestDuplicateKeys(t *testing.T) {
	// Objects large enough to switch to the map index, and small ones.
	var big strings.Builder
	big.WriteString("{")
	for i := range 40 {
		fmt.Fprintf(&big, "%q:%d,", fmt.Sprintf("k%d", i), i)
	}
	big.WriteString("\n\"k7\":0}")
	tests := []struct {
		name          string
		in            string
		key           string
		first, second string
	}{
		{"adjacent", `{"a":1,"a":2}`, "a", "1:2", "1:8"},
		{"escaped spelling", `{"a":1,"\u0061":2}`, "a", "1:2", "1:8"},
		{"nested", "{\"x\":{\"b\":1,\n\"c\":2,\"b\":3}}", "b", "1:7", "2:7"},
		{"first duplicate wins", `{"a":1,"b":2,"b":3,"a":4}`, "b", "1:8", "1:14"},
		{"large object", big.String(), "k7", "1:51", "2:1"},
	}
	for _, tt := range tests {
		_, err := ParseString(tt.in)
		var de *DuplicateKeyError
		if !errors.As(err, &de) {
			t.Errorf("%s: error = %v, want *DuplicateKeyError", tt.name, err)
			continue
		}
		if de.Key != tt.key || de.First.String() != tt.first || de.Second.String() != tt.second {
			t.Errorf("%s: got key %q at %s and %s, want %q at %s and %s", tt.name, de.Key, de.First, de.Second, tt.key, tt.first, tt.second)
		}
		if msg := de.Error(); !strings.Contains(msg, tt.first) || !strings.Contains(msg, tt.second) || !strings.Contains(msg, tt.key) {
			t.Errorf("%s: Error() = %q, want the key and both positions", tt.name, msg)
		}
		if de.Position() != de.Second {
			t.Errorf("%s: Position() = %v, want the second occurrence %v", tt.name, de.Position(), de.Second)
		}
		// KeepDuplicates keeps every occurrence in order.
		n, err := ParseString(tt.in, DuplicateKeys(KeepDuplicates))
		if err != nil {
			t.Errorf("%s: KeepDuplicates: %v", tt.name, err)
		}
		_ = n
	}

	n, err := ParseString(`{"a":1,"b":2,"a":3,"a":{"a":4,"a":5}}`, DuplicateKeys(KeepDuplicates))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range n.Fields() {
		got = append(got, f.Key+"="+string(Marshal(f.Value)))
	}
	want := []string{"a=1", "b=2", "a=3", `a={"a":4,"a":5}`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("KeepDuplicates fields = %q, want %q", got, want)
	}
	if v, _ := n.Get("a"); v.NumberText() != "1" {
		t.Errorf("KeepDuplicates Get(a) = %s, want the first, 1", Marshal(v))
	}
	// Keys that differ are not duplicates, whatever the object size.
	if _, err := ParseString(strings.Replace(big.String(), `"k7":0}`, `"k40":0}`, 1)); err != nil {
		t.Errorf("distinct keys: %v", err)
	}
}

func TestLimits(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		opts  []Option
		limit string
		max   int
		pos   string
	}{
		{"depth", "[[[1]]]", []Option{MaxDepth(2)}, LimitDepth, 2, "1:3"},
		{"depth objects", `{"a":{"b":{}}}`, []Option{MaxDepth(2)}, LimitDepth, 2, "1:11"},
		{"depth zero", `[]`, []Option{MaxDepth(0)}, LimitDepth, 0, "1:1"},
		{"size", "[1,\n2]", []Option{MaxSize(5)}, LimitSize, 5, "2:2"},
		{"number length", "[1, 12345]", []Option{MaxNumberLength(4)}, LimitNumberLength, 4, "1:5"},
		{"number length decimal", "-1.5e10", []Option{MaxNumberLength(6)}, LimitNumberLength, 6, "1:1"},
		{"number length at end", "12345", []Option{MaxNumberLength(4)}, LimitNumberLength, 4, "1:1"},
		{"string length", `["abc","abcd"]`, []Option{MaxStringLength(3)}, LimitStringLength, 3, "1:8"},
		{"string length escaped", `"\n\n\n\n"`, []Option{MaxStringLength(3)}, LimitStringLength, 3, "1:1"},
		{"key length", `{"abcd":1}`, []Option{MaxStringLength(3)}, LimitStringLength, 3, "1:2"},
		{"string length follows size", `"abcdef"`, []Option{MaxSize(8), MaxStringLength(DefaultMaxStringLength), JoinOptions(MaxSize(7))}, LimitSize, 7, "1:8"},
		{"later option wins", "[[1]]", []Option{MaxDepth(1), MaxDepth(5), MaxDepth(1)}, LimitDepth, 1, "1:2"},
	}
	for _, tt := range tests {
		_, err := ParseString(tt.in, tt.opts...)
		var le *LimitError
		if !errors.As(err, &le) {
			t.Errorf("%s: error = %v, want *LimitError", tt.name, err)
			continue
		}
		if le.Limit != tt.limit || le.Max != tt.max || le.Pos.String() != tt.pos {
			t.Errorf("%s: got %s limit %d at %s, want %s limit %d at %s", tt.name, le.Limit, le.Max, le.Pos, tt.limit, tt.max, tt.pos)
		}
		if !strings.Contains(le.Error(), tt.pos) || le.Position() != le.Pos {
			t.Errorf("%s: Error() = %q, Position() = %v", tt.name, le.Error(), le.Position())
		}
		// Parse (bytes) reports the same.
		_, err2 := Parse([]byte(tt.in), tt.opts...)
		if fmt.Sprint(err2) != fmt.Sprint(err) {
			t.Errorf("%s: Parse error %v, ParseString error %v", tt.name, err2, err)
		}
	}

	// Exactly at each limit is fine.
	ok := []struct {
		name string
		in   string
		opts []Option
	}{
		{"depth", "[[1]]", []Option{MaxDepth(2)}},
		{"depth zero scalar", "1", []Option{MaxDepth(0)}},
		{"size", "[1,2]", []Option{MaxSize(5)}},
		{"number length", "-1.5e1", []Option{MaxNumberLength(6)}},
		{"string length", `"abc"`, []Option{MaxStringLength(3)}},
		{"string length escaped", `"\u00e9\n"`, []Option{MaxStringLength(3)}},
	}
	for _, tt := range ok {
		if _, err := ParseString(tt.in, tt.opts...); err != nil {
			t.Errorf("%s at the limit: %v", tt.name, err)
		}
	}
}

func TestDeepNesting(t *testing.T) {
	deep := strings.Repeat("[", 1_000_000)
	_, err := ParseString(deep)
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != LimitDepth || le.Max != DefaultMaxDepth || le.Pos.Offset != DefaultMaxDepth {
		t.Errorf("1e6 '[': error = %v, want a depth LimitError at offset %d", err, DefaultMaxDepth)
	}

	// With the limit raised, the explicit stack reaches the end of input.
	_, err = ParseString(deep, MaxDepth(2_000_000))
	var se *SyntaxError
	if !errors.As(err, &se) || se.Pos.Offset != 1_000_000 || !strings.Contains(se.Msg, "unexpected end of input") {
		t.Errorf("1e6 '[' with MaxDepth(2e6): error = %v, want end of input", err)
	}

	// And a balanced deep document parses and has the right depth.
	balanced := strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000)
	n, err := ParseString(balanced, MaxDepth(100_000))
	if err != nil {
		t.Fatalf("balanced: %v", err)
	}
	depth := 0
	for n.Kind() == Array && n.Len() > 0 {
		n = n.Elems()[0]
		depth++
	}
	if depth != 99_999 {
		t.Errorf("balanced: depth %d, want 99999", depth)
	}
}

func TestHugeNumber(t *testing.T) {
	huge := "[" + strings.Repeat("1", 10<<20) + "]"
	_, err := ParseString(huge)
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != LimitNumberLength || le.Pos.Offset != 1 {
		t.Errorf("10 MB number: error = %v, want a number length LimitError at offset 1", err)
	}
	// A long fraction and a long exponent are limited too.
	for _, in := range []string{"0." + strings.Repeat("0", 5000), "1e" + strings.Repeat("9", 5000)} {
		if _, err := ParseString(in); !errors.As(err, &le) {
			t.Errorf("%.10s...: error = %v, want a LimitError", in, err)
		}
	}
}

func TestHugeInputSize(t *testing.T) {
	data := bytes.Repeat([]byte(" "), 100)
	data = append(data, '1')
	_, err := Parse(data, MaxSize(100))
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != LimitSize || le.Pos.Offset != 100 {
		t.Errorf("size: error = %v, want a size LimitError at offset 100", err)
	}
}

const sampleDoc = `{"jsonrpc":"2.0","method":"sum","params":{"values":[1,-2.5e3,0.10],` +
	`"name":"caf\u00e9 \"x\"\n😀","flags":[true,false,null],"empty":{},"list":[]},"id":"r-1"}`

func TestTruncatedInput(t *testing.T) {
	if _, err := ParseString(sampleDoc); err != nil {
		t.Fatalf("sample: %v", err)
	}
	for k := 0; k < len(sampleDoc); k++ {
		prefix := sampleDoc[:k]
		_, err := ParseString(prefix)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("prefix %d (%q): error = %v, want *SyntaxError", k, prefix, err)
			continue
		}
		if int(se.Pos.Offset) > k {
			t.Errorf("prefix %d: error at offset %d, beyond the input", k, se.Pos.Offset)
		}
	}
}

func TestParseAllocations(t *testing.T) {
	// A tape of our own, not the pool (which drops entries at random
	// under the race detector), so that the count is exact.
	var tp Tape
	lim := Resolve().Limits
	tests := []struct {
		name   string
		in     string
		allocs float64
	}{
		// One per container that is not empty (its children, at
		// their number; a node needs no header): strings and numbers
		// share the input, empty containers a shared sentinel.
		{"scalars only", `"value"`, 0},
		{"two containers", `{"key":["value",12.5,true,null]}`, 2},
		{"many strings", `{"key":["a","b","c","d","e","f","g",1,2,3,4,5,6,7,8,9]}`, 2},
		{"escaped string", `{"key":["a\nb"]}`, 3},
		{"five containers", `[[],{},[1],{"a":[]},[[2]]]`, 5},
	}
	for _, tt := range tests {
		allocs := testing.AllocsPerRun(50, func() {
			if err := tp.Read(tt.in, lim); err != nil {
				t.Fatal(err)
			}
			tp.Node()
		})
		if allocs != tt.allocs {
			t.Errorf("%s: parsing %s allocates %v times, want %v", tt.name, tt.in, allocs, tt.allocs)
		}
	}
}

func TestParseDoesNotAliasBytes(t *testing.T) {
	data := []byte(`["abc"]`)
	n, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	copy(data, `["xyz"]`)
	if got := n.Elems()[0].StringValue(); got != "abc" {
		t.Errorf("after changing the input, value = %q, want %q", got, "abc")
	}
}

func TestParseConcurrent(t *testing.T) {
	// The parser pool must not leak state between parses: parses running
	// at the same time give what one parse alone gives.
	docs := []string{sampleDoc, `[1,[2,[3]]]`, `{"a":{"b":{"c":"\u00e9"}}}`, `[1,`, `{"a":1,"a":2}`}
	want := make([]string, len(docs))
	for i, d := range docs {
		n, err := ParseString(d)
		want[i] = fmt.Sprint(string(Marshal(n)), err)
	}
	if want[0] == want[1] || !strings.Contains(want[3], "end of input") {
		t.Fatalf("unexpected baseline %q", want)
	}
	done := make(chan bool)
	for g := range 4 {
		go func() {
			defer func() { done <- true }()
			for i := range 300 {
				k := (g + i) % len(docs)
				n, err := ParseString(docs[k])
				if got := fmt.Sprint(string(Marshal(n)), err); got != want[k] {
					t.Errorf("concurrent parse of %q = %s, want %s", docs[k], got, want[k])
					return
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
}

func TestOptionsValues(t *testing.T) {
	lim := func(depth, size, num, str int) limits.Limits {
		return limits.Limits{MaxDepth: depth, MaxSize: size, MaxElements: DefaultMaxElements, MaxNumberLength: num, MaxStringLength: str, MaxFindings: limits.DefaultMaxFindings}
	}
	if got, want := Resolve(), (Settings{Limits: lim(DefaultMaxDepth, DefaultMaxSize, DefaultMaxNumberLength, DefaultMaxSize)}); got != want {
		t.Errorf("defaults = %+v, want %+v", got, want)
	}
	got := Resolve(JoinOptions(MaxDepth(-5), MaxSize(1<<40), MaxNumberLength(-1)), Option{}, MaxStringLength(7), DuplicateKeys(KeepDuplicates))
	if want := (Settings{Limits: lim(0, 1<<31-1, 0, 7), Duplicates: KeepDuplicates}); got != want {
		t.Errorf("Resolve = %+v, want %+v", got, want)
	}
	if got, want := Resolve(MaxSize(100)), (Settings{Limits: lim(DefaultMaxDepth, 100, DefaultMaxNumberLength, 100)}); got != want {
		t.Errorf("Resolve(MaxSize(100)) = %+v, want %+v (the string limit follows the size)", got, want)
	}
	if got := Resolve(MaxElements(-3), MaxElements(10)).Limits.MaxElements; got != 10 {
		t.Errorf("Resolve(MaxElements(-3), MaxElements(10)) gives %d elements, want 10 (the later one)", got)
	}
	if got := Resolve(MaxElements(-3)).Limits.MaxElements; got != 0 {
		t.Errorf("MaxElements(-3) gives %d elements, want 0", got)
	}
	if s := KeepDuplicates.String(); s != "KeepDuplicates" {
		t.Errorf("KeepDuplicates.String() = %q", s)
	}
}

// hasSurrogateEscape reports whether data may hold a \uD800-\uDFFF escape,
// which encoding/json accepts unpaired but Parse does not.
func hasSurrogateEscape(data []byte) bool {
	lower := bytes.ToLower(data)
	for _, p := range []string{`\ud8`, `\ud9`, `\uda`, `\udb`, `\udc`, `\udd`, `\ude`, `\udf`} {
		if bytes.Contains(lower, []byte(p)) {
			return true
		}
	}
	return false
}

func FuzzParse(f *testing.F) {
	seeds := []string{
		sampleDoc, `{}`, `[]`, `""`, `0`, `-0.0e-0`, `1e400`, `"\ud83d\ude00"`, `"\ud800"`,
		`{"a":1,"a":2}`, "[\r\n]", "\xEF\xBB\xBF[]", `[1,]`, `{"a" 1}`, "\"\xff\"", `[[[[[[]]]]]]`,
		`{"k":{"k":{"k":[1,2,{"x":null}]}}}`, `"\/\b\f\n\r\t\\\""`, `[01]`, `tru`, ` `,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse(data, MaxDepth(200))
		body := bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
		valid := json.Valid(body)
		if err == nil {
			if !valid {
				t.Fatalf("Parse accepted %q, which encoding/json rejects", data)
			}
			if got, want := toAny(n), decodeUseNumber(t, body); !reflect.DeepEqual(got, want) {
				t.Fatalf("Parse(%q) = %#v, encoding/json gives %#v", data, got, want)
			}
			// Writer round trip and canonical form.
			out := Marshal(n)
			n2, err := Parse(out)
			if err != nil || !Equal(n, n2) {
				t.Fatalf("round trip of %q via %q: %v", data, out, err)
			}
			if !bytes.Equal(AppendCanonical(nil, n), AppendCanonical(nil, n2)) {
				t.Fatalf("canonical forms differ for %q", data)
			}
			return
		}
		var pe PosError
		if !errors.As(err, &pe) || int(pe.Position().Offset) > len(data) {
			t.Fatalf("Parse(%q): error %v is not a PosError within the input", data, err)
		}
		if !valid {
			return
		}
		// encoding/json accepts invalid UTF-8 and unpaired surrogate
		// escapes; Parse rejects them. Anything else valid must parse.
		var de *DuplicateKeyError
		var le *LimitError
		if errors.As(err, &de) || errors.As(err, &le) || !utf8.Valid(data) || hasSurrogateEscape(data) {
			return
		}
		t.Fatalf("Parse(%q) rejected valid JSON: %v", data, err)
	})
}
