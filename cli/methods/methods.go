// Package methods is the method table of `smithy serve`: each method
// decodes its params, runs what the command of the same name runs (package
// run) through the server's file access and model cache, and answers with
// the command's JSON output or an error envelope. Package serve is the
// transport; [NewHandler] joins the two.
//
// A family of methods lives in a file of its own and adds itself with
// [Register] from that file's init:
//
//	func init() {
//		methods.Register("repair", repair) // func(ctx, *Session, params) ([]byte, int, error)
//	}
//
// A method decodes its params with [DecodeParams] (and [ModelParams],
// [ServiceParams], [WireInput] for the shared ones), runs a command with
// [Session.Run], and refuses a request with serve.Errorf (E050, exit 2) or
// a [serve.Error] of another code.
package methods

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/cli/serve"
	"github.com/smithy-validation/go/cli/version"
)

// A Method answers one request: params are the request's params as
// written (nil when absent). Its result is the JSON document of a success
// and the exit code the command gives for the same input; an error is a
// failure envelope (a *serve.Error, or an error that becomes E070).
type Method func(ctx context.Context, s *Session, params []byte) (result []byte, exit int, err error)

var (
	tableMu sync.RWMutex
	table   = map[string]Method{}
	// names are the methods in the order they were registered: hello's
	// capabilities.
	names []string
	// streamKinds are the kinds of stream a connection carries, in the
	// order their families registered them: hello's stream_kinds.
	streamKinds []string
	// connectionOnly are the stream kinds' methods, which need a
	// connection (not served over HTTP).
	connectionOnly []string
)

// Register adds a method to the table. Families call it from an init
// function; hello lists the methods in the order they were registered
// (the built-in ones first, then each family's file in the order Go
// initializes them: by file name). Registering a name twice panics.
func Register(name string, m Method) {
	tableMu.Lock()
	defer tableMu.Unlock()
	if _, dup := table[name]; dup {
		panic("methods: " + name + " registered twice")
	}
	table[name] = m
	names = append(names, name)
}

// RegisterStreamKind declares that a family keeps one stream of kind on
// each connection, driven by the methods named (its start, feeds and
// finish), which therefore need a connection: hello names the kinds in
// stream_kinds, beside the seed's "streams": 1, the number of each kind a
// connection may have open at once, and over HTTP, where a request is not
// a connection, hello leaves those methods out of its capabilities.
// Families call it from their init function, with the methods they
// register.
func RegisterStreamKind(kind string, methods ...string) {
	tableMu.Lock()
	defer tableMu.Unlock()
	for _, k := range streamKinds {
		if k == kind {
			panic("methods: stream kind " + kind + " registered twice")
		}
	}
	streamKinds = append(streamKinds, kind)
	connectionOnly = append(connectionOnly, methods...)
}

// StreamKinds returns the registered stream kinds, in hello's order.
func StreamKinds() []string {
	tableMu.RLock()
	defer tableMu.RUnlock()
	return append([]string(nil), streamKinds...)
}

// ConnectionOnly returns the methods of the stream kinds: those that need
// a connection.
func ConnectionOnly() []string {
	tableMu.RLock()
	defer tableMu.RUnlock()
	return append([]string(nil), connectionOnly...)
}

// Names returns the registered methods, in hello's order.
func Names() []string {
	tableMu.RLock()
	defer tableMu.RUnlock()
	return append([]string(nil), names...)
}

func lookup(name string) Method {
	tableMu.RLock()
	defer tableMu.RUnlock()
	return table[name]
}

// HandlerOptions configure the methods of `smithy serve`: the model
// cache shared by the connections, the files requests may name, and the
// bounds of one request. The zero value is the defaults: a cache with the
// default bounds, files under the working directory, DefaultMaxSources
// and DefaultMaxRequestBytes.
type HandlerOptions struct {
	// Cache keeps assembled models between requests (nil: a new cache with
	// the default bounds).
	Cache *load.Cache
	// Root is the directory requests may name files in ("" is the working
	// directory); a path that leads out of it, symbolic links included, is
	// refused (E041).
	Root string
	// NoPaths refuses every path: models and inputs come inline only.
	NoPaths bool
	// MaxSources and MaxRequestBytes bound what one request may name and
	// read (zero or less: the defaults).
	MaxSources      int
	MaxRequestBytes int64
}

// NewHandler returns the methods of `smithy serve` (package serve is the
// transport). It opens the root directory, which stays open as long as the
// handler is used.
func NewHandler(o HandlerOptions) (serve.Handler, error) {
	if o.Cache == nil {
		o.Cache = load.NewCache(0, 0)
	}
	files, err := newServerFiles(o)
	if err != nil {
		return nil, err
	}
	return &handler{cache: o.Cache, files: files}, nil
}

