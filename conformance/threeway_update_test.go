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
// payload options, which the command has no flags for) and per
// node-validation case of the reference, each pinning the library's whole
// result.
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
	dir := corpusPath(t, "smithy/node-validation")
	rel, err := filepath.Rel(root, filepath.Join(must(filepath.Abs(dir)), "node-validator.json"))
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range readNodeCases(t, filepath.Join(dir, "cases.jsonl")) {
		add(fmt.Sprintf("value/%03d %s", i+1, c.Shape), "node-validation", "validate-value", map[string]any{
			"models": []map[string]string{{"path": filepath.ToSlash(rel)}}, "shape": c.Shape, "value": text(c.Value)})
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
