package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// HTTPOptions are the facade's limits. The zero value means the defaults
// documented on each field.
type HTTPOptions struct {
	// MaxBody is the largest request body: MaxLine (8 MiB) by default. A
	// larger one is refused with 413 and E050.
	MaxBody int64
	// CallTimeout bounds the time one request may take, from its headers
	// to its answer: 2 minutes by default. When it runs out the client gets
	// 503 and E071 (the validation itself runs to its end in the
	// background; it is bounded by the engine's limits).
	CallTimeout time.Duration
}

func (o HTTPOptions) withDefaults() HTTPOptions {
	if o.MaxBody <= 0 {
		o.MaxBody = MaxLine
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = 2 * time.Minute
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

// NewHTTPHandler returns the facade: POST /v1/<method> with the params
// object as the body (an empty body is no params), answered with the
// envelope without an id:
//
//	{"ok":true,"exit":1,"result":{...}}
//	{"ok":false,"error":{"code":"E050","message":"...","exit":2}}
//
// Each request is stateless: the exchange.* stream needs a connection
// (serve --stdio) and is refused here. Status codes: 200 for every
// result (valid or not: "exit" tells), 400 for E050 and E060, 404 for an
// unknown method or path, 405 for a method other than POST, 413 for a
// body over MaxBody, 422 for E030 and E040, 500 for E070, 503 for E071.
func NewHTTPHandler(h Handler, o HTTPOptions) http.Handler {
	o = o.withDefaults()
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/", func(w http.ResponseWriter, r *http.Request) {
		method := strings.TrimPrefix(r.URL.Path, "/v1/")
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			writeHTTPError(w, http.StatusMethodNotAllowed, Errorf("use POST /v1/%s with the params object as the body", method))
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
			writeHTTP(w, http.StatusOK, dropID(appendSuccess(nil, nil, 0, helloResult(h.Hello()))), "0")
			return
		}
		if method == "shutdown" || strings.HasPrefix(method, "exchange.") {
			writeHTTPError(w, http.StatusNotFound, Errorf("%s needs a connection: use smithy serve --stdio", method))
			return
		}
		s := h.Open(false)
		defer s.Close()
		res, exit, e := call(s, method, body, func(string, ...any) {})
		if e != nil {
			writeHTTPError(w, statusFor(e), e)
			return
		}
		writeHTTP(w, http.StatusOK, dropID(appendSuccess(nil, nil, exit, res)), strconv.Itoa(exit))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeHTTPError(w, http.StatusNotFound, Errorf("no such path %q: POST /v1/<method>", r.URL.Path))
	})
	timeoutBody := string(dropID(appendFailure(nil, nil, &Error{Code: CodeTimeout, Message: fmt.Sprintf("the request took longer than %s", o.CallTimeout), Exit: 1}))) + "\n"
	th := http.TimeoutHandler(mux, o.CallTimeout, timeoutBody)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Set here, so the timeout's answer is JSON too.
		w.Header().Set("Content-Type", "application/json")
		th.ServeHTTP(w, r)
	})
}

// dropID removes the leading `"id":null,` of an envelope rendered without
// an id: the facade has no ids (the HTTP request is the correlation).
func dropID(env []byte) []byte {
	const head = `{"id":null,`
	return append([]byte{'{'}, env[len(head):]...)
}

func statusFor(e *Error) int {
	switch e.Code {
	case CodeModel, CodeInput:
		return http.StatusUnprocessableEntity
	case CodeLimit:
		return http.StatusRequestEntityTooLarge
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
