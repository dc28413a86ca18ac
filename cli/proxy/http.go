package proxy

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

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
//   - A body is checked as its reader reads it: the content codings of
//     Content-Encoding undone (gzip, x-gzip, deflate; identity), within
//     the same MaxMessage bound, so a small compressed body cannot grow
//     past it. Under Enforce a coded request that passes is forwarded
//     decoded, without Content-Encoding: the upstream reads the very bytes
//     that were checked. A body the proxy cannot read as its reader would
//     (another coding, a broken stream, a charset other than UTF-8) is
//     logged as framing-encoding and, under Enforce, refused (415, or 400
//     for a broken stream; 413 past the bound), never forwarded
//     unchecked. Without Enforce the bytes pass as they came.
//   - The HTTP framing itself (Content-Length, chunked Transfer-Encoding,
//     several requests on one connection) is net/http's: each request is
//     read whole, checked, and forwarded with its own Content-Length.

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
		// The message is what the upstream reads: the body after its
		// content codings.
		msg, status, pr := decodeBody(body, r.Header, p.opts.MaxMessage)
		p.mu.Lock()
		if p.done {
			p.mu.Unlock()
			http.Error(w, "the proxy is stopping", http.StatusServiceUnavailable)
			return
		}
		if pr != nil {
			p.logProblem(rpc.Client, pr)
			if p.opts.Enforce {
				// Never forward a body that was not checked.
				p.counts.Refused++
				p.mu.Unlock()
				http.Error(w, pr.Message, status)
				return
			}
			p.mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
			rp.ServeHTTP(w, r)
			return
		}
		index := p.x.Index()
		v, reply := p.check(rpc.Client, msg, -1, false)
		p.settle(clock())
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
		if p.opts.Enforce && r.Header.Get("Content-Encoding") != "" {
			// The upstream gets the very bytes that were checked, not a
			// coding of them its decoder might read otherwise.
			body = msg
			r.Header.Del("Content-Encoding")
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
	// The client reads the body after its content codings: so is it
	// checked (and relayed as it came).
	msg, _, pr := decodeBody(head, resp.Header, p.opts.MaxMessage)
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.done:
	case pr != nil:
		p.logProblem(rpc.Server, pr)
	case (resp.StatusCode < 200 || resp.StatusCode > 299) && !startsJSON(msg):
		// An error page, not a message: say what the transport said.
		what := "no body"
		if len(msg) > 0 {
			ct := resp.Header.Get("Content-Type")
			if ct == "" {
				ct = "no Content-Type"
			}
			what = fmt.Sprintf("a body of %d bytes (%s)", len(msg), clipText(ct))
		}
		p.logProblem(rpc.Server, problem(CodeFramingHTTPStatus, "the upstream answered HTTP %s with %s, not a JSON-RPC message", clipText(resp.Status), what))
		// The status answered the request: its calls are not also
		// reported missing at the end.
		p.x.AnsweredByTransport(rpc.Client, index)
	case len(bytes.TrimSpace(msg)) > 0:
		p.check(rpc.Server, msg, index, false)
		p.settle(clock())
	}
	return nil
}

// startsJSON reports whether a body begins as a JSON-RPC message would
// (an object or a batch), after white space.
func startsJSON(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) > 0 && (b[0] == '{' || b[0] == '[')
}

// clipText shortens a header's text the upstream chose to 80 bytes (at a
// character's start) for a log message.
func clipText(s string) string {
	if len(s) <= 80 {
		return s
	}
	n := 80
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}

// maxCodings bounds the content codings of one body.
const maxCodings = 4

// decodeBody returns an HTTP body as its reader reads it: the content
// codings of h's Content-Encoding undone (gzip, x-gzip, deflate as zlib or
// raw; identity), the result bounded by max, so a small compressed body
// cannot grow past the limit (each coding's output is read to max+1 bytes
// at most). A body the proxy cannot read as its peer would (an unknown
// coding, a broken stream, a charset other than UTF-8) gives a problem and
// the HTTP status that refuses it.
func decodeBody(body []byte, h http.Header, max int) ([]byte, int, *Problem) {
	if ct := h.Get("Content-Type"); ct != "" {
		if _, params, err := mime.ParseMediaType(ct); err == nil {
			if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") {
				return nil, http.StatusUnsupportedMediaType, problem(CodeFramingEncoding,
					"Content-Type names the charset %q: the body is checked as UTF-8, which its reader would not read it as; not validated", clip([]byte(cs)))
			}
		}
	}
	var codings []string
	for _, v := range h.Values("Content-Encoding") {
		for _, c := range strings.Split(v, ",") {
			if c = strings.ToLower(strings.TrimSpace(c)); c != "" && c != "identity" {
				codings = append(codings, c)
			}
		}
	}
	if len(codings) > maxCodings {
		return nil, http.StatusUnsupportedMediaType, problem(CodeFramingEncoding,
			"%d content codings, more than the %d the proxy undoes; not validated", len(codings), maxCodings)
	}
	for i := len(codings) - 1; i >= 0; i-- {
		var out []byte
		var err error
		switch codings[i] {
		case "gzip", "x-gzip":
			var zr *gzip.Reader
			if zr, err = gzip.NewReader(bytes.NewReader(body)); err == nil {
				out, err = readBounded(zr, max)
			}
		case "deflate":
			// RFC 9110's deflate is the zlib format; some peers send raw
			// deflate under the name, and readers accept both.
			var zr io.ReadCloser
			if zr, err = zlib.NewReader(bytes.NewReader(body)); err == nil {
				out, err = readBounded(zr, max)
			}
			if err != nil && err != errTooLarge {
				out, err = readBounded(flate.NewReader(bytes.NewReader(body)), max)
			}
		default:
			return nil, http.StatusUnsupportedMediaType, problem(CodeFramingEncoding,
				"the content coding %q is not one the proxy can undo (gzip, deflate); not validated", clip([]byte(codings[i])))
		}
		switch {
		case err == errTooLarge:
			return nil, http.StatusRequestEntityTooLarge, problem(CodeFramingTooLarge,
				"a body of more than %d bytes once its %s coding is undone; not validated", max, codings[i])
		case err != nil:
			return nil, http.StatusBadRequest, problem(CodeFramingEncoding,
				"a body that is not valid %s: %v; not validated", codings[i], err)
		}
		body = out
	}
	return body, 0, nil
}

var errTooLarge = errors.New("past the limit")

// readBounded reads r to its end, or fails with errTooLarge past max
// bytes.
func readBounded(r io.Reader, max int) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, int64(max)+1))
	if err != nil {
		return nil, err
	}
	if len(b) > max {
		return nil, errTooLarge
	}
	return b, nil
}
