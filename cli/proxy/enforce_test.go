package proxy_test

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/proxy"
)

// TestEnforceEchoesReadableID: under Enforce a refused call is answered
// with its own id whenever the id can be read, an invalid request's
// included (a client waiting for id 107 never matches an answer with id
// null); null is kept for an id that cannot be read: absent, of a type
// JSON-RPC 2.0 does not allow, or named twice.
func TestEnforceEchoesReadableID(t *testing.T) {
	for _, tc := range []struct {
		name, call string
		code       int
		id         string
	}{
		{"method not a string", `{"jsonrpc":"2.0","method":5,"id":107}`, -32600, `107`},
		{"wrong version", `{"jsonrpc":"1.0","method":"subtract","params":[1,2],"id":"x"}`, -32600, `"x"`},
		{"no version", `{"method":"subtract","params":[1,2],"id":"y"}`, -32600, `"y"`},
		{"params not structured", `{"jsonrpc":"2.0","method":"subtract","params":7,"id":8}`, -32600, `8`},
		{"invalid params", `{"jsonrpc":"2.0","method":"subtract","params":[1,"2"],"id":9}`, -32602, `9`},
		{"unknown method", `{"jsonrpc":"2.0","method":"nope","id":"n"}`, -32601, `"n"`},
		{"id of the wrong type", `{"jsonrpc":"2.0","method":"subtract","params":[1,2],"id":{"a":1}}`, -32600, `null`},
		{"id named twice", `{"jsonrpc":"2.0","method":"subtract","params":[1,2],"id":1,"id":2}`, -32600, `null`},
		{"empty batch", `[]`, -32600, `null`},
		// A message past the reader's depth limit is not validated whole:
		// refused, -32602 when a wrong param came before the limit, else
		// -32600 (as a frame past the size limit), with its id when the id
		// came before the limit.
		{"deeper than the limit", `{"jsonrpc":"2.0","id":11,"method":"subtract","params":[1,` + deep + `]}`, -32600, `11`},
		{"a wrong param after the limit", `{"jsonrpc":"2.0","id":12,"method":"subtract","params":[` + deep + `,"x"]}`, -32600, `12`},
		{"a wrong param before the limit", `{"jsonrpc":"2.0","id":"w","method":"subtract","params":["x",` + deep + `]}`, -32602, `"w"`},
		{"the id after the limit", `{"jsonrpc":"2.0","method":"subtract","params":[1,` + deep + `],"id":14}`, -32600, `null`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, calculator(t), proxy.Options{Framing: proxy.Lines, Enforce: true})
			toServer := readAll(s.ServerIn)
			replies := proxy.NewReader(s.FromServer, proxy.Lines, 1<<20)
			go io.WriteString(s.Client, tc.call+"\n")
			fr, err := replies.Read()
			if err != nil {
				t.Fatal(err)
			}
			s.Client.Close()
			if got := <-toServer; len(got) != 0 {
				t.Errorf("the server got %q", got)
			}
			s.Server.Close()
			go io.Copy(io.Discard, s.FromServer)
			s.finish(t)
			var m struct {
				ID    json.RawMessage `json:"id"`
				Error struct {
					Code int `json:"code"`
				} `json:"error"`
			}
			if err := json.Unmarshal(fr.Body, &m); err != nil {
				t.Fatalf("answer %q: %v", fr.Body, err)
			}
			if string(m.ID) != tc.id || m.Error.Code != tc.code {
				t.Errorf("answered id %s code %d, want id %s code %d\n%s", m.ID, m.Error.Code, tc.id, tc.code, fr.Body)
			}
			if !strings.HasPrefix(string(fr.Body), `{"jsonrpc":"2.0","id":`) {
				t.Errorf("answer %s", fr.Body)
			}
		})
	}
}

// deep is a value one level deeper than the reader's default depth limit
// inside params (1,000 levels: the message, params and 999 arrays).
var deep = strings.Repeat("[", 999) + "1" + strings.Repeat("]", 999)

// answers reads n of the proxy's answers, each as its id and error code
// ("7 -32602").
func answers(t *testing.T, replies *proxy.Reader, n int) []string {
	t.Helper()
	var codes []string
	for range n {
		fr, err := replies.Read()
		if err != nil {
			t.Fatal(err)
		}
		var m struct {
			ID    json.RawMessage `json:"id"`
			Error struct {
				Code int `json:"code"`
			} `json:"error"`
		}
		if err := json.Unmarshal(fr.Body, &m); err != nil {
			t.Fatalf("answer %q: %v", fr.Body, err)
		}
		codes = append(codes, fmt.Sprintf("%s %d", m.ID, m.Error.Code))
	}
	return codes
}

// TestEnforceAfterLimit: a message past a reader limit ends only its own
// check: the proxy refuses it and goes on checking, so an invalid call
// after it is refused too and a valid one forwarded (a gate that stopped
// checking at the limit forwarded everything after it).
func TestEnforceAfterLimit(t *testing.T) {
	s := start(t, calculator(t), proxy.Options{Framing: proxy.Lines, Enforce: true})
	toServer := readAll(s.ServerIn)
	replies := proxy.NewReader(s.FromServer, proxy.Lines, 1<<20)
	good := `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":3}`
	go io.WriteString(s.Client, `{"jsonrpc":"2.0","method":"subtract","params":[1,`+deep+`],"id":1}`+"\n"+
		`{"jsonrpc":"2.0","method":"subtract","params":[1,"2"],"id":2}`+"\n"+good+"\n")
	codes := answers(t, replies, 2)
	s.Client.Close()
	if got, want := strings.TrimSpace(string(<-toServer)), good; got != want {
		t.Errorf("the server got %q, want only %q", got, want)
	}
	s.Server.Close()
	go io.Copy(io.Discard, s.FromServer)
	s.finish(t)
	if want := []string{"null -32600", "2 -32602"}; strings.Join(codes, ",") != strings.Join(want, ",") {
		t.Errorf("answers %q, want %q", codes, want)
	}
}

