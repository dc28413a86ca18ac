package smithyvalidate_test

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
	"github.com/smithy-validation/go/smithyvalidate/stream"
)

const limitsModel = `$version: "2"
namespace t

document Doc
string Str
bigInteger Big
list Ints { member: Integer }
structure S { a: String, b: Integer }
`

// wantLimit checks that r stopped at a limit: one ClassLimit finding with
// the code, Complete false, and (limits are not errors) Valid.
func wantLimit(t *testing.T, r sv.Result, code sv.Code) {
	t.Helper()
	if r.Complete {
		t.Errorf("Complete = true, want false")
	}
	var got []sv.Code
	for _, f := range r.Findings {
		if f.Class == sv.ClassLimit {
			got = append(got, f.Code)
		}
	}
	if len(got) != 1 || got[0] != code {
		t.Errorf("limit findings %v, want [%s]\n%s", got, code, r.Text())
	}
}

// The hostile inputs below assert the limit findings only: a wall-clock
// bound fails on a busy machine and proves nothing about growth, which
// conformance's TestGrowth measures for each hostile input shape.

func TestDeepValue(t *testing.T) {
	m := loadModel(t, limitsModel)
	v := mustPrepare(t, m, "t#Doc")
	t.Run("read from bytes", func(t *testing.T) {
		r, err := v.ValidateJSON(bytes.Repeat([]byte{'['}, 10_000_000))
		if err != nil {
			t.Fatal(err)
		}
		wantLimit(t, r, sv.CodeDepthLimit)
		if f := r.Findings[0]; f.Pos.Offset != sv.DefaultMaxDepth {
			t.Errorf("depth limit at offset %d, want %d", f.Pos.Offset, sv.DefaultMaxDepth)
		}
	})
	// A deep tree built in code meets the engine's own depth check.
	n := node.NewNull()
	for i := 0; i < 5000; i++ {
		n = node.NewArray(n)
	}
	t.Run("built in code", func(t *testing.T) {
		r, err := v.ValidateNode(n)
		if err != nil {
			t.Fatal(err)
		}
		wantLimit(t, r, sv.CodeDepthLimit)
		if got := r.Findings[0].Path.Len(); got != sv.DefaultMaxDepth {
			t.Errorf("depth limit at path length %d", got)
		}
	})
	t.Run("within a raised limit", func(t *testing.T) {
		v2 := mustPrepare(t, m, "t#Doc", sv.MaxDepth(6000))
		if r, _ := v2.ValidateNode(n); !r.Valid || !r.Complete {
			t.Errorf("MaxDepth(6000): %s", r.Text())
		}
	})
}

func TestHugeString(t *testing.T) {
	m := loadModel(t, limitsModel)
	v := mustPrepare(t, m, "t#Str")
	const size = 100 << 20
	t.Run("read from bytes", func(t *testing.T) {
		data := make([]byte, size+2)
		data[0], data[size+1] = '"', '"'
		for i := 1; i <= size; i++ {
			data[i] = 'a'
		}
		r, err := v.ValidateJSON(data)
		if err != nil {
			t.Fatal(err)
		}
		wantLimit(t, r, sv.CodeSizeLimit)
	})
	t.Run("built in code", func(t *testing.T) {
		r, err := v.ValidateNode(node.NewString(strings.Repeat("a", size)))
		if err != nil {
			t.Fatal(err)
		}
		wantLimit(t, r, sv.CodeSizeLimit)
	})
}

func TestMillionDigits(t *testing.T) {
	m := loadModel(t, limitsModel)
	v := mustPrepare(t, m, "t#Big")
	digits := strings.Repeat("9", 1_000_000)
	t.Run("read from text", func(t *testing.T) {
		r, err := v.ValidateJSONString(digits)
		if err != nil {
			t.Fatal(err)
		}
		wantLimit(t, r, sv.CodeNumberLimit)
	})
	t.Run("built in code", func(t *testing.T) {
		r, err := v.ValidateNode(node.NewNumber(digits))
		if err != nil {
			t.Fatal(err)
		}
		wantLimit(t, r, sv.CodeNumberLimit)
	})
}

func TestMaxFindings(t *testing.T) {
	m := loadModel(t, limitsModel)
	v := mustPrepare(t, m, "t#Ints")
	bad := "[" + strings.Repeat(`"x",`, 5000) + `"x"]`
	r := validateJSON(t, v, bad)
	if len(r.Findings) != sv.DefaultMaxFindings+1 || r.Valid || r.Complete {
		t.Fatalf("got %d findings, valid %v complete %v", len(r.Findings), r.Valid, r.Complete)
	}
	wantLimit(t, r, sv.CodeFindingsLimit)
	v = mustPrepare(t, m, "t#Ints", sv.MaxFindings(3))
	if r := validateJSON(t, v, bad); len(r.Findings) != 4 {
		t.Errorf("MaxFindings(3): %d findings", len(r.Findings))
	}
}

