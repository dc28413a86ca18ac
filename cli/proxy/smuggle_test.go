package proxy_test

import (
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/proxy"
)

// crChildren are calculator servers that read their standard input as
// real ones do: Python's io.TextIOWrapper with its default universal
// newlines (how the MCP Python SDK reads stdin) and Node's readline both
// end a line at a lone CR. Each logs "ran ID PARAMS" on stderr for every
// call it runs, valid or not.
var crChildren = []struct {
	name, interp, script string
}{
	{"python3", "python3", `
import io, json, sys
def out(m):
    sys.stdout.write(json.dumps(m) + "\n"); sys.stdout.flush()
for line in io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8"):
    line = line.strip()
    if not line:
        continue
    try:
        m = json.loads(line)
    except ValueError:
        out({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}})
        continue
    p = m.get("params")
    sys.stderr.write("ran %s %s\n" % (json.dumps(m.get("id")), json.dumps(p, separators=(",", ":"))))
    sys.stderr.flush()
    if isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p):
        out({"jsonrpc": "2.0", "id": m.get("id"), "result": p[0] - p[1]})
    else:
        out({"jsonrpc": "2.0", "id": m.get("id"), "error": {"code": -32602, "message": "Invalid params"}})
`},
	{"node", "node", `
const rl = require("readline").createInterface({input: process.stdin});
const out = (m) => process.stdout.write(JSON.stringify(m) + "\n");
rl.on("line", (line) => {
  line = line.trim();
  if (!line) return;
  let m;
  try { m = JSON.parse(line); } catch (e) {
    out({jsonrpc: "2.0", id: null, error: {code: -32700, message: "Parse error"}});
    return;
  }
  process.stderr.write("ran " + JSON.stringify(m.id) + " " + JSON.stringify(m.params) + "\n");
  const p = m.params;
  if (Array.isArray(p) && p.length === 2 && p.every(Number.isInteger)) out({jsonrpc: "2.0", id: m.id, result: p[0] - p[1]});
  else out({jsonrpc: "2.0", id: m.id, error: {code: -32602, message: "Invalid params"}});
});
`},
}

// TestLoneCRSmuggle performs the lone-CR attack on real line readers:
// "CALL1\rCALL2\n" is one line to the proxy and two to a child that ends
// lines at CR, so CALL2 (invalid params) ran although --enforce stood in
// front. Now the line is a framing fault (framing-cr): under Enforce it
// never reaches the child, which runs only the next, valid call, and the
// client is answered -32700; without Enforce it is relayed byte for byte
// and reported.
func TestLoneCRSmuggle(t *testing.T) {
	call1 := `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`
	call2 := `{"jsonrpc":"2.0","method":"subtract","params":["x",1],"id":2}`
	call3 := `{"jsonrpc":"2.0","method":"subtract","params":[5,3],"id":3}`
	attack := call1 + "\r" + call2 + "\n" + call3 + "\n"
	for _, c := range crChildren {
		t.Run(c.name, func(t *testing.T) {
			if _, err := exec.LookPath(c.interp); err != nil {
				t.Skipf("%s is not installed", c.interp)
			}
			child := func() (*exec.Cmd, *testkit.SyncBuffer) {
				var stderr testkit.SyncBuffer
				cmd := exec.Command(c.interp, "-c", c.script)
				if c.interp == "node" {
					cmd = exec.Command(c.interp, "-e", c.script)
				}
				cmd.Stderr = &stderr
				return cmd, &stderr
			}
			// The child alone: it does split the line and runs CALL2.
			cmd, ran := child()
			cmd.Stdin = strings.NewReader(attack)
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s: %v\n%s", c.name, err, ran.String())
			}
			if !strings.Contains(ran.String(), `ran 2 ["x",1]`) {
				t.Fatalf("the child does not end lines at a lone CR, the test proves nothing:\n%s", ran.String())
			}

			for _, enforce := range []bool{true, false} {
				var log testkit.SyncBuffer
				p := proxy.New(calculator(t), proxy.Options{Framing: proxy.Lines, Enforce: enforce, Log: &log})
				cmd, ran := child()
				out, done := runCommand(p, cmd, strings.NewReader(attack))
				got := readAll(out)
				select {
				case r := <-done:
					if r.err != nil || r.code != 0 {
						t.Fatalf("enforce=%v: exit %d, %v\n%s", enforce, r.code, r.err, ran.String())
					}
				case <-time.After(60 * time.Second):
					cmd.Process.Kill()
					t.Fatal("the proxy did not end")
				}
				_, sum, _ := p.Finish()
				answers := string(<-got)
				if !strings.Contains(log.String(), `"code":"framing-cr"`) || sum.Valid {
					t.Errorf("enforce=%v: the fault is not reported:\n%s", enforce, log.String())
				}
				if !enforce {
					if !strings.Contains(ran.String(), `ran 2 ["x",1]`) {
						t.Errorf("without enforce the bytes must reach the child as sent; it ran:\n%s", ran.String())
					}
					continue
				}
				if r := ran.String(); r != "ran 3 [5,3]\n" {
					t.Errorf("behind --enforce the child ran:\n%s\nwant only call 3", r)
				}
				want := `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error","data":{"findings":[{"offset":0,"severity":"error","class":"envelope","code":"framing-cr",`
				if !strings.HasPrefix(answers, want) || !strings.HasSuffix(answers, "\n"+`{"jsonrpc": "2.0", "id": 3, "result": 2}`+"\n") && !strings.HasSuffix(answers, "\n"+`{"jsonrpc":"2.0","id":3,"result":2}`+"\n") {
					t.Errorf("the client got:\n%s", answers)
				}
				if sum.Refused != 1 {
					t.Errorf("summary %+v, want 1 refused", sum)
				}
			}
		})
	}
}
