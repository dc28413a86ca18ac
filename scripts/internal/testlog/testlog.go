// Package testlog reads the event stream of `go test -json` and prints
// what a plain `go test` prints (the package lines, and the output of the
// tests that failed), while it records every skipped test with its
// reason. scripts/test.sh runs every module's tests through it so that
// its summary can say how many tests skipped, and how many of those for a
// missing corpus, which a plain `go test` does not show.
package testlog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Skip is a test that skipped, with the lines it logged before it did.
type Skip struct {
	Package string
	Test    string
	Reason  string
}

// Line is the skip as one tab-separated line: package, test, reason.
func (s Skip) Line() string { return s.Package + "\t" + s.Test + "\t" + s.Reason }

// MissingCorpus reports whether the test skipped because a corpus was
// absent: the project's tests say "corpus" when they skip for that
// (the external corpora live in ../shared/corpus beside the repository).
func (s Skip) MissingCorpus() bool { return strings.Contains(strings.ToLower(s.Reason), "corpus") }

type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// maxLine bounds one line of the stream (a test may log a long line).
const maxLine = 64 << 20

// Filter copies the stream r to out as a plain `go test` would have
// printed it and calls skip for every test that skipped, in the order
// they end. A line that is not an event (go's own messages on stderr) is
// copied as it is.
func Filter(r io.Reader, out io.Writer, skip func(Skip)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	w := bufio.NewWriter(out)
	defer w.Flush()
	held := map[[2]string][]string{} // the output of each running test
	var order [][2]string            // tests in the order they started, for a package's failure
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil || e.Action == "" {
			w.Write(line)
			w.WriteByte('\n')
			continue
		}
		key := [2]string{e.Package, e.Test}
		switch {
		case e.Action == "build-output":
			w.WriteString(e.Output)
		case e.Test == "" && e.Action == "output":
			if e.Output != "PASS\n" {
				w.WriteString(e.Output)
			}
		case e.Test == "" && e.Action == "fail":
			// Tests still running when their package failed (a panic, a
			// timeout): what they printed explains the failure.
			for _, k := range order {
				if k[0] == e.Package {
					if lines, ok := held[k]; ok {
						w.WriteString(strings.Join(lines, ""))
						delete(held, k)
					}
				}
			}
		case e.Test == "":
		case e.Action == "run":
			if _, ok := held[key]; !ok {
				held[key] = nil
				order = append(order, key)
			}
		case e.Action == "output":
			held[key] = append(held[key], e.Output)
		case e.Action == "fail":
			w.WriteString(strings.Join(held[key], ""))
			delete(held, key)
		case e.Action == "skip":
			skip(Skip{Package: e.Package, Test: e.Test, Reason: reason(held[key])})
			delete(held, key)
		case e.Action == "pass":
			delete(held, key)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading go test -json: %w", err)
	}
	return nil
}

// reason is what a skipped test logged, its framing lines left out.
func reason(lines []string) string {
	var parts []string
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case t == "", strings.HasPrefix(t, "=== "), strings.HasPrefix(t, "--- SKIP"):
			continue
		}
		parts = append(parts, t)
	}
	return string(bytes.ReplaceAll([]byte(strings.Join(parts, " ")), []byte("\t"), []byte(" ")))
}
