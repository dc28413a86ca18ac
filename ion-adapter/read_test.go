package ionadapter

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/amazon-ion/ion-go/ion"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// streamCase validates an input against ex#Ints (a list of integers) and
// checks the verdict, the exit code and the findings ("[index ]code path").
type streamCase struct {
	name     string
	in       []byte
	opts     []Option
	exit     int
	complete bool
	want     []string
}

// exitOf is the verdict as the CLI's exit code: 1 invalid, 5 incomplete
// without an error, 0 valid.
func exitOf(r sv.Result) int {
	switch {
	case !r.Valid:
		return 1
	case !r.Complete:
		return 5
	}
	return 0
}

func runStreamCases(t *testing.T, shape string, cases []streamCase) {
	t.Helper()
	v := validator(t, shape)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := Validate(v, c.in, c.opts...)
			if err != nil {
				t.Fatalf("%s: Validate: %v", c.name, err)
			}
			got := summary(r.Findings)
			want := slices.Sorted(slices.Values(c.want))
			if exitOf(r) != c.exit || r.Complete != c.complete || !slices.Equal(got, want) {
				t.Errorf("%s: %q\n got exit %d complete=%v findings %q\nwant exit %d complete=%v findings %q\n%s",
					c.name, c.in, exitOf(r), r.Complete, got, c.exit, c.complete, want, r.Text())
			}
		})
	}
}

func TestStreamModes(t *testing.T) {
	bin := func(s string) []byte { return toBinary(t, s) }
	runStreamCases(t, "Ints", []streamCase{
		{name: "single value", in: []byte(`[1, 2]`), exit: 0, complete: true},
		{name: "single value with a finding has no index", in: []byte(`[1, "2"]`), exit: 1, complete: true, want: []string{`type /1`}},
		{name: "datagram findings carry the index", in: []byte(`[1] [1, "2"] ["3"]`), exit: 1, complete: true,
			want: []string{`[1] type /1`, `[2] type /0`}},
		{name: "binary datagram", in: bin(`[1] [1, "2"] ["3"]`), exit: 1, complete: true,
			want: []string{`[1] type /1`, `[2] type /0`}},
		{name: "datagram mode indexes one value", in: []byte(`[1, "2"]`), opts: []Option{Mode(StreamDatagram)}, exit: 1, complete: true,
			want: []string{`[0] type /1`}},
		{name: "empty datagram is valid", in: nil, opts: []Option{Mode(StreamDatagram)}, exit: 0, complete: true},
		{name: "joined options: the later mode wins", in: []byte(`[1, "2"]`), opts: []Option{JoinOptions(Mode(StreamSingle), MaxDepth(5), Mode(StreamDatagram))}, exit: 1, complete: true,
			want: []string{`[0] type /1`}},
		{name: "joined options keep each limit", in: []byte(`[[[1]]]`), opts: []Option{JoinOptions(MaxDepth(2), Mode(StreamSingle)), MaxSize(1 << 10)}, exit: 5, complete: false,
			want: []string{`depth-limit /0/0`}},
		{name: "empty input is no value", in: []byte(" // nothing\n"), exit: 1, complete: true, want: []string{`syntax ""`}},
		{name: "empty binary is no value", in: []byte{0xE0, 1, 0, 0xEA}, exit: 1, complete: true, want: []string{`syntax ""`}},
		{name: "single mode rejects a second value", in: []byte(`[1] [2]`), opts: []Option{Mode(StreamSingle)}, exit: 1, complete: true,
			want: []string{`syntax ""`}},
		{name: "single mode still validates the first value", in: []byte(`["x"] [2]`), opts: []Option{Mode(StreamSingle)}, exit: 1, complete: true,
			want: []string{`syntax ""`, `type /0`}},
		{name: "single mode rejects no value", in: []byte(``), opts: []Option{Mode(StreamSingle)}, exit: 1, complete: true,
			want: []string{`syntax ""`}},
		{name: "values before a syntax error are validated", in: []byte(`[1] ["x"] [1,`), exit: 1, complete: true,
			want: []string{`[1] type /0`, `[2] syntax /1`}},
		{name: "syntax error names the element it stopped at", in: []byte(`[[1, }]]`), exit: 1, complete: true,
			want: []string{`syntax /0/1`}},
		{name: "syntax error in a struct names the struct", in: []byte(`[{a: 1, b: ]}]`), exit: 1, complete: true,
			want: []string{`syntax /0`}},
	})
}

