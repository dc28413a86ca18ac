package render

import (
	"os"
	"syscall"
)

// isTerminalFile reports whether f is a console (its mode can be read).
func isTerminalFile(f *os.File) bool {
	return askFD(f, func(fd uintptr) bool {
		var mode uint32
		return syscall.GetConsoleMode(syscall.Handle(fd), &mode) == nil
	})
}
