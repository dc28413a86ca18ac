package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// HTTPOptions are the facade's limits and its browser policy. The zero
// value means the defaults documented on each field.
type HTTPOptions struct {
	// MaxBody is the largest request body: MaxLine (8 MiB) by default. A
	// larger one is refused with 413 and E050.
	MaxBody int64
	// CallTimeout bounds the time one request may take, from its headers
	// to its answer: DefaultTimeout (2 minutes) by default. When it runs
	// out the client gets 503 and E071, and the request's work stops at
	// its next read.
	CallTimeout time.Duration
	// Listen is the address the server listens on (ServeHTTP sets it): its
	// port is the only one a Host header may name, and its IP is answered
	// as a Host besides the loopback names (any IP literal when it is
	// unspecified, 0.0.0.0 or ::). Empty: loopback names on any port.
	Listen string
	// AllowHosts are further names answered in the Host header (a name a
	// proxy in front of the server uses). Every other name is refused
	// with 403 and E041: a page whose name was rebound to the loopback
	// address (DNS rebinding) cannot read the answers.
	AllowHosts []string
	// AllowOrigins are the browser origins ("http://localhost:3000") whose
	// cross-origin requests are served, with the CORS headers that let the
	// page read the answer. Every other cross-origin browser request is
	// refused with 403 and E041 (the rule of net/http's
	// CrossOriginProtection: Sec-Fetch-Site, else Origin against Host).
	AllowOrigins []string
	// MaxConcurrent bounds the requests read and worked on at once:
	// DefaultMaxConcurrent (16) by default. Past it a request waits for a
	// slot before its body is read, holding its connection and nothing
	// more, until its CallTimeout runs out (503, E071). Each request is
	// bounded (its body, its files, its model), but without this bound
	// their number was not: 48 clients posting an 8 MiB validate-value
	// at once and never reading took the server to 1.39 GB.
	MaxConcurrent int
}

// DefaultMaxConcurrent is HTTPOptions.MaxConcurrent's default.
const DefaultMaxConcurrent = 16

func (o HTTPOptions) withDefaults() HTTPOptions {
	if o.MaxBody <= 0 {
		o.MaxBody = MaxLine
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = DefaultTimeout
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = DefaultMaxConcurrent
	}
	return o
}

// ListenAddr returns the address to listen on for ADDR: a port alone
// (":8080" or "8080") or an empty host means the loopback interface,
// 127.0.0.1; any host named explicitly (0.0.0.0, ::, a name) is used as
// given.
func ListenAddr(addr string) (string, error) {
	if !strings.Contains(addr, ":") {
		addr = ":" + addr
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--http %q: %v (give HOST:PORT or :PORT)", addr, err)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), nil
}

// CheckOrigin reports whether origin can be given to AllowOrigins: a
// scheme and a host, nothing else ("*" and "null" are refused: they would
// admit pages nobody named).
func CheckOrigin(origin string) error {
	if origin == "*" || origin == "null" {
		return fmt.Errorf("%q: name each origin (scheme://host:port); %s would admit pages nobody named", origin, origin)
	}
	u, err := url.Parse(origin)
	switch {
	case err != nil:
		return fmt.Errorf("%q: %v", origin, err)
	case u.Scheme == "" || u.Host == "":
		return fmt.Errorf("%q: an origin is scheme://host[:port]", origin)
	case u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return fmt.Errorf("%q: an origin has no path, query, fragment or user", origin)
	}
	return nil
}

// crossOrigin reports a cross-origin browser request, as net/http's
// CrossOriginProtection (Go 1.25; this module builds with 1.24) decides:
// a browser that sends Sec-Fetch-Site says it ("same-origin" and "none",
// a request the user typed, are not); an older one is judged by Origin
// against Host; a request with neither header is not a browser's
// cross-origin request (curl, a program). An allowed origin is admitted.
func crossOrigin(r *http.Request, allowed map[string]bool) bool {
	origin := r.Header.Get("Origin")
	if allowed[origin] {
		return false
	}
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return false
	case "":
	default:
		return true
	}
	if origin == "" {
		return false
	}
	u, err := url.Parse(origin)
	return err != nil || u.Host != r.Host
}

// hostPolicy decides which Host headers the facade answers.
type hostPolicy struct {
	port        string // "" any
	ip          net.IP // the bound address, nil when none was given
	unspecified bool   // bound to every interface: any IP literal
	names       map[string]bool
}

func newHostPolicy(o HTTPOptions) hostPolicy {
	p := hostPolicy{names: map[string]bool{"localhost": true}}
	for _, n := range o.AllowHosts {
		p.names[normalHost(n)] = true
	}
	if host, port, err := net.SplitHostPort(o.Listen); err == nil {
		p.port = port
		if ip := net.ParseIP(host); ip != nil {
			p.ip, p.unspecified = ip, ip.IsUnspecified()
		} else if host != "" {
			p.names[normalHost(host)] = true // a name given to --http
		}
	}
	return p
}

