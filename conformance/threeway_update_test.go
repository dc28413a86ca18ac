package conformance

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// terminate asks a server to stop as an init system would.
func terminate(p *os.Process) { p.Signal(syscall.SIGTERM) }

// updateCases rewrites cases.jsonl: the hand-written cases as they are,
// then one case per JSON-RPC adversarial fixture (those without reader or
// payload options, which the command has no flags for), each pinning the
// library's whole result.
func updateCases(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var out []threeCase
	for _, c := range readThreeCases(t) {
		if c.Source == "" || c.Source == "hand" {
			out = append(out, c)
		}
	}
	raw := func(v any) json.RawMessage { b, _ := json.Marshal(v); return b }
	text := func(s string) map[string]string { return map[string]string{"text": s} }
	add := func(name, source, method string, params map[string]any) {
		c := threeCase{Name: name, Source: source, Method: method, Params: raw(params)}
		o := viaLibrary(t, root, c)
		c.Exit = o.exit
		if o.failed {
			c.Error = raw(map[string]string{"code": map[int]string{2: "E050", 3: "E030", 4: "E040"}[o.exit]})
		} else {
			c.Result = o.result
		}
		out = append(out, c)
	}
	models := map[string][2]string{
		"calculator": {"conformance/testdata/rpc-calculator.smithy", "example#Calculator"},
		"chat":       {"conformance/testdata/rpc-chat.smithy", "example#Chat"},
	}
	for _, a := range readAdversarial(t) {
		if len(a.Reader) > 0 || len(a.Payload) > 0 {
			continue
		}
		p := map[string]any{"version": a.Version}
		if a.Model != nil {
			m := models[*a.Model]
			p["models"] = []map[string]string{{"path": m[0]}}
			p["service"] = m[1]
		}
		switch a.Mode {
		case "message":
			var s string
			json.Unmarshal(a.Input, &s)
			p["message"] = text(s)
		case "pair":
			var s []string
			json.Unmarshal(a.Input, &s)
			p["request"], p["response"] = text(s[0]), text(s[1])
		case "transcript":
			var s []string
			json.Unmarshal(a.Input, &s)
			p["transcript"] = text(strings.Join(s, "\n"))
			if a.Complete {
				p["complete"] = true
			}
		}
		add("rpc/"+a.Name, "rpc-adversarial", "validate-rpc", p)
	}
	var b strings.Builder
	for _, c := range out {
		line, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	if err := os.WriteFile("cases.jsonl", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("cases.jsonl: %d cases", len(out))
}

func must(s string, err error) string {
	if err != nil {
		panic(err)
	}
	return s
}

// corpusThreeCases are the cases made at run time from the external
// corpus, read in place and never copied into the repository: the
// reference's node-validation cases (value against shape), and every
// example of the JSON-RPC 2.0 and 1.0 specifications (the request alone,
// and with its response when the specification gives one; the 1.0 chat
// as a whole transcript). Nothing is pinned (Exit -1): the four paths
// must agree byte for byte, and the modules' own verdicts on these
// corpora are checked by nodevalidation_test.go and rpc_test.go.
func corpusThreeCases(t *testing.T, root string) []threeCase {
	var out []threeCase
	raw := func(v any) json.RawMessage { b, _ := json.Marshal(v); return b }
	text := func(s string) map[string]string { return map[string]string{"text": s} }
	add := func(name, method string, params map[string]any) {
		out = append(out, threeCase{Name: name, Source: "corpus", Method: method, Params: raw(params), Exit: -1})
	}
	rel := func(p string) string {
		abs, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		r, err := filepath.Rel(root, abs)
		if err != nil {
			t.Fatal(err)
		}
		return filepath.ToSlash(r)
	}
	dir := corpusPath(t, "smithy/node-validation")
	nodeModel := []map[string]string{{"path": rel(filepath.Join(dir, "node-validator.json"))}}
	for i, c := range readNodeCases(t, filepath.Join(dir, "cases.jsonl")) {
		add(fmt.Sprintf("corpus/node-validation/%03d %s", i+1, c.Shape), "validate-value",
			map[string]any{"models": nodeModel, "shape": c.Shape, "value": text(c.Value)})
	}
	rpcDir := corpusPath(t, "jsonrpc")
	calc := map[string]any{"models": []map[string]string{{"path": "conformance/testdata/rpc-calculator.smithy"}}, "service": "example#Calculator", "version": "2.0"}
	chat := map[string]any{"models": []map[string]string{{"path": "conformance/testdata/rpc-chat.smithy"}}, "service": "example#Chat", "version": "1.0"}
	with := func(base map[string]any, k string, v any, more ...any) map[string]any {
		m := map[string]any{k: v}
		for kk, vv := range base {
			m[kk] = vv
		}
		for i := 0; i+1 < len(more); i += 2 {
			m[more[i].(string)] = more[i+1]
		}
		return m
	}
	for _, file := range []string{"jsonrpc2_examples.jsonl", "jsonrpc1_examples.jsonl"} {
		data, err := os.ReadFile(filepath.Join(rpcDir, file))
		if err != nil {
			t.Fatal(err)
		}
		base, prefix := calc, "corpus/jsonrpc2/"
		if file == "jsonrpc1_examples.jsonl" {
			base, prefix = chat, "corpus/jsonrpc1/"
		}
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var ex jsonrpc1Example
			if err := json.Unmarshal([]byte(l), &ex); err != nil {
				t.Fatal(err)
			}
			if ex.Name == "chat_transcript_full" {
				var msgs [][2]string
				for _, ln := range strings.Split(ex.Request, "\n") {
					from := "client"
					if strings.HasPrefix(ln, "<-- ") {
						from = "server"
					}
					msgs = append(msgs, [2]string{from, strings.TrimPrefix(strings.TrimPrefix(ln, "--> "), "<-- ")})
				}
				add(prefix+ex.Name, "validate-rpc", with(base, "transcript", text(transcriptOf(msgs...)), "complete", true))
				continue
			}
			add(prefix+ex.Name, "validate-rpc", with(base, "message", text(ex.Request)))
			if ex.Response != nil {
				add(prefix+ex.Name+" with response", "validate-rpc", with(base, "request", text(ex.Request), "response", text(*ex.Response)))
			}
		}
	}
	return out
}
