package smithyvalidate_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
	"github.com/smithy-validation/go/smithyvalidate/stream"
)

// dumpView renders every value of a view with its kind, position, text
// and field names, so that two readers can be compared exactly.
func dumpView(b *strings.Builder, v sv.ValueView) {
	fmt.Fprintf(b, "%s@%s", v.Kind(), v.Pos())
	switch v.Kind() {
	case sv.KindList:
		b.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			dumpView(b, v.Elem(i))
			b.WriteString(" ")
		}
		b.WriteString("]")
	case sv.KindObject:
		b.WriteString("{")
		for i := 0; i < v.Len(); i++ {
			f := v.Field(i)
			fmt.Fprintf(b, "%q@%s:", f.Name, f.NamePos)
			dumpView(b, f.Value)
			b.WriteString(" ")
		}
		b.WriteString("}")
	default:
		s := v.Scalar()
		fmt.Fprintf(b, "(%q %v)", s.Text, s.Bool)
	}
}

func dump(v sv.ValueView) string {
	var b strings.Builder
	dumpView(&b, v)
	return b.String()
}

// nodeOptions are the core/node reader options that match the engine's
// defaults and the given options of these tests.
func nodeOptions(depth, size, number int) []node.Option {
	return []node.Option{node.MaxDepth(depth), node.MaxSize(size), node.MaxNumberLength(number), node.DuplicateKeys(node.KeepDuplicates)}
}

func TestJSONDocumentMatchesNode(t *testing.T) {
	tests := []struct {
		name string
		text string
		opts []sv.Option
		// depth, size, number: the same limits for core/node (0: default)
		depth, size, number int
		wantErr             string // "" valid, else "syntax", "limit", ...
	}{
		{name: "object", text: `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`},
		{name: "scalars", text: `[1, 2.5e-3, -0, true, false, null, "x", {}, []]`},
		{name: "top-level string", text: `"abc"`},
		{name: "top-level number", text: ` -12.5E+3 `},
		{name: "escapes", text: "{\"a\\n\" : \"\\u00e9\\ud83d\\ude00\\n\\\"\", \"b\":\"plain\"}"},
		{name: "non-ASCII", text: `{"ключ":"значение ✓"}`},
		{name: "byte order mark", text: "\ufeff{\"a\" : 1}"},
		{name: "line breaks", text: "{\r\n\"s\":\r{\"s\":\n[1,\r\n2]}}"},
		{name: "duplicate keys kept", text: `{"a":1,"b":2,"a":{"c":3,"c":4}}`},
		{name: "nested", text: `{"a":[[[{"b":[]}]]]}`},

		{name: "empty input", text: ``, wantErr: "syntax"},
		{name: "only space", text: "  \n ", wantErr: "syntax"},
		{name: "trailing text", text: `{"a":"x"} x`, wantErr: "syntax"},
		{name: "trailing comma", text: `[1,]`, wantErr: "syntax"},
		{name: "unterminated string", text: "{\n  \"abc", wantErr: "syntax"},
		{name: "bad literal", text: `[tru]`, wantErr: "syntax"},
		{name: "leading zero", text: `01`, wantErr: "syntax"},
		{name: "bad fraction", text: `[1.]`, wantErr: "syntax"},
		{name: "lone surrogate", text: `{"a":"\ud800"}`, wantErr: "syntax"},
		{name: "control character", text: "{\"a\":\"\x01\"}", wantErr: "syntax"},
		{name: "invalid UTF-8", text: "[\"\xff\"]", wantErr: "syntax"},
		{name: "missing colon", text: `{"a" 1}`, wantErr: "syntax"},
		{name: "bad escape", text: `["\x"]`, wantErr: "syntax"},
		{name: "depth limit", text: `{"a":[[[1]]]}`, opts: []sv.Option{sv.MaxDepth(3)}, depth: 3, wantErr: "limit"},
		{name: "size limit", text: "[1,\n2,3,4]", opts: []sv.Option{sv.MaxValueSize(5)}, size: 5, wantErr: "limit"},
		{name: "number limit", text: `[1, 123456]`, opts: []sv.Option{sv.MaxNumberLength(5)}, number: 5, wantErr: "limit"},
		{name: "within limits", text: `[[12345]]`, opts: []sv.Option{sv.MaxDepth(2), sv.MaxValueSize(9), sv.MaxNumberLength(5)}, depth: 2, size: 9, number: 5},
	}
	var d stream.Document // one document for every case: reuse across Reads
	for _, tt := range tests {
		depth, size, number := sv.DefaultMaxDepth, sv.DefaultMaxValueSize, sv.DefaultMaxNumberLength
		if tt.depth > 0 {
			depth = tt.depth
		}
		if tt.size > 0 {
			size = tt.size
		}
		if tt.number > 0 {
			number = tt.number
		}
		want, wantErr := node.Parse([]byte(tt.text), nodeOptions(depth, size, number)...)
		err := d.Read([]byte(tt.text), sv.NewCollector(tt.opts...).Limits().Limits)
		got := err
		// A depth or number limit comes with the path of the value.
		if rle := (*sv.ReadLimitError)(nil); errors.As(err, &rle) {
			got = rle.LimitError
		}
		if !reflect.DeepEqual(got, wantErr) {
			t.Errorf("%s: Read(%q) = %v, core/node says %v", tt.name, tt.text, err, wantErr)
			continue
		}
		var se *node.SyntaxError
		var le *node.LimitError
		switch {
		case tt.wantErr == "" && err != nil,
			tt.wantErr == "syntax" && !errors.As(err, &se),
			tt.wantErr == "limit" && !errors.As(err, &le):
			t.Errorf("%s: Read(%q) = %v, want %s", tt.name, tt.text, err, tt.wantErr)
			continue
		}
		if err != nil {
			if d.Root() != nil {
				t.Errorf("%s: Root() after an error = %v, want nil", tt.name, d.Root())
			}
			continue
		}
		if got, want := dump(d.Root()), dump(sv.NodeView(&want)); got != want {
			t.Errorf("%s: Read(%q):\ngot  %s\nwant %s", tt.name, tt.text, got, want)
		}
	}
}

