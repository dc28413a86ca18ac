// Package serve is the transport of `smithy serve`: the JSON Lines protocol
// on standard input and output ([Stdio]) and its HTTP facade ([HTTP]). It
// knows envelopes, ids, limits and faults; what a method does is the
// [Handler]'s business (cli/app implements it with the commands).
//
// The protocol (docs in cli/README.md) follows the JSONMend line protocol
// of the project's seed: one request object a line in,
//
//	{"id":1,"method":"validate-rpc","params":{...}}
//
// one response a line out, stdout carrying protocol lines only:
//
//	{"id":1,"ok":true,"exit":1,"result":{...}}
//	{"id":1,"ok":false,"error":{"code":"E050","message":"...","exit":2}}
//
// The id is echoed exactly as written (a number keeps its text: 1.0 stays
// 1.0); a request without one is answered with "id":null. Unknown request
// fields are ignored. "exit" is the exit code the command gives for the
// same input, so a client that runs the command and one that talks to the
// server classify outcomes alike.
package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/smithy-validation/go/cli/internal/wirejson"
)

// MaxLine is the longest request line (without its line break) the stdio
// server reads: 8 MiB. A longer line is answered with an E050 error and
// discarded through its line feed without being held in memory.
const MaxLine = 8 << 20

// Protocol is the protocol version advertised by hello; a client that
// checks compatibility checks this number, not the engine version.
const Protocol = 1

// The error codes of the envelope, each with the exit code it carries.
const (
	CodeModel     = "E030" // exit 3: the model failed to load, assemble or prepare
	CodeInput     = "E040" // exit 4: a file named by a parameter could not be read
	CodeForbidden = "E041" // exit 2: refused: a path outside the server's root (or any path with --no-paths), a hidden file, a model path that is not a model file; over HTTP, a Host the server does not answer or a cross-origin request
	CodeUsage     = "E050" // exit 2: a missing or invalid parameter, an unknown method, a line too long
	CodeLimit     = "E055" // exit 5: an input over a limit, refused before validation
	CodeMalformed = "E060" // exit 2: the request line is not a JSON object
	CodeInternal  = "E070" // exit 1: a fault of the engine (a handler panic); the connection stays usable
	CodeTimeout   = "E071" // exit 1: the request's time ran out (or its client went away): its work was stopped
)

// Error is a failed request: the envelope's "error" member.
type Error struct {
	Code    string
	Message string
	Exit    int
	// Body, when set, is the whole "error" object as the method rendered
	// it (JSON, holding code, message and exit): the JSON gate's methods
	// add the seed's offset and retry_hint, and the command prints the
	// same object with --format json. Code, Message and Exit still say
	// the same for the transport (logs, the HTTP status).
	Body []byte
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errorf returns an E050 error (a missing or invalid parameter).
func Errorf(format string, args ...any) *Error {
	return &Error{Code: CodeUsage, Message: fmt.Sprintf(format, args...), Exit: 2}
}

// Hello is what the hello method advertises.
type Hello struct {
	Name         string   // "smithy"
	Engine       string   // the command's version
	Capabilities []string // the methods, in a stable order
	// StreamKinds are the kinds of stream a connection carries side by
	// side ("exchange", "watch", "llm"), each at most one at a time:
	// hello's "streams" is that limit, 1, as the seed advertises it, and
	// "stream_kinds" names the kinds. The HTTP facade has no connection,
	// so it advertises no kind.
	StreamKinds []string
	// ConnectionOnly are the capabilities that need a connection (the
	// streams' methods): the HTTP facade, which serves none of them,
	// leaves them out of its hello.
	ConnectionOnly []string
}

// Handler runs methods. Open returns the state of one connection (stdio)
// or one request (HTTP, stateful false: streams are refused).
type Handler interface {
	Hello() Hello
	Open(stateful bool) Session
}

// Session answers the requests of one connection, one at a time. Call
// returns the result document (compact JSON, no line break) and the exit
// code the command would give, or an error; an error that is not an
// *Error is reported as an internal fault (E070). ctx ends when the
// request's time runs out or its client goes away: Call stops its work
// then (it answers an E071 error, which the transport may no longer be
// able to deliver).
type Session interface {
	Call(ctx context.Context, method string, params []byte) (result []byte, exit int, err error)
	Close()
}

// request is the decoded request line; unknown members are ignored, and
// the three it defines must be written as here, once each (wirejson).
type request struct {
	ID     json.RawMessage `json:"id"`
	Method json.RawMessage `json:"method"`
	Params json.RawMessage `json:"params"`
}

// parseRequest decodes a request line. The id is returned as written
// (nil when absent or unusable); method and params are checked.
func parseRequest(line []byte) (id []byte, method string, params []byte, err *Error) {
	var req request
	trimmed := bytes.TrimSpace(line)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, "", nil, &Error{Code: CodeMalformed, Message: "the request line is not a JSON object", Exit: 2}
	}
	if !utf8.Valid(trimmed) {
		// encoding/json would take it, and an id echoed as written would
		// carry the bad bytes into a response line.
		return nil, "", nil, &Error{Code: CodeMalformed, Message: "the request line is not valid UTF-8", Exit: 2}
	}
	if e := wirejson.Decode(trimmed, &req); e != nil {
		var amb *wirejson.Error
		if errors.As(e, &amb) {
			// Two readers of this line could answer different ids or
			// run different methods: refused, with no id to echo.
			return nil, "", nil, &Error{Code: CodeMalformed, Message: "the request line is ambiguous: " + e.Error(), Exit: 2}
		}
		return nil, "", nil, &Error{Code: CodeMalformed, Message: "the request line is not valid JSON: " + e.Error(), Exit: 2}
	}
	if len(req.ID) > 0 {
		switch req.ID[0] {
		case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			id = req.ID
		case 'n': // null
		default:
			return nil, "", nil, Errorf("\"id\" must be a number or a string")
		}
	}
	if len(req.Method) == 0 || string(req.Method) == "null" {
		return id, "", nil, Errorf("the request has no \"method\"")
	}
	if e := json.Unmarshal(req.Method, &method); e != nil {
		return id, "", nil, Errorf("\"method\" must be a string")
	}
	params = req.Params
	if len(params) > 0 && params[0] != '{' && string(params) != "null" {
		return id, method, nil, Errorf("\"params\" must be an object")
	}
	return id, method, params, nil
}

