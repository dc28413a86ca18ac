package proxy_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/proxy"
)

// serve is a calculator server: it answers each subtract call read from
// in (framed as f) and returns, once in ends, the bytes it read and the
// bytes it sent. header, when set, is an extra LSP header it sends.
func serve(in io.Reader, out io.WriteCloser, f proxy.Framing, header string) <-chan [2][]byte {
	c := make(chan [2][]byte, 1)
	go func() {
		var got, sent bytes.Buffer
		r := proxy.NewReader(io.TeeReader(in, &got), f, 1<<20)
		for {
			fr, err := r.Read()
			if err != nil {
				break
			}
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
				Params []any           `json:"params"`
			}
			if fr.Body == nil {
				continue
			}
			body := `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}`
			if json.Unmarshal(fr.Body, &m) != nil {
				m.ID = nil
			} else if m.ID == nil {
				continue
			} else {
				body = fmt.Sprintf(`{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params"},"id":%s}`, m.ID)
				if len(m.Params) == 2 {
					a, aok := m.Params[0].(float64)
					b, bok := m.Params[1].(float64)
					if aok && bok {
						body = fmt.Sprintf(`{"jsonrpc":"2.0","result":%d,"id":%s}`, int(a-b), m.ID)
					}
				}
			}
			var b []byte
			if f == proxy.LSP {
				b = fmt.Appendf(nil, "Content-Length: %d\r\n%s\r\n%s", len(body), header, body)
			} else {
				b = append([]byte(body), '\n')
			}
			sent.Write(b)
			out.Write(b)
		}
		out.Close()
		c <- [2][]byte{got.Bytes(), sent.Bytes()}
	}()
	return c
}

func frame(f proxy.Framing, body string) string {
	return string(proxy.AppendFrame(nil, f, []byte(body)))
}

// codes lists the log's findings and actions; withIndex adds the message
// index (when the test's timing fixes it).
func codes(lines []map[string]any, withIndex bool) []string {
	var out []string
	for _, l := range lines {
		switch {
		case l["code"] != nil && withIndex:
			out = append(out, fmt.Sprintf("%v %v %v %v", l["direction"], l["index"], l["code"], l["path"]))
		case l["code"] != nil:
			out = append(out, fmt.Sprintf("%v %v %v", l["direction"], l["code"], l["path"]))
		case l["action"] != nil:
			out = append(out, fmt.Sprintf("%v %v", l["action"], l["rpc_error"]))
		}
	}
	return out
}

// findingFields renders the log's findings one a line, each as the given
// fields' values separated by spaces.
func findingFields(lines []map[string]any, fields ...string) string {
	var b strings.Builder
	for _, l := range lines {
		if l["code"] == nil {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		for i, f := range fields {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(&b, l[f])
		}
	}
	return b.String()
}

// TestRelayBytes: without Enforce each peer receives exactly the bytes the
// other sent, odd spacing, invalid messages and extra headers included;
// the findings are logged with their index, direction and path.
func TestRelayBytes(t *testing.T) {
	svc := calculator(t)
	for _, tc := range []struct {
		name    string
		framing proxy.Framing
		client  string
		header  string
		want    []string
	}{
		{
			name:    "lines",
			framing: proxy.Lines,
			client: "{\"jsonrpc\":\"2.0\",\"method\":\"subtract\",\"params\":[42,23],\"id\":1}\r\n" +
				"\n   \n" +
				`{ "jsonrpc" : "2.0", "method": "subtract", "params": [42, "23"], "id": 2 }` + "\n" +
				"{not json\n" +
				`{"jsonrpc":"2.0","method":"subtract","params":[1,1],"id":3}` + "\n",
			want: []string{
				"client-to-server type /params/1",
				"client-to-server parse-error ",
			},
		},
		{
			name:    "lsp",
			framing: proxy.LSP,
			header:  "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n",
			client: "content-length:  61\r\nX-Extra: yes\r\n\r\n" + `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}` +
				frame(proxy.LSP, "{\"jsonrpc\":\"2.0\",\n\"method\":\"subtract\",\"params\":[42,\"23\"],\"id\":2}") +
				frame(proxy.LSP, `{"jsonrpc":"2.0","method":"subtract","params":[1,1],"id":3}`),
			want: []string{"client-to-server type /params/1"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, svc, proxy.Options{Framing: tc.framing})
			srv := serve(s.ServerIn, s.Server, tc.framing, tc.header)
			toClient := readAll(s.FromServer)
			if _, err := io.WriteString(s.Client, tc.client); err != nil {
				t.Fatal(err)
			}
			s.Client.Close()
			got := <-srv
			lines := s.finish(t)
			if string(got[0]) != tc.client {
				t.Errorf("the server received\n%q\nwant\n%q", got[0], tc.client)
			}
			if c := <-toClient; !bytes.Equal(c, got[1]) || len(c) == 0 {
				t.Errorf("the client received\n%q\nthe server sent\n%q", c, got[1])
			}
			if g := codes(lines, false); strings.Join(g, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("findings:\n%s\nwant:\n%s\nlog:\n%s", strings.Join(g, "\n"), strings.Join(tc.want, "\n"), s.log.String())
			}
			// The recorded transcript validates to the same findings.
			res, err := svc.ValidateTranscript(strings.NewReader(s.record.String()), true)
			if err != nil {
				t.Fatal(err)
			}
			var fromTranscript []string
			for _, f := range res.Findings {
				i, _ := f.Path.Document()
				fromTranscript = append(fromTranscript, fmt.Sprintf("%d %s %s %s", i, f.Severity, f.Code, f.Path.String()))
			}
			if a, b := strings.Join(findingKeys(lines), "\n"), strings.Join(fromTranscript, "\n"); a != b || a == "" {
				t.Errorf("the log's findings\n%s\nthe transcript's\n%s\ntranscript:\n%s", a, b, s.record.String())
			}
			if last := lines[len(lines)-1]; last["summary"] == nil {
				t.Errorf("last log line %v is not the summary", last)
			}
		})
	}
}

