package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

// echo is a handler for transport tests: "echo" returns its params,
// "boom" panics, "fail" returns a plain error, "bad" an E050.
type echo struct{}

func (echo) Hello() Hello {
	return Hello{Name: "test", Engine: "9.9.9", Capabilities: []string{"echo", "tape.start"}, StreamKinds: []string{"tape", "reel"}, ConnectionOnly: []string{"tape.start"}}
}
func (echo) Open(bool) Session { return echoSession{} }

type echoSession struct{}

func (echoSession) Close() {}
func (echoSession) Call(_ context.Context, method string, params []byte) ([]byte, int, error) {
	switch method {
	case "echo":
		if len(params) == 0 {
			return []byte(`null`), 0, nil
		}
		return params, 1, nil
	case "boom":
		panic("kaboom")
	case "fail":
		return nil, 0, errors.New("plain failure")
	case "refuse":
		return nil, 0, &Error{Code: "E010", Message: "refused", Exit: 5,
			Body: []byte(`{"code":"E010","message":"refused","exit":5,"offset":3,"retry_hint":"Send it again."}`)}
	}
	return nil, 0, Errorf("unknown method %q", method)
}

// run serves input and returns every stdout line, each checked to be a
// JSON object (the protocol's only output).
func run(t *testing.T, input string) []string {
	t.Helper()
	var out, errw bytes.Buffer
	if err := Stdio(echo{}, strings.NewReader(input), &out, &errw); err != nil {
		t.Fatal(err)
	}
	return protocolLines(t, out.String())
}

