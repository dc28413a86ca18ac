package smithyvalidate

import (
	"strings"
	"testing"
)

// TestValidJSONAt embeds values in a larger text, at a depth, and checks
// that ValidJSONAt decides them as the one pass decides the value on its
// own, returns the offset just past the value, and counts the reader's
// depth limit from the top of the text.
func TestValidJSONAt(t *testing.T) {
	v := onePassValidator(t)
	base := `"id":"id_00af","n":7`
	values := []struct {
		name string
		text string
	}{
		{"minimal", `{` + base + `}`},
		{"nested", `{` + base + `,"nested":{` + base + `}}`},
		{"untagged refuted", `{` + base + `,"block":{"type":"text","text":"hi"}}`},
		{"missing required", `{"id":"id_00af"}`},
		{"pattern", `{"id":"id_00ag","n":7}`},
		{"not JSON", `{` + base + `,}`},
		{"duplicate key", `{` + base + `,"n":7}`},
		{"null", `null`},
		{"string for a structure", `"x"`},
	}
	for _, tc := range values {
		want := v.onePassJSON(tc.text, &v.cfg.lim)
		for _, wrap := range []struct {
			before, after string
			depth         int
		}{
			{"", "", 0},
			{` {"a":1,"params":`, `,"id":1}`, 1},
			{`{"from":"client","message":{"params": `, ` }}`, 2},
		} {
			src := wrap.before + tc.text + wrap.after
			c := v.NewCollector()
			end, ok := v.ValidJSONAt(c, src, len(wrap.before), wrap.depth)
			if ok != want {
				t.Errorf("%s at depth %d: ValidJSONAt = %v, the one pass on the value alone = %v", tc.name, wrap.depth, ok, want)
			}
			if ok && end != len(wrap.before)+len(tc.text) {
				t.Errorf("%s at depth %d: end %d, want %d", tc.name, wrap.depth, end, len(wrap.before)+len(tc.text))
			}
			if c.Len() != 0 {
				t.Errorf("%s: ValidJSONAt recorded %d findings", tc.name, c.Len())
			}
		}
	}

	// The depth limit counts from the top of the text: a value that fits
	// on its own does not fit two levels down.
	deep := onePassValidator(t, MaxDepth(3))
	text := `{` + base + `,"nested":{` + base + `,"nested":{` + base + `}}}` // depth 3
	if _, ok := deep.ValidJSONAt(deep.NewCollector(), text, 0, 0); !ok {
		t.Fatalf("depth 3 under MaxDepth(3) at the top: want true")
	}
	if _, ok := deep.ValidJSONAt(deep.NewCollector(), `[[`+text+`]]`, 2, 2); ok {
		t.Errorf("depth 3 two levels down under MaxDepth(3): want false (the reader refuses the text)")
	}

	// Out of range offsets and a stopped collector decide nothing.
	for _, tc := range []struct {
		name string
		src  string
		i    int
	}{{"negative", `{}`, -1}, {"past the end", `{}`, 2}, {"only whitespace", `   `, 0}} {
		if _, ok := v.ValidJSONAt(v.NewCollector(), tc.src, tc.i, 0); ok {
			t.Errorf("%s: want false", tc.name)
		}
	}
	if _, ok := v.ValidJSONAt(v.NewCollector(), strings.Repeat(" ", 3)+`{`+base+`}`, 0, 0); !ok {
		t.Errorf("leading whitespace: want true")
	}
}
