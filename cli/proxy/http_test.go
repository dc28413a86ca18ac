package proxy_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/proxy"
)

// calcHTTP is a calculator over HTTP POST: it answers a subtract call,
// a batch of them (an array of answers), and a notification with 204.
func calcHTTP(seen *[]string) http.Handler {
	answer := func(raw json.RawMessage) any {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Params []any           `json:"params"`
		}
		json.Unmarshal(raw, &m)
		if m.ID == nil {
			return nil
		}
		a, aok := m.Params[0].(float64)
		b, bok := m.Params[1].(float64)
		if !aok || !bok {
			return map[string]any{"jsonrpc": "2.0", "id": m.ID, "error": map[string]any{"code": -32602, "message": "Invalid params"}}
		}
		return map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": a - b}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		*seen = append(*seen, string(body))
		var out any
		if strings.HasPrefix(strings.TrimSpace(string(body)), "[") {
			var batch []json.RawMessage
			json.Unmarshal(body, &batch)
			var answers []any
			for _, m := range batch {
				if a := answer(m); a != nil {
					answers = append(answers, a)
				}
			}
			out = answers
		} else if out = answer(body); out == nil {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(out)
	})
}

// TestHTTP: single calls, a batch and a notification pass through the
// reverse proxy unchanged and are validated as request/response pairs;
// the transcript (with reply_to) validates to the log's findings; a body
// past the limit is refused with 413; under Enforce a bad call is
// answered by the proxy and never reaches the upstream.
func TestHTTP(t *testing.T) {
	for _, enforce := range []bool{false, true} {
		t.Run(fmt.Sprintf("enforce=%v", enforce), func(t *testing.T) {
			var seen []string
			up := httptest.NewServer(calcHTTP(&seen))
			defer up.Close()
			u, _ := url.Parse(up.URL)
			var log, record testkit.SyncBuffer
			svc := calculator(t)
			p := proxy.New(svc, proxy.Options{Enforce: enforce, Log: &log, Record: &record, MaxMessage: 1 << 10})
			front := httptest.NewServer(p.HTTPHandler(u, 10*time.Second))
			defer front.Close()
			post := func(body string) (int, string) {
				resp, err := http.Post(front.URL+"/rpc", "application/json", strings.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp.StatusCode, string(b)
			}
			reqs := []string{
				`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`,
				`[{"jsonrpc":"2.0","method":"subtract","params":[1,1],"id":2},{"jsonrpc":"2.0","method":"subtract","params":[3,1],"id":3}]`,
				`{"jsonrpc":"2.0","method":"subtract","params":[5,2]}`,
				`{"jsonrpc":"2.0","method":"subtract","params":[42,"23"],"id":4}`,
			}
			var got []string
			for _, r := range reqs {
				code, body := post(r)
				got = append(got, fmt.Sprintf("%d %s", code, strings.TrimSpace(body)))
			}
			if code, _ := post(`{"jsonrpc":"2.0","method":"subtract","params":[1,1],"id":"` + strings.Repeat("x", 2000) + `"}`); code != http.StatusRequestEntityTooLarge {
				t.Errorf("a body past the limit: %d, want 413", code)
			}
			want := []string{
				`200 {"id":1,"jsonrpc":"2.0","result":19}`,
				`200 [{"id":2,"jsonrpc":"2.0","result":0},{"id":3,"jsonrpc":"2.0","result":2}]`,
				`204 `,
				`200 {"error":{"code":-32602,"message":"Invalid params"},"id":4,"jsonrpc":"2.0"}`,
			}
			upstreamGot := len(reqs)
			if enforce {
				want[3] = `200 {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Invalid params","data":{"findings":[{"severity":"error","class":"instance","code":"type","index":5,"path":"/params/1","shape":"example#SubtractInput$subtrahend","line":1,"column":51,"message":"expected an integer, found a string"}]}}}`
				upstreamGot--
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("answers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if len(seen) != upstreamGot || seen[0] != reqs[0] {
				t.Errorf("the upstream got %q", seen)
			}
			if _, _, err := p.Finish(); err != nil {
				t.Fatal(err)
			}
			var lines []map[string]any
			for _, l := range strings.Split(strings.TrimSpace(log.String()), "\n") {
				var m map[string]any
				json.Unmarshal([]byte(l), &m)
				lines = append(lines, m)
			}
			if keys := findingKeys(lines); strings.Join(keys, ",") != "5 error type /params/1" {
				t.Errorf("findings %v\nlog:\n%s", keys, log.String())
			}
			res, err := svc.ValidateTranscript(strings.NewReader(record.String()), true)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Findings) != 1 || res.Findings[0].Code != "type" {
				t.Errorf("the transcript's findings: %v\n%s", res.Findings, record.String())
			}
			if !strings.Contains(record.String(), `{"from":"server","reply_to":0,"message":`) {
				t.Errorf("no reply_to in the transcript:\n%s", record.String())
			}
		})
	}
}

// TestHTTPErrorStatus: an upstream that answers a call with an HTTP
// error status and no JSON body (a 404 page, an empty 500) is one
// framing-http-status problem naming the status, not a parse error about
// the page; the body reaches the client as it came; an error status with
// a JSON-RPC body is still checked as the reply, and a 200 with a page is
// still a parse error (the upstream claims it answered).
func TestHTTPErrorStatus(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		switch r.URL.Path {
		case "/page":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, "<html><body>Not here</body></html>")
		case "/empty":
			w.WriteHeader(http.StatusInternalServerError)
		case "/rpc-error":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid Request"}}`)
		case "/ok-page":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html></html>")
		}
	}))
	defer up.Close()
	u, _ := url.Parse(up.URL)
	var log testkit.SyncBuffer
	p := proxy.New(calculator(t), proxy.Options{Log: &log})
	front := httptest.NewServer(p.HTTPHandler(u, 10*time.Second))
	defer front.Close()
	var got []string
	for i, path := range []string{"/page", "/empty", "/rpc-error", "/ok-page"} {
		resp, err := http.Post(front.URL+path, "application/json", strings.NewReader(fmt.Sprintf(`{"jsonrpc":"2.0","method":"subtract","params":[1,1],"id":%d}`, i+1)))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got = append(got, fmt.Sprintf("%d %s", resp.StatusCode, b))
	}
	want := []string{"404 <html><body>Not here</body></html>", "500 ", `400 {"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid Request"}}`, "200 <html></html>"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the client got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, _, err := p.Finish(); err != nil {
		t.Fatal(err)
	}
	var problems, findings []string
	for _, l := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		var m map[string]any
		json.Unmarshal([]byte(l), &m)
		switch {
		case m["offset"] != nil:
			problems = append(problems, fmt.Sprintf("%v %v %v: %v", m["direction"], m["severity"], m["code"], m["message"]))
		case m["code"] != nil:
			findings = append(findings, fmt.Sprintf("%v %v", m["index"], m["code"]))
		}
	}
	wantProblems := []string{
		"server-to-client error framing-http-status: the upstream answered HTTP 404 Not Found with a body of 34 bytes (text/html; charset=utf-8), not a JSON-RPC message",
		"server-to-client error framing-http-status: the upstream answered HTTP 500 Internal Server Error with no body, not a JSON-RPC message",
	}
	if strings.Join(problems, "\n") != strings.Join(wantProblems, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(wantProblems, "\n"))
	}
	// The page under 200 is a parse error; no finding is about the 404
	// page or the empty 500 as a message.
	if j := strings.Join(findings, ","); j != "5 parse-error,5 response-missing" {
		t.Errorf("findings %s\nlog:\n%s", j, log.String())
	}
}
