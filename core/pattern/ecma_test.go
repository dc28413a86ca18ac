package pattern

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestECMA(t *testing.T) {
	for _, tc := range []struct{ name, java, want, unsupported string }{
		{"plain", `^[a-z0-9-]+$`, `^[a-z0-9-]+$`, ""},
		{"dash last, then literals", `^[a-]-z]$`, `^[a-]-z\]$`, ""},
		{"dash in the middle", `^[\w-z]$`, `^[\w\-z]$`, ""},
		{"dot lists Java's terminators", `^.{1,3}$`, "^" + javaDot + "{1,3}$", ""},
		{"\\s is ASCII", `^\s\S[\s]$`, `^[\t-\r ][^\t-\r ][\t-\r ]$`, ""},
		{"stray brackets and identity escapes", `^a]}\-\:\/$`, `^a\]\}-:\/$`, ""},
		{"lookarounds and groups", `^(?!-)(?<n>[a-z])(?:x)(?<!-)$`, `^(?!-)(?<n>[a-z])(?:x)(?<!-)$`, ""},
		{"general category", `^\p{L}\P{N}\pL$`, `^\p{L}\P{N}\p{L}$`, ""},
		{"dash after a class escape", `^[\w-z]$`, `^[\w\-z]$`, ""},
		{"bracket first in a class", `^[]a]$`, `^[\]a]$`, ""},
		{"\\A and \\z are ^ and $", `\Aa\z`, `^a$`, ""},
		{"\\Z is no end of input", `a\Z`, "", `\Z`},
		{"\\x{...}", `[\x{41}\x{2028}]\x{1F600}`, "[\\x41\u2028]\U0001F600", ""},
		{"possessive", `^a*+$`, "", "a possessive quantifier"},
		{"possessive count", `^a{2}+$`, "", "a possessive quantifier"},
		{"nested class", `^[a[b]]$`, "", "a nested class"},
		{"intersection", `^[a-z&&[^b]]$`, "", "a class intersection"},
		{"inline flag", `(?i)a`, "", "an inline flag"},
		{"POSIX class", `\p{Alpha}`, "", `the Java property \p{Alpha}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ECMA(tc.java)
			if tc.unsupported != "" {
				var e *Error
				if !errors.As(err, &e) || e.Construct != tc.unsupported {
					t.Fatalf("ECMA(%q) = %q, %v; want unsupported %q", tc.java, got, err, tc.unsupported)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("ECMA(%q) = %q, %v; want %q", tc.java, got, err, tc.want)
			}
		})
	}
}

// TestECMAWithNode runs every AWS pattern ECMA spells, with Node's RegExp
// (u flag), on the table's probes: the verdict must be Java's, except for
// a probe ending with a line terminator (ECMA's '$' does not match before
// it; docs/patterns.md). Skipped without node.
func TestECMAWithNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node in PATH")
	}
	type req struct {
		Pattern string   `json:"pattern"`
		Probes  []string `json:"probes"`
	}
	type answer struct {
		Found []bool `json:"found"`
		Error string `json:"error"`
	}
	var reqs []req
	var wants [][]bool
	lines := readTable(t)
	spelled := 0
	for _, l := range lines {
		e, err := ECMA(l.Pattern)
		if err != nil {
			continue
		}
		spelled++
		r := req{Pattern: e}
		var w []bool
		for _, s := range l.Match {
			if !endsWithTerminator(s) {
				r.Probes, w = append(r.Probes, s), append(w, true)
			}
		}
		for _, s := range l.NoMatch {
			if !endsWithTerminator(s) {
				r.Probes, w = append(r.Probes, s), append(w, false)
			}
		}
		reqs, wants = append(reqs, r), append(wants, w)
	}
	cmd := exec.Command(node, filepath.Join("testdata", "node", "ecma.js"))
	var in strings.Builder
	enc := json.NewEncoder(&in)
	for _, r := range reqs {
		enc.Encode(r)
	}
	cmd.Stdin = strings.NewReader(in.String())
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	k := 0
	for ; sc.Scan(); k++ {
		var a answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		r := reqs[k]
		if a.Error != "" {
			t.Errorf("node rejects %q: %s", r.Pattern, a.Error)
			continue
		}
		for j, s := range r.Probes {
			if a.Found[j] != wants[k][j] {
				t.Errorf("%q on %q: ECMA %v, Java %v", r.Pattern, s, a.Found[j], wants[k][j])
			}
		}
	}
	if k != len(reqs) {
		t.Fatalf("node answered %d of %d patterns", k, len(reqs))
	}
	t.Logf("%d of %d AWS patterns spelled for ECMA-262 and checked with node", spelled, len(lines))
}
