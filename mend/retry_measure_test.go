package mend

import (
	"os"
	"strings"
	"testing"
	"time"
)

// retryCases are open strings with repairs in them, as key and as value:
// what the incremental reader cannot resume by the plain scan.
// dense: a repair at every byte.
var retryCases = []struct {
	name, head, body, tail string
	dense                  bool
}{
	{"invalid UTF-8 key", `{"`, "\xc5\xd1", `": 1}`, true},
	{"invalid UTF-8 value", `{"a": "`, "\xc5\xd1", `"}`, true},
	{"invalid escape", `{"path": "C:\q`, "a", `"}`, false},
	{"control character", "[\"\t", "b", `"]`, false},
	{"single-quoted string", `['`, "c", `']`, false},
}

func retryText(head, body, tail string, n int) []byte {
	return []byte(head + strings.Repeat(body, n/len(body)) + tail)
}

// TestMeasureRetry (RETRY_MEASURE=1) prints, for each case at 2, 16 and
// 64 KiB fed a byte at a time and in 64-byte chunks, the time and the
// bytes taken again, through the reader alone and the watcher.
func TestMeasureRetry(t *testing.T) {
	if os.Getenv("RETRY_MEASURE") == "" {
		t.Skip("a measurement: RETRY_MEASURE=1")
	}
	for _, tc := range retryCases {
		for _, n := range []int{2 << 10, 16 << 10, 64 << 10} {
			for _, chunk := range []int{1, 64} {
				text := retryText(tc.head, tc.body, tc.tail, n)
				start := time.Now()
				s := NewIncremental(Options{Profile: ProfileLenient})
				for k := 0; k < len(text); k += chunk {
					s.Feed(text[k:min(k+chunk, len(text))])
				}
				s.Finish()
				d := time.Since(start)
				start = time.Now()
				w := NewWatcher(Options{Profile: ProfileLenient})
				for k := 0; k < len(text); k += chunk {
					w.Feed(text[k:min(k+chunk, len(text))])
				}
				w.Finish()
				dw := time.Since(start)
				t.Logf("%-22s %6d B chunk %2d: reader %9v retried %11d (%.0f B/B) | watcher %9v retried %11d", tc.name, len(text), chunk,
					d.Round(time.Microsecond), s.retried, float64(s.retried)/float64(len(text)), dw.Round(time.Microsecond), w.s.retried)
			}
		}
	}
}

// BenchmarkRetry feeds each case of retryCases, 2 KiB, a byte at a time
// to the incremental reader (the bytes taken again per op are reported).
func BenchmarkRetry(b *testing.B) {
	for _, tc := range retryCases {
		text := retryText(tc.head, tc.body, tc.tail, 2<<10)
		b.Run(strings.ReplaceAll(tc.name, " ", "_"), func(b *testing.B) {
			b.ReportAllocs()
			retried := 0
			for range b.N {
				s := NewIncremental(Options{Profile: ProfileLenient})
				for k := range text {
					s.Feed(text[k : k+1])
				}
				s.Finish()
				retried += s.retried
			}
			b.ReportMetric(float64(retried)/float64(b.N), "retried/op")
		})
	}
}
