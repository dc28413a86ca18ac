package node

import (
	"encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/smithy-validation/go/core/limits"
)

// TestChunkLayout checks the layout the arithmetic of TapeEntry.tape,
// Elem and Member relies on: every chunk type's entries start headSize
// bytes after its header, and an entry is 16 bytes without a pointer.
func TestChunkLayout(t *testing.T) {
	for name, off := range map[string]uintptr{
		"chunk64":   unsafe.Offsetof(chunk64{}.e),
		"chunk1K":   unsafe.Offsetof(chunk1K{}.e),
		"chunkFull": unsafe.Offsetof(chunkFull{}.e),
	} {
		if int(off) != headSize {
			t.Errorf("%s: entries at offset %d, want %d", name, off, headSize)
		}
	}
	if entrySize != 16 || headSize != entrySize {
		t.Errorf("a TapeEntry is %d bytes and a header %d, want 16 both", entrySize, headSize)
	}
	if e := newChunk(nil, 0, chunkLen); e[chunkLen-1].slot() != chunkLen-1 || e[0].slot() != 0 || e[chunkLen-1].head() != head(e) {
		t.Errorf("the last entry of a chunk does not find its slot or header")
	}
	typ := reflect.TypeFor[TapeEntry]()
	for i := range typ.NumField() {
		if k := typ.Field(i).Type.Kind(); k == reflect.Pointer || k == reflect.Slice || k == reflect.String {
			t.Errorf("TapeEntry.%s holds a pointer (%s)", typ.Field(i).Name, k)
		}
	}
	if got := len(newChunk(nil, 0, chunkLen)); got != chunkLen {
		t.Errorf("a full chunk has %d entries, want %d", got, chunkLen)
	}
}

// acrossChunks are texts of more than two full chunks of entries, shaped
// so that flat and nested containers, keys and values straddle chunk
// boundaries.
func acrossChunks() map[string]string {
	const n = 3*chunkLen/2 + 17
	var nested, objects, mixed strings.Builder
	nested.WriteString("[")
	objects.WriteString(`{"list":[`)
	mixed.WriteString("[")
	for i := range n {
		if i > 0 {
			nested.WriteString(",")
			objects.WriteString(",")
			mixed.WriteString(",")
		}
		fmt.Fprintf(&nested, "[%d,[%d],{}]", i, i)
		fmt.Fprintf(&objects, `{"k%d":%d,"s":"x\n%d"}`, i%7, i, i)
		switch i % 5 {
		case 0:
			fmt.Fprintf(&mixed, `{"a":[1,2,{"b":null}],"c":true}`)
		case 1:
			fmt.Fprintf(&mixed, "%d.5e1", i)
		case 2:
			mixed.WriteString(`"\u00e9t\u00e9"`)
		case 3:
			mixed.WriteString("[[],[[]],{}]")
		default:
			mixed.WriteString("false")
		}
	}
	nested.WriteString("]")
	objects.WriteString(`],"end":1}`)
	mixed.WriteString("]")
	return map[string]string{
		"flat":    "[" + strings.TrimSuffix(strings.Repeat("7,", 2*chunkLen+5), ",") + "]",
		"keys":    "{" + strings.TrimSuffix(strings.Repeat(`"k":0,`, chunkLen+9), ",") + "}",
		"nested":  nested.String(),
		"objects": objects.String(),
		"mixed":   mixed.String(),
	}
}

// TestTapeAcrossChunks reads texts of several chunks and compares the
// tape with encoding/json (values, through Elem and Member) and every
// value's offset with the offset found by scanning the text.
func TestTapeAcrossChunks(t *testing.T) {
	for name, s := range acrossChunks() {
		var tp Tape
		if err := tp.Read(s, limits.Default()); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if tp.n < 2*chunkLen {
			t.Fatalf("%s: %d entries, want more than two chunks", name, tp.n)
		}
		var want any
		d := json.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		if err := d.Decode(&want); err != nil {
			t.Fatalf("%s: encoding/json: %v", name, err)
		}
		if got := tapeAny(tp.Root()); !reflect.DeepEqual(got, normalize(want)) {
			t.Errorf("%s: the tape's value differs from encoding/json's", name)
		}
		// Every entry starts where a value or key starts, in source
		// order, and finds its own tape.
		prev := -1
		for k := range tp.n {
			e := tp.at(k)
			if e.tape() != &tp || e.Offset() <= prev || !strings.ContainsRune(`[{"-0123456789tfn`, rune(s[e.Offset()])) {
				t.Fatalf("%s: entry %d at offset %d (after %d) is not a value", name, k, e.Offset(), prev)
			}
			prev = e.Offset()
		}
		// The tree built from the tape agrees with the tape.
		n, err := ParseString(s, DuplicateKeys(KeepDuplicates))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d := sameValue(tp.Root(), n, ""); d != "" {
			t.Errorf("%s: %s", name, d)
		}
	}
}