func TestFailFast(t *testing.T) {
	m := loadModel(t, limitsModel)
	v := mustPrepare(t, m, "t#S", sv.FailFast(true))
	// The unknown member is a warning: it does not stop validation.
	r := validateJSON(t, v, `{"x":1,"a":1,"b":"y"}`)
	if got := summary(r); got != "unknown-member /x t#S; type /a t#S$a" || r.Complete || r.Valid {
		t.Errorf("got %q complete %v", got, r.Complete)
	}
	r = validateJSON(t, v, `{"a":"x","b":1}`)
	if !r.Valid || !r.Complete {
		t.Errorf("valid value: %+v", r)
	}
}

func TestReaderFindings(t *testing.T) {
	m := loadModel(t, limitsModel)
	v := mustPrepare(t, m, "t#S")
	for _, tc := range []struct{ name, text, want, pos string }{
		{"syntax", `{"a": "x",}`, "syntax", "1:11"},
		{"empty", ``, "syntax", "1:1"},
		{"garbage", "{\n  \"a\": tru }", "syntax", "2:11"},
		{"bad utf8", "\"\xff\"", "syntax", "1:2"},
		{"duplicate", `{"a":"x","a":"y"}`, "duplicate-key", "1:10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := validateJSON(t, v, tc.text)
			if len(r.Findings) != 1 || string(r.Findings[0].Code) != tc.want || r.Findings[0].Pos.String() != tc.pos {
				t.Errorf("got %s", r.Text())
			}
		})
	}
	// The duplicate names both positions.
	r := validateJSON(t, v, `{"a":"x","a":"y"}`)
	if f := r.Findings[0]; f.Related.String() != "1:2" || !strings.Contains(f.Message, "first at 1:2") {
		t.Errorf("duplicate: %+v", f)
	}
}

// panicView is a broken ValueView.
type panicView struct{}

func (panicView) Kind() sv.Kind         { return sv.KindObject }
func (panicView) Pos() node.Pos         { return node.Pos{} }
func (panicView) Annotations() []string { return nil }
func (panicView) Scalar() sv.Scalar     { return sv.Scalar{} }
func (panicView) Len() int              { return 1 }
func (panicView) Elem(int) sv.ValueView { panic("no elements") }
func (panicView) Field(i int) sv.Field  { panic("broken view") }

func TestInternalError(t *testing.T) {
	m := loadModel(t, limitsModel)
	v := mustPrepare(t, m, "t#S")
	_, err := v.Validate(panicView{})
	var ie *sv.InternalError
	if !errors.As(err, &ie) || ie.Value != "broken view" || len(ie.Stack) == 0 {
		t.Fatalf("got %v", err)
	}
	// The validator still works afterwards.
	if r := validateJSON(t, v, `{"a":"x"}`); !r.Valid {
		t.Errorf("after a panic: %s", r.Text())
	}
}

// A reader limit names the value that went over it: the container that
// nests too deep, the number that is too long. Every JSON entry point (the
// direct reader, stream.ReadJSON, stream.Document with ReadErrorFinding)
// and the walker over a tree built in code agree on the path.
func TestReaderLimitPaths(t *testing.T) {
	m := loadModel(t, limitsModel)
	for _, tt := range []struct {
		name, text string
		opts       []sv.Option
		code       sv.Code
		path       string
	}{
		{"depth in arrays", `[1, [2, [3, [4]]]]`, []sv.Option{sv.MaxDepth(3)}, sv.CodeDepthLimit, "/1/1/1"},
		{"depth through keys", `{"a": [0, {"b~/c\u00e9": {}}], "z": 1}`, []sv.Option{sv.MaxDepth(3)}, sv.CodeDepthLimit, "/a/1/b~0~1cé"},
		{"depth of an empty container", `[[], [[]]]`, []sv.Option{sv.MaxDepth(2)}, sv.CodeDepthLimit, "/1/0"},
		{"depth at the root", `[[1]]`, []sv.Option{sv.MaxDepth(1)}, sv.CodeDepthLimit, "/0"},
		{"number in an object", `{"a": 1, "b": [7, 123456]}`, []sv.Option{sv.MaxNumberLength(5)}, sv.CodeNumberLimit, "/b/1"},
		{"number at the root", ` 123456`, []sv.Option{sv.MaxNumberLength(5)}, sv.CodeNumberLimit, ""},
	} {
		v := mustPrepare(t, m, "t#Doc", tt.opts...)
		check := func(how string, r sv.Result) {
			t.Helper()
			wantLimit(t, r, tt.code)
			for _, f := range r.Findings {
				if f.Class == sv.ClassLimit && f.Path.String() != tt.path {
					t.Errorf("%s, %s: %s at %q, want %q", tt.name, how, f.Code, f.Path, tt.path)
				}
			}
		}
		r, err := v.ValidateJSON([]byte(tt.text))
		if err != nil {
			t.Fatal(err)
		}
		check("ValidateJSON", r)
		c := v.NewCollector()
		if _, ok := stream.ReadJSON(c, []byte(tt.text), sv.Root()); ok {
			t.Errorf("%s: ReadJSON accepted the text", tt.name)
		}
		check("ReadJSON", c.Result())
		var d stream.Document
		err = d.Read([]byte(tt.text), c.Limits().Limits)
		var le *node.LimitError
		if !errors.As(err, &le) {
			t.Fatalf("%s: Document.Read = %v, want a *node.LimitError", tt.name, err)
		}
		check("Document", sv.Result{Findings: []sv.Finding{sv.ReadErrorFinding(err, sv.Root())}})
		// Under a path, the reader's path follows it.
		if f := sv.ReadErrorFinding(err, sv.InDocument(2).Key("k")); f.Path.String() != "/k"+tt.path {
			t.Errorf("%s: under /k: %q", tt.name, f.Path)
		}
		// The walker over the same value as a tree (read without limits).
		n, err := node.Parse([]byte(tt.text))
		if err != nil {
			t.Fatal(err)
		}
		r, err = v.ValidateNode(n)
		if err != nil {
			t.Fatal(err)
		}
		check("ValidateNode", r)
	}
}

