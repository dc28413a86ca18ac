package proxy_test

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/proxy"
)

// expressCalc is a JSON-RPC calculator on Express, whose express.json()
// (body-parser) inflates gzip, deflate and br request bodies by default:
// real server software nobody here wrote. It prints its port, then "ran
// ID PARAMS" on stderr for every call it runs.
const expressCalc = `
const express = require("express");
const app = express();
app.use(express.json({type: () => true}));
app.post("*splat", (req, res) => {
  const m = req.body, p = m.params;
  process.stderr.write("ran " + JSON.stringify(m.id) + " " + JSON.stringify(p) + "\n");
  if (Array.isArray(p) && p.length === 2 && p.every(Number.isInteger)) res.json({jsonrpc: "2.0", id: m.id, result: p[0] - p[1]});
  else res.json({jsonrpc: "2.0", id: m.id, error: {code: -32602, message: "Invalid params"}});
});
const srv = app.listen(0, "127.0.0.1", () => console.log(srv.address().port));
`

// TestHTTPEncodedBodyExpress performs the Content-Encoding smuggle
// against Express: sent directly, a compressed call with invalid params
// runs; behind proxy --enforce it never does, whatever the coding (gzip
// and deflate are checked decoded; br, which Express also inflates and
// the proxy cannot, is refused 415 whatever it holds), and a compressed
// valid call still runs.
func TestHTTPEncodedBodyExpress(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	home, _ := os.UserHomeDir()
	modules := filepath.Join(home, ".cache", "smithy-validation", "peers", "node_modules")
	if _, err := os.Stat(filepath.Join(modules, "express")); err != nil {
		t.Skip("express is not installed (scripts/install-mcp-everything.sh brings it)")
	}
	var ran testkit.SyncBuffer
	cmd := exec.Command("node", "-e", expressCalc)
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	cmd.Stderr = &ran
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	port, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("express did not start: %v\n%s", err, ran.String())
	}
	u, _ := url.Parse("http://127.0.0.1:" + strings.TrimSpace(port))

	bad := `{"jsonrpc":"2.0","method":"subtract","params":["x",1],"id":7}`
	good := `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":8}`
	post := func(base string, body []byte, coding string) (int, string) {
		req, _ := http.NewRequest("POST", base+"/rpc", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Content-Encoding", coding)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	// The server's "ran" lines reach ran through a goroutine that copies
	// its stderr, possibly after the HTTP answer: wait for them (the
	// deadline only guards against a hang).
	waitRan := func(want func(string) bool) bool {
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if want(ran.String()) {
				return true
			}
		}
		return want(ran.String())
	}
	// Directly, Express inflates and runs the invalid call.
	if code, _ := post(u.String(), gz(bad), "gzip"); code != 200 || !waitRan(func(s string) bool { return strings.Contains(s, `ran 7 ["x",1]`) }) {
		t.Fatalf("Express did not run the gzip call (%d); the test proves nothing:\n%s", code, ran.String())
	}
	if code, _ := post(u.String(), zl(bad), "deflate"); code != 200 || !waitRan(func(s string) bool { return strings.Count(s, `ran 7 ["x",1]`) == 2 }) {
		t.Fatalf("Express did not run the deflate call (%d):\n%s", code, ran.String())
	}
	before := ran.String()

	var log testkit.SyncBuffer
	p := proxy.New(calculator(t), proxy.Options{Enforce: true, Log: &log})
	front := httptest.NewServer(p.HTTPHandler(u, 10*time.Second))
	defer front.Close()
	for _, tc := range []struct {
		coding string
		body   []byte
		status int
	}{{"gzip", gz(bad), 200}, {"deflate", zl(bad), 200}, {"br", []byte(bad), 415}} {
		if code, answer := post(front.URL, tc.body, tc.coding); code != tc.status {
			t.Errorf("%s: answered %d %s, want %d", tc.coding, code, answer, tc.status)
		}
	}
	code, answer := post(front.URL, gz(good), "gzip")
	if code != 200 || !strings.Contains(answer, `"result":19`) {
		t.Errorf("a valid gzip call: %d %s", code, answer)
	}
	p.Finish()
	// Express answers in order and writes each "ran" line before its
	// answer: once the valid call's line is here, any line of an invalid
	// call that reached Express is here before it.
	waitRan(func(s string) bool { return strings.Contains(strings.TrimPrefix(s, before), "ran 8 ") })
	if after := strings.TrimPrefix(ran.String(), before); after != "ran 8 [42,23]\n" {
		t.Errorf("behind --enforce Express ran:\n%s\nwant only the valid call", after)
	}
}
