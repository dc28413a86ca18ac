//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package render

import (
	"os"
	"syscall"
	"unsafe"
)

// isTerminalFile reports whether the terminal attributes of f can be read
// (the ioctl isatty(3) makes).
func isTerminalFile(f *os.File) bool {
	return askFD(f, func(fd uintptr) bool {
		var t syscall.Termios
		_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, fd, ioctlGetTermios, uintptr(unsafe.Pointer(&t)))
		return errno == 0
	})
}