// A value deeper than the default limit is reported at the full pointer of
// the container that went too deep: MaxDepth "/0" segments.
func TestDeepValuePath(t *testing.T) {
	m := loadModel(t, limitsModel)
	v := mustPrepare(t, m, "t#Doc")
	r, err := v.ValidateJSON(bytes.Repeat([]byte{'['}, 2*sv.DefaultMaxDepth))
	if err != nil {
		t.Fatal(err)
	}
	wantLimit(t, r, sv.CodeDepthLimit)
	if got, want := r.Findings[0].Path.String(), strings.Repeat("/0", sv.DefaultMaxDepth); got != want {
		t.Errorf("path %.40q... (%d bytes), want %d bytes of /0", got, len(got), len(want))
	}
}

// TestElementsLimit: a JSON input with more values and keys than
// MaxElements stops at the one past the limit, with an elements-limit
// finding at the root (the reader keeps nothing past it) at that value's
// position; one at the limit is validated.
func TestElementsLimit(t *testing.T) {
	m := loadModel(t, limitsModel)
	for _, tt := range []struct {
		name, shape, text string
		max               int
		wantLine, wantCol int32 // 0: within the limit
	}{
		{"list at the limit", "t#Ints", `[1, 2, 3]`, 4, 0, 0},
		{"list one over", "t#Ints", `[1, 2, 3, 4]`, 4, 1, 11},
		{"keys count", "t#S", `{"a": "x",` + "\n" + ` "b": 2}`, 4, 2, 7},
		{"keys count, at the limit", "t#S", `{"a": "x", "b": 2}`, 5, 0, 0},
	} {
		v := mustPrepare(t, m, tt.shape, sv.MaxElements(tt.max))
		r, err := v.ValidateJSON([]byte(tt.text))
		if err != nil {
			t.Fatal(err)
		}
		if tt.wantLine == 0 {
			if !r.Valid || !r.Complete {
				t.Errorf("%s: %s", tt.name, r.Text())
			}
			continue
		}
		wantLimit(t, r, sv.CodeElementsLimit)
		f := r.Findings[0]
		if f.Path.String() != "" || f.Pos.Line != tt.wantLine || f.Pos.Column != tt.wantCol || f.Want != fmt.Sprint(tt.max) {
			t.Errorf("%s: finding at %q %v want %q, want the root at %d:%d and %d", tt.name, f.Path, f.Pos, f.Want, tt.wantLine, tt.wantCol, tt.max)
		}
		if want := fmt.Sprintf("the input holds more than %d values and object keys (the MaxElements limit); validation stopped", tt.max); f.Message != want {
			t.Errorf("%s: message %q, want %q", tt.name, f.Message, want)
		}
	}
	// The default takes a large flat list.
	big := "[" + strings.Repeat("0,", 200_000) + "0]"
	if r := validateJSON(t, mustPrepare(t, m, "t#Ints"), big); !r.Valid || !r.Complete {
		t.Errorf("a list of 200,001 integers under the default limits: %s", r.Text())
	}
}

// TestValidateMemory bounds what validating JSON costs a byte of input:
// a flat list of one-digit integers (a value every two bytes, the densest
// JSON) is read into a tape of 16 bytes a value, 8 bytes a byte of input,
// and validated without allocating per value. The figure is bytes
// allocated by ValidateJSON, which bounds the peak heap it adds whatever
// the garbage collector does (docs/limits.md, "Memory").
func TestValidateMemory(t *testing.T) {
	v := mustPrepare(t, loadModel(t, limitsModel), "t#Ints")
	const n = 1 << 20
	data := []byte("[" + strings.Repeat("1,", n) + "1]")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r, err := v.ValidateJSON(data)
	runtime.ReadMemStats(&after)
	if err != nil || !r.Valid || !r.Complete {
		t.Fatalf("%v %s", err, r.Text())
	}
	perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(data))
	t.Logf("%d values, %d bytes: %.2f bytes allocated a byte of input", n+1, len(data), perByte)
	// 8 for the entries, 0.4 at this size for the tape's small first
	// chunks and its last, partly used one.
	if perByte > 8.6 {
		t.Errorf("validating a flat list allocates %.2f bytes a byte of input, want at most 8.6", perByte)
	}
}
