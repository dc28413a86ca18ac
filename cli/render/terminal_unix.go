//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package render

import (
	"os"
	"syscall"
	"unsafe"
)

// isTerminalFile reports whether the terminal attributes of f can be read
// (the ioctl isatty(3) makes). It reaches the descriptor through
// SyscallConn, which leaves the file's mode as it is (Fd would make it
// blocking).
func isTerminalFile(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	ok := false
	rc.Control(func(fd uintptr) {
		var t syscall.Termios
		_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, fd, ioctlGetTermios, uintptr(unsafe.Pointer(&t)))
		ok = errno == 0
	})
	return ok
}
