package app

import (
	"fmt"
	"runtime"
	"testing"
)

func TestCollector(t *testing.T) {
	const gib = 1 << 30
	for _, c := range []struct {
		name      string
		env       map[string]string
		available uint64
		want      CollectorSettings
	}{
		{"defaults", nil, 8 * gib, CollectorSettings{GCPercent: DefaultGCPercent, MemoryLimit: 6 * gib}},
		{"GOGC is the user's", map[string]string{"GOGC": "100"}, 8 * gib, CollectorSettings{MemoryLimit: 6 * gib}},
		{"GOGC=off is the user's too", map[string]string{"GOGC": "off"}, 8 * gib, CollectorSettings{MemoryLimit: 6 * gib}},
		{"GOMEMLIMIT is the user's", map[string]string{"GOMEMLIMIT": "512MiB"}, 8 * gib, CollectorSettings{GCPercent: DefaultGCPercent}},
		{"both the user's", map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}, 8 * gib, CollectorSettings{}},
		{"memory unknown: no limit", nil, 0, CollectorSettings{GCPercent: DefaultGCPercent}},
	} {
		got := Collector(func(k string) string { return c.env[k] }, c.available)
		if got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

// The machine's memory is read where the system tells it: on Linux it is
// always there.
func TestAvailableMemory(t *testing.T) {
	n := availableMemory()
	if runtime.GOOS == "linux" && n == 0 {
		t.Error("no memory read from /proc/meminfo or the cgroup")
	}
	if n != 0 && n < 16<<20 {
		t.Errorf("available memory %d bytes: not a machine's", n)
	}
}

// On a machine with 16 GiB and no GOGC or GOMEMLIMIT set, smithy collects
// at twice Go's default heap growth, and works harder near 12 GiB.
func ExampleCollector() {
	env := map[string]string{}
	s := Collector(func(k string) string { return env[k] }, 16<<30)
	fmt.Printf("GOGC %d, limit %d GiB\n", s.GCPercent, s.MemoryLimit>>30)
	env["GOMEMLIMIT"] = "2GiB" // the user's: left alone
	s = Collector(func(k string) string { return env[k] }, 16<<30)
	fmt.Printf("GOGC %d, limit %d\n", s.GCPercent, s.MemoryLimit)
	// Output:
	// GOGC 200, limit 12 GiB
	// GOGC 200, limit 0
}
