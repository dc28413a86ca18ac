package rpc_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/smithy-validation/go/rpc"
)

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestWriteTranscript: WriteTranscript writes exactly what
// ValidateTranscript's result writes, in both formats, whether the message
// entries wait in memory or in a temporary file, which it removes; when
// the temporary file cannot be made it writes nothing and says so.
func TestWriteTranscript(t *testing.T) {
	s := service(t, rpc.V2_0)
	// Calls and their results, batches with a notification, stray error
	// responses and unreadable text: findings, and over 100 entries.
	var lines []string
	for i := 0; i < 80; i++ {
		switch i % 8 {
		case 3:
			lines = append(lines, fmt.Sprintf(`{"from":"client","message":[{"jsonrpc":"2.0","method":"subtract","params":[%d,2],"id":"b%d"},{"jsonrpc":"2.0","method":"notify"}]}`, i, i))
		case 5:
			lines = append(lines, fmt.Sprintf(`{"from":"server","message":{"jsonrpc":"2.0","error":{"code":-32000,"message":"late"},"id":%d}}`, 1000+i))
		case 6:
			lines = append(lines, `{"from":"client","text":"[1,"}`)
		default:
			lines = append(lines, fmt.Sprintf(`{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":{"minuend":%d,"subtrahend":1},"id":%d}}`, i, i))
			lines = append(lines, fmt.Sprintf(`{"from":"server","message":{"jsonrpc":"2.0","result":%d,"id":%d}}`, i-1, i))
		}
	}
	transcript := strings.Join(lines, "\n") + "\n"
	ref, err := s.ValidateTranscript(strings.NewReader(transcript), true)
	if err != nil {
		t.Fatal(err)
	}
	if ref.Valid || len(ref.Messages) < 100 || len(ref.Findings) == 0 {
		t.Fatalf("the transcript should be invalid with findings and over 100 messages: valid=%v, %d messages", ref.Valid, len(ref.Messages))
	}
	// Without its messages, the rendering is the verdict's and an empty
	// message list.
	bare := *ref
	bare.Messages = nil
	v := bare.AppendVerdictJSON(nil)
	if want := string(v[:len(v)-1]) + `,"messages":[]}`; string(bare.AppendJSON(nil)) != want || !strings.Contains(string(v), `"findings":[{`) {
		t.Errorf("AppendVerdictJSON %s does not fit AppendJSON %s", v, bare.AppendJSON(nil))
	}

	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	for _, f := range []rpc.Format{rpc.FormatJSON, rpc.FormatText} {
		var want bytes.Buffer
		if err := ref.Write(&want, f); err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int{0, 64} {
			name := fmt.Sprintf("%s/spool=%d", f, limit)
			var got bytes.Buffer
			res, err := s.WriteTranscript(&got, strings.NewReader(transcript), f, true, rpc.SpoolLimit(limit))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got.String() != want.String() {
				t.Errorf("%s: wrote\n%s\nwant\n%s", name, got.String(), want.String())
			}
			if res.Valid != ref.Valid || len(res.Findings) != len(ref.Findings) || len(res.Messages) != 0 {
				t.Errorf("%s: result valid=%v with %d findings, %d messages; want valid=%v, %d findings, no messages",
					name, res.Valid, len(res.Findings), len(res.Messages), ref.Valid, len(ref.Findings))
			}
			// To a file: the same bytes, after what the file held
			// already.
			out, err := os.Create(filepath.Join(t.TempDir(), "out"))
			if err != nil {
				t.Fatal(err)
			}
			out.WriteString("before\n")
			if _, err := s.WriteTranscript(out, strings.NewReader(transcript), f, true, rpc.SpoolLimit(limit)); err != nil {
				t.Fatalf("%s to a file: %v", name, err)
			}
			out.Close()
			if b, _ := os.ReadFile(out.Name()); string(b) != "before\n"+want.String() {
				t.Errorf("%s to a file: wrote\n%s\nwant\n%s", name, b, "before\n"+want.String())
			}
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}

	// While the output is copied from the spool's file, the file has no
	// name in the temporary directory (where the system allows it), so a
	// signal that ends the process leaves no file behind.
	if runtime.GOOS != "windows" {
		seen := &dirWatcher{dir: tmp}
		if _, err := s.WriteTranscript(seen, strings.NewReader(transcript), rpc.FormatJSON, true, rpc.SpoolLimit(64)); err != nil {
			t.Fatal(err)
		}
		if seen.writes == 0 || len(seen.named) != 0 {
			t.Errorf("while the spool was read (%d writes), the temporary directory held %v; want nothing", seen.writes, seen.named)
		}
	}

	// The writer fails: an OutputError.
	var oe *rpc.OutputError
	if _, err := s.WriteTranscript(failingWriter{}, strings.NewReader(transcript), rpc.FormatJSON, true); !errors.As(err, &oe) {
		t.Errorf("failing writer: error %v, want an OutputError", err)
	}
	// A file that cannot be written (opened for reading), the entries in
	// the spool's file: an OutputError too, not a SpoolError.
	ro, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if _, err := s.WriteTranscript(ro, strings.NewReader(transcript), rpc.FormatJSON, true, rpc.SpoolLimit(64)); !errors.As(err, &oe) {
		t.Errorf("read-only file: error %v, want an OutputError", err)
	}

	// No room for the temporary file: a SpoolError, nothing written.
	t.Setenv("TMPDIR", filepath.Join(tmp, "missing"))
	var got bytes.Buffer
	var se *rpc.SpoolError
	if _, err := s.WriteTranscript(&got, strings.NewReader(transcript), rpc.FormatText, true, rpc.SpoolLimit(64)); !errors.As(err, &se) || got.Len() != 0 {
		t.Errorf("spool failure: error %v, %d bytes written; want a SpoolError and nothing", err, got.Len())
	}
}

// writeSizes is a writer that keeps what it is given and the size of
// each write.
type writeSizes struct {
	got   []byte
	sizes []int
}

func (w *writeSizes) Write(p []byte) (int, error) {
	w.got = append(w.got, p...)
	w.sizes = append(w.sizes, len(p))
	return len(p), nil
}

// dirWatcher is a writer that lists dir at every write.
type dirWatcher struct {
	dir    string
	writes int
	named  []string
}

func (w *dirWatcher) Write(p []byte) (int, error) {
	w.writes++
	entries, _ := os.ReadDir(w.dir)
	for _, e := range entries {
		w.named = append(w.named, e.Name())
	}
	return len(p), nil
}

// TestWriteTranscriptChunks: entries well past the spool's chunk (64 KiB)
// come out whole and in order whether they stay in memory (in several
// chunks), spill after some chunks, or go to the file from the start, to
// a buffer and to a file, in writes of whole chunks but the last; a pipe
// that closes part way is the output's error.
func TestWriteTranscriptChunks(t *testing.T) {
	s := service(t, rpc.V2_0)
	var b strings.Builder
	for i := 0; i < 4000; i++ {
		fmt.Fprintf(&b, `{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":{"minuend":%d,"subtrahend":1},"id":%d}}`+"\n", i, i)
		if i%3 != 0 {
			fmt.Fprintf(&b, `{"from":"server","message":{"jsonrpc":"2.0","result":%d,"id":%d}}`+"\n", i-1, i)
		}
	}
	ref, err := s.ValidateTranscript(strings.NewReader(b.String()), false)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", t.TempDir())
	for _, f := range []rpc.Format{rpc.FormatJSON, rpc.FormatText} {
		var want bytes.Buffer
		if err := ref.Write(&want, f); err != nil {
			t.Fatal(err)
		}
		if f == rpc.FormatJSON && want.Len() < 4*64<<10 {
			t.Fatalf("the JSON output is %d bytes; want several chunks", want.Len())
		}
		for _, tc := range []struct {
			name string
			opts []rpc.Option
		}{
			{"default limit (in memory)", nil},
			{"spills after two chunks", []rpc.Option{rpc.SpoolLimit(150 << 10)}},
			{"file from the start", []rpc.Option{rpc.SpoolLimit(1)}},
		} {
			name := fmt.Sprintf("%s/%s", f, tc.name)
			var got bytes.Buffer
			if _, err := s.WriteTranscript(&got, strings.NewReader(b.String()), f, false, tc.opts...); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%s: %d bytes differ from the %d of Result.Write", name, got.Len(), want.Len())
			}
			// Each write but the last is a whole number of chunks,
			// counted from the output's start (the head in the first).
			var ws writeSizes
			if _, err := s.WriteTranscript(&ws, strings.NewReader(b.String()), f, false, tc.opts...); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !bytes.Equal(ws.got, want.Bytes()) {
				t.Errorf("%s: %d bytes in %d writes differ from the %d of Result.Write", name, len(ws.got), len(ws.sizes), want.Len())
			}
			for i, n := range ws.sizes[:max(len(ws.sizes)-1, 0)] {
				if n == 0 || n%rpc.SpoolChunk != 0 {
					t.Errorf("%s: write %d of %d is %d bytes, not a whole number of %d-byte chunks", name, i, len(ws.sizes), n, rpc.SpoolChunk)
				}
			}
			if f == rpc.FormatJSON && len(ws.sizes) < want.Len()/rpc.SpoolChunk {
				t.Errorf("%s: %d writes for %d bytes; want one a chunk or so", name, len(ws.sizes), want.Len())
			}
			out, err := os.Create(filepath.Join(t.TempDir(), "out"))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.WriteTranscript(out, strings.NewReader(b.String()), f, false, tc.opts...); err != nil {
				t.Fatalf("%s to a file: %v", name, err)
			}
			out.Close()
			if data, _ := os.ReadFile(out.Name()); !bytes.Equal(data, want.Bytes()) {
				t.Errorf("%s to a file: %d bytes differ from the %d of Result.Write", name, len(data), want.Len())
			}
		}
	}

	// A pipe whose reader stops after the head, with far more entries
	// than the pipe holds, in the spool's file: the copy to the pipe fails
	// part way, and the error is the output's (an OutputError), not the
	// spool's.
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	head := make(chan error, 1)
	go func() {
		_, err := pr.Read(make([]byte, 16))
		pr.Close()
		head <- err
	}()
	var oe *rpc.OutputError
	_, err = s.WriteTranscript(pw, strings.NewReader(b.String()), rpc.FormatJSON, false, rpc.SpoolLimit(64))
	pw.Close()
	if rerr := <-head; rerr != nil || !errors.As(err, &oe) {
		t.Errorf("pipe closed after the head: error %v (reader: %v), want an OutputError", err, rerr)
	}
}

