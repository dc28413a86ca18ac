package proxy_test

import (
	"encoding/json"
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
