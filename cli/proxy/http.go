package proxy

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"time"

	"github.com/smithy-validation/go/rpc"
)

// HTTP mode: a reverse proxy for JSON-RPC over HTTP POST. Each POST body
// (a message or a batch) is checked as the client's message; the
// upstream's response body, when it has one, is checked as the answer to
// that request (FeedReply: the transport says what it answers), so a
// request and its response are validated as a pair and recorded with
// "reply_to". Decisions:
//   - A body past MaxMessage is refused with 413 (it never reaches the
//     upstream) and logged as framing-too-large; a response past it is
//     relayed unvalidated and logged the same way.
//   - Requests other than POST (an MCP client's GET for server events,
//     say) and response bodies that are not JSON (text/event-stream) are
//     relayed unchecked: they carry no single JSON-RPC message.
//   - An upstream that cannot be reached is answered 502 and logged as
//     {"upstream_error": "..."}.
//   - Under Enforce a refused call is answered 200 with the error
//     response; a dropped notification is answered 202 Accepted with no
//     body.

type ctxKey struct{}

// HTTPHandler returns the reverse proxy to upstream. timeout bounds the
// wait for the upstream's response headers.
func (p *Proxy) HTTPHandler(upstream *url.URL, timeout time.Duration) http.Handler {
	rp := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(upstream)
			r.Out.Host = r.In.Host
		},
		Transport: &http.Transport{
			Proxy:                 nil,
			ResponseHeaderTimeout: timeout,
			MaxIdleConnsPerHost:   16,
		},
		ModifyResponse: p.checkResponse,
		// An unreachable upstream is a 502 and one JSON line on the log
		// (not the standard logger's text, which would break the log's
		// JSON Lines).
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			p.mu.Lock()
			line, _ := json.Marshal(struct {
				Upstream string `json:"upstream_error"`
			}{err.Error()})
			p.opts.Log.Write(append(line, '\n'))
			p.mu.Unlock()
			http.Error(w, "upstream unavailable", http.StatusBadGateway)
		},
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			rp.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, int64(p.opts.MaxMessage)))
		if err != nil {
			p.mu.Lock()
			p.logProblem(rpc.Client, problem(CodeFramingTooLarge, "a request body past the limit of %d bytes: refused (413), not forwarded", p.opts.MaxMessage))
			p.mu.Unlock()
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
			return
		}
		p.mu.Lock()
		if p.done {
			p.mu.Unlock()
			http.Error(w, "the proxy is stopping", http.StatusServiceUnavailable)
			return
		}
		index := p.x.Index()
		v, reply := p.check(rpc.Client, body, -1)
		p.mu.Unlock()
		switch v {
		case refuse:
			w.Header().Set("Content-Type", "application/json")
			w.Write(reply)
			return
		case drop:
			w.WriteHeader(http.StatusAccepted)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		rp.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, index)))
	})
}

// checkResponse checks the upstream's response to a checked request.
func (p *Proxy) checkResponse(resp *http.Response) error {
	index, ok := resp.Request.Context().Value(ctxKey{}).(int)
	if !ok || strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		return nil
	}
	head, err := io.ReadAll(io.LimitReader(resp.Body, int64(p.opts.MaxMessage)+1))
	if err != nil {
		return err
	}
	if len(head) > p.opts.MaxMessage {
		resp.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(head), resp.Body), resp.Body}
		p.mu.Lock()
		p.logProblem(rpc.Server, problem(CodeFramingTooLarge, "a response body past the limit of %d bytes: relayed, not validated", p.opts.MaxMessage))
		p.mu.Unlock()
		return nil
	}
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(head))
	if len(bytes.TrimSpace(head)) == 0 {
		return nil
	}
	p.mu.Lock()
	if !p.done {
		p.check(rpc.Server, head, index)
	}
	p.mu.Unlock()
	return nil
}
