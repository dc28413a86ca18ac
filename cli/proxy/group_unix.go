//go:build unix

package proxy

import (
	"os/exec"
	"syscall"
)

// ownGroup makes cmd the leader of a new process group.
func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// signalGroup sends s to cmd's process group (a group already gone is no
// error).
func signalGroup(cmd *exec.Cmd, s syscall.Signal) {
	if cmd.Process != nil && cmd.Process.Pid > 0 {
		syscall.Kill(-cmd.Process.Pid, s)
	}
}
