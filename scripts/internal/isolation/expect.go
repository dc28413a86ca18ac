package isolation

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"

	"golang.org/x/mod/module"
)

// ExpectedFile is the name, in each consumer directory, of the committed list
// of modules that `go list -m all` may show besides the consumer itself.
const ExpectedFile = "expected-modules.txt"

// Expected is one entry of an expected-modules.txt file.
type Expected struct {
	Path   string
	Reason string
	Line   int
}

// ParseExpected reads the expectation list: one module path a line, then a
// "#" comment saying why the module is there. Blank lines and lines holding
// only a comment are ignored.
func ParseExpected(name string, data []byte) ([]Expected, error) {
	var out []Expected
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, reason, _ := strings.Cut(line, "#")
		p, reason = strings.TrimSpace(p), strings.TrimSpace(reason)
		if strings.ContainsAny(p, " \t") {
			return nil, fmt.Errorf("%s:%d: want one module path, then \"# reason\"; got %q", name, n, line)
		}
		if err := module.CheckPath(p); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		if reason == "" {
			return nil, fmt.Errorf("%s:%d: %s has no reason; add \"# why this module may be here\"", name, n, p)
		}
		if prev, ok := seen[p]; ok {
			return nil, fmt.Errorf("%s:%d: %s is already listed on line %d", name, n, p, prev)
		}
		seen[p] = n
		out = append(out, Expected{Path: p, Reason: reason, Line: n})
	}
	return out, sc.Err()
}

// LoadExpected reads and parses an expected-modules.txt file.
func LoadExpected(name string) ([]Expected, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return ParseExpected(name, data)
}