func protocolLines(t *testing.T, out string) []string {
	t.Helper()
	if out != "" && !strings.HasSuffix(out, "\n") {
		t.Fatalf("stdout does not end with a line feed: %q", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	for _, l := range lines {
		if !utf8.ValidString(l) {
			t.Fatalf("stdout line is not UTF-8: %.200q", l)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("stdout line is not a JSON object: %v: %.200q", err, l)
		}
		if _, ok := m["id"]; !ok {
			t.Fatalf("stdout line has no id: %.200q", l)
		}
		if string(m["ok"]) != "true" && string(m["ok"]) != "false" {
			t.Fatalf("stdout line has no ok: %.200q", l)
		}
	}
	return lines
}

func TestStdio(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"hello", `{"id":1,"method":"hello"}`, []string{
			`{"id":1,"ok":true,"exit":0,"result":{"name":"test","engine":"9.9.9","protocol":1,"capabilities":["echo","tape.start"],"streams":1,"stream_kinds":["tape","reel"]}}`}},
		{"ids as written", "{\"id\":1.50,\"method\":\"echo\"}\n{\"id\":\"a\\u0062\",\"method\":\"echo\"}\n{\"id\":-0,\"method\":\"echo\"}\n{\"method\":\"echo\"}\n", []string{
			`{"id":1.50,"ok":true,"exit":0,"result":null}`,
			`{"id":"a\u0062","ok":true,"exit":0,"result":null}`,
			`{"id":-0,"ok":true,"exit":0,"result":null}`,
			`{"id":null,"ok":true,"exit":0,"result":null}`}},
		{"unknown fields ignored", `{"id":2,"method":"echo","params":{"a":[1, 2]},"future":{"x":1}}`, []string{
			`{"id":2,"ok":true,"exit":1,"result":{"a":[1, 2]}}`}},
		{"malformed", "nope\n{\"id\":3,\"method\":\"echo\"}", []string{
			`{"id":null,"ok":false,"error":{"code":"E060","message":"the request line is not a JSON object","exit":2}}`,
			`{"id":3,"ok":true,"exit":0,"result":null}`}},
		{"truncated object", `{"id":4,"method":"echo"`, []string{
			`{"id":null,"ok":false,"error":{"code":"E060","message":"the request line is not valid JSON: unexpected end of JSON input","exit":2}}`}},
		{"missing method", `{"id":5}`, []string{
			`{"id":5,"ok":false,"error":{"code":"E050","message":"the request has no \"method\"","exit":2}}`}},
		{"method not a string", `{"id":5,"method":7}`, []string{
			`{"id":5,"ok":false,"error":{"code":"E050","message":"\"method\" must be a string","exit":2}}`}},
		{"params not an object", `{"id":5,"method":"echo","params":[1]}`, []string{
			`{"id":5,"ok":false,"error":{"code":"E050","message":"\"params\" must be an object","exit":2}}`}},
		{"bad id", `{"id":{"a":1},"method":"echo"}`, []string{
			`{"id":null,"ok":false,"error":{"code":"E050","message":"\"id\" must be a number or a string","exit":2}}`}},
		{"unknown method", `{"id":6,"method":"nope"}`, []string{
			`{"id":6,"ok":false,"error":{"code":"E050","message":"unknown method \"nope\"","exit":2}}`}},
		{"panic", "{\"id\":7,\"method\":\"boom\"}\n{\"id\":8,\"method\":\"echo\"}\n", []string{
			`{"id":7,"ok":false,"error":{"code":"E070","message":"internal error in boom: kaboom","exit":1}}`,
			`{"id":8,"ok":true,"exit":0,"result":null}`}},
		{"error object of the method", `{"id":"r","method":"refuse"}`, []string{
			`{"id":"r","ok":false,"error":{"code":"E010","message":"refused","exit":5,"offset":3,"retry_hint":"Send it again."}}`}},
		{"plain error", `{"id":9,"method":"fail"}`, []string{
			`{"id":9,"ok":false,"error":{"code":"E070","message":"internal error: plain failure","exit":1}}`}},
		{"shutdown", "{\"id\":10,\"method\":\"shutdown\"}\n{\"id\":11,\"method\":\"echo\"}\n", []string{
			`{"id":10,"ok":true,"bye":true}`}},
		{"blank line", "\n", []string{
			`{"id":null,"ok":false,"error":{"code":"E060","message":"the request line is not a JSON object","exit":2}}`}},
		{"invalid utf-8", "{\"id\":\"\xff\",\"method\":\"echo\"}\n{\"id\":13,\"method\":\"echo\"}", []string{
			`{"id":null,"ok":false,"error":{"code":"E060","message":"the request line is not valid UTF-8","exit":2}}`,
			`{"id":13,"ok":true,"exit":0,"result":null}`}},
		{"repeated id", "{\"id\":14,\"method\":\"echo\",\"id\":15}\n{\"id\":16,\"method\":\"echo\"}", []string{
			`{"id":null,"ok":false,"error":{"code":"E060","message":"the request line is ambiguous: \"id\" is repeated","exit":2}}`,
			`{"id":16,"ok":true,"exit":0,"result":null}`}},
		{"repeated method", `{"id":17,"method":"echo","method":"boom"}`, []string{
			`{"id":null,"ok":false,"error":{"code":"E060","message":"the request line is ambiguous: \"method\" is repeated","exit":2}}`}},
		{"repeated params", `{"id":18,"method":"echo","params":{"a":1},"params":{"a":2}}`, []string{
			`{"id":null,"ok":false,"error":{"code":"E060","message":"the request line is ambiguous: \"params\" is repeated","exit":2}}`}},
		{"member in another case", `{"id":19,"Method":"echo"}`, []string{
			`{"id":null,"ok":false,"error":{"code":"E060","message":"the request line is ambiguous: \"Method\" is not a member: the member is \"method\" (names are case-sensitive)","exit":2}}`}},
		{"unknown members repeated", `{"id":20,"method":"echo","x":1,"x":2}`, []string{
			`{"id":20,"ok":true,"exit":0,"result":null}`}},
		{"crlf", "{\"id\":12,\"method\":\"echo\"}\r\n", []string{`{"id":12,"ok":true,"exit":0,"result":null}`}},
		{"empty input", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, tc.in)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("%s:\ngot  %q\nwant %q", tc.name, got, tc.want)
			}
		})
	}
}

