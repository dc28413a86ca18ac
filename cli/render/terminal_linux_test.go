package render

import (
	"os"
	"strconv"
	"syscall"
	"testing"
	"unsafe"
)

// TestIsTerminalPTY: the slave side of a pseudo-terminal is a terminal.
func TestIsTerminalPTY(t *testing.T) {
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skip("no pseudo-terminals here:", err)
	}
	defer ptmx.Close()
	var n, unlock uint32
	fd := ptmx.Fd()
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skip("cannot unlock the pseudo-terminal:", e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skip("no pseudo-terminal number:", e)
	}
	pts, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer pts.Close()
	if !IsTerminal(pts) {
		t.Errorf("IsTerminal(%s) = false, want true", pts.Name())
	}
}
