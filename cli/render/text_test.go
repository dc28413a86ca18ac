package render

import (
	"strings"
	"testing"
)

// TestCutLine: a long line is cut around the column with "..." at each
// cut; control characters, bidirectional controls and invalid UTF-8 are
// escaped, and the caret stays under the column.
func TestCutLine(t *testing.T) {
	long := strings.Repeat("a", 300) + "X" + strings.Repeat("b", 300)
	cases := []struct {
		name      string
		line      string
		col       int
		want      string
		wantCaret string // the text under and after the caret
	}{
		{"short", `{"a": 1}`, 7, `{"a": 1}`, "1}"},
		{"no column", `{"a": 1}`, 0, `{"a": 1}`, ""},
		{"tab and escape", "{\"a\":\t\x1b[31m}", 7, `{"a":\t\x1b[31m}`, `\x1b[31m}`},
		{"bidi override", "\"\u202ex\"", 3, `"\u202ex"`, `x"`},
		{"invalid UTF-8", "\"\xff\" 1", 5, `"\xff" 1`, "1"},
		{"long", long, 301, "..." + strings.Repeat("a", 60) + "X" + strings.Repeat("b", 59) + "...", "X" + strings.Repeat("b", 59) + "..."},
		{"past the end", `{"a": `, 7, `{"a": `, ""},
	}
	for _, tc := range cases {
		got, caret := cutLine([]byte(tc.line), 0, false, tc.col)
		if got != tc.want {
			t.Errorf("%s: line %q, want %q", tc.name, got, tc.want)
			continue
		}
		switch {
		case tc.col == 0 && caret != -1:
			t.Errorf("%s: caret %d, want none", tc.name, caret)
		case tc.col > 0 && (caret < 0 || caret > len([]rune(got)) || string([]rune(got)[caret:]) != tc.wantCaret):
			t.Errorf("%s: caret %d points at %q, want %q", tc.name, caret, string([]rune(got)[min(max(caret, 0), len([]rune(got))):]), tc.wantCaret)
		}
	}
	if got := EscapeText("a\x1b]0;title\x07b\u2066"); got != `a\x1b]0;title\x07b\u2066` {
		t.Errorf("EscapeText: %q", got)
	}
}

// TestFillSourcesLongLines: the source lines of findings are read in one
// pass, a line of megabytes costs only its window around the column, and
// the code-point column counts characters before it.
func TestFillSourcesLongLines(t *testing.T) {
	big := strings.Repeat("é", 500_000) + "X" + strings.Repeat("b", 500_000)
	text := "first\n" + big + "\r\nthird line\n"
	ds := []*Diag{
		{Line: 3, Col: 7},                   // "line"
		{Line: 2, Col: 1_000_001},           // the X, after 500,000 two-byte characters
		{Line: 1, Col: 0},                   // no column
		{Line: 9, Col: 1},                   // past the end
		{Line: 2, Col: 1_000_001 + 500_001}, // the end of the long line
	}
	if err := FillSources(strings.NewReader(text), ds); err != nil {
		t.Fatal(err)
	}
	check := func(i int, src string, under string, runeCol int) {
		d := ds[i]
		if !d.sourced || d.Source != src {
			t.Errorf("diag %d: source %q (sourced %v), want %q", i, d.Source, d.sourced, src)
			return
		}
		r := []rune(d.Source)
		if under == "" && d.Caret != -1 || under != "" && (d.Caret < 0 || !strings.HasPrefix(string(r[min(d.Caret, len(r)):]), under)) {
			t.Errorf("diag %d: caret %d in %q, want it at %q", i, d.Caret, d.Source, under)
		}
		if runeCol > 0 && d.codePointCol() != runeCol {
			t.Errorf("diag %d: code-point column %d, want %d", i, d.codePointCol(), runeCol)
		}
	}
	check(0, "third line", "line", 7)
	check(1, "..."+strings.Repeat("é", 60)+"X"+strings.Repeat("b", 59)+"...", "Xbb", 500_001)
	check(2, "first", "", 0)
	if ds[3].sourced {
		t.Errorf("a line past the end has a source: %q", ds[3].Source)
	}
	if d := ds[4]; !strings.HasSuffix(d.Source, "bbb") || strings.HasSuffix(d.Source, "...") || d.Caret != len([]rune(d.Source)) {
		t.Errorf("the end of the long line: %q, caret %d", d.Source, d.Caret)
	}
}
