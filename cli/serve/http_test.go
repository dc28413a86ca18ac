package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// slow is echo with a method that works until its context ends, and
// reports that it was stopped.
type slow struct {
	echo
	stopped chan error
}

func (s slow) Open(bool) Session { return slowSession{stopped: s.stopped} }

type slowSession struct {
	echoSession
	stopped chan error
}

func (s slowSession) Call(ctx context.Context, method string, params []byte) ([]byte, int, error) {
	if method == "sleep" {
		<-ctx.Done()
		s.stopped <- ctx.Err()
		return nil, 0, &Error{Code: CodeTimeout, Message: "stopped", Exit: 1}
	}
	return s.echoSession.Call(ctx, method, params)
}

// TestHTTPLimits checks the call timeout (503, E071, and the work's
// context ends), the body limit (413) and that a panic is a 500 with
// E070, through a real listener.
func TestHTTPLimits(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	stopped := make(chan error, 1)
	go func() {
		done <- ServeHTTP(ctx, slow{stopped: stopped}, "127.0.0.1:0", HTTPOptions{MaxBody: 64, CallTimeout: 100 * time.Millisecond}, time.Second, func(a net.Addr) { addrc <- a })
	}()
	base := "http://" + (<-addrc).String()
	for _, tc := range []struct {
		name, method, body string
		status             int
		want               string
	}{
		{"echo", "echo", `{"a":1}`, 200, `{"ok":true,"exit":1,"result":{"a":1}}` + "\n"},
		// A request is not a connection: hello keeps the seed's
		// "streams": 1, names no stream kind and leaves out the
		// methods that need a connection.
		{"hello", "hello", ``, 200, `{"ok":true,"exit":0,"result":{"name":"test","engine":"9.9.9","protocol":1,"capabilities":["echo"],"streams":1,"stream_kinds":[]}}` + "\n"},
		{"timeout", "sleep", ``, 503, `{"ok":false,"error":{"code":"E071","message":"the request took longer than 100ms; its work was stopped","exit":1}}` + "\n"},
		{"body limit", "echo", `{"a":"` + strings.Repeat("x", 64) + `"}`, 413, `{"ok":false,"error":{"code":"E050","message":"the request body is larger than 64 bytes","exit":2}}` + "\n"},
		{"a method's refusal", "refuse", ``, 422, `{"ok":false,"error":{"code":"E010","message":"refused","exit":5,"offset":3,"retry_hint":"Send it again."}}` + "\n"},
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
	if err := <-stopped; !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("the timed-out work saw %v, want its deadline", err)
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

// raw sends one HTTP/1.1 request as written (no client cleans its path or
// fills its headers) and returns the status, headers and body.
func raw(t *testing.T, addr, req string) (int, http.Header, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(body)
}

// TestHTTPBrowserPolicy: the attacks a web page can make on `serve
// --http`. A Host that is not the server's (DNS rebinding), a cross-origin
// POST (by Sec-Fetch-Site, or by Origin from an older browser), a body not
// declared JSON (a form or text/plain post) are refused; paths that
// net/http's ServeMux would clean and redirect are not found; an origin
// the operator allowed gets its preflight and CORS headers.
func TestHTTPBrowserPolicy(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() {
		done <- ServeHTTP(ctx, echo{}, "127.0.0.1:0", HTTPOptions{AllowOrigins: []string{"http://localhost:3000"}, AllowHosts: []string{"smithy.internal"}}, time.Second, func(a net.Addr) { addrc <- a })
	}()
	addr := (<-addrc).String()
	_, port, _ := net.SplitHostPort(addr)
	post := func(path, host, headers, body string) string {
		return fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\n%sContent-Length: %d\r\nConnection: close\r\n\r\n%s", path, host, headers, len(body), body)
	}
	const jsonCT = "Content-Type: application/json\r\n"
	for _, tc := range []struct {
		name   string
		req    string
		status int
		code   string // the envelope's error code; "" a result
		acao   string // Access-Control-Allow-Origin wanted
	}{
		{"own address", post("/v1/echo", addr, jsonCT, `{"a":1}`), 200, "", ""},
		{"localhost", post("/v1/echo", "localhost:"+port, jsonCT, `{}`), 200, "", ""},
		{"loopback v6", post("/v1/echo", "[::1]:"+port, jsonCT, `{}`), 200, "", ""},
		{"allowed name", post("/v1/echo", "smithy.internal:"+port, jsonCT, `{}`), 200, "", ""},
		{"rebinding host", post("/v1/echo", "attacker.example:"+port, jsonCT, `{}`), 403, "E041", ""},
		{"rebinding host, no port", post("/v1/echo", "attacker.example", jsonCT, `{}`), 403, "E041", ""},
		{"another port", post("/v1/echo", "127.0.0.1:1", jsonCT, `{}`), 403, "E041", ""},
		{"another address", post("/v1/echo", "10.1.2.3:"+port, jsonCT, `{}`), 403, "E041", ""},
		{"no host", "POST /v1/echo HTTP/1.0\r\n" + jsonCT + "Content-Length: 2\r\n\r\n{}", 403, "E041", ""},
		{"cross-site post", post("/v1/echo", addr, jsonCT+"Origin: https://attacker.example\r\nSec-Fetch-Site: cross-site\r\n", `{}`), 403, "E041", ""},
		{"same-site post (another local port)", post("/v1/echo", addr, jsonCT+"Origin: http://localhost:8000\r\nSec-Fetch-Site: same-site\r\n", `{}`), 403, "E041", ""},
		{"old browser, foreign origin", post("/v1/echo", addr, jsonCT+"Origin: https://attacker.example\r\n", `{}`), 403, "E041", ""},
		{"old browser, null origin", post("/v1/echo", addr, jsonCT+"Origin: null\r\n", `{}`), 403, "E041", ""},
		{"same origin", post("/v1/echo", addr, jsonCT+"Origin: http://"+addr+"\r\nSec-Fetch-Site: same-origin\r\n", `{}`), 200, "", ""},
		{"old browser, same origin", post("/v1/echo", addr, jsonCT+"Origin: http://"+addr+"\r\n", `{}`), 200, "", ""},
		{"allowed origin", post("/v1/echo", addr, jsonCT+"Origin: http://localhost:3000\r\nSec-Fetch-Site: same-site\r\n", `{}`), 200, "", "http://localhost:3000"},
		{"text/plain (a simple request)", post("/v1/echo", addr, "Content-Type: text/plain\r\n", `{}`), 415, "E050", ""},
		{"form post", post("/v1/echo", addr, "Content-Type: application/x-www-form-urlencoded\r\n", `{}`), 415, "E050", ""},
		{"no content type", post("/v1/echo", addr, "", `{}`), 415, "E050", ""},
		{"json with utf-8", post("/v1/echo", addr, "Content-Type: application/json; charset=UTF-8\r\n", `{}`), 200, "", ""},
		{"json with another charset", post("/v1/echo", addr, "Content-Type: application/json; charset=latin1\r\n", `{}`), 415, "E050", ""},
		{"dot-dot", post("/v1/../x", addr, jsonCT, `{}`), 404, "E050", ""},
		{"escaped dot-dot", post("/v1/%2e%2e/x", addr, jsonCT, `{}`), 404, "E050", ""},
		{"double slash", post("/v1//validate", addr, jsonCT, `{}`), 404, "E050", ""},
		{"dot", post("/v1/./echo", addr, jsonCT, `{}`), 404, "E050", ""},
		{"trailing slash", post("/v1/echo/", addr, jsonCT, `{}`), 404, "E050", ""},
		{"v1 alone", post("/v1", addr, jsonCT, `{}`), 404, "E050", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, h, body := raw(t, addr, tc.req)
			var e struct {
				OK    bool `json:"ok"`
				Error *struct {
					Code string `json:"code"`
				} `json:"error"`
			}
			if err := json.Unmarshal([]byte(body), &e); err != nil {
				t.Fatalf("status %d, not an envelope: %q", status, body)
			}
			if status != tc.status || (tc.code == "") != e.OK || (e.Error != nil && e.Error.Code != tc.code) {
				t.Errorf("status %d %s; want %d %s", status, body, tc.status, tc.code)
			}
			if got := h.Get("Access-Control-Allow-Origin"); got != tc.acao {
				t.Errorf("Access-Control-Allow-Origin %q, want %q", got, tc.acao)
			}
		})
	}
	// The allowed origin's preflight is answered; another's is not.
	preflight := func(origin string) string {
		return "OPTIONS /v1/echo HTTP/1.1\r\nHost: " + addr + "\r\nOrigin: " + origin + "\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\nAccess-Control-Request-Private-Network: true\r\nConnection: close\r\n\r\n"
	}
	status, h, _ := raw(t, addr, preflight("http://localhost:3000"))
	if status != 204 || h.Get("Access-Control-Allow-Origin") != "http://localhost:3000" || h.Get("Access-Control-Allow-Methods") != "POST" ||
		h.Get("Access-Control-Allow-Headers") != "Content-Type" || h.Get("Access-Control-Allow-Private-Network") != "true" {
		t.Errorf("the allowed origin's preflight: %d %v", status, h)
	}
	status, h, _ = raw(t, addr, preflight("https://attacker.example"))
	if status != 405 || h.Get("Access-Control-Allow-Origin") != "" || h.Get("Access-Control-Allow-Private-Network") != "" {
		t.Errorf("a foreign preflight: %d %v", status, h)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("shutdown: %v", err)
	}
}

func TestCheckOrigin(t *testing.T) {
	for _, tc := range []struct {
		origin string
		ok     bool
	}{
		{"http://localhost:3000", true}, {"https://app.example", true},
		{"*", false}, {"null", false}, {"localhost:3000", false}, {"http://a/b", false}, {"http://a?x", false}, {"", false},
	} {
		if err := CheckOrigin(tc.origin); (err == nil) != tc.ok {
			t.Errorf("CheckOrigin(%q) = %v, want ok %v", tc.origin, err, tc.ok)
		}
	}
}

// FuzzMethodOf: a path the facade takes as a method is one net/http's
// ServeMux would not clean (so it never needed the 307 redirect) and
// that names one path segment under /v1/.
func FuzzMethodOf(f *testing.F) {
	for _, s := range []string{"/v1/validate", "/v1/../x", "/v1//validate", "/v1/./a", "/v1/exchange.start", "/v1/", "/v1", "/v1/a/b", "/v1/.."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		m, ok := methodOf(p)
		if !ok {
			return
		}
		if p != "/v1/"+m || path.Clean(p) != p || strings.Contains(m, "/") || m == "." || m == ".." {
			t.Fatalf("methodOf(%q) = %q: not one clean segment", p, m)
		}
	})
}