func TestVersionMarkers(t *testing.T) {
	runStreamCases(t, "Ints", []streamCase{
		{name: "text version marker is consumed", in: []byte(`$ion_1_0 [1]`), exit: 0, complete: true},
		{name: "repeated version markers", in: []byte(`$ion_1_0 [1] $ion_1_0`), exit: 0, complete: true},
		{name: "version markers do not count as values", in: []byte(`$ion_1_0 [1] $ion_1_0 ["x"]`), exit: 1, complete: true,
			want: []string{`[1] type /0`}},
		{name: "annotated version marker is a value", in: []byte(`a::$ion_1_0`), exit: 1, complete: true, want: []string{`annotation ""`}},
		{name: "quoted version marker is a value", in: []byte(`'$ion_1_0'`), exit: 1, complete: true, want: []string{`unsupported ""`}},
		{name: "unsupported text version", in: []byte(`$ion_2_0 [1]`), exit: 1, complete: true, want: []string{`unsupported ""`}},
		{name: "unsupported text version after a value", in: []byte(`[1] $ion_1_1 [2]`), exit: 1, complete: true, want: []string{`[1] unsupported ""`}},
		{name: "unsupported binary version", in: []byte{0xE0, 2, 0, 0xEA, 0x20}, exit: 1, complete: true, want: []string{`unsupported ""`}},
		{name: "unsupported binary version mid-stream", in: append(toBinary(t, `[1]`), 0xE0, 1, 1, 0xEA, 0x20), exit: 1, complete: true,
			want: []string{`[1] unsupported ""`}},
		{name: "truncated binary version marker", in: []byte{0xE0, 1, 0}, exit: 1, complete: true, want: []string{`syntax ""`}},
	})
	// The message names the version.
	r, _ := Validate(validator(t, "Ints"), []byte("[1]\n  $ion_2_0 [1]"))
	if len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Message, "$ion_2_0") || !strings.Contains(r.Findings[0].Message, "only Ion 1.0") ||
		r.Findings[0].Pos.String() != "2:3" {
		t.Errorf("unsupported version message: %v", r.Findings)
	}
}

func TestTruncatedBinary(t *testing.T) {
	v := validator(t, "smithy.api#Document", sv.SymbolsAsStrings(true))
	first := `{name: "a string longer than 13 bytes", items: [1, 2.5, 3e0], nested: {deep: [x, y, null]}, t: 2020-01-02T03:04:05.123Z}`
	full := toBinary(t, first+` [4, 5]`)
	want, err := Validate(v, full)
	if err != nil || len(want.Findings) != 1 || want.Findings[0].Code != sv.CodeUnsupported { // the timestamp
		t.Fatalf("full input: %v %v", want.Text(), err)
	}
	for i := 4; i < len(full); i++ {
		r, err := Validate(v, full[:i])
		if err != nil {
			t.Fatalf("cut at %d: %v", i, err)
		}
		syntax := 0
		for _, f := range r.Findings {
			if f.Code == sv.CodeSyntax {
				syntax++
			}
		}
		// A cut between top-level values leaves a shorter, valid datagram;
		// every other cut is a syntax finding.
		if syntax != 1 && !bytes.Equal(full[:i], toBinary(t, first)) {
			t.Errorf("cut at %d of %d: %d syntax findings, want 1:\n%s", i, len(full), syntax, r.Text())
		}
		if r.Valid || exitOf(r) != 1 {
			t.Errorf("cut at %d: valid=%v exit %d, want invalid (exit 1)", i, r.Valid, exitOf(r))
		}
	}
	// A header that declares far more than the input holds is reported
	// without reading (ion-go would allocate what it declares).
	for _, in := range [][]byte{
		{0xE0, 0x01, 0x00, 0xEA, 0x2E, 0x30, 0x01, 0x43, 0x17, 0xD9, 0x99},             // an int of ~13 GB
		{0xE0, 0x01, 0x00, 0xEA, 0x8E, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0xFF, 'a'},        // a string of ~4 TB
		{0xE0, 0x01, 0x00, 0xEA, 0xBE, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F}, // a list header cut short
	} {
		r, err := Validate(v, in)
		if err != nil || len(r.Findings) != 1 || r.Findings[0].Code != sv.CodeSyntax || !strings.Contains(r.Findings[0].Message, "truncated") {
			t.Errorf("% x: %v\n%s", in, err, r.Text())
		}
	}
	// The case ion-go reads without error: a list cut after an element.
	list := toBinary(t, `[1, 2, 3]`)
	cut := list[:len(list)-2]
	if vs, err := ParseStream(cut); err == nil {
		t.Errorf("ParseStream of [1, 2, 3] cut after 2 = %d values, no error; want a truncation error", len(vs))
	} else if e := new(Error); !errors.As(err, &e) || e.Code != sv.CodeSyntax || !strings.Contains(e.Msg, "truncated") {
		t.Errorf("ParseStream of a cut list: %v", err)
	}
	r, _ := Validate(validator(t, "Ints"), cut)
	if got := summary(r.Findings); !slices.Equal(got, []string{`syntax ""`}) {
		t.Errorf("cut list: %q", got)
	}
}

