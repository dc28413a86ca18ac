package app

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
)

// availableMemory is the memory the process may use: the least of the
// machine's memory (/proc/meminfo) and its cgroup's limit (v2
// memory.max, v1 memory.limit_in_bytes), 0 when none can be read.
func availableMemory() uint64 {
	var least uint64
	take := func(n uint64) {
		if n > 0 && (least == 0 || n < least) {
			least = n
		}
	}
	if f, err := os.Open("/proc/meminfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			// MemTotal:       24568440 kB
			if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
				if kb, ok := strings.CutSuffix(strings.TrimSpace(rest), " kB"); ok {
					if n, err := strconv.ParseUint(strings.TrimSpace(kb), 10, 64); err == nil {
						take(n << 10)
					}
				}
				break
			}
		}
		f.Close()
	}
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		// "max" (v2) or a huge number (v1) is no limit: the machine's
		// memory, already taken, is the least then.
		if n, err := strconv.ParseUint(string(bytes.TrimSpace(data)), 10, 64); err == nil {
			take(n)
		}
	}
	return least
}
