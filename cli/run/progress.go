package run

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/smithy-validation/go/cli/render"
)

// Progress: while a long transcript is checked, one line on stderr,
// redrawn in place a few times a second, says how far it got:
//
//	calls.jsonl: 41.9 of 83.0 MB (50%), 505,000 messages, 280,000 msg/s, 10 findings, 0:01 left
//
// It is shown only when stderr is a terminal and the transcript is over
// progressMin bytes (standard input of unknown size: once that much was
// read), and never on stdout, which a program may read. --progress shows
// it always (to stderr), --no-progress never. The findings count is known
// for every format but json, whose output rpc writes as it reads; the
// count of messages is the lines read.

// progressMin is the size from which a transcript shows progress.
const progressMin = 4 << 20

// progress counts what the transcript reader got through; its meter
// draws it.
type progress struct {
	name     string
	size     int64 // 0 when unknown
	bytes    atomic.Int64
	lines    atomic.Int64
	findings atomic.Int64
	// countsFindings says findings are counted (the line shows them).
	countsFindings bool
	start          time.Time
}

// countingReader counts the bytes and lines read through it.
type countingReader struct {
	r io.Reader
	p *progress
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.p.bytes.Add(int64(n))
	c.p.lines.Add(int64(bytes.Count(b[:n], []byte{'\n'})))
	return n, err
}

// startProgress wraps r for a transcript named name and starts the meter
// when the mode and stderr allow it; stop ends it and clears its line.
func (e *Env) startProgress(r io.Reader, name string, mode int, countsFindings bool) (io.Reader, *progress, func()) {
	p := &progress{name: render.DisplayName(name), start: time.Now(), countsFindings: countsFindings}
	if mode < 0 || (mode == 0 && !render.IsTerminal(e.Stderr)) {
		return r, p, func() {}
	}
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			p.size = st.Size()
		}
	}
	if mode == 0 && p.size > 0 && p.size <= progressMin {
		return r, p, func() {}
	}
	out := e.Stderr
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		drawn := false
		for {
			select {
			case <-done:
				if mode > 0 && !drawn { // asked for: shown at least once
					io.WriteString(out, "\r\x1b[K"+p.line(time.Now()))
					drawn = true
				}
				if drawn {
					io.WriteString(out, "\r\x1b[K")
				}
				return
			case <-tick.C:
				if mode == 0 && p.bytes.Load() < progressMin {
					continue
				}
				io.WriteString(out, "\r\x1b[K"+p.line(time.Now()))
				drawn = true
			}
		}
	}()
	return countingReader{r, p}, p, func() { close(done); wg.Wait() }
}

// line is the progress line at now.
func (p *progress) line(now time.Time) string {
	elapsed := now.Sub(p.start).Seconds()
	n, lines := p.bytes.Load(), p.lines.Load()
	s := render.EscapeText(p.name) + ": "
	if p.size > 0 {
		s += fmt.Sprintf("%.1f of %.1f MB (%d%%)", float64(n)/1e6, float64(p.size)/1e6, n*100/p.size)
	} else {
		s += fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	s += fmt.Sprintf(", %s messages", thousands(lines))
	if elapsed > 0 {
		s += fmt.Sprintf(", %s msg/s", thousands(int64(float64(lines)/elapsed)))
	}
	if p.countsFindings {
		s += fmt.Sprintf(", %s findings", thousands(p.findings.Load()))
	}
	if p.size > 0 && n > 0 && elapsed > 0 {
		left := time.Duration(float64(p.size-n) / (float64(n) / elapsed) * float64(time.Second))
		s += fmt.Sprintf(", %d:%02d left", int(left.Minutes()), int(left.Seconds())%60)
	}
	return s
}

// thousands writes n with thousands separators.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