func TestUnresolvableSymbolIDs(t *testing.T) {
	// Build with ion-go, then patch the symbol value's ID: ion-go's writer
	// refuses undefined IDs.
	var buf bytes.Buffer
	w := ion.NewBinaryWriter(&buf)
	w.BeginStruct()
	w.FieldName(ion.NewSymbolTokenFromString("a"))
	w.WriteSymbol(ion.SymbolToken{LocalSID: 9}) // $ion_shared_symbol_table, last system symbol
	w.EndStruct()
	if err := w.Finish(); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	at := bytes.LastIndex(data, []byte{0x71, 0x09})
	if at < 0 {
		t.Fatalf("no symbol value in % x", data)
	}
	data[at+1] = 99
	r, err := Validate(validator(t, "smithy.api#Document"), data)
	if err != nil {
		t.Fatal(err)
	}
	// The struct is the innermost value known: ion-go fails before it
	// returns the field name.
	if got := summary(r.Findings); !slices.Equal(got, []string{`syntax ""`}) || !strings.Contains(r.Findings[0].Message, "$99") {
		t.Errorf("undefined symbol ID: %q\n%s", got, r.Text())
	}
	// In a list the element is known.
	var lb bytes.Buffer
	lw := ion.NewBinaryWriter(&lb)
	lw.BeginList()
	lw.WriteInt(1)
	lw.WriteSymbol(ion.SymbolToken{LocalSID: 9})
	lw.EndList()
	lw.Finish()
	ldata := lb.Bytes()
	ldata[bytes.LastIndex(ldata, []byte{0x71, 0x09})+1] = 99
	r, _ = Validate(validator(t, "smithy.api#Document"), ldata)
	if got := summary(r.Findings); !slices.Equal(got, []string{`syntax /1`}) {
		t.Errorf("undefined symbol ID in a list: %q\n%s", got, r.Text())
	}
	if _, err := Parse(data); err == nil {
		t.Errorf("Parse accepted an undefined symbol ID")
	}
	// Text $N symbols too.
	// Text $N symbols too; the token is found in the source.
	r, _ = Validate(validator(t, "smithy.api#Document"), []byte("{a: $9,\n b: $99 }"))
	if got := summary(r.Findings); !slices.Equal(got, []string{`syntax ""`}) || r.Findings[0].Pos.String() != "2:5" {
		t.Errorf("text $99: %q\n%s", got, r.Text())
	}
}

func TestLimits(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	deepBinary := func(n int) []byte {
		var buf bytes.Buffer
		w := ion.NewBinaryWriter(&buf)
		for i := 0; i < n; i++ {
			w.BeginList()
		}
		for i := 0; i < n; i++ {
			w.EndList()
		}
		w.Finish()
		return buf.Bytes()
	}
	depthAt := func(n int) string { return "depth-limit " + strings.Repeat("/0", n) }
	runStreamCases(t, "smithy.api#Document", []streamCase{
		{name: "10000-deep text list", in: []byte(deep(10000)), exit: 5, complete: false, want: []string{depthAt(sv.DefaultMaxDepth)}},
		{name: "10000-deep binary list", in: deepBinary(10000), exit: 5, complete: false, want: []string{depthAt(sv.DefaultMaxDepth)}},
		{name: "at the depth limit", in: []byte(deep(sv.DefaultMaxDepth)), exit: 0, complete: true},
		{name: "custom depth", in: []byte(`[[[1]]]`), opts: []Option{MaxDepth(2)}, exit: 5, complete: false, want: []string{depthAt(2)}},
		{name: "values before the limit are validated", in: []byte(`[a] ` + deep(5)), opts: []Option{MaxDepth(3)}, exit: 1, complete: false,
			want: []string{`[0] unsupported /0`, `[1] ` + depthAt(3)}},
		{name: "input size", in: []byte(`[1, 2, 3]`), opts: []Option{MaxSize(4)}, exit: 5, complete: false, want: []string{`size-limit ""`}},
	})
}