type handler struct {
	cache *load.Cache
	files *serverFiles
}

func (h *handler) Hello() serve.Hello {
	return serve.Hello{Name: "smithy", Engine: version.Version, Capabilities: Names(), StreamKinds: StreamKinds(), ConnectionOnly: ConnectionOnly()}
}

func (h *handler) Open(stateful bool) serve.Session {
	return &Session{cache: h.cache, files: h.files, stateful: stateful}
}

// Session is one connection: the methods it calls, and what a family
// keeps between its calls (the exchange stream) until the connection
// closes.
type Session struct {
	cache    *load.Cache
	files    *serverFiles
	stateful bool
	state    map[any]any
}

// Stateful reports whether the connection keeps state between requests
// (serve --stdio does; every HTTP request is a connection of its own).
func (s *Session) Stateful() bool { return s.stateful }

// Value returns what a family stored under key on this connection (nil:
// nothing). Keys are a family's own unexported type, as with
// context.Context.
func (s *Session) Value(key any) any { return s.state[key] }

// SetValue stores v under key for this connection's later requests; nil
// removes it. It is dropped when the connection closes.
func (s *Session) SetValue(key, v any) {
	if v == nil {
		delete(s.state, key)
		return
	}
	if s.state == nil {
		s.state = map[any]any{}
	}
	s.state[key] = v
}

func (s *Session) Close() { s.state = nil }

func (s *Session) Call(ctx context.Context, method string, params []byte) ([]byte, int, error) {
	if m := lookup(method); m != nil {
		return m(ctx, s, params)
	}
	return nil, 0, serve.Errorf("unknown method %q (hello lists the methods)", method)
}

// Run runs a command function as the server: output captured, standard
// input unavailable, models from the cache, files through the server's
// root and bounds (every path and size checked before a byte is read), the
// request's context checked at every read. A result (exit 0, 1, 5, or 3
// for validate's events) is the output without its final newline; a
// failure is an error envelope whose code follows the exit code, with
// what the command writes to stderr (the model's events) in its message.
func (s *Session) Run(ctx context.Context, models []load.Source, inputs []NamedInput, f func(e *run.Env) error) ([]byte, int, error) {
	rf := s.files.request(ctx)
	err := rf.plan(models, inputs)
	var out, errb bytes.Buffer
	if err == nil && ctx.Err() == nil {
		e := &run.Env{Reader: load.Reader{Stdin: strings.NewReader(""), StdinUsed: true, Cache: s.cache, Files: rf}, Stdout: &out, Stderr: &errb}
		err = f(e)
	}
	if ctx.Err() != nil {
		return nil, 0, ContextError(ctx)
	}
	var fe *forbiddenError
	var le *requestLimitError
	switch {
	case errors.As(err, &fe):
		return nil, 0, &serve.Error{Code: serve.CodeForbidden, Message: fe.msg, Exit: exitcode.Usage}
	case errors.As(err, &le):
		return nil, 0, &serve.Error{Code: serve.CodeLimit, Message: le.msg, Exit: exitcode.Incomplete}
	}
	code, msg, _ := exitcode.Of(err)
	if msg == "" {
		return bytes.TrimSuffix(out.Bytes(), []byte("\n")), code, nil
	}
	if d := strings.TrimSpace(errb.String()); d != "" {
		msg += ":\n" + d
	}
	return nil, 0, &serve.Error{Code: ErrorCode(code), Message: msg, Exit: code}
}

// ContextError is the answer to a request whose context ended: its time
// ran out, or its client went away (nobody reads that answer).
func ContextError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &serve.Error{Code: serve.CodeTimeout, Message: "the request ran out of time (serve --timeout); its work was stopped", Exit: exitcode.Invalid}
	}
	return &serve.Error{Code: serve.CodeTimeout, Message: "the request was cancelled (its client went away); its work was stopped", Exit: exitcode.Invalid}
}

// ErrorCode is the envelope code of a command failure with exit code.
func ErrorCode(exit int) string {
	switch exit {
	case exitcode.Usage:
		return serve.CodeUsage
	case exitcode.Model:
		return serve.CodeModel
	case exitcode.Input:
		return serve.CodeInput
	case exitcode.Incomplete:
		return serve.CodeLimit
	}
	return serve.CodeInternal
}

// Compact puts a document the command prints indented (ast, openrpc)
// on one line: the same JSON, insignificant whitespace removed.
func Compact(res []byte, exit int, err error) ([]byte, int, error) {
	if err != nil {
		return nil, 0, err
	}
	var b bytes.Buffer
	if err := json.Compact(&b, res); err != nil {
		return nil, 0, fmt.Errorf("the document is not JSON: %v", err)
	}
	return b.Bytes(), exit, nil
}
