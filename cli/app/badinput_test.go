package app

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
)

// TestBadModelInput feeds hostile model files to smithy ast: each gives a
// located ERROR event (ID Model, as the reference reports a file that does
// not load) on stderr and exit 3, never a panic, in bounded time.
func TestBadModelInput(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, file, content string
		// loc is the event's file:line:col (after the directory), msg a
		// pattern of its message.
		loc, msg string
	}{
		{"truncated JSON", "t.json", `{"smithy": "2.0", "shapes": {`, `t.json:1:30`, `.*unexpected end of input`},
		{"duplicate keys", "d.json", `{"smithy": "2.0", "smithy": "2.0"}`, `d.json:1:19`, `.*duplicate`},
		{"lone surrogate", "s.json", `{"smithy": "2.0", "metadata": {"x": "\ud800"}}`, `s.json:1:38`, `.*unpaired surrogate`},
		{"1,000,000-deep nesting", "n.json", `{"smithy": "2.0", "metadata": {"x": ` + strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000) + `}}`, `n.json:1:\d+`, `.*depth limit`},
		{"10 MB number", "big.json", `{"smithy": "2.0", "metadata": {"x": ` + strings.Repeat("1", 10<<20) + `}}`, `big.json:1:37`, `.*number length limit`},
		{"truncated IDL", "t.smithy", "$version: \"2\"\nnamespace ns\nstructure S {\n    a: String\n", `t.smithy:5:1`, `.*EOF`},
		{"unterminated text block", "tb.smithy", "$version: \"2\"\nnamespace ns\n@documentation(\"\"\"\n  abc\nstring S\n", `tb.smithy:\d+:\d+`, `Syntax error at line \d+, column \d+: Error parsing text block`},
		{"100,000-deep trait value", "deep.smithy", "$version: \"2\"\nnamespace ns\n@tags(" + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + ")\nstring S\n", `deep.smithy:3:\d+`, `.*maximum allowed depth`},
		{"invalid UTF-8", "u.smithy", "$version: \"2\"\nnamespace ns\n/// \xff\nstring S\n", `u.smithy:3:5`, `Syntax error at line 3, column 5: Invalid UTF-8`},
		{"bad namespace", "ns.smithy", "$version: \"2\"\nnamespace 1ns\nstring S\n", `ns.smithy:2:11`, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := Run([]string{"smithy", "ast", path}, strings.NewReader(""), &stdout, &stderr)
			if code != exitcode.Model {
				t.Errorf("%s: exit %d, want %d; stderr: %.300s", tt.name, code, exitcode.Model, stderr.String())
			}
			if stdout.Len() != 0 {
				t.Errorf("%s: printed %d bytes on stdout, want none", tt.name, stdout.Len())
			}
			re := regexp.MustCompile(`(?m)^\[ERROR\] -: ` + tt.msg + `.* \| Model ` + regexp.QuoteMeta(dir+string(filepath.Separator)) + tt.loc + `$`)
			if !re.MatchString(stderr.String()) {
				t.Errorf("%s: stderr %.300q does not match %q", tt.name, stderr.String(), re)
			}
		})
	}
}
