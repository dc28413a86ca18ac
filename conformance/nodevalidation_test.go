package conformance

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
)

// nodeCase is one line of node-validation/cases.jsonl: a value (JSON text)
// checked against a shape of node-validator.json by the reference
// implementation's NodeValidationVisitor test.
type nodeCase struct {
	Shape      string   `json:"shape"`
	Value      string   `json:"value"`
	JavaClean  bool     `json:"java_clean"`
	JavaEvents []string `json:"java_events"`
}

// TestNodeValidationParity runs the reference's 146 node-validation cases
// with the engine's default policies and compares verdicts: a case is clean
// when it gives no finding at all (warnings included), as java_clean counts
// events. A shape that cannot be prepared (a service, operation or
// resource) counts as not clean, as the reference reports an event.
//
// Every case where the verdicts differ must be listed, with the policy that
// explains it, in testdata/node-validation-differences.txt; the test fails
// on an unlisted difference and on a listed case that no longer differs.
func TestNodeValidationParity(t *testing.T) {
	dir := corpusPath(t, "smithy/node-validation")
	m := assembleFiles(t, filepath.Join(dir, "node-validator.json"))
	cases := readNodeCases(t, filepath.Join(dir, "cases.jsonl"))
	documented := readDifferences(t, filepath.Join("testdata", "node-validation-differences.txt"))

	validators := map[string]*smithyvalidate.Validator{}
	agree, differ := 0, 0
	seen := map[string]bool{}
	for i, c := range cases {
		key := c.Shape + "\t" + c.Value
		seen[key] = true
		v, ok := validators[c.Shape]
		var prepErr error
		if !ok {
			v, prepErr = smithyvalidate.Prepare(m, shapeid.MustParse(c.Shape))
			var me *smithyvalidate.ModelError
			if prepErr != nil && !errors.As(prepErr, &me) {
				t.Fatalf("case %d: %v", i+1, prepErr)
			}
			validators[c.Shape] = v
		}
		clean := false
		detail := ""
		if v == nil {
			detail = "cannot be prepared"
		} else {
			r, err := v.ValidateJSON([]byte(c.Value))
			if err != nil {
				t.Fatalf("case %d: %v", i+1, err)
			}
			clean = len(r.Findings) == 0
			detail = strings.TrimSpace(r.Text())
		}
		reason, listed := documented[key]
		switch {
		case clean == c.JavaClean && listed:
			t.Errorf("case %d (%s %s) is listed as a difference (%s) but now agrees with the reference; remove the line", i+1, c.Shape, c.Value, reason)
		case clean != c.JavaClean && !listed:
			t.Errorf("case %d (%s %s): clean %v, the reference says %v %q; ours: %s", i+1, c.Shape, c.Value, clean, c.JavaClean, c.JavaEvents, detail)
		}
		if clean == c.JavaClean {
			agree++
		} else {
			differ++
		}
	}
	for key, reason := range documented {
		if !seen[key] {
			t.Errorf("the differences file lists %q (%s), which is no corpus case", key, reason)
		}
	}
	t.Logf("%d cases: %d agree with the reference, %d differ by documented policy", len(cases), agree, differ)
	if len(cases) != 146 {
		t.Errorf("expected 146 cases, found %d", len(cases))
	}

	// The differences are policies, not defects: with the policies that
	// match how the reference reads node values, every case agrees.
	t.Run("reference policies", func(t *testing.T) {
		opts := []smithyvalidate.Option{
			smithyvalidate.BlobsAsText(true),
			smithyvalidate.AnyTimestampFormat(true),
		}
		for i, c := range cases {
			clean := false
			if v, err := smithyvalidate.Prepare(m, shapeid.MustParse(c.Shape), opts...); err == nil {
				r, err := v.ValidateJSON([]byte(c.Value))
				if err != nil {
					t.Fatal(err)
				}
				clean = len(r.Findings) == 0
			}
			if clean != c.JavaClean {
				t.Errorf("case %d (%s %s): clean %v, the reference says %v", i+1, c.Shape, c.Value, clean, c.JavaClean)
			}
		}
	})
}

func readNodeCases(t *testing.T, path string) []nodeCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []nodeCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c nodeCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// readDifferences reads the documented differences: "shape<TAB>value<TAB>
// reason" lines; '#' starts a comment line.
func readDifferences(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for n, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) != 3 || strings.TrimSpace(parts[2]) == "" {
			t.Fatalf("%s:%d: want shape<TAB>value<TAB>reason", path, n+1)
		}
		key := parts[0] + "\t" + parts[1]
		if _, dup := out[key]; dup {
			t.Fatalf("%s:%d: %q listed twice", path, n+1, key)
		}
		out[key] = parts[2]
	}
	return out
}