// TestWriteTranscriptRecords: the spool keeps a compact record of each
// entry and renders it at the end; every field a record can hold comes
// out as Result.Write writes it, in both formats, in memory, spilled and
// in the file from the start: more method names than the spool's table
// takes and names too long for it, names and ids that need escapes,
// number ids of every form, a null id, an id longer than the spool's read
// buffer, batches (elements, and indexes that do not follow on), error
// responses (rpc_error), text that is not JSON.
func TestWriteTranscriptRecords(t *testing.T) {
	s := service(t, rpc.V2_0)
	var b strings.Builder
	call := func(method, id string) {
		fmt.Fprintf(&b, `{"from":"client","message":{"jsonrpc":"2.0","method":%s,"params":{"minuend":1,"subtrahend":1},"id":%s}}`+"\n", method, id)
	}
	for i := 0; i < 1300; i++ { // past the table's 1,024 names
		call(fmt.Sprintf(`"m%d"`, i), fmt.Sprint(i))
	}
	call(`"`+strings.Repeat("long/", 60)+`"`, `"long"`) // past the table's name length
	call(`"subtract"`, `"s\"q\\u00e9\n"`)
	call(`"caf\u00e9 \"x\" \u0001"`, `-0`)
	for _, id := range []string{`007`, `1.5e3`, `-12`, `123456789012345678901234567890`, `0`, `1E2`, `null`, `18446744073709551616`} {
		call(`"subtract"`, id)
	}
	call(`"subtract"`, `"`+strings.Repeat("x", 200<<10)+`"`) // longer than a read of the spool
	b.WriteString(`{"from":"client","message":[{"jsonrpc":"2.0","method":"subtract","params":[3,2],"id":"b1"},{"jsonrpc":"2.0","method":"notify"},{"jsonrpc":"2.0","method":"nosuch","id":9}]}` + "\n")
	b.WriteString(`{"from":"server","message":[{"jsonrpc":"2.0","result":1,"id":"b1"}]}` + "\n")
	b.WriteString(`{"from":"server","message":{"jsonrpc":"2.0","error":{"code":-32601,"message":"no"},"id":9}}` + "\n")
	b.WriteString(`{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":{"minuend":"x"},"id":70000}}` + "\n")
	b.WriteString(`{"from":"client","text":"[1,"}` + "\n")
	b.WriteString(`{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":{"minuend":1,"subtrahend":1},"id":70001}}` + "\n")
	transcript := b.String()
	ref, err := s.ValidateTranscript(strings.NewReader(transcript), true)
	if err != nil {
		t.Fatal(err)
	}
	var rpcErrors, elements int
	for _, m := range ref.Messages {
		if m.RPCError != 0 {
			rpcErrors++
		}
		if m.Element >= 0 {
			elements++
		}
	}
	if rpcErrors == 0 || elements < 2 {
		t.Fatalf("the transcript should have rpc_errors and batch elements: %d, %d", rpcErrors, elements)
	}
	t.Setenv("TMPDIR", t.TempDir())
	for _, f := range []rpc.Format{rpc.FormatJSON, rpc.FormatText} {
		var want bytes.Buffer
		if err := ref.Write(&want, f); err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int{0, 4 << 10, 1} {
			name := fmt.Sprintf("%s/spool=%d", f, limit)
			var opts []rpc.Option
			if limit > 0 {
				opts = append(opts, rpc.SpoolLimit(limit))
			}
			var got bytes.Buffer
			if _, err := s.WriteTranscript(&got, strings.NewReader(transcript), f, true, opts...); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				g, w := got.String(), want.String()
				i := 0
				for i < len(g) && i < len(w) && g[i] == w[i] {
					i++
				}
				t.Errorf("%s: %d bytes differ from the %d of Result.Write from byte %d: %.80q, want %.80q", name, len(g), len(w), i, g[min(i, len(g)):], w[min(i, len(w)):])
			}
		}
	}
}
