package proxy_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/smithy-validation/go/cli/proxy"
	"github.com/smithy-validation/go/rpc"
)

// frames reads every frame of text: each as "body|problem@offset", and
// checks that the raw bytes put together are the input.
func frames(t testing.TB, text string, f proxy.Framing, max int, r io.Reader) []string {
	t.Helper()
	if r == nil {
		r = strings.NewReader(text)
	}
	rd := proxy.NewReader(r, f, max)
	var out []string
	var raw bytes.Buffer
	for {
		fr, err := rd.Read()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				out = append(out, "error "+err.Error())
			}
			break
		}
		raw.Write(fr.Raw)
		s := string(fr.Body)
		if fr.Body == nil {
			s = "-"
		}
		if fr.Problem != nil {
			s += fmt.Sprintf("|%s@%d", fr.Problem.Code, fr.Problem.Offset)
		}
		out = append(out, s)
	}
	if raw.String() != text {
		t.Errorf("the frames' bytes are\n%q\nnot the input\n%q", raw.String(), text)
	}
	return out
}

func TestReader(t *testing.T) {
	long := strings.Repeat("x", 100)
	for _, tc := range []struct {
		name    string
		framing proxy.Framing
		in      string
		want    []string
	}{
		{"lines", proxy.Lines, "{}\n{\"a\":1}\r\n", []string{"{}", `{"a":1}`}},
		{"blank lines carry nothing", proxy.Lines, "\n \r\n{}\n", []string{"-", "-", "{}"}},
		{"unterminated last line", proxy.Lines, "{}\n{\"a\"", []string{"{}", "-|framing-truncated@3"}},
		{"line past the limit", proxy.Lines, long + "\n{}\n", []string{"-|framing-too-large@0", "{}"}},
		{"lsp", proxy.LSP, "Content-Length: 2\r\n\r\n{}Content-Length: 3\r\nContent-Type: x\r\n\r\n[1]", []string{"{}", "[1]"}},
		{"lines lone CR", proxy.Lines, "{\"a\":1}\r{\"b\":2}\n{}\n", []string{"-|framing-cr@0", "{}"}},
		{"lines CR before CRLF", proxy.Lines, "{}\r\r\n{}\n", []string{"-|framing-cr@0", "{}"}},
		{"lines CR as JSON white space", proxy.Lines, "{\"a\":\r1}\n", []string{"-|framing-cr@0"}},
		{"lines CR at the end of the stream", proxy.Lines, "{}\n{}\r", []string{"{}", "-|framing-truncated@3"}},
		{"lsp header name any case", proxy.LSP, "content-length:2\r\n\r\n{}", []string{"{}"}},
		{"lsp header lines ended by LF alone", proxy.LSP, "Content-Length: 2\n\n{}Content-Length: 2\r\n\r\n{}", []string{"-|framing-header@0", "{}"}},
		{"lsp section ended by LF alone", proxy.LSP, "Content-Length: 2\r\n\n{}Content-Length: 2\r\n\r\n{}", []string{"-|framing-header@0", "{}"}},
		{"lsp lone CR in a header", proxy.LSP, "X-A: b\rContent-Length: 9\r\nContent-Length: 2\r\n\r\n{}", []string{"-|framing-cr@0"}},
		{"lsp control character in a header", proxy.LSP, "X-A: b\x00\r\nContent-Length: 2\r\n\r\n{}Content-Length: 2\r\n\r\n{}", []string{"-|framing-header@0", "{}"}},
		{"lsp length with a sign", proxy.LSP, "Content-Length: +2\r\n\r\n", []string{"-|framing-header@0"}},
		{"lsp length with a leading zero", proxy.LSP, "Content-Length: 02\r\n\r\n", []string{"-|framing-header@0"}},
		{"lsp length zero", proxy.LSP, "Content-Length: 0\r\n\r\nContent-Length: 2\r\n\r\n{}", []string{"", "{}"}},
		{"lsp length with inner space", proxy.LSP, "Content-Length: 1 2\r\n\r\n", []string{"-|framing-header@0"}},
		{"lsp length with tabs around", proxy.LSP, "Content-Length:\t2 \r\n\r\n{}", []string{"{}"}},
		{"lsp length with vertical tab", proxy.LSP, "Content-Length: 2\v\r\n\r\n{}", []string{"-|framing-header@0", "-|framing-truncated@22"}},
		{"lsp same length twice", proxy.LSP, "Content-Length: 2\r\ncontent-length: 2\r\n\r\n{}", []string{"{}"}},
		{"lsp space before the colon", proxy.LSP, "Content-Length : 2\r\n\r\n{}", []string{"-|framing-header@0", "-|framing-truncated@22"}},
		{"lsp charset utf-8", proxy.LSP, "Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=\"UTF-8\"\r\n\r\n{}", []string{"{}"}},
		{"lsp charset utf-16", proxy.LSP, "Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-16\r\n\r\n{}Content-Length: 2\r\n\r\n{}", []string{"-|framing-header@0", "{}"}},
		{"lsp faulty header, body past the limit", proxy.LSP, "Content-Length: 0100\r\n\r\n" + long + "Content-Length: 2\r\n\r\n{}", []string{"-|framing-header@0", "{}"}},
		{"lsp body longer than its length", proxy.LSP, "Content-Length: 2\r\n\r\n{}}\r\nContent-Length: 2\r\n\r\n{}", []string{"{}", "-|framing-header@23"}},
		{"lsp blank line between messages", proxy.LSP, "Content-Length: 2\r\n\r\n{}\r\nContent-Length: 2\r\n\r\n{}", []string{"{}", "-", "{}"}},
		{"lsp no content-length", proxy.LSP, "Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}", []string{"-|framing-header@0", "{}"}},
		{"lsp bad length", proxy.LSP, "Content-Length: -2\r\n\r\nContent-Length: 2\r\n\r\n{}", []string{"-|framing-header@0", "{}"}},
		{"lsp lengths disagree", proxy.LSP, "Content-Length: 2\r\nContent-Length: 3\r\n\r\n", []string{"-|framing-header@0"}},
		{"lsp not a header", proxy.LSP, "hello\r\nContent-Length: 2\r\n\r\n", []string{"-|framing-header@0"}},
		{"lsp truncated body", proxy.LSP, "Content-Length: 9\r\n\r\n{}", []string{"-|framing-truncated@0"}},
		{"lsp truncated header", proxy.LSP, "Content-Length: 9\r\n", []string{"-|framing-truncated@0"}},
		{"lsp body past the limit", proxy.LSP, "Content-Length: 100\r\n\r\n" + long + "Content-Length: 2\r\n\r\n{}", []string{"-|framing-too-large@0", "{}"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range []struct {
				name string
				r    io.Reader
			}{{"whole", nil}, {"one byte a read", iotest.OneByteReader(strings.NewReader(tc.in))}} {
				got := frames(t, tc.in, tc.framing, 50, r.r)
				if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
					t.Errorf("%s: got\n%s\nwant\n%s", r.name, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
				}
			}
		})
	}
}