func normalHost(h string) string {
	return strings.TrimSuffix(strings.ToLower(strings.Trim(h, "[]")), ".")
}

// allows reports whether a request's Host names this server: a loopback
// name or address, the address it listens on, or a name it was told to
// answer, with its own port.
func (p hostPolicy) allows(hostport string) bool {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		host, port = hostport, ""
	}
	if p.port != "" && port != "" && port != p.port {
		return false
	}
	host = normalHost(host)
	if host == "" {
		return false
	}
	if ip := net.ParseIP(host); ip != nil {
		// An IP literal cannot be rebound; it must still be this server's.
		return ip.IsLoopback() || p.unspecified || (p.ip != nil && ip.Equal(p.ip))
	}
	return p.names[host]
}

// methodOf returns the method of a request path, /v1/<method>; anything
// else (a path that net/http's ServeMux would clean and redirect, such as
// /v1/../x or /v1//validate) is not found.
func methodOf(path string) (string, bool) {
	m, ok := strings.CutPrefix(path, "/v1/")
	if !ok || m == "" {
		return "", false
	}
	for i := 0; i < len(m); i++ {
		c := m[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case (c == '.' || c == '-' || c == '_') && i > 0:
		default:
			return "", false
		}
	}
	return m, true
}

// NewHTTPHandler returns the facade: POST /v1/<method> with the params
// object as the body (Content-Type application/json; an empty body is no
// params), answered with the envelope without an id:
//
//	{"ok":true,"exit":1,"result":{...}}
//	{"ok":false,"error":{"code":"E050","message":"...","exit":2}}
//
// Each request is stateless: the exchange.* stream needs a connection
// (serve --stdio) and is refused here. Status codes: 200 for every
// result (valid or not: "exit" tells), 400 for E050 and E060, 403 for
// E041 (a Host that is not this server's, a cross-origin browser request,
// a path outside the root), 404 for an unknown method or path, 405 for a
// method other than POST, 413 for a body over MaxBody and for E055, 415
// for a body that is not declared JSON, 422 for E030 and E040, 500 for
// E070, 503 for E071.
func NewHTTPHandler(h Handler, o HTTPOptions) http.Handler {
	o = o.withDefaults()
	hosts := newHostPolicy(o)
	origins := map[string]bool{}
	for _, origin := range o.AllowOrigins {
		if CheckOrigin(origin) == nil {
			origins[origin] = true
		}
	}
	slots := make(chan struct{}, o.MaxConcurrent)
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hosts.allows(r.Host) {
			writeHTTPError(w, http.StatusForbidden, &Error{Code: CodeForbidden, Exit: 2,
				Message: fmt.Sprintf("the Host %q is not this server's (its loopback name or address; serve --allow-host adds a name)", r.Host)})
			return
		}
		origin := r.Header.Get("Origin")
		if origins[origin] {
			w.Header().Set("Access-Control-Allow-Origin", origin)
			w.Header().Set("Access-Control-Expose-Headers", "Smithy-Exit")
		}
		w.Header().Add("Vary", "Origin")
		method, ok := methodOf(r.URL.Path)
		if !ok {
			writeHTTPError(w, http.StatusNotFound, Errorf("no such path %q: POST /v1/<method>", r.URL.Path))
			return
		}
		if r.Method == http.MethodOptions && origins[origin] && r.Header.Get("Access-Control-Request-Method") != "" {
			// The preflight of an allowed origin's JSON POST.
			w.Header().Set("Access-Control-Allow-Methods", http.MethodPost)
			w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
			w.Header().Set("Access-Control-Max-Age", "600")
			if r.Header.Get("Access-Control-Request-Private-Network") == "true" {
				w.Header().Set("Access-Control-Allow-Private-Network", "true")
			}
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			writeHTTPError(w, http.StatusMethodNotAllowed, Errorf("use POST /v1/%s with the params object as the body", method))
			return
		}
		if crossOrigin(r, origins) {
			writeHTTPError(w, http.StatusForbidden, &Error{Code: CodeForbidden, Exit: 2,
				Message: fmt.Sprintf("a cross-origin browser request (Origin %q, Sec-Fetch-Site %q): serve --allow-origin admits an origin", origin, r.Header.Get("Sec-Fetch-Site"))})
			return
		}
		if ct := r.Header.Get("Content-Type"); !isJSONType(ct) {
			writeHTTPError(w, http.StatusUnsupportedMediaType, Errorf("the body must be the params object as JSON: send Content-Type: application/json (got %q)", ct))
			return
		}
		// A slot before the body is read: at most MaxConcurrent
		// requests hold a body and their work's memory at once.
		select {
		case slots <- struct{}{}:
			defer func() { <-slots }()
			if r.Context().Err() != nil {
				return
			}
		case <-r.Context().Done():
			// Out of time (the TimeoutHandler answers 503, E071), or
			// the client went away.
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, o.MaxBody))
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				writeHTTPError(w, http.StatusRequestEntityTooLarge, Errorf("the request body is larger than %d bytes", o.MaxBody))
				return
			}
			writeHTTPError(w, http.StatusBadRequest, &Error{Code: CodeMalformed, Message: "cannot read the request body: " + err.Error(), Exit: 2})
			return
		}
		if t := strings.TrimSpace(string(body)); t != "" && t[0] != '{' {
			writeHTTPError(w, http.StatusBadRequest, &Error{Code: CodeMalformed, Message: "the body is not a JSON object (the method's params)", Exit: 2})
			return
		}
		if method == "hello" {
			writeHTTP(w, http.StatusOK, dropID(appendSuccess(nil, nil, 0, helloResult(h.Hello(), false))), "0")
			return
		}
		if method == "shutdown" || strings.HasPrefix(method, "exchange.") {
			writeHTTPError(w, http.StatusNotFound, Errorf("%s needs a connection: use smithy serve --stdio", method))
			return
		}
		s := h.Open(false)
		defer s.Close()
		// r.Context() ends when the client goes away, and (under the
		// TimeoutHandler) when CallTimeout runs out: the work stops then.
		res, exit, e := call(r.Context(), s, method, body, func(string, ...any) {})
		if e != nil {
			writeHTTPError(w, statusFor(e), e)
			return
		}
		writeHTTP(w, http.StatusOK, dropID(appendSuccess(nil, nil, exit, res)), strconv.Itoa(exit))
	})
	timeoutBody := string(dropID(appendFailure(nil, nil, &Error{Code: CodeTimeout, Message: fmt.Sprintf("the request took longer than %s; its work was stopped", o.CallTimeout), Exit: 1}))) + "\n"
	th := http.TimeoutHandler(api, o.CallTimeout, timeoutBody)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Set here, so the timeout's answer is JSON too.
		w.Header().Set("Content-Type", "application/json")
		th.ServeHTTP(w, r)
	})
}

