//go:build unix

package proxy

import (
	"os"
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

// blockingPipe is os.Pipe without the runtime's network poller: both
// ends are in blocking mode and never registered with it. os.Pipe's ends
// stay in the poller's epoll set even once Fd has made them blocking,
// and then every byte that passes through the pipe wakes a thread the
// runtime parked in epoll_wait (one with a timer pending): about one
// context switch and one epoll_wait a message for nothing
// (docs/performance.md, "A real session").
func blockingPipe() (r, w *os.File, err error) {
	var p [2]int
	// Under ForkLock, as os.Pipe: no child started meanwhile inherits
	// the descriptors before they are marked close-on-exec.
	syscall.ForkLock.RLock()
	err = syscall.Pipe(p[:])
	if err == nil {
		syscall.CloseOnExec(p[0])
		syscall.CloseOnExec(p[1])
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, nil, os.NewSyscallError("pipe", err)
	}
	return os.NewFile(uintptr(p[0]), "|0"), os.NewFile(uintptr(p[1]), "|1"), nil
}
