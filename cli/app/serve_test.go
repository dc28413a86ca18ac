package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/methods"
	"github.com/smithy-validation/go/cli/serve"
)

var calculator = filepath.Join("..", "..", "examples", "calculator")

// envelope is a decoded response line.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	OK     bool            `json:"ok"`
	Exit   int             `json:"exit"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Exit    int    `json:"exit"`
	} `json:"error"`
}

// parseLines parses every stdout line as an envelope: anything else on
// stdout fails the test.
func parseLines(t *testing.T, out string) []envelope {
	t.Helper()
	var envs []envelope
	for _, l := range strings.SplitAfter(out, "\n") {
		if l == "" {
			continue
		}
		if !strings.HasSuffix(l, "\n") {
			t.Fatalf("a stdout line without its line feed: %.200q", l)
		}
		var e envelope
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := json.Unmarshal([]byte(l), &e); err != nil || (e.OK == (e.Error != nil)) {
			t.Fatalf("stdout line is not an envelope (%v): %.200q", err, l)
		}
		envs = append(envs, e)
	}
	return envs
}

// faulty wraps the real methods with one that panics, for the fault test.
type faulty struct{ serve.Handler }

func (f faulty) Open(stateful bool) serve.Session { return faultySession{f.Handler.Open(stateful)} }

type faultySession struct{ serve.Session }

func (s faultySession) Call(ctx context.Context, method string, params []byte) ([]byte, int, error) {
	if method == "fault" {
		var m map[string]int
		m["x"]++ // a nil map write: a real runtime panic
	}
	return s.Session.Call(ctx, method, params)
}

// newHandler returns the server's methods with o, failing the test when
// they cannot be made.
func newHandler(t testing.TB, o methods.HandlerOptions) serve.Handler {
	t.Helper()
	h, err := methods.NewHandler(o)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// repoRoot is the root the tests that name the examples serve.
const repoRoot = "../.."

func modelParam(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join(calculator, "calculator.smithy"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(p)
	return `[{"path":` + string(b) + `}]`
}

// TestServeAcceptance: a malformed line, a 9 MiB line, an unknown method,
// a missing parameter and a handler fault each get exactly one error
// envelope, and the request after each is answered; stdout holds protocol
// lines only.
func TestServeAcceptance(t *testing.T) {
	models := modelParam(t)
	good := func(id int) string {
		return fmt.Sprintf(`{"id":%d,"method":"validate-value","params":{"models":%s,"shape":"example#SubtractInput","value":{"text":"{\"minuend\":1,\"subtrahend\":2}"}}}`, id, models)
	}
	in := strings.Join([]string{
		`{"id":1,"method":"hello"}`,
		`{"id":2,"method":`, good(3),
		`{"id":4,"method":"validate-value","params":{"x":"` + strings.Repeat("y", 9<<20) + `"}}`, good(5),
		`{"id":6,"method":"no-such-method"}`, good(7),
		fmt.Sprintf(`{"id":8,"method":"validate-value","params":{"models":%s,"value":{"text":"1"}}}`, models), good(9),
		`{"id":10,"method":"fault"}`, good(11),
		`{"id":12,"method":"exchange.feed","params":{"lines":""}}`, good(13),
	}, "\n") + "\n"
	var out, errw bytes.Buffer
	if err := serve.Stdio(faulty{newHandler(t, methods.HandlerOptions{Root: repoRoot})}, strings.NewReader(in), &out, &errw); err != nil {
		t.Fatal(err)
	}
	envs := parseLines(t, out.String())
	wantErr := map[int]string{1: "E060", 3: "E050", 5: "E050", 7: "E050", 9: "E070", 11: "E050"}
	if len(envs) != 13 {
		t.Fatalf("%d responses to 13 requests:\n%s", len(envs), out.String())
	}
	for i, e := range envs {
		code, isErr := wantErr[i]
		switch {
		case isErr && (e.OK || e.Error.Code != code):
			t.Errorf("response %d: want error %s, got %.300s", i, code, strings.Split(out.String(), "\n")[i])
		case !isErr && (!e.OK || (i > 0 && e.Exit != 0)):
			t.Errorf("response %d: want a valid result, got %.300s", i, strings.Split(out.String(), "\n")[i])
		}
	}
	if !strings.Contains(errw.String(), "handler fault") {
		t.Errorf("the fault is not on stderr: %q", errw.String())
	}
	// The ids are echoed as written (the 9 MiB line's is not read).
	for i, want := range []string{"1", "null", "3", "null", "5", "6", "7", "8", "9", "10", "11", "12", "13"} {
		if string(envs[i].ID) != want {
			t.Errorf("response %d: id %s, want %s", i, envs[i].ID, want)
		}
	}
}

// cliCase is one command line and the same call as a request.
type cliCase struct {
	name   string
	args   []string // after "smithy"
	method string
	params string
}

func cliCases(t *testing.T) []cliCase {
	dir := t.TempDir()
	// The server's root is dir (see servedDir): the example files are copied in.
	copyIn := func(name string) string {
		data, err := os.ReadFile(filepath.Join(calculator, name))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	calc, call, reply, bad := copyIn("calculator.smithy"), copyIn("call.json"), copyIn("reply.json"), copyIn("bad-call.json")
	transcript := filepath.Join(dir, "t.jsonl")
	os.WriteFile(transcript, []byte(`{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[1,"x"],"id":1}}
{"from":"server","message":{"jsonrpc":"2.0","result":3,"id":1}}
{"from":"client","text":"{\"jsonrpc\": \"2.0\", \"method\""}
{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[1,2],"id":2}}
`), 0o644)
	discover := filepath.Join(dir, "discover.json")
	os.WriteFile(discover, []byte(`{"jsonrpc":"2.0","method":"rpc.discover","id":1}`), 0o644)
	extra := filepath.Join(dir, "extra.json")
	os.WriteFile(extra, []byte(`{"jsonrpc":"2.0","method":"subtract","params":{"minuend":1,"subtrahend":null,"x":1},"id":1,"trace":"t"}`), 0o644)
	broken := filepath.Join(dir, "broken.smithy")
	os.WriteFile(broken, []byte("$version: \"2\"\nnamespace x\nstructure S { a: Nope }\n"), 0o644)
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	m := `"models":[{"path":` + q(calc) + `}]`
	svc := m + `,"service":"example#Calculator","version":"2.0"`
	return []cliCase{
		{"message", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--message", bad, "--format", "json", calc},
			"validate-rpc", `{` + svc + `,"message":{"path":` + q(bad) + `}}`},
		{"pair", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--request", call, "--response", reply, "--format", "json", calc},
			"validate-rpc", `{` + svc + `,"request":{"path":` + q(call) + `},"response":{"path":` + q(reply) + `}}`},
		{"transcript", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--transcript", transcript, "--complete", "--format", "json", calc},
			"validate-rpc", `{` + svc + `,"transcript":{"path":` + q(transcript) + `},"complete":true}`},
		{"system extension", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--extension", "rpc.discover", "--message", discover, "--format", "json", calc},
			"validate-rpc", `{` + svc + `,"extension":["rpc.discover"],"message":{"path":` + q(discover) + `}}`},
		{"policies", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--unknown-members", "reject", "--nulls", "reject", "--envelope-extensions", "warn", "--message", extra, "--format", "json", calc},
			"validate-rpc", `{` + svc + `,"unknown_members":"reject","nulls":"reject","envelope_extensions":"warn","message":{"path":` + q(extra) + `}}`},
		{"method context", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--method", "subtract", "--message", reply, "--format", "json", calc},
			"validate-rpc", `{` + svc + `,"method":"subtract","message":{"path":` + q(reply) + `}}`},
		{"bad policy", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--nulls", "maybe", "--message", extra, "--format", "json", calc},
			"validate-rpc", `{` + svc + `,"nulls":"maybe","message":{"path":` + q(extra) + `}}`},
		{"openrpc with a system extension", []string{"openrpc", "--service", "example#Calculator", "--extension", "rpc.discover", calc}, "openrpc", `{` + m + `,"service":"example#Calculator","extension":["rpc.discover"]}`},
		{"envelope only", []string{"validate-rpc", "--version", "1.0", "--message", call, "--format", "json"},
			"validate-rpc", `{"version":"1.0","message":{"path":` + q(call) + `}}`},
		{"value", []string{"validate-value", "--shape", "example#SubtractInput", "--value", bad, "--format", "json", calc},
			"validate-value", `{` + m + `,"shape":"example#SubtractInput","value":{"path":` + q(bad) + `}}`},
		{"validate", []string{"validate", "--format", "json", calc}, "validate", `{` + m + `}`},
		{"validate broken", []string{"validate", "--format", "json", broken}, "validate", `{"models":[{"path":` + q(broken) + `}]}`},
		{"ast", []string{"ast", calc}, "ast", `{` + m + `}`},
		{"openrpc", []string{"openrpc", "--service", "example#Calculator", "--naming", "jsonName", calc}, "openrpc", `{` + m + `,"service":"example#Calculator","naming":"jsonName"}`},
		{"openrpc bad setting", []string{"openrpc", "--service", "example#Calculator", "--nulls", "maybe", calc}, "openrpc", `{` + m + `,"service":"example#Calculator","nulls":"maybe"}`},
		{"model errors", []string{"validate-value", "--shape", "x#S", "--value", call, "--format", "json", broken},
			"validate-value", `{"models":[{"path":` + q(broken) + `}],"shape":"x#S","value":{"path":` + q(call) + `}}`},
		{"missing file", []string{"validate-rpc", "--version", "2.0", "--message", filepath.Join(dir, "nope.json"), "--format", "json"},
			"validate-rpc", `{"version":"2.0","message":{"path":` + q(filepath.Join(dir, "nope.json")) + `}}`},
	}
}

// servedDir is the directory of the cases' files: the server's root.
func servedDir(cases []cliCase) string {
	for _, c := range cases {
		if c.name == "validate" {
			return filepath.Dir(c.args[len(c.args)-1])
		}
	}
	panic("no validate case")
}

// expect runs the command line in-process and returns what the server
// must answer: the output (compacted for ast) and exit code.
func expect(t *testing.T, c cliCase) (string, int) {
	var out, errw bytes.Buffer
	code := Run(append([]string{"smithy"}, c.args...), strings.NewReader(""), &out, &errw)
	res := strings.TrimSuffix(out.String(), "\n")
	if c.method == "ast" || c.method == "openrpc" {
		var b bytes.Buffer
		json.Compact(&b, out.Bytes())
		res = b.String()
	}
	return res, code
}

func check(t *testing.T, who string, c cliCase, e envelope, want string, code int) {
	t.Helper()
	switch {
	case e.OK && (string(e.Result) != want || e.Exit != code):
		t.Errorf("%s %s: exit %d\n%s\nthe command: exit %d\n%s", who, c.name, e.Exit, e.Result, code, want)
	// A failure is an error envelope; the command prints nothing, or
	// (with --format json) its JSON error document.
	case !e.OK && ((want != "" && !strings.HasPrefix(want, `{"valid":false,"error":{`)) || e.Error.Exit != code):
		t.Errorf("%s %s: error %+v; the command: exit %d, %q", who, c.name, *e.Error, code, want)
	}
}

// TestServeConcurrent runs 8 HTTP clients and a stdio client at once
// against one model cache: every result is byte-identical to the
// command's output, with its exit code. Then the HTTP server shuts down
// gracefully.
func TestServeConcurrent(t *testing.T) {
	cases := cliCases(t)
	want := make([]string, len(cases))
	codes := make([]int, len(cases))
	for i, c := range cases {
		want[i], codes[i] = expect(t, c)
	}
	h := newHandler(t, methods.HandlerOptions{Cache: load.NewCache(4, 0), Root: servedDir(cases)})
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	served := make(chan error, 1)
	go func() {
		// A generous grace: the test asserts a clean shutdown, not its speed
		// (on a busy machine a connection may take seconds to wind down).
		served <- serve.ServeHTTP(ctx, h, "127.0.0.1:0", serve.HTTPOptions{}, 60*time.Second, func(a net.Addr) { addrc <- a })
	}()
	base := "http://" + (<-addrc).String()

	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for round := 0; round < 3; round++ {
				for i := range cases {
					c := cases[(i+g)%len(cases)]
					resp, err := http.Post(base+"/v1/"+c.method, "application/json", strings.NewReader(c.params))
					if err != nil {
						t.Error(err)
						return
					}
					body, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					var e envelope
					if err := json.Unmarshal(body, &e); err != nil {
						t.Errorf("http %s: %v: %s", c.name, err, body)
						return
					}
					j := (i + g) % len(cases)
					check(t, "http", c, e, want[j], codes[j])
					if e.OK != (resp.StatusCode == 200) {
						t.Errorf("http %s: status %d for ok=%v", c.name, resp.StatusCode, e.OK)
					}
				}
			}
		}(g)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		pr, pw := io.Pipe()
		var out bytes.Buffer
		done := make(chan error, 1)
		go func() { done <- serve.Stdio(h, pr, &out, io.Discard) }()
		for round := 0; round < 3; round++ {
			for i, c := range cases {
				fmt.Fprintf(pw, `{"id":%d,"method":%q,"params":%s}`+"\n", i, c.method, c.params)
			}
		}
		pw.Close()
		if err := <-done; err != nil {
			t.Error(err)
		}
		envs := parseLines(t, out.String())
		if len(envs) != 3*len(cases) {
			t.Errorf("stdio: %d responses for %d requests", len(envs), 3*len(cases))
			return
		}
		for k, e := range envs {
			check(t, "stdio", cases[k%len(cases)], e, want[k%len(cases)], codes[k%len(cases)])
		}
	}()
	wg.Wait()
	http.DefaultClient.CloseIdleConnections()
	cancel()
	if err := <-served; err != nil {
		t.Errorf("graceful shutdown: %v", err)
	}
	if _, err := http.Post(base+"/v1/hello", "application/json", nil); err == nil {
		t.Error("the server still answers after shutdown")
	}
}

// TestHTTPStatus checks the facade's status codes and envelopes.
func TestHTTPStatus(t *testing.T) {
	srv := &http.Server{Handler: serve.NewHTTPHandler(newHandler(t, methods.HandlerOptions{Root: repoRoot}), serve.HTTPOptions{MaxBody: 1 << 10})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()
	base := "http://" + ln.Addr().String()
	for _, tc := range []struct {
		name, verb, path, body string
		status                 int
		code                   string
	}{
		{"hello", "POST", "/v1/hello", "", 200, ""},
		{"get", "GET", "/v1/validate", "", 405, "E050"},
		{"unknown method", "POST", "/v1/nope", "{}", 404, "E050"},
		{"unknown path", "POST", "/other", "{}", 404, "E050"},
		{"stream", "POST", "/v1/exchange.start", "{}", 404, "E050"},
		{"not an object", "POST", "/v1/validate", "[1]", 400, "E060"},
		{"missing models", "POST", "/v1/validate", "{}", 400, "E050"},
		{"bad type", "POST", "/v1/validate", `{"models":"x"}`, 400, "E050"},
		{"too large", "POST", "/v1/validate", `{"models":[{"name":"a.smithy","text":"` + strings.Repeat(" ", 2<<10) + `"}]}`, 413, "E050"},
		{"model error", "POST", "/v1/ast", `{"models":[{"name":"a.smithy","text":"namespace"}]}`, 422, "E030"},
		{"input error", "POST", "/v1/ast", `{"models":[{"path":"nonexistent/x.smithy"}]}`, 422, "E040"},
		{"outside the root", "POST", "/v1/ast", `{"models":[{"path":"/nonexistent/x.smithy"}]}`, 403, "E041"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.verb, base+tc.path, strings.NewReader(tc.body))
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var e envelope
			if err := json.Unmarshal(body, &e); err != nil {
				t.Fatalf("%v: %s", err, body)
			}
			if resp.StatusCode != tc.status || (tc.code == "") != e.OK || (e.Error != nil && e.Error.Code != tc.code) {
				t.Errorf("status %d, body %s; want %d %s", resp.StatusCode, body, tc.status, tc.code)
			}
			if resp.Header.Get("Content-Type") != "application/json" {
				t.Errorf("content type %q", resp.Header.Get("Content-Type"))
			}
		})
	}
}

// TestServeCommand runs `smithy serve --stdio` through Run: usage errors,
// and a session that ends at end of input with exit 0.
func TestServeCommand(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"neither", []string{"serve"}, exitcode.Usage},
		{"both", []string{"serve", "--stdio", "--http", ":0"}, exitcode.Usage},
		{"arguments", []string{"serve", "--stdio", "x.smithy"}, exitcode.Usage},
		{"bad addr", []string{"serve", "--http", "a:b:c"}, exitcode.Usage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errw bytes.Buffer
			if code := Run(append([]string{"smithy"}, tc.args...), strings.NewReader(""), &out, &errw); code != tc.code || out.Len() != 0 {
				t.Errorf("exit %d (want %d), stdout %q, stderr %q", code, tc.code, out.String(), errw.String())
			}
		})
	}
	var out, errw bytes.Buffer
	in := "{\"id\":\"a\",\"method\":\"hello\"}\n{\"id\":\"b\",\"method\":\"validate\",\"params\":{\"models\":[{\"name\":\"m.smithy\",\"text\":\"$version: \\\"2\\\"\\nnamespace m\\nstring S\\n\"}]}}"
	if code := Run([]string{"smithy", "serve", "--stdio"}, strings.NewReader(in), &out, &errw); code != 0 {
		t.Fatalf("exit %d: %s", code, errw.String())
	}
	envs := parseLines(t, out.String())
	if len(envs) != 2 || string(envs[1].Result) != `{"valid":true,"events":[]}` || errw.Len() != 0 {
		t.Errorf("got %q, stderr %q", out.String(), errw.String())
	}
}

// TestExchangeStream feeds a transcript through exchange.feed (in chunks
// and one message at a time) and checks that the findings and messages
// add up to what validate-rpc --transcript prints.
func TestExchangeStream(t *testing.T) {
	var tc cliCase
	for _, c := range cliCases(t) {
		if c.name == "transcript" {
			tc = c
		}
	}
	want, code := expect(t, tc)
	var doc struct {
		Findings []json.RawMessage `json:"findings"`
		Messages []json.RawMessage `json:"messages"`
	}
	json.Unmarshal([]byte(want), &doc)
	data, err := os.ReadFile(tc.args[len(tc.args)-5])
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	models := modelParam(t)
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	reqs := []string{
		`{"id":0,"method":"exchange.feed","params":{"lines":"x"}}`,
		`{"id":1,"method":"exchange.start","params":{"models":` + models + `,"service":"example#Calculator","version":"2.0"}}`,
		`{"id":2,"method":"exchange.start","params":{"models":` + models + `,"service":"example#Calculator","version":"2.0"}}`,
		`{"id":3,"method":"exchange.feed","params":{"lines":` + q(lines[0]+lines[1]) + `}}`,
		`{"id":4,"method":"exchange.feed","params":{"lines":` + q(lines[2]) + `}}`,
		`{"id":5,"method":"exchange.feed","params":{"lines":` + q(lines[3]) + `}}`,
		`{"id":6,"method":"exchange.finish","params":{"complete":true}}`,
		`{"id":7,"method":"exchange.finish"}`,
		// A message fed with "from": its positions are in the message.
		`{"id":8,"method":"exchange.start","params":{"version":"2.0"}}`,
		`{"id":9,"method":"exchange.feed","params":{"from":"client","message":{"jsonrpc":"2.0","method":"x","id":[]}}}`,
		`{"id":10,"method":"exchange.feed","params":{"from":"client","text":"{"}}`,
		`{"id":11,"method":"exchange.finish","params":{"complete":false}}`,
	}
	var out bytes.Buffer
	if err := serve.Stdio(newHandler(t, methods.HandlerOptions{Root: repoRoot}), strings.NewReader(strings.Join(reqs, "\n")), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	envs := parseLines(t, out.String())
	if len(envs) != len(reqs) {
		t.Fatalf("%d responses: %s", len(envs), out.String())
	}
	for _, i := range []int{0, 2, 7} {
		if envs[i].OK || envs[i].Error.Code != "E050" {
			t.Errorf("response %d: want E050 (stream state), got %s", i, strings.Split(out.String(), "\n")[i])
		}
	}
	var findings, messages []string
	for _, e := range envs[3:6] {
		var part struct {
			Findings []json.RawMessage `json:"findings"`
			Messages []json.RawMessage `json:"messages"`
		}
		if err := json.Unmarshal(e.Result, &part); err != nil {
			t.Fatalf("%v: %s", err, e.Result)
		}
		for _, f := range part.Findings {
			findings = append(findings, string(f))
		}
		for _, m := range part.Messages {
			messages = append(messages, string(m))
		}
	}
	var wantMsgs []string
	for _, m := range doc.Messages {
		wantMsgs = append(wantMsgs, string(m))
	}
	if strings.Join(messages, "\n") != strings.Join(wantMsgs, "\n") {
		t.Errorf("messages fed:\n%s\nthe command's:\n%s", strings.Join(messages, "\n"), strings.Join(wantMsgs, "\n"))
	}
	finish := string(envs[6].Result)
	wantFinish := strings.TrimSuffix(want[:strings.Index(want, `,"messages":`)], "") + "}"
	if finish != wantFinish || envs[6].Exit != code {
		t.Errorf("finish: exit %d\n%s\nthe command without messages: exit %d\n%s", envs[6].Exit, finish, code, wantFinish)
	}
	var wantFindings []string
	for _, f := range doc.Findings {
		if !strings.Contains(string(f), "response-missing") {
			wantFindings = append(wantFindings, string(f))
		}
	}
	if strings.Join(findings, "\n") != strings.Join(wantFindings, "\n") {
		t.Errorf("findings fed:\n%s\nthe command's (less those of finish):\n%s", strings.Join(findings, "\n"), strings.Join(wantFindings, "\n"))
	}
	wantFrom := []string{
		`{"findings":[{"severity":"error","class":"envelope","code":"id-type","index":0,"path":"/id","line":1,"column":36,"message":"the id must be a string, a number or null, not an array"}],"messages":[{"index":0,"kind":"invalid","id":[],"method":"x","rpc_error":-32600}]}`,
		`{"findings":[{"severity":"error","class":"envelope","code":"parse-error","index":1,"path":"","line":1,"column":2,"message":"not valid JSON: unexpected end of input: expected string for object key or '}' (in object started at 1:1)"}],"messages":[{"index":1,"kind":"invalid","rpc_error":-32700}]}`,
	}
	for i, e := range envs[9:11] {
		if string(e.Result) != wantFrom[i] || e.Exit != 1 {
			t.Errorf("feed with from %d: exit %d %s\nwant %s", i, e.Exit, e.Result, wantFrom[i])
		}
	}
	if !envs[11].OK || !strings.HasPrefix(string(envs[11].Result), `{"valid":false,"complete":true,"scope":"envelope","findings":[{`) {
		t.Errorf("the second finish: %s", strings.Split(out.String(), "\n")[11])
	}
}