// TestReaderLargeHeader: a header section past its bound is relayed in
// pieces and reported once.
func TestReaderLargeHeader(t *testing.T) {
	in := "X: " + strings.Repeat("y", 200<<10) + "\r\n\r\n"
	got := frames(t, in, proxy.LSP, 1<<20, nil)
	if len(got) < 2 || got[0] != "-|framing-too-large@0" {
		t.Errorf("got %v", got)
	}
}

// FuzzLines and FuzzLSP: any input is read without a panic, every byte
// is handed over exactly once, in order, and each body lies in its frame;
// and, relayed from a client under Enforce, every frame that reaches the
// server is exactly one message that was validated and not refused, read
// alike by the proxy's reader and by a peer that reads the framing
// another way (see enforcedFrames).
func FuzzLines(f *testing.F) { fuzzFraming(f, proxy.Lines) }
func FuzzLSP(f *testing.F)   { fuzzFraming(f, proxy.LSP) }

func fuzzFraming(f *testing.F, fr proxy.Framing) {
	call := `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`
	bad := `{"jsonrpc":"2.0","method":"subtract","params":["x",1],"id":2}`
	for _, s := range []string{"{}\n", "Content-Length: 2\r\n\r\n{}", "Content-Length: 9\r\n\r\n{", "a\r\nb:c\n\n", "",
		call + "\r" + bad + "\n", call + "\n\n" + call + "\r\n",
		frame(proxy.LSP, call) + "X: a\rContent-Length: 3\r\nContent-Length: 61\r\n\r\n" + bad,
		"Content-Length: 61\n\n" + call + frame(proxy.LSP, bad),
	} {
		f.Add([]byte(s), uint8(16))
		f.Add([]byte(s), uint8(200))
	}
	svc := calculator(f)
	f.Fuzz(func(t *testing.T, in []byte, max uint8) {
		enforcedFrames(t, svc, fr, in, int(max)+1)
		r := proxy.NewReader(bytes.NewReader(in), fr, int(max)+1)
		var raw []byte
		for i := 0; i <= len(in)+1; i++ {
			x, err := r.Read()
			if err != nil {
				if !errors.Is(err, io.EOF) {
					t.Fatal(err)
				}
				break
			}
			if len(x.Raw) == 0 {
				t.Fatal("an empty frame")
			}
			if x.Body != nil && !bytes.Contains(x.Raw, x.Body) {
				t.Fatalf("body %q outside its frame %q", x.Body, x.Raw)
			}
			if len(x.Body) > int(max)+1 {
				t.Fatalf("a body of %d bytes past the limit %d", len(x.Body), int(max)+1)
			}
			raw = append(raw, x.Raw...)
		}
		if !bytes.Equal(raw, in) {
			t.Fatalf("relayed %q, read %q", raw, in)
		}
	})
}

