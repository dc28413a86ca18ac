package conformance

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The JSON-RPC conformance tests: every example of the JSON-RPC 2.0 and
// 1.0 specifications (read from ../shared/corpus/jsonrpc, never copied),
// the Ethereum execution-apis exchanges, the adversarial fixtures of
// testdata/rpc-adversarial.jsonl, and the coverage table of
// docs/rpc-rule-coverage.md.

// rpcModel assembles testdata/<file> with the smithy.rpc and alloy traits.
func rpcModel(t *testing.T, file string) *model.Model {
	t.Helper()
	return rpcModelFiles(t, filepath.Join("testdata", file))
}

// rpcModelFiles assembles the files with the smithy.rpc and alloy traits
// (the alloy ones as fallback definitions) and fails
// the test on any ERROR event.
func rpcModelFiles(t *testing.T, files ...string) *model.Model {
	t.Helper()
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := sv.AddAlloyTraits(a); err != nil { // as the smithy command loads them
		t.Fatal(err)
	}
	for _, f := range files {
		if err := a.AddPath(f); err != nil {
			t.Fatal(err)
		}
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Events {
		if e.Severity == model.ErrorSeverity {
			t.Fatalf("%v: %s", files, e)
		}
	}
	return res.Model
}

func rpcService(t *testing.T, file, id string, v rpc.ProtocolVersion, opts ...rpc.Option) *rpc.PreparedService {
	t.Helper()
	s, err := rpc.Prepare(rpcModel(t, file), shapeid.MustParse(id), append([]rpc.Option{rpc.Version(v)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// summaryText renders a message summary as the tests write them:
// "[index/element ]kind[ id=..][ method=..][ rpc_error=..]".
func summaryText(m rpc.MessageSummary, withIndex bool) string {
	var b strings.Builder
	if withIndex {
		b.WriteString(strconv.Itoa(m.Index))
		if m.Element >= 0 {
			b.WriteString("/" + strconv.Itoa(m.Element))
		}
		b.WriteByte(' ')
	}
	b.WriteString(m.Kind.String())
	if m.ID.IsPresent() {
		b.WriteString(" id=" + m.ID.String())
	}
	if m.HasMethod {
		b.WriteString(" method=" + m.Method)
	}
	if m.RPCError != 0 {
		b.WriteString(" rpc_error=" + strconv.Itoa(m.RPCError))
	}
	return b.String()
}

func summaries(r *rpc.Result, withIndex bool) []string {
	out := []string{}
	for _, m := range r.Messages {
		out = append(out, summaryText(m, withIndex))
	}
	return out
}

// findingText renders a finding as "code [index]path" (the path "" for
// the root).
func findingText(f sv.Finding) string {
	p := f.Path.String()
	if p == "" {
		p = `""`
	}
	if i, ok := f.Path.Document(); ok {
		p = "[" + strconv.Itoa(i) + "]" + p
	}
	return string(f.Code) + " " + p
}

func findingTexts(r *rpc.Result) []string {
	out := []string{}
	for _, f := range r.Findings {
		out = append(out, findingText(f))
	}
	return out
}

// transcriptOf writes messages as a transcript: valid JSON as "message",
// anything else as "text".
func transcriptOf(msgs ...[2]string) string {
	var b strings.Builder
	for _, m := range msgs {
		if json.Valid([]byte(m[1])) {
			var compact strings.Builder
			n, _ := node.ParseString(m[1], node.DuplicateKeys(node.KeepDuplicates))
			compact.Write(node.Marshal(n))
			fmt.Fprintf(&b, `{"from":%q,"message":%s}`+"\n", m[0], compact.String())
		} else {
			t, _ := json.Marshal(m[1])
			fmt.Fprintf(&b, `{"from":%q,"text":%s}`+"\n", m[0], t)
		}
	}
	return b.String()
}

type jsonrpc2Example struct {
	Name               string  `json:"name"`
	Request            string  `json:"request"`
	Response           *string `json:"response"`
	RequestIsValidJSON bool    `json:"request_is_valid_json"`
}

// jsonrpc2Want is what each example of JSON-RPC 2.0 section 7 must give:
// the request's summaries and the findings of the request/response
// exchange (all on the request: the specification's responses are correct
// answers).
var jsonrpc2Want = map[string]struct {
	request  []string
	exchange []string
}{
	"positional_params_1":        {[]string{"request id=1 method=subtract"}, nil},
	"positional_params_2":        {[]string{"request id=2 method=subtract"}, nil},
	"named_params_1":             {[]string{"request id=3 method=subtract"}, nil},
	"named_params_2":             {[]string{"request id=4 method=subtract"}, nil},
	"notification_update":        {[]string{"notification method=update"}, nil},
	"notification_foobar":        {[]string{"notification method=foobar rpc_error=-32601"}, []string{"method-not-found [0]/method"}},
	"nonexistent_method":         {[]string{`request id="1" method=foobar rpc_error=-32601`}, []string{"method-not-found [0]/method"}},
	"invalid_json":               {[]string{"invalid rpc_error=-32700"}, []string{`parse-error [0]""`}},
	"invalid_request_object":     {[]string{"invalid rpc_error=-32600"}, []string{"method-type [0]/method", "params-type [0]/params"}},
	"batch_invalid_json":         {[]string{"invalid rpc_error=-32700"}, []string{`parse-error [0]""`}},
	"batch_empty_array":          {[]string{"invalid rpc_error=-32600"}, []string{`batch-empty [0]""`}},
	"batch_invalid_nonempty_[1]": {[]string{"batch", "invalid rpc_error=-32600"}, []string{"not-object [0]/0"}},
	"batch_invalid_[1,2,3]": {[]string{"batch", "invalid rpc_error=-32600", "invalid rpc_error=-32600", "invalid rpc_error=-32600"},
		[]string{"not-object [0]/0", "not-object [0]/1", "not-object [0]/2"}},
	"batch_mixed": {[]string{"batch", `request id="1" method=sum`, "notification method=notify_hello", `request id="2" method=subtract`,
		"invalid rpc_error=-32600", `request id="5" method=foo.get rpc_error=-32601`, `request id="9" method=get_data`},
		[]string{"method-missing [0]/3", "version-missing [0]/3", "method-not-found [0]/4/method"}},
	"batch_all_notifications": {[]string{"batch", "notification method=notify_sum", "notification method=notify_hello"}, nil},
}

// TestJSONRPC2Examples checks every example of JSON-RPC 2.0 section 7:
// each request's classification, the error code a conforming server
// answers each malformed or failing request with (it must be the code of
// the specification's own response), and the request/response exchange,
// in which the specification's responses raise no finding.
func TestJSONRPC2Examples(t *testing.T) {
	path := filepath.Join(corpusPath(t, "jsonrpc"), "jsonrpc2_examples.jsonl")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := rpcService(t, "rpc-calculator.smithy", "example#Calculator", rpc.V2_0)
	seen := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var ex jsonrpc2Example
		if err := json.Unmarshal([]byte(l), &ex); err != nil {
			t.Fatal(err)
		}
		seen[ex.Name] = true
		want, ok := jsonrpc2Want[ex.Name]
		if !ok {
			t.Errorf("%s: an example this test does not know", ex.Name)
			continue
		}
		req := s.ValidateMessage([]byte(ex.Request))
		if got := summaries(req, false); !slices.Equal(got, want.request) {
			t.Errorf("%s: request summaries\n got %q\nwant %q", ex.Name, got, want.request)
		}
		if ex.RequestIsValidJSON == (req.Messages[0].RPCError == rpc.ParseError) {
			t.Errorf("%s: request_is_valid_json=%v but rpc_error=%d", ex.Name, ex.RequestIsValidJSON, req.Messages[0].RPCError)
		}
		// The codes the server answers with are the codes our summaries
		// predict, for every request that is answered (not notifications).
		var predicted []int
		for _, m := range req.Messages {
			if m.RPCError != 0 && m.Kind != rpc.KindNotification {
				predicted = append(predicted, m.RPCError)
			}
		}
		answered := []int{}
		if ex.Response != nil {
			answered = errorCodes(t, *ex.Response)
		}
		sort.Ints(predicted)
		sort.Ints(answered)
		if fmt.Sprint(predicted) != fmt.Sprint(answered) && !(len(predicted) == 0 && len(answered) == 0) {
			t.Errorf("%s: predicted rpc_error %v, the specification answers %v", ex.Name, predicted, answered)
		}
		msgs := [][2]string{{"client", ex.Request}}
		if ex.Response != nil {
			msgs = append(msgs, [2]string{"server", *ex.Response})
		}
		x, err := s.ValidateTranscript(strings.NewReader(transcriptOf(msgs...)), true)
		if err != nil {
			t.Fatal(err)
		}
		if got := findingTexts(x); !slices.Equal(got, orEmpty(want.exchange)) {
			t.Errorf("%s: exchange findings\n got %q\nwant %q", ex.Name, got, orEmpty(want.exchange))
			for _, f := range x.Findings {
				t.Logf("  %s", f)
			}
		}
	}
	for name := range jsonrpc2Want {
		if !seen[name] {
			t.Errorf("%s: missing from the corpus", name)
		}
	}
	t.Logf("%d JSON-RPC 2.0 examples checked", len(seen))
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// errorCodes returns the error codes of a response or response array.
func errorCodes(t *testing.T, text string) []int {
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("response %q: %v", text, err)
	}
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	var out []int
	for _, e := range list {
		obj, _ := e.(map[string]any)
		if errObj, ok := obj["error"].(map[string]any); ok {
			out = append(out, int(errObj["code"].(float64)))
		}
	}
	if out == nil {
		out = []int{}
	}
	return out
}

type jsonrpc1Example struct {
	Name      string  `json:"name"`
	Request   string  `json:"request"`
	Response  *string `json:"response"`
	Direction string  `json:"request_direction"`
}

// TestJSONRPC1Examples checks JSON-RPC 1.0 section 4: the echo call, each
// chat message on its own and with its answer, and the whole chat
// transcript, in which the server calls back into the client with
// null-id notifications while the client's call 101 is outstanding.
func TestJSONRPC1Examples(t *testing.T) {
	path := filepath.Join(corpusPath(t, "jsonrpc"), "jsonrpc1_examples.jsonl")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := rpcService(t, "rpc-chat.smithy", "example#Chat", rpc.V1_0)
	want := map[string][]string{
		"echo":                                  {"0 request id=1 method=echo", "1 response id=1 method=echo"},
		"chat_postMessage_99":                   {"0 request id=99 method=postMessage", "1 response id=99 method=postMessage"},
		"chat_handleMessage_user1_notification": {"0 notification id=null method=handleMessage"},
		"chat_handleMessage_user3_notification": {"0 notification id=null method=handleMessage"},
		"chat_postMessage_101":                  {"0 request id=101 method=postMessage", "1 response id=101 method=postMessage"},
		"chat_userLeft_notification":            {"0 notification id=null method=userLeft"},
		"chat_transcript_full": {"0 request id=99 method=postMessage", "1 response id=99 method=postMessage",
			"2 notification id=null method=handleMessage", "3 notification id=null method=handleMessage",
			"4 request id=101 method=postMessage", "5 notification id=null method=userLeft", "6 response id=101 method=postMessage"},
	}
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var ex jsonrpc1Example
		if err := json.Unmarshal([]byte(l), &ex); err != nil {
			t.Fatal(err)
		}
		w, ok := want[ex.Name]
		if !ok {
			t.Errorf("%s: an example this test does not know", ex.Name)
			continue
		}
		n++
		var r *rpc.Result
		switch {
		case ex.Name == "chat_transcript_full":
			var msgs [][2]string
			for _, ln := range strings.Split(ex.Request, "\n") {
				switch {
				case strings.HasPrefix(ln, "--> "):
					msgs = append(msgs, [2]string{"client", ln[4:]})
				case strings.HasPrefix(ln, "<-- "):
					msgs = append(msgs, [2]string{"server", ln[4:]})
				default:
					t.Fatalf("transcript line %q", ln)
				}
			}
			if r, err = s.ValidateTranscript(strings.NewReader(transcriptOf(msgs...)), true); err != nil {
				t.Fatal(err)
			}
		case ex.Response != nil:
			r = s.ValidatePair([]byte(ex.Request), []byte(*ex.Response))
		default:
			// A notification sent by the service: nothing answers it.
			from := "client"
			if ex.Direction == "service->client" {
				from = "server"
			}
			if r, err = s.ValidateTranscript(strings.NewReader(transcriptOf([2]string{from, ex.Request})), true); err != nil {
				t.Fatal(err)
			}
		}
		if len(r.Findings) != 0 || !r.Valid {
			t.Errorf("%s: findings %q", ex.Name, findingTexts(r))
		}
		if got := summaries(r, true); !slices.Equal(got, w) {
			t.Errorf("%s: summaries\n got %q\nwant %q", ex.Name, got, w)
		}
	}
	if n != len(want) {
		t.Errorf("%d of %d examples found", n, len(want))
	}
	t.Logf("%d JSON-RPC 1.0 examples checked", n)
}

// TestEthereumExchanges checks the 232 recorded exchanges of
// ethereum/execution-apis with no service model: envelopes and exact-id
// correlation only, every transcript declared complete.
func TestEthereumExchanges(t *testing.T) {
	path := filepath.Join(corpusPath(t, "jsonrpc"), "ethereum-execution-apis-rpc-tests.jsonl")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := rpc.EnvelopeOnly(rpc.V2_0)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	total, passed, errorResponses := 0, 0, 0
	for sc.Scan() {
		var rec struct {
			File     string `json:"file"`
			Exchange []struct {
				Dir string `json:"dir"`
				Raw string `json:"raw"`
			} `json:"exchange"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		total++
		x := s.NewExchange()
		var kinds []string
		for _, m := range rec.Exchange {
			from := rpc.Client
			if m.Dir == "response" {
				from = rpc.Server
			}
			for _, sum := range x.Feed(from, []byte(m.Raw)) {
				kinds = append(kinds, sum.Kind.String())
				if sum.Kind == rpc.KindErrorResponse {
					errorResponses++
				}
			}
		}
		r := x.Finish(true)
		if r.Scope != rpc.ScopeEnvelope {
			t.Errorf("%s: scope %s", rec.File, r.Scope)
		}
		if len(r.Findings) != 0 {
			t.Errorf("%s: %q", rec.File, findingTexts(r))
			continue
		}
		passed++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if total != 232 || errorResponses != 47 {
		t.Errorf("corpus: %d exchanges with %d error responses, want 232 and 47", total, errorResponses)
	}
	if passed != total {
		t.Errorf("%d of %d exchanges pass", passed, total)
	}
	t.Logf("%d of %d Ethereum exchanges pass envelope and correlation checks (%d error responses)", passed, total, errorResponses)
}

// adversarialCase is one line of testdata/rpc-adversarial.jsonl.
type adversarialCase struct {
	Name     string          `json:"name"`
	Rows     []string        `json:"rows"`
	Model    *string         `json:"model"`
	Version  string          `json:"version"`
	Mode     string          `json:"mode"`
	Input    json.RawMessage `json:"input"`
	Complete bool            `json:"complete"`
	Findings []string        `json:"findings"`
	Messages []string        `json:"messages"`
	Reader   map[string]int  `json:"reader"`
	Payload  map[string]int  `json:"payload"`
	// Valid and CompleteResult, when set, are the expected verdict (by
	// default: valid exactly when no finding is an error, complete).
	Valid          *bool `json:"valid"`
	CompleteResult *bool `json:"complete_result"`
}

func readAdversarial(t *testing.T) []adversarialCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "rpc-adversarial.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var out []adversarialCase
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var c adversarialCase
		if err := json.Unmarshal([]byte(l), &c); err != nil {
			t.Fatalf("rpc-adversarial.jsonl:%d: %v", i+1, err)
		}
		out = append(out, c)
	}
	return out
}

// TestRPCAdversarial runs the adversarial fixtures: exact large and
// fractional ids, wrong case, absent versus null, arbitrary results,
// malformed errors, ambiguous ids, duplicate and unsolicited replies,
// partial transcripts and limits, each tagged with the rows of the seed's
// rule matrix it exercises.
func TestRPCAdversarial(t *testing.T) {
	services := map[string]*rpc.PreparedService{}
	for _, c := range readAdversarial(t) {
		t.Run(c.Name, func(t *testing.T) {
			v, err := rpc.ParseVersion(c.Version)
			if err != nil {
				t.Fatal(err)
			}
			var opts []rpc.Option
			key := c.Version
			if c.Model != nil {
				key += *c.Model
			}
			for k, n := range c.Reader {
				key += fmt.Sprintf("/%s=%d", k, n)
				switch k {
				case "max_depth":
					opts = append(opts, rpc.ReaderOptions(node.MaxDepth(n)))
				case "max_size":
					opts = append(opts, rpc.ReaderOptions(node.MaxSize(n)))
				case "max_number_length":
					opts = append(opts, rpc.ReaderOptions(node.MaxNumberLength(n)))
				default:
					t.Fatalf("reader option %q", k)
				}
			}
			for k, n := range c.Payload {
				key += fmt.Sprintf("/%s=%d", k, n)
				if k != "max_findings" {
					t.Fatalf("payload option %q", k)
				}
				opts = append(opts, rpc.PayloadOptions(sv.MaxFindings(n)))
			}
			s := services[key]
			if s == nil {
				switch {
				case c.Model == nil:
					s, err = rpc.EnvelopeOnly(v, opts...)
				case *c.Model == "calculator":
					s, err = rpc.Prepare(rpcModel(t, "rpc-calculator.smithy"), shapeid.MustParse("example#Calculator"), append(opts, rpc.Version(v))...)
				case *c.Model == "chat":
					s, err = rpc.Prepare(rpcModel(t, "rpc-chat.smithy"), shapeid.MustParse("example#Chat"), append(opts, rpc.Version(v))...)
				default:
					t.Fatalf("model %q", *c.Model)
				}
				if err != nil {
					t.Fatal(err)
				}
				services[key] = s
			}
			var r *rpc.Result
			switch c.Mode {
			case "message":
				var text string
				json.Unmarshal(c.Input, &text)
				r = s.ValidateMessage([]byte(text))
			case "pair":
				var texts []string
				json.Unmarshal(c.Input, &texts)
				r = s.ValidatePair([]byte(texts[0]), []byte(texts[1]))
			case "transcript":
				var lines []string
				json.Unmarshal(c.Input, &lines)
				if r, err = s.ValidateTranscript(strings.NewReader(strings.Join(lines, "\n")), c.Complete); err != nil {
					t.Fatal(err)
				}
			default:
				t.Fatalf("mode %q", c.Mode)
			}
			if got := findingTexts(r); !slices.Equal(got, orEmpty(c.Findings)) {
				t.Errorf("findings\n got %q\nwant %q", got, orEmpty(c.Findings))
				for _, f := range r.Findings {
					t.Logf("  %s", f)
				}
			}
			if c.Messages != nil {
				withIndex := c.Mode != "message"
				if got := summaries(r, withIndex); !slices.Equal(got, c.Messages) {
					t.Errorf("messages\n got %q\nwant %q", got, c.Messages)
				}
			}
			wantValid := true
			for _, f := range r.Findings {
				if f.Severity == sv.SeverityError {
					wantValid = false
				}
			}
			if c.Valid != nil {
				wantValid = *c.Valid
			}
			wantComplete := c.CompleteResult == nil || *c.CompleteResult
			if r.Valid != wantValid || r.Complete != wantComplete {
				t.Errorf("valid=%v complete=%v, want %v %v", r.Valid, r.Complete, wantValid, wantComplete)
			}
		})
	}
}

// seedRows returns the Source column of the seed's rule matrix.
func seedRows(t *testing.T) []string {
	t.Helper()
	path := filepath.Join("..", "..", "shared", "seeds", "002_259c90d18defe0b2.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("seed not found at %s: %v", path, err)
	}
	text := string(data)
	start := strings.Index(text, "## Rule and original-example coverage")
	if start < 0 {
		t.Fatal("no rule matrix in the seed")
	}
	text = text[start:]
	if end := strings.Index(text[3:], "\n## "); end >= 0 {
		text = text[:end+3]
	}
	var rows []string
	for _, l := range strings.Split(text, "\n") {
		cells := strings.Split(l, "|")
		if len(cells) < 4 || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") || strings.TrimSpace(cells[1]) == "Source" {
			continue
		}
		rows = append(rows, strings.TrimSpace(cells[1]))
	}
	return rows
}

var testName = regexp.MustCompile(`\b(Test[A-Za-z0-9_]+|Example[A-Za-z0-9_]*)\b`)

// TestRPCRuleCoverage keeps docs/rpc-rule-coverage.md honest: every row
// of the seed's rule matrix has a line, every test the table names exists
// (a Go test function in rpc or conformance, or a validate-rpc script),
// every adversarial case it names is in the fixtures, and every fixture
// names only real rows.
func TestRPCRuleCoverage(t *testing.T) {
	rows := seedRows(t)
	doc, err := os.ReadFile(filepath.Join("..", "docs", "rpc-rule-coverage.md"))
	if err != nil {
		t.Fatal(err)
	}
	table := map[string]string{}
	for _, l := range strings.Split(string(doc), "\n") {
		cells := strings.Split(l, "|")
		if len(cells) < 5 {
			continue
		}
		table[strings.TrimSpace(cells[1])] = l
	}
	funcs := map[string]bool{}
	for _, glob := range []string{"../rpc/*_test.go", "*_test.go"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range regexp.MustCompile(`(?m)^func ((?:Test|Example)[A-Za-z0-9_]*)\(`).FindAllStringSubmatch(string(src), -1) {
				funcs[m[1]] = true
			}
		}
	}
	scripts := map[string]bool{}
	files, _ := filepath.Glob("../cli/app/testdata/script/*.txtar")
	for _, f := range files {
		scripts[strings.TrimSuffix(filepath.Base(f), ".txtar")] = true
	}
	cases := map[string]bool{}
	rowSet := map[string]bool{}
	for _, r := range rows {
		rowSet[r] = true
	}
	for _, c := range readAdversarial(t) {
		cases[c.Name] = true
		for _, r := range c.Rows {
			if !rowSet[r] {
				t.Errorf("adversarial case %s names row %q, which is not in the seed's matrix", c.Name, r)
			}
		}
	}
	for _, r := range rows {
		l, ok := table[r]
		if !ok {
			t.Errorf("row %q of the seed's matrix is missing from docs/rpc-rule-coverage.md", r)
			continue
		}
		named := testName.FindAllString(l, -1)
		if len(named) == 0 && !strings.Contains(l, "transport") {
			t.Errorf("row %q names no test", r)
		}
		for _, n := range named {
			if !funcs[n] {
				t.Errorf("row %q names %s, which is not a test function in rpc or conformance", r, n)
			}
		}
		for _, m := range regexp.MustCompile("`script:([a-z0-9-]+)`").FindAllStringSubmatch(l, -1) {
			if !scripts[m[1]] {
				t.Errorf("row %q names script %s, which is not in cli/app/testdata/script", r, m[1])
			}
		}
		for _, m := range regexp.MustCompile("`adv:([^`]+)`").FindAllStringSubmatch(l, -1) {
			if !cases[m[1]] {
				t.Errorf("row %q names adversarial case %s, which is not in testdata/rpc-adversarial.jsonl", r, m[1])
			}
		}
	}
	t.Logf("%d rows, %d tests, %d adversarial cases", len(rows), len(funcs), len(cases))
}
