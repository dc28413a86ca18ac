package serve

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// slow is echo with a method that takes longer than the call timeout.
type slow struct{ echo }

func (slow) Open(bool) Session { return slowSession{} }

type slowSession struct{ echoSession }

func (s slowSession) Call(method string, params []byte) ([]byte, int, error) {
	if method == "sleep" {
		time.Sleep(300 * time.Millisecond)
	}
	return s.echoSession.Call(method, params)
}

// TestHTTPLimits checks the call timeout (503, E071), the body limit (413)
// and that a panic is a 500 with E070, through a real listener.
func TestHTTPLimits(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() {
		done <- ServeHTTP(ctx, slow{}, "127.0.0.1:0", HTTPOptions{MaxBody: 64, CallTimeout: 100 * time.Millisecond}, time.Second, func(a net.Addr) { addrc <- a })
	}()
	base := "http://" + (<-addrc).String()
	for _, tc := range []struct {
		name, method, body string
		status             int
		want               string
	}{
		{"echo", "echo", `{"a":1}`, 200, `{"ok":true,"exit":1,"result":{"a":1}}` + "\n"},
		{"timeout", "sleep", ``, 503, `{"ok":false,"error":{"code":"E071","message":"the request took longer than 100ms","exit":1}}` + "\n"},
		{"body limit", "echo", `{"a":"` + strings.Repeat("x", 64) + `"}`, 413, `{"ok":false,"error":{"code":"E050","message":"the request body is larger than 64 bytes","exit":2}}` + "\n"},
		{"panic", "boom", ``, 500, `{"ok":false,"error":{"code":"E070","message":"internal error in boom: kaboom","exit":1}}` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := http.Post(base+"/v1/"+tc.method, "application/json", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("content type %q", ct)
			}
			if resp.StatusCode != tc.status || string(body) != tc.want {
				t.Errorf("status %d %q, want %d %q", resp.StatusCode, body, tc.status, tc.want)
			}
		})
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("shutdown: %v", err)
	}
}

func TestListenAddr(t *testing.T) {
	for in, want := range map[string]string{
		":8080": "127.0.0.1:8080", "8080": "127.0.0.1:8080", "0.0.0.0:80": "0.0.0.0:80",
		"localhost:1": "localhost:1", "[::]:9": "[::]:9", ":0": "127.0.0.1:0",
	} {
		if got, err := ListenAddr(in); got != want || err != nil {
			t.Errorf("ListenAddr(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ListenAddr("a:b:c"); err == nil {
		t.Error("ListenAddr(a:b:c) gave no error")
	}
}