// TestLongLine sends a 9 MiB line between two requests: one E050 for it,
// and the next request is answered.
func TestLongLine(t *testing.T) {
	long := `{"id":1,"method":"echo","params":{"x":"` + strings.Repeat("a", 9<<20) + `"}}`
	in := io.MultiReader(strings.NewReader("{\"id\":0,\"method\":\"echo\"}\n"), strings.NewReader(long+"\n"), strings.NewReader(`{"id":2,"method":"echo"}`))
	var out, errw bytes.Buffer
	if err := Stdio(echo{}, in, &out, &errw); err != nil {
		t.Fatal(err)
	}
	got := protocolLines(t, out.String())
	want := []string{
		`{"id":0,"ok":true,"exit":0,"result":null}`,
		`{"id":null,"ok":false,"error":{"code":"E050","message":"the request line is longer than 8388608 bytes; it was discarded","exit":2}}`,
		`{"id":2,"ok":true,"exit":0,"result":null}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestLineReaderBounds checks the limit exactly: a line of max bytes is
// read, one of max+1 is too long, with or without "\r\n", and a line
// over the limit never grows the reader's buffer past the limit.
func TestLineReaderBounds(t *testing.T) {
	const max = 100 << 10
	for _, tc := range []struct {
		name    string
		n       int
		end     string
		tooLong bool
	}{
		{"max", max, "\n", false},
		{"max crlf", max, "\r\n", false},
		{"max+1", max + 1, "\n", true},
		{"max+1 crlf", max + 1, "\r\n", true},
		{"max at eof", max, "", false},
		{"max+1 at eof", max + 1, "", true},
		{"far over", 10 * max, "\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.Repeat("x", tc.n) + tc.end
			if tc.end != "" {
				in += "next\n"
			}
			lr := NewLineReader(strings.NewReader(in), max)
			line, tooLong, err := lr.Next()
			if err != nil || tooLong != tc.tooLong || (!tooLong && len(line) != tc.n) {
				t.Fatalf("got %d bytes, tooLong %v, err %v; want tooLong %v", len(line), tooLong, err, tc.tooLong)
			}
			if cap(lr.buf) > max+2+64<<10 {
				t.Errorf("the reader held %d bytes for a line over %d", cap(lr.buf), max)
			}
			if tc.end == "" {
				if _, _, err := lr.Next(); err != io.EOF {
					t.Fatalf("want EOF, got %v", err)
				}
				return
			}
			line, tooLong, err = lr.Next()
			if string(line) != "next" || tooLong || err != nil {
				t.Fatalf("the next line: %q %v %v", line, tooLong, err)
			}
		})
	}
}

// FuzzLineReader checks that the reader splits any input as
// bytes.Split on "\n" does, with a small limit: every line within it is
// returned exactly (less a final "\r"), every longer one reported as too
// long, and nothing is lost or invented.
func FuzzLineReader(f *testing.F) {
	f.Add([]byte("a\nbb\r\n\nccc"), 3)
	f.Add([]byte("\r\n\r\r\n"), 1)
	f.Add([]byte(strings.Repeat("z", 200)+"\nq"), 16)
	f.Fuzz(func(t *testing.T, data []byte, max int) {
		if max < 0 || max > 1<<12 {
			return
		}
		lr := NewLineReader(bytes.NewReader(data), max)
		parts := bytes.Split(data, []byte("\n"))
		if len(parts[len(parts)-1]) == 0 {
			parts = parts[:len(parts)-1]
		}
		for i, p := range parts {
			p = bytes.TrimSuffix(p, []byte("\r"))
			line, tooLong, err := lr.Next()
			if err != nil {
				t.Fatalf("line %d: %v", i, err)
			}
			if tooLong != (len(p) > max) || (!tooLong && !bytes.Equal(line, p)) {
				t.Fatalf("line %d: got %q (tooLong %v), want %q", i, line, tooLong, p)
			}
		}
		if _, _, err := lr.Next(); err != io.EOF {
			t.Fatalf("after %d lines: %v, want EOF", len(parts), err)
		}
	})
}

// FuzzStdio feeds arbitrary input to the server: every stdout line must be
// a protocol line and the server must never fail.
func FuzzStdio(f *testing.F) {
	f.Add([]byte("{\"id\":1,\"method\":\"echo\"}\n{\"id\":[],\"method\":1}\n\xff\n"))
	f.Add([]byte("{\"id\":1e999,\"method\":\"boom\"}\n{\"method\":\"echo\",\"params\":{\"\\u00e9\":1}}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var out, errw bytes.Buffer
		if err := Stdio(echo{}, bytes.NewReader(data), &out, &errw); err != nil {
			t.Fatal(err)
		}
		protocolLines(t, out.String())
	})
}