// isJSONType reports whether a Content-Type declares JSON:
// application/json, with a UTF-8 charset if any.
func isJSONType(ct string) bool {
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		return false
	}
	cs, ok := params["charset"]
	return !ok || strings.EqualFold(cs, "utf-8")
}

// dropID removes the leading `"id":null,` of an envelope rendered without
// an id: the facade has no ids (the HTTP request is the correlation).
func dropID(env []byte) []byte {
	const head = `{"id":null,`
	return append([]byte{'{'}, env[len(head):]...)
}

func statusFor(e *Error) int {
	if e.Body != nil && e.Exit != 2 && e.Exit != 3 && e.Exit != 4 {
		// A method's own refusal of its input (the JSON gate's E001,
		// E010, E011, E012, E020, E031): the request was read and
		// understood, its text refused.
		return http.StatusUnprocessableEntity
	}
	switch e.Code {
	case CodeModel, CodeInput:
		return http.StatusUnprocessableEntity
	case CodeLimit:
		return http.StatusRequestEntityTooLarge
	case CodeForbidden:
		return http.StatusForbidden
	case CodeInternal:
		return http.StatusInternalServerError
	case CodeTimeout:
		return http.StatusServiceUnavailable
	}
	if strings.HasPrefix(e.Message, "unknown method") {
		return http.StatusNotFound
	}
	return http.StatusBadRequest
}

func writeHTTPError(w http.ResponseWriter, status int, e *Error) {
	writeHTTP(w, status, dropID(appendFailure(nil, nil, e)), "")
}

func writeHTTP(w http.ResponseWriter, status int, body []byte, exit string) {
	w.Header().Set("Content-Type", "application/json")
	if exit != "" {
		w.Header().Set("Smithy-Exit", exit)
	}
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// ServeHTTP listens on addr (see [ListenAddr]) and serves the facade
// until ctx is done (the command cancels it on SIGINT or SIGTERM), then
// shuts down gracefully: requests under way get up to grace to finish.
// ready is called with the address actually listened on (a port 0 is
// chosen by the system), before the first request is accepted.
func ServeHTTP(ctx context.Context, h Handler, addr string, o HTTPOptions, grace time.Duration, ready func(net.Addr)) error {
	la, err := ListenAddr(addr)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", la)
	if err != nil {
		return err
	}
	o = o.withDefaults()
	o.Listen = ln.Addr().String()
	if host, _, err := net.SplitHostPort(la); err == nil && net.ParseIP(host) == nil {
		o.AllowHosts = append(o.AllowHosts, host) // the name given to --http
	}
	srv := &http.Server{
		Handler:           NewHTTPHandler(h, o),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       o.CallTimeout,
		WriteTimeout:      o.CallTimeout + 10*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	if ready != nil {
		ready(ln.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
