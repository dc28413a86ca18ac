package node

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/limits"
)

// The tape's entries and the tree built from them must agree on values,
// keys (duplicates kept, in order) and positions, and a limit must stop
// the tape with the path of the value that went over it. These tests
// compare a tape with the tree ParseString builds from another tape.

// tapeLimits returns the default limits with the depth and number-length
// limits given.
func tapeLimits(depth, number int) limits.Limits {
	l := limits.Default()
	l.MaxDepth, l.MaxNumberLength = depth, number
	return l
}

// sameAsNode reports how the tape's reading of s differs from the tree
// of ParseString with the same limits, or "" when they agree.
func sameAsNode(s string, lim limits.Limits) string {
	var tp Tape
	terr := tp.Read(s, lim)
	n, nerr := ParseString(s, MaxDepth(lim.MaxDepth), MaxNumberLength(lim.MaxNumberLength),
		MaxElements(lim.MaxElements), DuplicateKeys(KeepDuplicates))
	if fmt.Sprint(terr) != fmt.Sprint(nerr) {
		return fmt.Sprintf("tape error %v, node error %v", terr, nerr)
	}
	if nerr != nil {
		var le *LimitError
		isLimit := errors.As(nerr, &le) && (le.Limit == LimitDepth || le.Limit == LimitNumberLength)
		got, ok := limitSteps(&tp)
		if ok != isLimit {
			return fmt.Sprintf("LimitPath = %v for node error %v", ok, nerr)
		}
		if !isLimit {
			return ""
		}
		// The path node gives: the value at the limit's offset in the
		// text read without limits.
		// core/node stops at a limit before it sees any later syntax
		// error; the path is then checked only by TestLimitPath.
		full, err := ParseString(s, MaxDepth(1<<20), MaxNumberLength(1<<20), DuplicateKeys(KeepDuplicates))
		if err != nil {
			return ""
		}
		want, found := pathTo(full, le.Pos.Offset, nil)
		if !found {
			return fmt.Sprintf("no value at offset %d", le.Pos.Offset)
		}
		if strings.Join(got, "/") != strings.Join(want, "/") {
			return fmt.Sprintf("LimitPath %q, want %q", got, want)
		}
		return ""
	}
	return sameValue(tp.Root(), n, "")
}

// limitSteps returns the steps of tp.LimitPath, "k:key" or "i:index" each.
func limitSteps(tp *Tape) (steps []string, ok bool) {
	ok = tp.LimitPath(func(key string, index int, obj bool) {
		if obj {
			steps = append(steps, "k:"+key)
		} else {
			steps = append(steps, fmt.Sprint("i:", index))
		}
	})
	return steps, ok
}

// pathTo returns the steps, in LimitPath's terms, from n to the value
// that starts at off.
func pathTo(n Node, off int32, steps []string) ([]string, bool) {
	if n.Pos().Offset == off {
		return steps, true
	}
	switch n.Kind() {
	case Array:
		for i, e := range n.Elems() {
			if p, ok := pathTo(e, off, append(steps, fmt.Sprint("i:", i))); ok {
				return p, true
			}
		}
	case Object:
		for _, f := range n.Fields() {
			if p, ok := pathTo(f.Value, off, append(steps, "k:"+f.Key)); ok {
				return p, true
			}
		}
	}
	return nil, false
}