// held is echo with a method that holds its slot until released, even
// past its time, and counts how many of its calls run at once.
type held struct {
	echo
	release chan struct{}
	now     *atomic.Int32
	most    *atomic.Int32
	calls   *atomic.Int32
}

func (h held) Open(bool) Session { return heldSession{h} }

type heldSession struct{ h held }

func (s heldSession) Call(ctx context.Context, method string, params []byte) ([]byte, int, error) {
	s.h.calls.Add(1)
	n := s.h.now.Add(1)
	defer s.h.now.Add(-1)
	for m := s.h.most.Load(); n > m && !s.h.most.CompareAndSwap(m, n); m = s.h.most.Load() {
	}
	<-s.h.release // deaf to ctx: it holds its slot until released
	return []byte(`{}`), 0, nil
}

func (s heldSession) Close() {}

// TestHTTPConcurrencyBound: at most MaxConcurrent requests are read and
// worked on at once; the others wait for a slot and are served when one
// frees; one that waits past its CallTimeout is answered 503, E071.
// Before the bound every request that arrived was read and worked on:
// 48 clients posting an 8 MiB validate-value at once took the server to
// 1.39 GB.
func TestHTTPConcurrencyBound(t *testing.T) {
	for _, tc := range []struct {
		name     string
		timeout  time.Duration
		requests int
		statuses map[int]int // status: how many
		calls    int32       // requests that reached their method
	}{
		{"the waiting ones are served when a slot frees", 10 * time.Second, 7, map[int]int{200: 7}, 7},
		// All four run out of time, the two at work included (their
		// work goes on, holding the slots); the two waiting give up
		// without reaching their method.
		{"one that waits past its timeout is E071", 300 * time.Millisecond, 4, map[int]int{503: 4}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			h := held{release: make(chan struct{}), now: new(atomic.Int32), most: new(atomic.Int32), calls: new(atomic.Int32)}
			addrc := make(chan net.Addr, 1)
			go ServeHTTP(ctx, h, "127.0.0.1:0", HTTPOptions{MaxConcurrent: 2, CallTimeout: tc.timeout}, time.Second, func(a net.Addr) { addrc <- a })
			base := "http://" + (<-addrc).String()
			statuses := make(chan int, tc.requests)
			for range tc.requests {
				go func() {
					resp, err := http.Post(base+"/v1/hold", "application/json", strings.NewReader(`{}`))
					if err != nil {
						statuses <- 0
						return
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					statuses <- resp.StatusCode
				}()
			}
			deadline := time.Now().Add(5 * time.Second)
			for h.now.Load() < 2 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if tc.timeout > time.Second {
				time.Sleep(200 * time.Millisecond) // the others arrive and wait
				if n := h.now.Load(); n != 2 {
					t.Errorf("%d requests at work, want the bound, 2", n)
				}
				close(h.release)
			} else {
				defer close(h.release)
			}
			got := map[int]int{}
			for range tc.requests {
				got[<-statuses]++
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.statuses) {
				t.Errorf("statuses %v, want %v", got, tc.statuses)
			}
			if m := h.most.Load(); m > 2 {
				t.Errorf("%d requests were at work at once, past the bound of 2", m)
			}
			if n := h.calls.Load(); n != tc.calls {
				t.Errorf("%d requests reached their method, want %d", n, tc.calls)
			}
		})
	}
}