func TestJSONDocumentReuseAndReset(t *testing.T) {
	var d stream.Document
	if d.Root() != nil {
		t.Fatal("the zero document has a root")
	}
	if err := d.Read([]byte(`{"a":[1,2,3],"b":"x"}`), limits.Default()); err != nil {
		t.Fatal(err)
	}
	if err := d.Read([]byte(`[true]`), limits.Default()); err != nil {
		t.Fatal(err)
	}
	if got, want := dump(d.Root()), "array@1:1[boolean@1:2(\"\" true) ]"; got != want {
		t.Errorf("after a second Read: got %s, want %s", got, want)
	}
	if err := d.Read([]byte(`[`), limits.Default()); err == nil {
		t.Error("Read of `[` gives no error")
	}
	if d.Root() != nil {
		t.Error("a failed Read leaves the previous root")
	}
	if err := d.Read([]byte(`7`), limits.Default()); err != nil {
		t.Fatal(err)
	}
	d.Reset()
	if d.Root() != nil {
		t.Error("Reset leaves a root")
	}
}

// Field names, unescaped strings and number tokens are the text itself.
func TestJSONDocumentTextsShareData(t *testing.T) {
	data := []byte(`{"name":"value","n":12}`)
	var d stream.Document
	if err := d.Read(data, limits.Default()); err != nil {
		t.Fatal(err)
	}
	f := d.Root().Field(0)
	n := d.Root().Field(1).Value.Scalar().Text
	copy(data, `{"NAME":"VALUE","n":34}`)
	if f.Name != "NAME" || f.Value.Scalar().Text != "VALUE" || n != "34" {
		t.Errorf("views copied the text: %q %q %q", f.Name, f.Value.Scalar().Text, n)
	}
}

// A reused document reads, and a validator checks, without allocating.
func TestJSONDocumentAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	m := loadModel(t, rulesModel)
	v := mustPrepare(t, m, "t#S")
	data := []byte(`{"a":"root","items":[{"a":"x","b":1,"c":"y","d":110,"e":12,"f":0,"nested":{"a":"z"}}]}`)
	var d stream.Document
	c := v.NewCollector()
	lim := sv.NewCollector(sv.MaxDepth(100)).Limits().Limits
	if got := testing.AllocsPerRun(100, func() {
		if err := d.Read(data, lim); err != nil {
			t.Fatal(err)
		}
		_ = v.Check(c, sv.Root(), d.Root())
		d.Reset()
	}); got != 0 {
		t.Errorf("Read, Check and Reset allocate %v times, want 0", got)
	}
	if c.Len() != 0 {
		t.Fatal(c.Result().Text())
	}
}

