package proxy_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/proxy"
)

// inflating decodes a request body by its Content-Encoding before next
// reads it, as real servers' body parsers do (Express's body-parser
// inflates gzip and deflate by default), and records every body next got.
type inflating struct {
	mu   sync.Mutex
	ran  []string
	next http.Handler
}

func (h *inflating) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body io.Reader = r.Body
	switch r.Header.Get("Content-Encoding") {
	case "gzip":
		zr, err := gzip.NewReader(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		body = zr
	case "deflate":
		zr, err := zlib.NewReader(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		body = zr
	}
	b, _ := io.ReadAll(body)
	h.mu.Lock()
	h.ran = append(h.ran, string(b))
	h.mu.Unlock()
	r.Body = io.NopCloser(bytes.NewReader(b))
	r.Header.Del("Content-Encoding")
	var seen []string
	calcHTTP(&seen).ServeHTTP(w, r)
}

func (h *inflating) bodies() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.ran...)
}

func gz(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

func zl(s string) []byte {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

// TestHTTPEncodedBody performs the Content-Encoding smuggle: the proxy
// checked the compressed bytes (not JSON, so nothing it refused) and the
// upstream inflated and ran the invalid call. Now the body is checked as
// the upstream reads it: under Enforce the invalid call is answered by the
// proxy, a valid one is forwarded decoded (the upstream reads the bytes
// that were checked), and a body the proxy cannot decode within the limit
// is refused; without Enforce the bytes pass as sent and the finding is
// the decoded call's.
func TestHTTPEncodedBody(t *testing.T) {
	bad := `{"jsonrpc":"2.0","method":"subtract","params":[42,"23"],"id":7}`
	good := `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":8}`
	bomb := gz(good[:len(good)-1] + strings.Repeat(" ", 8<<20) + "}")
	for _, tc := range []struct {
		name     string
		enforce  bool
		body     []byte
		header   map[string]string
		status   int
		answer   string // a prefix of the answer
		upstream []string
		log      string // a part of the log
	}{
		{"gzip, invalid call", true, gz(bad), map[string]string{"Content-Encoding": "gzip"}, 200,
			`{"jsonrpc":"2.0","id":7,"error":{"code":-32602`, nil, `"code":"type"`},
		{"x-gzip twice, invalid call", true, gz(string(gz(bad))), map[string]string{"Content-Encoding": "x-gzip, gzip"}, 200,
			`{"jsonrpc":"2.0","id":7,"error":{"code":-32602`, nil, `"code":"type"`},
		{"deflate, invalid call", true, zl(bad), map[string]string{"Content-Encoding": "deflate"}, 200,
			`{"jsonrpc":"2.0","id":7,"error":{"code":-32602`, nil, `"code":"type"`},
		{"gzip, valid call", true, gz(good), map[string]string{"Content-Encoding": "gzip"}, 200,
			`{"id":8,"jsonrpc":"2.0","result":19}`, []string{good}, `"refused":0`},
		{"gzip bomb", true, bomb, map[string]string{"Content-Encoding": "gzip"}, 413,
			``, nil, `"code":"framing-too-large"`},
		{"brotli", true, []byte(bad), map[string]string{"Content-Encoding": "br"}, 415,
			``, nil, `"code":"framing-encoding"`},
		{"broken gzip", true, gz(bad)[:20], map[string]string{"Content-Encoding": "gzip"}, 400,
			``, nil, `"code":"framing-encoding"`},
		{"gzip with trailing bytes", true, append(gz(good), "garbage"...), map[string]string{"Content-Encoding": "gzip"}, 400,
			``, nil, `"code":"framing-encoding"`},
		{"utf-16", true, []byte(good), map[string]string{"Content-Type": "application/json; charset=utf-16"}, 415,
			``, nil, `"code":"framing-encoding"`},
		{"gzip, invalid call, no enforce", false, gz(bad), map[string]string{"Content-Encoding": "gzip"}, 200,
			`{"error":{"code":-32602`, []string{bad}, `"code":"type"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			up := &inflating{}
			upstream := httptest.NewServer(up)
			defer upstream.Close()
			u, _ := url.Parse(upstream.URL)
			var log testkit.SyncBuffer
			p := proxy.New(calculator(t), proxy.Options{Enforce: tc.enforce, Log: &log, MaxMessage: 1 << 20})
			front := httptest.NewServer(p.HTTPHandler(u, 10*time.Second))
			defer front.Close()
			req, _ := http.NewRequest("POST", front.URL, bytes.NewReader(tc.body))
			req.Header.Set("Content-Type", "application/json")
			for k, v := range tc.header {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			answer, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			p.Finish()
			if resp.StatusCode != tc.status || !strings.HasPrefix(string(answer), tc.answer) {
				t.Errorf("answered %d %s\nwant %d %s", resp.StatusCode, answer, tc.status, tc.answer)
			}
			if got := up.bodies(); fmt.Sprint(got) != fmt.Sprint(tc.upstream) {
				t.Errorf("the upstream ran %q\nwant %q", got, tc.upstream)
			}
			if !strings.Contains(log.String(), tc.log) {
				t.Errorf("log:\n%s\nwant %s in it", log.String(), tc.log)
			}
		})
	}
}

// TestHTTPEncodedResponse: a response the upstream compresses (the client
// accepts gzip) is checked as the client reads it, inflated, and relayed
// as it came: no false parse error.
func TestHTTPEncodedResponse(t *testing.T) {
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gz(`{"jsonrpc":"2.0","result":19,"id":1}`))
	}))
	defer upstream.Close()
	u, _ := url.Parse(upstream.URL)
	var log testkit.SyncBuffer
	p := proxy.New(calculator(t), proxy.Options{Log: &log})
	front := httptest.NewServer(p.HTTPHandler(u, 10*time.Second))
	defer front.Close()
	req, _ := http.NewRequest("POST", front.URL, strings.NewReader(`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`))
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	_, sum, _ := p.Finish()
	if !bytes.Equal(got, gz(`{"jsonrpc":"2.0","result":19,"id":1}`)) {
		t.Errorf("the client got %q, not the upstream's bytes", got)
	}
	if !sum.Valid || sum.Messages != 2 || sum.Findings != 0 {
		t.Errorf("summary %+v\nlog:\n%s", sum, log.String())
	}
}

// TestHTTPRawFraming: requests framed so that a careless proxy and its
// upstream could split them differently (Transfer-Encoding beside a
// Content-Length, a second request after the declared length on the same
// connection) are each read, checked and forwarded as one request: under
// Enforce the invalid call inside never reaches the upstream.
func TestHTTPRawFraming(t *testing.T) {
	bad := `{"jsonrpc":"2.0","method":"subtract","params":[42,"23"],"id":7}`
	good := `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":8}`
	for _, tc := range []struct {
		name, raw string
		answers   int
	}{
		{"chunked beside a content length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n" +
			fmt.Sprintf("%x\r\n%s\r\n0\r\n\r\n", len(bad), bad), 1},
		{"a second request after the length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
			fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(good), good) +
			"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
			fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(bad), bad), 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			up := &inflating{}
			upstream := httptest.NewServer(up)
			defer upstream.Close()
			u, _ := url.Parse(upstream.URL)
			p := proxy.New(calculator(t), proxy.Options{Enforce: true})
			front := httptest.NewServer(p.HTTPHandler(u, 10*time.Second))
			defer front.Close()
			conn, err := net.Dial("tcp", strings.TrimPrefix(front.URL, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(guard))
			io.WriteString(conn, tc.raw)
			br := bufio.NewReader(conn)
			for i := 0; i < tc.answers; i++ {
				resp, err := http.ReadResponse(br, nil)
				if err != nil {
					t.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			for _, b := range up.bodies() {
				if strings.Contains(b, `"23"`) {
					t.Errorf("the upstream ran the invalid call: %q", b)
				}
			}
		})
	}
}
