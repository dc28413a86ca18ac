package procstat

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// TestPeakRSS: a child that ran reports a peak between a page and a
// terabyte where the platform measures it, 0 elsewhere.
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
	}
}
