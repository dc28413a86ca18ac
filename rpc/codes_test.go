package rpc_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/rpc"
)

// TestCodesCatalogue checks that CODES.md and rpc.Codes() list the same
// codes, with the same class, severity and rpc_error, and that no code
// is also one of the value engine's with another meaning.
func TestCodesCatalogue(t *testing.T) {
	md, err := os.ReadFile("CODES.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\| ([a-z]+) \\| ([a-z]+) \\| ([^|]+) \\|")
	doc := map[string][3]string{}
	for _, m := range row.FindAllStringSubmatch(string(md), -1) {
		if _, dup := doc[m[1]]; dup {
			t.Errorf("CODES.md lists %s twice", m[1])
		}
		doc[m[1]] = [3]string{m[2], m[3], strings.TrimSpace(m[4])}
	}
	seen := map[string]bool{}
	for _, c := range rpc.Codes() {
		code := string(c.Code)
		if seen[code] {
			t.Errorf("rpc.Codes() lists %s twice", code)
		}
		seen[code] = true
		d, ok := doc[code]
		if !ok {
			t.Errorf("%s is missing from CODES.md", code)
			continue
		}
		e := "—"
		if c.RPCError != 0 {
			e = strconv.Itoa(c.RPCError)
		}
		if d != [3]string{c.Class.String(), c.Severity.String(), e} {
			t.Errorf("%s: CODES.md says %v, rpc.Codes() %s %s %s", code, d, c.Class, c.Severity, e)
		}
		if got, ok := rpc.LookupCode(c.Code); !ok || got.Code != c.Code {
			t.Errorf("LookupCode(%s) = %v, %v", code, got, ok)
		}
		if info, ok := c.Code.Info(); ok && code != "duplicate-key" {
			t.Errorf("%s is also a value-engine code (%s)", code, info.Summary)
		}
	}
	for code := range doc {
		if !seen[code] {
			t.Errorf("CODES.md lists %s, which rpc.Codes() does not", code)
		}
	}
}