// sameValue compares entry e with n at path at.
func sameValue(e *TapeEntry, n Node, at string) string {
	if e.Pos() != n.Pos() {
		return fmt.Sprintf("%s: position %v, want %v", at, e.Pos(), n.Pos())
	}
	switch n.Kind() {
	case Null:
		if e.Kind() != TapeNull {
			return fmt.Sprintf("%s: kind %d, want null", at, e.Kind())
		}
	case Bool:
		if want := map[bool]TapeKind{false: TapeFalse, true: TapeTrue}[n.BoolValue()]; e.Kind() != want {
			return fmt.Sprintf("%s: kind %d, want %d", at, e.Kind(), want)
		}
	case Number:
		isInt := !strings.ContainsAny(n.NumberText(), ".eE")
		if e.Kind() != TapeNumber || e.Text() != n.NumberText() || e.IsInteger() != isInt {
			return fmt.Sprintf("%s: number %d %q int %v, want %q", at, e.Kind(), e.Text(), e.IsInteger(), n.NumberText())
		}
	case String:
		if e.Kind() != TapeString || e.Text() != n.StringValue() {
			return fmt.Sprintf("%s: string %d %q, want %q", at, e.Kind(), e.Text(), n.StringValue())
		}
	case Array:
		if e.Kind() != TapeArray || e.Len() != n.Len() {
			return fmt.Sprintf("%s: array %d of %d, want %d", at, e.Kind(), e.Len(), n.Len())
		}
		for i, c := range n.Elems() {
			if d := sameValue(e.Elem(i), c, fmt.Sprint(at, "/", i)); d != "" {
				return d
			}
		}
	case Object:
		if e.Kind() != TapeObject || e.Len() != n.Len() {
			return fmt.Sprintf("%s: object %d of %d, want %d", at, e.Kind(), e.Len(), n.Len())
		}
		for i, f := range n.Fields() {
			k, v := e.Member(i)
			if k.Kind() != TapeString || k.Text() != f.Key || k.Pos() != f.KeyPos {
				return fmt.Sprintf("%s: key %d %q at %v, want %q at %v", at, i, k.Text(), k.Pos(), f.Key, f.KeyPos)
			}
			if d := sameValue(v, f.Value, at+"/"+f.Key); d != "" {
				return d
			}
		}
	}
	return ""
}

