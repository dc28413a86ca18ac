package procstat

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// TestPeakRSS: a child that ran reports a peak between a page and a
// terabyte where the platform measures it, 0 elsewhere, and page faults:
// at least one (its first page of stack) where the platform counts them.
func TestPeakRSS(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	rss := PeakRSS(cmd.ProcessState)
	switch runtime.GOOS {
	case "linux", "darwin", "freebsd", "netbsd", "openbsd":
		if rss < 4096 || rss > 1<<40 {
			t.Errorf("PeakRSS = %d bytes, want a real peak", rss)
		}
		if n := PageFaults(cmd.ProcessState); n < 1 || n > 1<<30 {
			t.Errorf("PageFaults = %d, want the child's faults", n)
		}
	}
}
