package app

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/smithy-validation/go/cli/methods"
	"github.com/smithy-validation/go/cli/serve"
)

// counting records the requests that reached a method: a request the
// facade refused never does.
type counting struct {
	serve.Handler
	calls *atomic.Int64
}

func (c counting) Open(stateful bool) serve.Session {
	return countingSession{c.Handler.Open(stateful), c.calls}
}

type countingSession struct {
	serve.Session
	calls *atomic.Int64
}

func (s countingSession) Call(ctx context.Context, method string, params []byte) ([]byte, int, error) {
	s.calls.Add(1)
	return s.Session.Call(ctx, method, params)
}

// TestServeInChromium attacks `serve --http` from real web pages in
// headless Chromium, which sends its own Origin, Sec-Fetch-Site and
// preflights: a page on another local port posts JSON (the preflight
// fails) and text/plain without CORS (a simple request: refused); a page
// whose name resolves to 127.0.0.1 (DNS rebinding, simulated with
// --host-resolver-rules) calls the server from the server's own origin
// (refused by Host). None reaches a method. The origin the operator
// allowed calls it and reads the answer.
func TestServeInChromium(t *testing.T) {
	browser := findChromium(t)
	dir := t.TempDir()
	page := func() (*http.Server, string) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<!doctype html><title>page</title>")
		})}
		go srv.Serve(ln)
		t.Cleanup(func() { srv.Close() })
		return srv, "http://" + ln.Addr().String()
	}
	_, attacker := page()
	_, allowed := page()

	var calls atomic.Int64
	h := counting{newHandler(t, methods.HandlerOptions{NoPaths: true}), &calls}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_, port, _ := net.SplitHostPort(addr)
	srv := &http.Server{Handler: serve.NewHTTPHandler(h, serve.HTTPOptions{Listen: addr, AllowOrigins: []string{allowed}})}
	go srv.Serve(ln)
	defer srv.Close()

	old := chromiumFlags
	chromiumFlags = append(slices.Clip(old), "--host-resolver-rules=MAP rebound.test 127.0.0.1")
	defer func() { chromiumFlags = old }()
	cdp := startChromium(t, browser, dir)

	body := `JSON.stringify({models: [{name: "m.smithy", text: "$version: \"2\"\nnamespace m\nstring S\n"}]})`
	// fetchJS posts to url from the page and returns what the page can
	// see: "status <n> <body>", or "blocked <error>" when the browser keeps
	// the answer from it.
	fetchJS := func(url, init string) string {
		return `fetch(` + jsString(url) + `, ` + init + `).then(r => r.text().then(b => "status " + r.status + " " + b), e => "blocked " + e)`
	}
	jsonPost := `{method: "POST", headers: {"Content-Type": "application/json"}, body: ` + body + `}`
	textPost := `{method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: ` + body + `}`
	api := "http://" + addr + "/v1/validate"

	navigate := func(u string) {
		cdp.call("Page.navigate", map[string]any{"url": u})
		var ready bool
		for range 200 {
			cdp.eval(`document.readyState === "complete" && location.href.startsWith(`+jsString(u)+`)`, &ready)
			if ready {
				return
			}
			cdp.eval(`new Promise(r => setTimeout(() => r(true), 50))`, &ready)
		}
		t.Fatalf("the page %s did not load", u)
	}

	navigate(attacker + "/")
	var got string
	cdp.eval(fetchJS(api, jsonPost), &got)
	if !strings.HasPrefix(got, "blocked") {
		t.Errorf("a JSON post from another local port: the page saw %q", got)
	}
	cdp.eval(fetchJS(api, textPost), &got)
	if got != "status 0 " { // an opaque answer: the page sees nothing
		t.Errorf("a text/plain post without CORS: the page saw %q", got)
	}

	navigate("http://rebound.test:" + port + "/")
	cdp.eval(fetchJS("/v1/validate", jsonPost), &got)
	if !strings.HasPrefix(got, "status 403 ") || !strings.Contains(got, "E041") {
		t.Errorf("a rebound name calling from the server's own origin: the page saw %q", got)
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("%d refused requests reached a method", n)
	}

	navigate(allowed + "/")
	cdp.eval(fetchJS(api, jsonPost), &got)
	if want := `status 200 {"ok":true,"exit":0,"result":{"valid":true,"events":[]}}`; got != want+"\n" {
		t.Errorf("the allowed origin: the page saw %q, want %q", got, want)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("%d requests reached a method, want the allowed one", n)
	}
}