func TestTextPositions(t *testing.T) {
	v := validator(t, "smithy.api#Document")
	for _, c := range []struct {
		name       string
		in         string
		line, col  int32
		wantSubstr string
	}{
		{"first line", `[1, }`, 1, 5, "unexpected }"},
		{"after newlines", "[1,\n 2,\n ]]", 3, 3, "unexpected ]"},
		{"after CRLF", "[1,\r\n 2,\r\n ]]", 3, 3, "unexpected ]"},
		{"end of input", "{a:\n", 2, 1, "end of input"},
		{"timestamp finer than nanoseconds", "{\n  t: 2020-01-02T03:04:05.1234567891Z}", 2, 6, "10 fraction digits"},
		{"timestamp at the end", "[1,\r\n2020-01-02T03:04:05.12345678912+01:00]", 2, 1, "11 fraction digits"},
	} {
		r, err := Validate(v, []byte(c.in), Mode(StreamSingle))
		if err != nil {
			t.Fatal(err)
		}
		var f *sv.Finding
		for i := range r.Findings {
			if r.Findings[i].Code == sv.CodeSyntax || r.Findings[i].Code == sv.CodeUnsupported && r.Findings[i].Pos.IsValid() {
				f = &r.Findings[i]
			}
		}
		if f == nil || f.Pos.Line != c.line || f.Pos.Column != c.col || !strings.Contains(f.Message, c.wantSubstr) {
			t.Errorf("%s: %q: want a finding at %d:%d with %q; got\n%s", c.name, c.in, c.line, c.col, c.wantSubstr, r.Text())
		}
	}
}

