//go:build unix

package conformance

import (
	"os/exec"
	"syscall"
	"time"
)

// endGroupOnCancel runs cmd in a process group of its own and, when its
// context ends (the session's deadline), kills the whole group: the
// driver, the proxy it launched and the server behind the proxy.
func endGroupOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
}