func TestCollectorReset(t *testing.T) {
	m := loadModel(t, rulesModel)
	v := mustPrepare(t, m, "t#S")
	c := sv.NewCollector(sv.FailFast(true))
	if err := v.CheckJSON(c, sv.Root(), []byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	if c.Len() == 0 || c.Valid() || c.Complete() || !c.Stopped() {
		t.Fatalf("before Reset: len %d valid %v complete %v stopped %v", c.Len(), c.Valid(), c.Complete(), c.Stopped())
	}
	c.Reset()
	if c.Len() != 0 || !c.Valid() || !c.Complete() || c.Stopped() {
		t.Fatalf("after Reset: len %d valid %v complete %v stopped %v", c.Len(), c.Valid(), c.Complete(), c.Stopped())
	}
	if c.Limits() != sv.NewCollector(sv.FailFast(true)).Limits() {
		t.Errorf("Reset changed the limits: %+v", c.Limits())
	}
	if err := v.CheckJSON(c, sv.Root(), []byte(`{"a":"x"}`)); err != nil {
		t.Fatal(err)
	}
	if r := c.Result(); !r.Valid || !r.Complete {
		t.Errorf("after Reset, a valid value: %s", r.Text())
	}
}

// TestMemberViewMatchesField checks that MemberView gives exactly the
// Field record's name and value.
func TestMemberViewMatchesField(t *testing.T) {
	var doc stream.Document
	if err := doc.Read([]byte(`{"a":1,"b\u0041":[2],"a":{"c":null},"":"x"}`), limits.Default()); err != nil {
		t.Fatal(err)
	}
	root := doc.Root()
	mv, ok := root.(stream.MemberView)
	if !ok {
		t.Fatal("JSONDocument's object view does not implement MemberView")
	}
	for i := 0; i < root.Len(); i++ {
		f := root.Field(i)
		name, val := mv.Member(i)
		if name != f.Name || val != f.Value || f.NoText || f.At != (sv.Segment{}) {
			t.Errorf("member %d: (%q, %v), field %+v", i, name, val, f)
		}
	}
}

// TestTextViewMatchesScalar checks that TextView gives exactly Kind() and
// Scalar().Text, for every value of many documents, through both the
// JSONDocument's views and NodeView.
func TestTextViewMatchesScalar(t *testing.T) {
	texts := []string{
		`null`, `true`, `false`, `0`, `-0`, `12`, `-12`, `1.0`, `-0.0`, `2.5e-3`, `1E9`, `1e+2`,
		`123456789012345678901234567890`, `""`, `"x"`, `"2.0"`, `"a\u0041\n\"b"`, `"\ud83d\ude00é"`,
		`[]`, `{}`, `[null,true,false,1,-2.50,"s",[3,"t"],{"k":4e1}]`,
		`{"jsonrpc":"2.0","id":7,"method":"m","params":{"a":[1.5,"x",null]},"":{"":""}}`,
		`{"id":"abc","result":null,"error":{"code":-32600.0,"message":"bad","data":[false]}}`,
	}
	var doc stream.Document
	var walk func(where string, v sv.ValueView)
	walk = func(where string, v sv.ValueView) {
		tv, ok := v.(stream.TextView)
		if !ok {
			t.Fatalf("%s: %T does not implement TextView", where, v)
		}
		k, text := tv.Text()
		if s := v.Scalar(); k != v.Kind() || text != s.Text {
			t.Errorf("%s: Text() = (%v, %q), Kind() = %v, Scalar().Text = %q", where, k, text, v.Kind(), s.Text)
		}
		for i := 0; i < v.Len(); i++ {
			if v.Kind() == sv.KindObject {
				walk(where, v.Field(i).Value)
			} else {
				walk(where, v.Elem(i))
			}
		}
	}
	for _, text := range texts {
		if err := doc.Read([]byte(text), limits.Default()); err != nil {
			t.Fatal(err)
		}
		walk("JSONDocument "+text, doc.Root())
		n, err := node.ParseString(text)
		if err != nil {
			t.Fatal(err)
		}
		walk("NodeView "+text, sv.NodeView(&n))
	}
}

// TestReusedCollectorMatchesFresh checks that a collector reused across
// validators and values (Reset between runs, its walker kept) gives
// exactly a fresh collector's findings.
func TestReusedCollectorMatchesFresh(t *testing.T) {
	m := loadModel(t, `$version: "2"
namespace t
structure S {
    @required
    a: Integer
    b: L
}
@length(max: 2)
list L { member: String }
`)
	vs := []*sv.Validator{mustPrepare(t, m, "t#S"), mustPrepare(t, m, "t#L")}
	var doc stream.Document
	reused := sv.NewCollector()
	for round := 0; round < 3; round++ {
		for _, text := range []string{`{"a":1,"b":["x"]}`, `{"b":["x","y",3]}`, `["a","b","c"]`, `{"a":"1","a":2}`, `null`, `[{"a":1}]`} {
			if err := doc.Read([]byte(text), limits.Default()); err != nil {
				t.Fatal(err)
			}
			for _, v := range vs {
				want := sv.NewCollector()
				at := sv.InDocument(round).Key("p")
				if err := v.Check(want, at, doc.Root()); err != nil {
					t.Fatal(err)
				}
				reused.Reset()
				if err := v.Check(reused, at, doc.Root()); err != nil {
					t.Fatal(err)
				}
				if w, g := want.Result().Text(), reused.Result().Text(); w != g {
					t.Errorf("%s: the reused collector gave\n%s\na fresh one\n%s", text, g, w)
				}
			}
		}
	}
}
