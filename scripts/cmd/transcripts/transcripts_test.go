package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Ledger transcript has exactly n lines, each a transcript record
// holding a JSON-RPC 2.0 message, and the same seed gives the same bytes.
func TestLedger(t *testing.T) {
	for _, n := range []int{1, 7, 5000} {
		var a, b bytes.Buffer
		if err := ledger(&a, n, 27, 100); err != nil {
			t.Fatal(err)
		}
		ledger(&b, n, 27, 100)
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("n=%d: two runs with one seed differ", n)
		}
		lines := strings.Split(strings.TrimSuffix(a.String(), "\n"), "\n")
		if len(lines) != n {
			t.Fatalf("n=%d: %d lines", n, len(lines))
		}
		for i, l := range lines {
			var rec struct {
				From    string
				Message struct{ Jsonrpc string }
			}
			if err := json.Unmarshal([]byte(l), &rec); err != nil || (rec.From != "client" && rec.From != "server") || rec.Message.Jsonrpc != "2.0" {
				t.Fatalf("n=%d line %d is not a transcript record of a 2.0 message (%v): %s", n, i, err, l)
			}
		}
	}
}

// Each pass over the examples gives every id a fresh value of its type,
// the same for a call and its response; the rest of the line is kept.
func TestMCPSession(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "lifecycle.jsonl"), []byte(`{"from":"client","message":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"id":7}}}`+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.jsonl"), []byte(
		`{"from":"client","message":{"jsonrpc":"2.0","id":"x","method":"m"}}`+"\n"+
			`{"from":"server","message":{"jsonrpc":"2.0","result":{"id":1},"id":"x"}}`+"\n"+
			`{"from":"client","message":{"jsonrpc":"2.0","method":"n"}}`+"\n"), 0o644)
	var out bytes.Buffer
	if err := mcpSession(&out, dir, 7); err != nil {
		t.Fatal(err)
	}
	want := `{"from":"client","message":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"id":7}}}
{"from":"client","message":{"jsonrpc":"2.0","id":"s2","method":"m"}}
{"from":"server","message":{"jsonrpc":"2.0","result":{"id":1},"id":"s2"}}
{"from":"client","message":{"jsonrpc":"2.0","method":"n"}}
{"from":"client","message":{"jsonrpc":"2.0","id":"s3","method":"m"}}
{"from":"server","message":{"jsonrpc":"2.0","result":{"id":1},"id":"s3"}}
{"from":"client","message":{"jsonrpc":"2.0","method":"n"}}
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// The floor counts the lines that are valid JSON, the last one without a
// line break included.
func TestFloor(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.jsonl")
	os.WriteFile(path, []byte("{}\n{\n[1]\n"+strings.Repeat(" ", 100_000)+"2"), 0o644)
	if n, err := floor(path); err != nil || n != 3 {
		t.Errorf("floor = %d, %v; want 3 valid lines", n, err)
	}
}

// The startup run reads the transcript's first line alone, line break
// included; a file without one is an error, not an empty transcript.
func TestWriteFirstLine(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text, want string
		fails            bool
	}{
		{"several lines", "{\"a\":1}\n{\"b\":2}\n", "{\"a\":1}\n", false},
		{"no final line break", "{\"a\":1}", "{\"a\":1}", false},
		{"empty", "", "", true},
	} {
		src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
		os.Remove(dst)
		if err := os.WriteFile(src, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		err := writeFirstLine(src, dst)
		if (err != nil) != tc.fails {
			t.Fatalf("%s: error %v, want failure %v", tc.name, err, tc.fails)
		}
		if tc.fails {
			continue
		}
		if got, _ := os.ReadFile(dst); string(got) != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