// tapeAny converts an entry to what encoding/json decodes (keys repeated
// in the text keep the last value, as there).
func tapeAny(e *TapeEntry) any {
	switch e.Kind() {
	case TapeNull:
		return nil
	case TapeFalse:
		return false
	case TapeTrue:
		return true
	case TapeNumber:
		return "n:" + e.Text()
	case TapeString:
		return "s:" + e.Text()
	case TapeArray:
		a := make([]any, e.Len())
		for i := range a {
			a[i] = tapeAny(e.Elem(i))
		}
		return a
	}
	m := map[string]any{}
	for i := range e.Len() {
		k, v := e.Member(i)
		m[k.Text()] = tapeAny(v)
	}
	return m
}

// normalize marks encoding/json's numbers and strings as tapeAny does.
func normalize(v any) any {
	switch v := v.(type) {
	case json.Number:
		return "n:" + string(v)
	case string:
		return "s:" + v
	case []any:
		for i := range v {
			v[i] = normalize(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = normalize(v[k])
		}
	}
	return v
}

// TestEntryIndexOutOfRange: Elem and Member panic outside 0 <= i < Len(),
// whatever the container (a flat one finds its children by arithmetic).
func TestEntryIndexOutOfRange(t *testing.T) {
	var tp Tape
	for _, tt := range []struct {
		text string
		call func(e *TapeEntry, i int)
	}{
		{`[1,2]`, func(e *TapeEntry, i int) { e.Elem(i) }},
		{`[[1],2]`, func(e *TapeEntry, i int) { e.Elem(i) }},
		{`{"a":1}`, func(e *TapeEntry, i int) { e.Member(i) }},
		{`{"a":{}}`, func(e *TapeEntry, i int) { e.Member(i) }},
		{`1`, func(e *TapeEntry, i int) { e.Elem(i) }},
	} {
		if err := tp.Read(tt.text, limits.Default()); err != nil {
			t.Fatal(err)
		}
		for _, i := range []int{-1, tp.Root().Len(), 1 << 20} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%s: index %d did not panic", tt.text, i)
					}
				}()
				tt.call(tp.Root(), i)
			}()
		}
	}
}

// TestElementLimit: the element limit counts every value and key; the
// text with exactly the limit is read, one more is refused at the value
// or key past it.
func TestElementLimit(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		max        int
		wantAt     int // offset of the error, -1 when the text is read, -2 for a syntax error
	}{
		{"scalar at 1", `true`, 1, -1},
		{"scalar at 0", ` true`, 0, 1},
		{"array at its size", `[1,2,3]`, 4, -1},
		{"array one over", `[1,2,3]`, 3, 5},
		{"keys count", `{"a":1,"b":2}`, 5, -1},
		{"a key past the limit", `{"a":1, "b":2}`, 3, 8},
		{"a value past the limit", `{"a":1,"b":2}`, 4, 11},
		{"nested", `[[], {"x": [null]}]`, 5, 12},
		{"empty containers", `[[],[],[]]`, 3, 7},
		{"an empty array at the limit", `[[],[]]`, 3, -1},
		{"an empty object at the limit", `[{},{}]`, 3, -1},
		{"a trailing comma at the limit is a syntax error", `[1,]`, 2, -2},
		{"a large text", "[" + strings.Repeat("0,", chunkLen+100) + "0]", chunkLen + 50, 2*(chunkLen+50) - 1},
	} {
		var tp Tape
		lim := limits.Default()
		lim.MaxElements = tt.max
		err := tp.Read(tt.text, lim)
		if tt.wantAt == -2 {
			if _, ok := err.(*SyntaxError); !ok {
				t.Errorf("%s: error %v, want a syntax error", tt.name, err)
			}
			continue
		}
		if tt.wantAt < 0 {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		le, ok := err.(*LimitError)
		if !ok || le.Limit != LimitElements || le.Max != tt.max || int(le.Pos.Offset) != tt.wantAt {
			t.Errorf("%s: error %v, want the elements limit %d at offset %d", tt.name, err, tt.max, tt.wantAt)
			continue
		}
		if tp.LimitPath(func(string, int, bool) {}) {
			t.Errorf("%s: LimitPath reports a path for the element limit", tt.name)
		}
		// Parse reports the same, through its option.
		if _, perr := ParseString(tt.text, MaxElements(tt.max)); fmt.Sprint(perr) != fmt.Sprint(err) {
			t.Errorf("%s: Parse error %v, want %v", tt.name, perr, err)
		}
	}
	err := (&LimitError{Pos: Pos{Offset: 5, Line: 1, Column: 6}, Limit: LimitElements, Max: 3}).Error()
	if want := "node: elements limit exceeded at 1:6: more than 3 values and object keys"; err != want {
		t.Errorf("message %q, want %q", err, want)
	}
}