// TestEnforceForwardsOnlyMessages: under Enforce the server receives only
// frames read as exactly one message and validated; a blank line, a
// faulty frame and every piece of a frame past the limit are left out,
// each faulty frame answered once with id null (the framing faults
// -32700, a frame past the limit -32600).
func TestEnforceForwardsOnlyMessages(t *testing.T) {
	good := `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`
	big := `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":"` + strings.Repeat("x", 300) + `"}`
	for _, tc := range []struct {
		name    string
		framing proxy.Framing
		in      string
		answers []int
	}{
		{"lines", proxy.Lines, good + "\n\n \r\n" + good + "\r" + good + "\n" + big + "\n{\"a\"" + "\n" + good + "\r\n",
			[]int{-32700, -32600, -32700}},
		{"lsp", proxy.LSP, frame(proxy.LSP, good) + "\r\n" +
			"Content-Length: 61\n\n" + good +
			"Content-Length: 61\r\nX: a\rContent-Length: 5\r\n\r\n" + good +
			"Content-Length: 061\r\n\r\n" + good +
			"Content-Length: 61\r\nContent-Type: application/json; charset=utf-16\r\n\r\n" + good +
			frame(proxy.LSP, big) + frame(proxy.LSP, good),
			[]int{-32700, -32700, -32700, -32700, -32600}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, calculator(t), proxy.Options{Framing: tc.framing, Enforce: true, MaxMessage: 200})
			srv := serve(s.ServerIn, s.Server, tc.framing, "")
			toClient := readAll(s.FromServer)
			go func() {
				io.WriteString(s.Client, tc.in)
				s.Client.Close()
			}()
			got := <-srv
			lines := s.finish(t)
			if want := frame(tc.framing, good) + frame(tc.framing, good); string(got[0]) != want && string(got[0]) != frame(tc.framing, good)+good+"\r\n" {
				t.Errorf("the server got\n%q\nwant the two valid calls only", got[0])
			}
			var codes []int
			answers := string(<-toClient)
			r := proxy.NewReader(strings.NewReader(answers), tc.framing, 1<<20)
			for {
				fr, err := r.Read()
				if err != nil {
					break
				}
				var m struct {
					ID    json.RawMessage `json:"id"`
					Error struct{ Code int }
				}
				json.Unmarshal(fr.Body, &m)
				if m.Error.Code == 0 {
					continue
				}
				if string(m.ID) != "null" {
					t.Errorf("answer %s: id not null", fr.Body)
				}
				codes = append(codes, m.Error.Code)
			}
			if fmt.Sprint(codes) != fmt.Sprint(tc.answers) {
				t.Errorf("the client was answered %v, want %v\nlog:\n%s", codes, tc.answers, s.log.String())
			}
			// Nothing faulty was relayed, so neither the log nor the
			// answers may say it was (they said "relayed, not validated"
			// of the oversized frame the proxy refused).
			if strings.Contains(s.log.String(), "relayed") || strings.Contains(answers, "relayed") {
				t.Errorf("under Enforce a refused frame is said to be relayed:\nlog:\n%s\nanswers:\n%s", s.log.String(), answers)
			}
			sum := lines[len(lines)-1]["summary"].(map[string]any)
			if sum["refused"] != float64(len(tc.answers)) || sum["valid"] != false {
				t.Errorf("summary %v", sum)
			}
		})
	}
}

// TestEnforceAfterLimitKeepsCorrelation: a call past a reader limit that
// the proxy refused never reached the server, so correlation goes on
// (rpc.Exchange.Withdraw): under the MCP model's idReuse "reject" a call
// that reuses an id after it is still refused, and the proxy's own answer
// is no unsolicited response.
func TestEnforceAfterLimitKeepsCorrelation(t *testing.T) {
	s := start(t, example(t, "mcp", "io.modelcontextprotocol#Mcp"), proxy.Options{Framing: proxy.Lines, Enforce: true})
	toServer := readAll(s.ServerIn)
	replies := proxy.NewReader(s.FromServer, proxy.Lines, 1<<20)
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	go io.WriteString(s.Client, ping+"\n"+
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"deep":`+deep+`}}}`+"\n"+ping+"\n")
	codes := answers(t, replies, 2)
	s.Client.Close()
	if got := strings.TrimSpace(string(<-toServer)); got != ping {
		t.Errorf("the server got %q, want only the first ping", got)
	}
	s.Server.Close()
	go io.Copy(io.Discard, s.FromServer)
	logged := map[any]int{}
	for _, l := range s.finish(t) {
		logged[l["code"]]++
	}
	if want := []string{"3 -32600", "1 -32600"}; strings.Join(codes, ",") != strings.Join(want, ",") {
		t.Errorf("answers %q, want %q (the deep call, then the reused id)", codes, want)
	}
	if logged["id-reused"] != 1 || logged["response-unsolicited"] != 0 {
		t.Errorf("logged codes %v: want one id-reused and no response-unsolicited", logged)
	}
}
