package testkit

import (
	"bytes"
	"slices"
	"sync"
	"time"
)

// SyncBuffer is a bytes.Buffer that goroutines may write while a test
// reads it (a log, a progress line, a peer's output).
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns what was written so far.
func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Percentile returns the p-quantile (0 to 1) of the durations d, the
// nearest rank below: d[(len(d)-1)*p] once sorted (d is left as it was).
func Percentile(d []time.Duration, p float64) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[int(float64(len(s)-1)*p)]
}
