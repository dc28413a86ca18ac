package render

import (
	"os"
	"syscall"
)

// isTerminalFile reports whether f is a console (its mode can be read).
func isTerminalFile(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	ok := false
	rc.Control(func(fd uintptr) {
		var mode uint32
		ok = syscall.GetConsoleMode(syscall.Handle(fd), &mode) == nil
	})
	return ok
}
