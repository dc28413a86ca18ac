package render

import "os"

// askFD answers ask about f's descriptor, reached through SyscallConn,
// which leaves the file's mode as it is (Fd would make it blocking);
// false when f has none.
func askFD(f *os.File, ask func(fd uintptr) bool) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	ok := false
	if rc.Control(func(fd uintptr) { ok = ask(fd) }) != nil {
		return false
	}
	return ok
}