// serverEnd is the server's side of a relay in the fuzz test: it keeps
// what reaches the server, and once the client's side is closed (every
// client frame handled) it ends the server's output, which ends the relay.
type serverEnd struct {
	got bytes.Buffer
	out *io.PipeWriter
}

func (s *serverEnd) Write(p []byte) (int, error) { return s.got.Write(p) }
func (s *serverEnd) Close() error                { return s.out.Close() }

// enforcedFrames relays in from a client under Enforce and checks what
// reached the server: frames the proxy's reader reads as messages with no
// problem, no blank line, and their bodies exactly the client messages the
// transcript recorded (every message validated is recorded) less those the
// log says were refused or dropped, in order. A peer that reads the
// framing another way reads the same messages: for lines, one that ends a
// line at CR or LF alike; for LSP, one that finds a header section's end
// at the first CRLF CRLF and takes the last Content-Length.
func enforcedFrames(t *testing.T, svc *rpc.PreparedService, fr proxy.Framing, in []byte, max int) {
	var log, record bytes.Buffer
	p := proxy.New(svc, proxy.Options{Framing: fr, Enforce: true, Log: &log, Record: &record, MaxMessage: max})
	outR, outW := io.Pipe()
	srv := &serverEnd{out: outW}
	if err := p.Relay(bytes.NewReader(in), io.Discard, srv, outR); err != nil {
		t.Fatal(err)
	}
	p.Finish()
	left := map[float64]bool{}
	for _, l := range strings.Split(log.String(), "\n") {
		var m struct {
			Index  *float64
			Action string
		}
		if json.Unmarshal([]byte(l), &m) == nil && m.Action != "" && m.Index != nil {
			left[*m.Index] = true
		}
	}
	var want []string
	for i, l := range strings.Split(strings.TrimSpace(record.String()), "\n") {
		var m struct {
			From    string
			Message json.RawMessage
			Text    *string
		}
		if l == "" || json.Unmarshal([]byte(l), &m) != nil {
			continue
		}
		if m.From == "client" && !left[float64(i)] {
			if m.Text != nil {
				t.Fatalf("an unreadable message was forwarded: %q", *m.Text)
			}
			want = append(want, compact(m.Message))
		}
	}
	var got []string
	r := proxy.NewReader(bytes.NewReader(srv.got.Bytes()), fr, len(in)+1)
	for {
		x, err := r.Read()
		if err != nil {
			break
		}
		if x.Body == nil || x.Problem != nil {
			t.Fatalf("forwarded a frame that is not one message: %q (%v)", x.Raw, x.Problem)
		}
		got = append(got, compact(x.Body))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("forwarded\n%s\nvalidated and not refused\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var other []string
	for _, b := range otherReading(srv.got.Bytes(), fr) {
		other = append(other, compact(b))
	}
	if strings.Join(other, "\n") != strings.Join(got, "\n") {
		t.Fatalf("another reader of %s framing reads\n%s\nwhere the proxy forwarded\n%s", fr, strings.Join(other, "\n"), strings.Join(got, "\n"))
	}
}

// compact is a message's JSON with no insignificant white space.
func compact(b []byte) string {
	var c bytes.Buffer
	if json.Compact(&c, b) != nil {
		return string(b)
	}
	return c.String()
}

// otherReading reads a stream as a lenient peer of the framing would.
func otherReading(b []byte, fr proxy.Framing) [][]byte {
	var out [][]byte
	if fr == proxy.Lines {
		for _, l := range bytes.FieldsFunc(b, func(r rune) bool { return r == '\r' || r == '\n' }) {
			if len(bytes.TrimSpace(l)) > 0 {
				out = append(out, l)
			}
		}
		return out
	}
	for len(b) > 0 {
		end := bytes.Index(b, []byte("\r\n\r\n"))
		if end < 0 {
			return append(out, []byte("<no header end>"))
		}
		n := -1
		for _, h := range bytes.Split(b[:end], []byte("\r\n")) {
			name, value, ok := bytes.Cut(h, []byte(":"))
			if !ok {
				return append(out, []byte("<bad header>"))
			}
			if strings.EqualFold(string(bytes.TrimSpace(name)), "content-length") {
				n, _ = strconv.Atoi(string(bytes.TrimSpace(value)))
			}
		}
		b = b[end+4:]
		if n < 0 || n > len(b) {
			return append(out, []byte("<bad length>"))
		}
		out = append(out, b[:n])
		b = b[n:]
	}
	return out
}