// tapeBytes returns the bytes Read allocates for s on a fresh tape.
func tapeBytes(t *testing.T, s string) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var tp Tape
	if err := tp.Read(s, limits.Default()); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(&tp)
	return after.TotalAlloc - before.TotalAlloc
}

// TestTapeMemory bounds what reading costs a byte of input: a flat array
// of one-digit numbers, the densest text (a value every two bytes), takes
// 8 bytes of entries a byte and nothing more (the chunks are not copied);
// containers of containers add their kids and, while they are open,
// their pending children. The figures are bytes allocated by Read on a
// fresh tape, so they hold whatever the garbage collector does.
func TestTapeMemory(t *testing.T) {
	const n = 1 << 20
	for _, tt := range []struct {
		name string
		text string
		max  float64 // bytes allocated per input byte
	}{
		// 8 bytes of entries and, at this size, 0.4 of chunks: the
		// small ones before the first full chunk, and the last one.
		{"flat array", "[" + strings.Repeat("1,", n) + "1]", 8.6},
		// 8 of entries, 1 of kids, 2 of pending children (4 as their
		// slice doubles).
		{"arrays of one", "[" + strings.Repeat("[1],", n/2) + "[1]]", 14},
		// 5.3 of entries, 1.3 of kids, 2.7 of pending children (5.3).
		{"empty arrays", "[" + strings.Repeat("[],", n/2) + "[]]", 13.5},
		{"objects", "[" + strings.Repeat(`{"a":1},`, n/4) + `{"a":1}]`, 9.5},
	} {
		got := float64(tapeBytes(t, tt.text)) / float64(len(tt.text))
		t.Logf("%s: %.2f bytes a byte of input", tt.name, got)
		if got > tt.max {
			t.Errorf("%s: reading takes %.2f bytes a byte of input, want at most %.1f", tt.name, got, tt.max)
		}
	}
}

// TestTreeMemory bounds what Parse costs a byte of input: the tape (8
// bytes a byte on a flat array) and the tree, each container's children
// allocated once at their exact number (a Node is 32 bytes, a Field 64,
// and a container has no header), no scratch copies.
func TestTreeMemory(t *testing.T) {
	const n = 1 << 20
	for _, tt := range []struct {
		name string
		text string
		max  float64
	}{
		// 8.4 of tape, 16 of nodes (until issue 27: 20 of 40-byte
		// nodes, 29 in all).
		{"flat array", "[" + strings.Repeat("1,", n) + "1]", 25},
		// 6 of tape, 2.5 of kids and pending children, 4 of elements
		// (32-byte nodes), 8 of fields (until issue 27: 5 of elements,
		// 9 of fields and 6 of container headers, 31.5 in all).
		{"objects", "[" + strings.Repeat(`{"a":1},`, n/4) + `{"a":1}]`, 21.5},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		nd, err := ParseString(tt.text)
		runtime.ReadMemStats(&after)
		if err != nil || nd.Len() == 0 {
			t.Fatal(err)
		}
		got := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(tt.text))
		t.Logf("%s: %.2f bytes a byte of input", tt.name, got)
		if got > tt.max {
			t.Errorf("%s: Parse allocates %.2f bytes a byte of input, want at most %.1f", tt.name, got, tt.max)
		}
	}
}
