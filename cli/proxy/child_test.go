package proxy_test

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/proxy"
)

// guard is a failure guard, never a synchronization: the proxy must have
// ended long before it.
const guard = 60 * time.Second

// endGroup kills whatever is left of cmd's process group when the test
// ends, so that a failing test leaves no process behind.
func endGroup(t *testing.T, cmd *exec.Cmd) {
	t.Cleanup(func() {
		if cmd.Process != nil {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			cmd.Process.Kill()
		}
	})
}

// awaitEnd waits for RunCommand's result under the guard.
func awaitEnd(t *testing.T, done <-chan cmdResult, what string) cmdResult {
	t.Helper()
	select {
	case r := <-done:
		return r
	case <-time.After(guard):
		t.Fatalf("the proxy did not end: %s", what)
	}
	return cmdResult{}
}

// TestChildEnded: a child that closes its output but keeps running, one
// that also ignores SIGTERM, and one that exits while a process it started
// keeps its output open used to keep the proxy running for ever. Now the
// proxy waits the grace period, sends SIGTERM to the child's process
// group, then SIGKILL, logs what it did, and ends with the child's code.
func TestChildEnded(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		code         int
		log          []string
	}{
		{"output closed, still running", `exec 1>&-; exec sleep 300`,
			128 + int(syscall.SIGTERM), []string{`{"child":"SIGTERM","reason":"the child closed its output but kept running`}},
		{"output closed, SIGTERM ignored", `trap '' TERM; exec 1>&-; exec sleep 300`,
			128 + int(syscall.SIGKILL), []string{`{"child":"SIGTERM"`, `{"child":"SIGKILL","reason":"the child closed its output but kept running`}},
		{"exited, output held by its own child", `sleep 300 & exit 3`,
			3, []string{`{"child":"SIGTERM","reason":"the child exited but a process it started kept its output open`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var log testkit.SyncBuffer
			p := proxy.New(calculator(t), proxy.Options{Log: &log, Grace: 50 * time.Millisecond})
			stdinR, stdinW := io.Pipe()
			defer stdinW.Close()
			cmd := exec.Command("sh", "-c", tc.script)
			endGroup(t, cmd)
			out, done := runCommand(p, cmd, stdinR)
			go io.Copy(io.Discard, out)
			r := awaitEnd(t, done, tc.name)
			if r.err != nil || r.code != tc.code {
				t.Errorf("exit %d, %v; want %d", r.code, r.err, tc.code)
			}
			p.Finish()
			got := log.String()
			for _, want := range tc.log {
				if !strings.Contains(got, want) {
					t.Errorf("log:\n%s\nwant a line starting %s", got, want)
				}
			}
			if !strings.Contains(got, `{"summary":`) {
				t.Errorf("no summary in the log:\n%s", got)
			}
		})
	}
}

// TestSignalEndsGroup: SIGTERM to the proxy whose child is a wrapper
// (sh -c 'sleep | cat', as npx or a shell pipeline) reaches every process
// of the child's group; the grandchildren that hold the output end, so
// the proxy ends and writes its summary. Before, the signal reached the
// shell alone and the proxy waited for the grandchildren for ever.
func TestSignalEndsGroup(t *testing.T) {
	var log testkit.SyncBuffer
	p := proxy.New(calculator(t), proxy.Options{Log: &log, Grace: time.Minute})
	stdinR, stdinW := io.Pipe()
	defer stdinW.Close()
	cmd := exec.Command("sh", "-c", "sleep 300 & echo ready; sleep 300 | cat")
	endGroup(t, cmd)
	out, done := runCommand(p, cmd, stdinR)
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("the child said %q, %v", line, err)
	}
	go io.Copy(io.Discard, out)
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	r := awaitEnd(t, done, "after SIGTERM")
	if r.err != nil || r.code != 128+int(syscall.SIGTERM) {
		t.Errorf("exit %d, %v; want %d", r.code, r.err, 128+int(syscall.SIGTERM))
	}
	if _, _, err := p.Finish(); err != nil {
		t.Fatal(err)
	}
	if got := log.String(); !strings.Contains(got, `{"summary":`) || strings.Contains(got, `"child"`) {
		t.Errorf("log:\n%s\nwant the summary, and no signal of the proxy's own (the forwarded SIGTERM ended the group)", got)
	}
}

// TestChildOutputHeldOutsideGroup: the child exits and a process it
// started in a session of its own keeps the child's output open, so
// neither SIGTERM nor SIGKILL to the group ends it. After the third grace
// period the proxy stops reading the output and ends with the child's
// code. The output is read in blocking reads, which closing the pipe
// does not interrupt: the proxy must stop waiting for the relay rather
// than for the read.
func TestChildOutputHeldOutsideGroup(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid")
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	t.Cleanup(func() {
		if b, err := os.ReadFile(pidFile); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	var log testkit.SyncBuffer
	p := proxy.New(calculator(t), proxy.Options{Log: &log, Grace: 50 * time.Millisecond})
	stdinR, stdinW := io.Pipe()
	defer stdinW.Close()
	cmd := exec.Command("sh", "-c", `setsid sh -c 'echo $$ > "$0"; exec sleep 300' "$1" & while [ ! -s "$1" ]; do sleep 0.01; done; exit 4`, "sh", pidFile)
	endGroup(t, cmd)
	out, done := runCommand(p, cmd, stdinR)
	go io.Copy(io.Discard, out)
	r := awaitEnd(t, done, "the output held by a process outside the group")
	if r.err != nil || r.code != 4 {
		t.Errorf("exit %d, %v; want 4", r.code, r.err)
	}
	if _, sum, err := p.Finish(); err != nil || !sum.Valid {
		t.Errorf("finish: %+v, %v", sum, err)
	}
	got := log.String()
	for _, want := range []string{`{"child":"SIGTERM"`, `{"child":"SIGKILL"`, `{"summary":`} {
		if !strings.Contains(got, want) {
			t.Errorf("log:\n%s\nwant a line starting %s", got, want)
		}
	}
}
