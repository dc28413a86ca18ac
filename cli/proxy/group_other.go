//go:build !unix

package proxy

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup does nothing where there are no process groups.
func ownGroup(*exec.Cmd) {}

// signalGroup signals the child alone (SIGKILL kills it; other signals
// are sent where the system supports them).
func signalGroup(cmd *exec.Cmd, s syscall.Signal) {
	if cmd.Process == nil {
		return
	}
	if s == syscall.SIGKILL {
		cmd.Process.Kill()
		return
	}
	cmd.Process.Signal(os.Signal(s))
}

// blockingPipe is os.Pipe (no network poller to keep the pipe out of).
func blockingPipe() (r, w *os.File, err error) { return os.Pipe() }
