package load

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
)

// TestReadAll: readAll reads what io.ReadAll of a LimitReader reads, from a
// regular file (one buffer of its size) and from a stream.
func TestReadAll(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		name string
		size int
		n    int64
	}{
		{"empty file", 0, 10},
		{"smaller than the limit", 1000, 5000},
		{"exactly the limit", 1000, 1000},
		{"one byte over the limit", 1001, 1000},
		{"far over the limit", 100_000, 4096},
	} {
		data := bytes.Repeat([]byte("0123456789"), tt.size/10+1)[:tt.size]
		want := data[:min(int64(len(data)), tt.n)]
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReadAll(f, tt.n)
		f.Close()
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s, file: %d bytes, %v; want %d bytes", tt.name, len(got), err, len(want))
		}
		if tt.size > 0 && int64(tt.size) < tt.n && cap(got) != tt.size+1 {
			t.Errorf("%s, file: a buffer of %d bytes, want %d (the file's size and one)", tt.name, cap(got), tt.size+1)
		}
		got, err = ReadAll(io.MultiReader(strings.NewReader(string(data))), tt.n)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s, stream: %d bytes, %v; want %d bytes", tt.name, len(got), err, len(want))
		}
	}
}

// TestBoundMemory checks that LoadModel hands BoundMemory the bytes of the
// model's sources before it assembles them, and that the bound ends with
// Model.Loaded (once); a model whose files cannot be read, or a
// cached load, is not bounded.
func TestBoundMemory(t *testing.T) {
	good := []byte("$version: \"2\"\nnamespace a\nstring S\n")
	other := []byte("$version: \"2\"\nnamespace b\nstring T\n")
	ast := []byte(`{"smithy": "2.0", "shapes": {"c#U": {"type": "string"}}}`)
	cases := []struct {
		name        string
		srcs        []Source
		cache       bool
		wantSize    int64
		wantCalls   int
		wantErr     bool
		wantRelease int // after LoadModel returns, before Loaded
		wantJSON    int64
	}{
		{"one file", []Source{{Name: "a.smithy", Text: good}}, false, int64(len(good)), 1, false, 0, 0},
		{"two files", []Source{{Name: "a.smithy", Text: good}, {Name: "b.smithy", Text: other}}, false, int64(len(good) + len(other)), 1, false, 0, 0},
		{"a file that cannot be read: not bounded", []Source{{Name: "a.smithy", Text: good}, {Path: "/nonexistent/x.smithy"}}, false, 0, 0, true, 0, 0},
		{"cached: not bounded", []Source{{Name: "a.smithy", Text: good}}, true, 0, 0, false, 0, 0},
		{"JSON AST counted apart", []Source{{Name: "a.smithy", Text: good}, {Name: "b.json", Text: ast}}, false, int64(len(good)), 1, false, 0, int64(len(ast))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var calls, released int
			var size int64
			r := Reader{BoundMemory: func(j, n int64) func() {
				calls++
				size = n
				if j != c.wantJSON {
					t.Errorf("BoundMemory told %d bytes of JSON AST, want %d", j, c.wantJSON)
				}
				return func() { released++ }
			}}
			if c.cache {
				r.Cache = NewCache(4, 1<<30)
			}
			lm, err := r.LoadModel(c.srcs)
			if (err != nil) != c.wantErr {
				t.Fatalf("LoadModel: %v", err)
			}
			if calls != c.wantCalls || size != c.wantSize {
				t.Fatalf("BoundMemory called %d times with %d, want %d with %d", calls, size, c.wantCalls, c.wantSize)
			}
			if released != c.wantRelease {
				t.Fatalf("released %d times before Loaded", released)
			}
			if lm != nil {
				lm.Loaded()
				lm.Loaded()
			}
			if released != calls {
				t.Errorf("released %d times, bounded %d", released, calls)
			}
		})
	}
}

// TestInlineSourceCopied: a model keeps its JSON AST text without a copy
// of its own, so the load copies an inline source's bytes: the caller may
// reuse them.
func TestInlineSourceCopied(t *testing.T) {
	text := []byte(`{"smithy": "2.0", "shapes": {"example#S": {"type": "string", "traits": {"smithy.api#documentation": "kept"}}}}`)
	m, err := (&Reader{}).LoadModel([]Source{{Name: "s.json", Text: text}})
	if err != nil || m.Res == nil || m.Res.Model == nil {
		t.Fatalf("LoadModel: %v", err)
	}
	for i := range text {
		text[i] = ' '
	}
	s, ok := m.Res.Model.Shape(shapeid.MustParse("example#S"))
	if !ok {
		t.Fatal("example#S is missing")
	}
	doc, _ := s.Trait(shapeid.MustParse("smithy.api#documentation"))
	if got := doc.StringValue(); got != "kept" {
		t.Errorf("documentation %q after the caller reused its bytes, want %q", got, "kept")
	}
}