// appendSuccess appends a success envelope (without a line break).
func appendSuccess(dst, id []byte, exit int, result []byte) []byte {
	dst = appendID(dst, id)
	dst = append(dst, `"ok":true,"exit":`...)
	dst = strconv.AppendInt(dst, int64(exit), 10)
	dst = append(dst, `,"result":`...)
	dst = append(dst, result...)
	return append(dst, '}')
}

// appendFailure appends an error envelope (without a line break).
func appendFailure(dst, id []byte, e *Error) []byte {
	dst = appendID(dst, id)
	if e.Body != nil {
		dst = append(dst, `"ok":false,"error":`...)
		dst = append(dst, e.Body...)
		return append(dst, '}')
	}
	dst = append(dst, `"ok":false,"error":{"code":`...)
	dst = appendString(dst, e.Code)
	dst = append(dst, `,"message":`...)
	dst = appendString(dst, e.Message)
	dst = append(dst, `,"exit":`...)
	dst = strconv.AppendInt(dst, int64(e.Exit), 10)
	return append(dst, "}}"...)
}

// appendID opens an envelope: `{"id":ID,` on stdio; the HTTP facade has
// no ids (id is nil and hasID false there: see httpEnvelope).
func appendID(dst, id []byte) []byte {
	if id == nil {
		return append(dst, `{"id":null,`...)
	}
	dst = append(dst, `{"id":`...)
	dst = append(dst, id...)
	return append(dst, ',')
}

// appendString appends s as a JSON string (no HTML escaping; invalid
// UTF-8 replaced, as encoding/json does).
func appendString(dst []byte, s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return append(dst, bytes.TrimSuffix(b.Bytes(), []byte("\n"))...)
}

// helloResult renders the hello result: the seed's members, then
// stream_kinds (the kinds of stream a connection carries, each at most
// "streams" at a time). When stateful is false (HTTP, where a request is
// not a connection), the capabilities leave out the methods that need
// one, and stream_kinds is empty.
func helloResult(h Hello, stateful bool) []byte {
	skip := map[string]bool{}
	if !stateful {
		for _, m := range h.ConnectionOnly {
			skip[m] = true
		}
	}
	dst := []byte(`{"name":`)
	dst = appendString(dst, h.Name)
	dst = append(dst, `,"engine":`...)
	dst = appendString(dst, h.Engine)
	dst = append(dst, `,"protocol":`...)
	dst = strconv.AppendInt(dst, Protocol, 10)
	dst = append(dst, `,"capabilities":[`...)
	n := 0
	for _, c := range h.Capabilities {
		if skip[c] {
			continue
		}
		if n > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, c)
		n++
	}
	dst = append(dst, `],"streams":1,"stream_kinds":[`...)
	if stateful {
		for i, k := range h.StreamKinds {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendString(dst, k)
		}
	}
	return append(dst, `]}`...)
}

// call runs one method on s, turning a panic into an E070 error: the
// request gets exactly one answer and the connection stays usable.
func call(ctx context.Context, s Session, method string, params []byte, logf func(string, ...any)) (result []byte, exit int, e *Error) {
	defer func() {
		if r := recover(); r != nil {
			logf("smithy serve: %s: handler fault: %v", method, r)
			result, exit, e = nil, 0, &Error{Code: CodeInternal, Message: fmt.Sprintf("internal error in %s: %v", method, r), Exit: 1}
		}
	}()
	res, code, err := s.Call(ctx, method, params)
	if err != nil {
		if se, ok := err.(*Error); ok {
			return nil, 0, se
		}
		return nil, 0, &Error{Code: CodeInternal, Message: "internal error: " + err.Error(), Exit: 1}
	}
	return res, code, nil
}