// TestRelayPartialFrame: a message is relayed as soon as it is read, even
// when the bytes read with it hold only the start of the next one (the
// rest comes later): the relay does not wait for the next message to
// write the ones it holds.
func TestRelayPartialFrame(t *testing.T) {
	svc := calculator(t)
	call := `{"jsonrpc":"2.0","method":"subtract","params":[42,23]}`
	for _, f := range []proxy.Framing{proxy.Lines, proxy.LSP} {
		t.Run(f.String(), func(t *testing.T) {
			s := start(t, svc, proxy.Options{Framing: f})
			first, second := frame(f, call), frame(f, call)
			cut := len(second) / 2
			go func() {
				io.WriteString(s.Client, first+second[:cut])
			}()
			got := make(chan string, 1)
			r := proxy.NewReader(s.ServerIn, f, 1<<20)
			go func() {
				fr, err := r.Read()
				if err != nil {
					got <- err.Error()
					return
				}
				got <- string(fr.Raw)
			}()
			select {
			case g := <-got:
				if g != first {
					t.Errorf("the server got %q, want %q", g, first)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the first message was not relayed before the rest of the second was written")
			}
			rest := readAll(s.ServerIn)
			if _, err := io.WriteString(s.Client, second[cut:]); err != nil {
				t.Fatal(err)
			}
			s.Client.Close()
			if g := <-rest; string(g) != second {
				t.Errorf("then the server got %q, want %q", g, second)
			}
			s.Server.Close()
			s.finish(t)
		})
	}
}

// TestEnforce: an invalid call is answered by the proxy with -32602 and
// its id, the findings in data, and never reaches the server; an invalid
// notification is dropped; valid calls go through.
func TestEnforce(t *testing.T) {
	for _, f := range []proxy.Framing{proxy.Lines, proxy.LSP} {
		t.Run(f.String(), func(t *testing.T) {
			s := start(t, calculator(t), proxy.Options{Framing: f, Enforce: true})
			srv := serve(s.ServerIn, s.Server, f, "")
			good := frame(f, `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`)
			bad := frame(f, `{"jsonrpc":"2.0","method":"subtract","params":[42,"23"],"id":"b"}`)
			unknown := frame(f, `{"jsonrpc":"2.0","method":"nope","id":7}`)
			note := frame(f, `{"jsonrpc":"2.0","method":"subtract","params":[1,"x"]}`)
			replies := proxy.NewReader(s.FromServer, f, 1<<20)
			var bodies []string
			for _, msg := range []string{good, bad, unknown, note, good} {
				io.WriteString(s.Client, msg)
				if msg == note {
					continue
				}
				fr, err := replies.Read()
				if err != nil {
					t.Fatal(err)
				}
				bodies = append(bodies, string(fr.Body))
			}
			s.Client.Close()
			got := <-srv
			lines := s.finish(t)
			if want := good + good; string(got[0]) != want {
				t.Errorf("the server received %q, want only the valid calls %q", got[0], want)
			}
			var e struct {
				ID    any `json:"id"`
				Error struct {
					Code int `json:"code"`
					Data struct {
						Findings []map[string]any `json:"findings"`
					} `json:"data"`
				} `json:"error"`
			}
			if err := json.Unmarshal([]byte(bodies[1]), &e); err != nil {
				t.Fatal(err)
			}
			if e.ID != "b" || e.Error.Code != -32602 || len(e.Error.Data.Findings) != 1 || e.Error.Data.Findings[0]["path"] != "/params/1" {
				t.Errorf("refusal = %s", bodies[1])
			}
			if !strings.Contains(bodies[2], `"id":7,"error":{"code":-32601`) {
				t.Errorf("unknown method answered %s", bodies[2])
			}
			want := []string{
				"client-to-server 2 type /params/1", "refused -32602",
				"client-to-server 4 method-not-found /method", "refused -32601",
				"client-to-server 6 type /params/1", "dropped -32602",
			}
			if g := codes(lines, true); strings.Join(g, "\n") != strings.Join(want, "\n") {
				t.Errorf("log:\n%s\nwant:\n%s", strings.Join(g, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}