// Binary timestamps finer than nanoseconds: ion-go's writer cannot write
// them (it keeps nanoseconds), so the bytes are written by hand.
func TestBinaryTimestampFraction(t *testing.T) {
	ts := func(exp byte, coef ...byte) []byte {
		body := append([]byte{0x80, 0x0F, 0xE4, 0x81, 0x82, 0x83, 0x84, 0x85, exp}, coef...) // 2020-01-02T03:04:05Z
		return append([]byte{0xE0, 0x01, 0x00, 0xEA, 0x60 | byte(len(body))}, body...)
	}
	v := validator(t, "smithy.api#Timestamp")
	for _, c := range []struct {
		name string
		in   []byte
		want []string
	}{
		{"9 digits", ts(0xC9, 0x07, 0x5B, 0xCD, 0x15), nil},                         // .123456789
		{"10 digits", ts(0xCA, 0x49, 0x96, 0x02, 0xD3), []string{`unsupported ""`}}, // .1234567891
		{"10 zero digits", ts(0xCA), []string{`unsupported ""`}},                    // .0000000000
		{"3 digits", ts(0xC3, 0x7B), nil},                                           // .123
	} {
		r, err := Validate(v, c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := summary(r.Findings); !slices.Equal(got, c.want) {
			t.Errorf("%s: % x: %q, want %q\n%s", c.name, c.in, got, c.want, r.Text())
		}
	}
	// Inside a struct, with a field name and annotations before it.
	var buf bytes.Buffer
	w := ion.NewBinaryWriter(&buf)
	w.BeginStruct()
	w.FieldName(ion.NewSymbolTokenFromString("t"))
	w.Annotation(ion.NewSymbolTokenFromString("when"))
	w.WriteTimestamp(ion.MustParseTimestamp("2020-01-02T03:04:05.123456789Z"))
	w.EndStruct()
	w.Finish()
	data := buf.Bytes()
	at := bytes.Index(data, []byte{0xC9, 0x07, 0x5B, 0xCD, 0x15})
	if at < 0 {
		t.Fatalf("no fraction in % x", data)
	}
	data[at] = 0xCA // the same coefficient, one more digit: .0123456789
	r, _ := Validate(validator(t, "smithy.api#Document", sv.IgnoreAnnotations(true)), data)
	if got := summary(r.Findings); !slices.Equal(got, []string{`unsupported /t`}) || !strings.Contains(r.Findings[0].Message, "10 fraction digits") {
		t.Errorf("struct field: %q\n%s", got, r.Text())
	}
}

func TestParse(t *testing.T) {
	if v, err := Parse([]byte(`$ion_1_0 {a: 1}`)); err != nil || v.Kind() != sv.KindObject {
		t.Errorf("Parse: %v %v", v, err)
	}
	for _, c := range []struct {
		name string
		in   string
		code sv.Code
	}{
		{"no value", ``, sv.CodeSyntax},
		{"two values", `1 2`, sv.CodeSyntax},
		{"malformed", `{a:`, sv.CodeSyntax},
		{"too deep", strings.Repeat("[", 5) + strings.Repeat("]", 5), sv.CodeDepthLimit},
	} {
		_, err := Parse([]byte(c.in), MaxDepth(4))
		var e *Error
		if !errors.As(err, &e) || e.Code != c.code {
			t.Errorf("%s: Parse(%q) error %v, want code %s", c.name, c.in, err, c.code)
		}
	}
	// Values that cannot be presented faithfully are returned, marked.
	for _, in := range []string{`2020-01-02T03:04:05.1234567891Z`, `$0`} {
		v, err := Parse([]byte(in))
		if err != nil || v.Scalar().Unsupported == "" {
			t.Errorf("Parse(%s) = %+v, %v; want a value with Unsupported set", in, v.Scalar(), err)
		}
	}
	vs, err := ParseStream([]byte(`1 2 [3, }] 4`))
	var e *Error
	if len(vs) != 2 || !errors.As(err, &e) || e.Code != sv.CodeSyntax {
		t.Fatalf("ParseStream: %d values, %v", len(vs), err)
	}
	if i, ok := e.Path.Document(); !ok || i != 2 || e.Path.String() != "/1" {
		t.Errorf("ParseStream error path: index %d (%v) %q, want 2 /1", i, ok, e.Path)
	}
	if !strings.Contains(e.Error(), "value 2") || !strings.Contains(e.Error(), "/1") {
		t.Errorf("Error() = %q", e.Error())
	}
}

// Binary forms ion-go's writer does not produce: NOP padding, an ordered
// struct (its length as a VarUInt), a second version marker.
func TestBinaryFraming(t *testing.T) {
	in := []byte{
		0xE0, 0x01, 0x00, 0xEA,
		0x00,                   // NOP padding, no body
		0x03, 0x00, 0x00, 0x00, // NOP padding, 3 bytes
		0xD1, 0x83, 0x84, 0x21, 0x01, // ordered struct {name: 1}
		0xE0, 0x01, 0x00, 0xEA,
		0x0E, 0x81, 0xFF, // NOP padding with a VarUInt length of 1
		0xD1, 0x83, 0x84, 0x81, 'x', // {name: "x"}
	}
	vs, err := ParseStream(in)
	if err != nil || len(vs) != 2 || vs[0].Field(0).Name != "name" || vs[1].Field(0).Value.Scalar().Text != "x" {
		t.Fatalf("ParseStream: %d values, %v", len(vs), err)
	}
	r, _ := Validate(validator(t, "Counts"), in)
	if got := summary(r.Findings); !slices.Equal(got, []string{`[1] type /name`}) {
		t.Errorf("Validate: %q\n%s", got, r.Text())
	}
}

// Check validates into a caller's collector under a base path: a datagram's
// index goes on the path, the base's segments come first.
func TestCheck(t *testing.T) {
	v := validator(t, "Ints", sv.FailFast(true))
	c := v.NewCollector()
	if err := Check(v, c, sv.Root().Key("payload"), []byte(`[1] ["a", "b"] ["c"]`)); err != nil {
		t.Fatal(err)
	}
	r := c.Result()
	// FailFast stops at the first error, across the values of the datagram.
	if got := summary(r.Findings); !slices.Equal(got, []string{`[1] type /payload/0`}) || r.Complete {
		t.Errorf("Check: complete=%v %q\n%s", r.Complete, got, r.Text())
	}
	c = v.NewCollector()
	Check(v, c, sv.Root().Key("payload"), []byte(`[1, {]`))
	if got := summary(c.Result().Findings); !slices.Equal(got, []string{`syntax /payload/1`}) {
		t.Errorf("Check of a single value: %q", got)
	}
}

// TestNumberOutOfRange: a decimal whose exponent ion-go cannot hold is a
// syntax finding at the token, in its own words.
func TestNumberOutOfRange(t *testing.T) {
	for _, tc := range []struct{ name, text, pos string }{
		{"decimal exponent past int32", "{a: 1,\n b: 1d3000000000 }", "2:5"},
		{"negative exponent", "[1, 2d-3000000000]", "1:5"},
	} {
		r, err := Validate(validator(t, "smithy.api#Document"), []byte(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Findings) != 1 || r.Findings[0].Code != "syntax" || r.Findings[0].Pos.String() != tc.pos ||
			!strings.Contains(r.Findings[0].Message, "exponent is out of range") {
			t.Errorf("%s: %s", tc.name, r.Text())
		}
	}
}

// TestElementsLimit: values at every depth, each top-level value and every
// field name count against MaxElements; the one past it stops reading at
// its path, text and binary alike, and the validator's MaxElements is the
// default.
func TestElementsLimit(t *testing.T) {
	bin := func(s string) []byte { return toBinary(t, s) }
	runStreamCases(t, "Ints", []streamCase{
		{name: "at the limit", in: []byte(`[1, 2, 3]`), opts: []Option{MaxElements(4)}, exit: 0, complete: true},
		{name: "one over", in: []byte(`[1, 2, 3]`), opts: []Option{MaxElements(3)}, exit: 5, complete: false,
			want: []string{`elements-limit /2`}},
		{name: "one over in binary", in: bin(`[1, 2, 3]`), opts: []Option{MaxElements(3)}, exit: 5, complete: false,
			want: []string{`elements-limit /2`}},
		{name: "top-level values count", in: []byte(`[1] [2]`), opts: []Option{MaxElements(3)}, exit: 5, complete: false,
			want: []string{`[1] elements-limit /0`}},
		{name: "a top-level value past the limit", in: []byte(`[1] 2`), opts: []Option{MaxElements(2)}, exit: 5, complete: false,
			want: []string{`[1] elements-limit ""`}},
		{name: "values before the limit are validated", in: []byte(`["x"] [2, 3]`), opts: []Option{MaxElements(4)}, exit: 1, complete: false,
			want: []string{`[0] type /0`, `[1] elements-limit /1`}},
	})
	runStreamCases(t, "Pair", []streamCase{
		{name: "field names count", in: []byte(`{left: 1, right: 2}`), opts: []Option{MaxElements(5)}, exit: 0, complete: true},
		{name: "a field name past the limit", in: []byte(`{left: 1, right: 2}`), opts: []Option{MaxElements(3)}, exit: 5, complete: false,
			want: []string{`elements-limit /right`}},
		{name: "a field value past the limit", in: []byte(`{left: 1, right: 2}`), opts: []Option{MaxElements(4)}, exit: 5, complete: false,
			want: []string{`elements-limit /right`}},
	})
	// The validator's limit is the reader's default.
	r, err := Validate(validator(t, "Ints", sv.MaxElements(2)), []byte(`[1, 2]`))
	if err != nil {
		t.Fatal(err)
	}
	if r.Complete || len(r.Findings) != 1 || r.Findings[0].Code != sv.CodeElementsLimit ||
		r.Findings[0].Message != "the input holds more than 2 values and field names (the MaxElements limit); validation stopped" {
		t.Errorf("the validator's MaxElements(2): %s", r.Text())
	}
	if _, err := Parse([]byte(`[1, 2, 3]`), MaxElements(2)); err == nil || err.(*Error).Code != sv.CodeElementsLimit {
		t.Errorf("Parse with MaxElements(2): %v", err)
	}
}

// TestLargeListKeepsScratch: a list of many elements is read whole, its
// elements in order, through the path that hands the scratch space over.
func TestLargeListKeepsScratch(t *testing.T) {
	n := 3 * handOver
	var b strings.Builder
	b.WriteString("[[")
	for i := range n {
		fmt.Fprintf(&b, "%d,", i)
	}
	b.WriteString("], [7], {a: [")
	b.WriteString(strings.Repeat("null,", n))
	b.WriteString("]}]")
	v, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	first, second := v.Elem(0), v.Elem(1)
	if first.Len() != n || second.Len() != 1 || second.Elem(0).Scalar().Text != "7" {
		t.Fatalf("lists of %d and %d elements", first.Len(), second.Len())
	}
	for i := range n {
		if got := first.Elem(i).Scalar().Text; got != fmt.Sprint(i) {
			t.Fatalf("element %d is %q", i, got)
		}
	}
	if nulls := v.Elem(2).Field(0).Value; nulls.Len() != n || nulls.Elem(n-1).Kind() != sv.KindNull {
		t.Errorf("the struct's list has %d elements", nulls.Len())
	}
}