// readerCases are texts on both sides of every rule of the grammar and of
// the limits, and the shapes the tape has fast paths for.
var readerCases = []string{
	`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":7}`,
	`{"jsonrpc":"2.0","method":"subtract","params":{"minuend":42,"subtrahend":23},"id":7}`,
	`{"jsonrpc":"2.0","result":19,"id":7}`,
	`{"a":"x","m":{"k":[1,2,"3"]},"s":{"a":1}}`,
	"\ufeff{\"a\" : \"\\u00e9\\ud83d\\ude00\\n\"}",
	`{"a":"x","a":"y","m":{"k":[],"k":[1]}}`,
	"{\r\n\"s\":\r{\"s\":\n[]}}", "[\r\r\n\n1 ,\t2\n]\r",
	`[1, 2.5e-3, -0, true, false, null, "x", {}]`,
	`{"a":"\ud800"}`, `{"a":"\x01"}`, `01`, `1.`, `-`, `[1,]`, `{"a":1,}`, `"abc`, `tru`, ` `, ``,
	"\"\xff\"", "\"\xed\xa0\x80\"", `[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
	`123456789012345678901234567890`, `{"a":"x"} x`, `[1, [2, [3, [4]]]]`, `{"a": [0, {"b~/c\u00e9": {}}], "z": 1}`,
	`[[], [[]]]`, ` 123456`, `{"a": 1, "b": [7, 123456]}`, `{"a": 1, "b": [7, 1234.5x]}`,
	`"0123456789abcdef"`, `"0123456789abcdef`, `"0123456789abcde\"`, `"é"`, `"日本語のテキスト、少し長め"`, "\"abcdefg\x7f\"",
	"\"abcdefghij\x1f\"", "\"abcdefgh\xc3\"", "\"abcdefgh\xc3\xa9\"", `"abc\u0041defghijk"`, `"\"\\\/\b\f\n\r\t"`,
	`"abcdefghijklmnop\"`, `"abcdefghijklmno\`, `"\u12"`, `"\uD83D\uDE00"`, `"\uD83D\u0041"`, `"\uDE00"`,
	`{"":""}`, `{"a"}`, `{"a":}`, `{"a" 1}`, `{1:2}`, `[1 2]`, `[,]`, `{,}`, `]`, `}`, `[}`, `{]`, `[-]`, `[-0]`,
	`[-01]`, `[0.0e+0]`, `[1E-5]`, `[1e]`, `[1e+]`, `[.5]`, `[+1]`, `[0x1]`, `[1.5e3,7]`, `7 `, ` 7`, `7 7`,
	"\ufeff", "\ufeff1", " \ufeff1", "[1]\ufeff", `[true,false,null]`, `[truefalse]`, `[nul]`, `[fals]`,
	"[1,\n2,\r\n3,\r4]", "\t\n\r []", "[\v]", "[\u00a0]", `{"a":{"b":{"c":[{"d":[1,{"e":"f"}]}]}}}`,
}

func TestSameAsNode(t *testing.T) {
	for _, s := range readerCases {
		for _, lim := range []limits.Limits{tapeLimits(1000, 4096), tapeLimits(3, 5), tapeLimits(1, 1), tapeLimits(2, 25)} {
			if d := sameAsNode(s, lim); d != "" {
				t.Errorf("%q with %+v: %s", s, lim, d)
			}
		}
	}
}

// TestReuse reads texts of growing and shrinking size into one tape, and
// into a copy of a tape (which must not write into the original's slots).
func TestReuse(t *testing.T) {
	var tp Tape
	for _, s := range append(append([]string{}, readerCases...), readerCases...) {
		if tp.Read(s, tapeLimits(1000, 4096)) == nil {
			n, _ := ParseString(s, DuplicateKeys(KeepDuplicates))
			if d := sameValue(tp.Root(), n, ""); d != "" {
				t.Errorf("%q: %s", s, d)
			}
		}
	}
	big := `[` + strings.Repeat(`{"a":[1,"x",{}]},`, 500) + `0]`
	if err := tp.Read(big, tapeLimits(1000, 4096)); err != nil {
		t.Fatal(err)
	}
	// A copy shares the original's slots: its Read must point them to
	// the copy (and the original's next Read back to the original).
	cp := tp
	for _, r := range []*Tape{&cp, &tp, &cp} {
		if err := r.Read(`{"a":[1]}`, tapeLimits(1000, 4096)); err != nil {
			t.Fatal(err)
		}
		if k, v := r.Root().Member(0); k.tape() != r || v.Elem(0).tape() != r || k.Text() != "a" {
			t.Errorf("entries of a copied tape do not point to the tape that read them")
		}
	}
}

// FuzzSameAsNode compares a tape with the tree built from one on any text, with the default
// limits and with small ones.
func FuzzSameAsNode(f *testing.F) {
	for _, s := range readerCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		few := tapeLimits(3, 5)
		few.MaxElements = 6
		for _, lim := range []limits.Limits{tapeLimits(1000, 4096), tapeLimits(3, 5), few} {
			if d := sameAsNode(s, lim); d != "" {
				t.Errorf("%q with %+v: %s", s, lim, d)
			}
		}
	})
}

// TestLimitPath checks the path of a limit where core/node stops before a
// later syntax error, so that sameAsNode cannot read the text without
// limits to find the value.
func TestLimitPath(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		lim        limits.Limits
		stopped    bool
		want       string
	}{
		{"number invalid past the limit", `[1e]`, tapeLimits(10, 1), true, "i:0"},
		{"number invalid past the limit in an object", `{"a":[7,1234.5x]}`, tapeLimits(10, 5), true, "k:a/i:1"},
		{"number invalid at the limit", `[12.]`, tapeLimits(10, 3), false, ""},
		{"depth before a syntax error", `[[[1]]]x`, tapeLimits(2, 10), true, "i:0/i:0"},
		{"escaped key", `{"a\u0041":{"b":[1,{"c":1234567}]}}`, tapeLimits(10, 5), true, "k:aA/k:b/i:1/k:c"},
		{"string limit first", `["abcdef",[[[1]]]]`, limits.Limits{MaxDepth: 2, MaxSize: 100, MaxNumberLength: 10, MaxStringLength: 3}, false, ""},
	} {
		var tp Tape
		if err := tp.Read(tt.text, tt.lim); err == nil {
			t.Fatalf("%s: Read accepted %q", tt.name, tt.text)
		}
		got, ok := limitSteps(&tp)
		if ok != tt.stopped || strings.Join(got, "/") != tt.want {
			t.Errorf("%s: LimitPath = %v %q, want %v %q", tt.name, ok, got, tt.stopped, tt.want)
		}
	}
}
