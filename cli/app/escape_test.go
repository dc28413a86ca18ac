package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/render"
)

// TestInputIsEscapedOnEveryPath runs every command that names an input in
// its output, in every format, on file names and model bytes that hold
// terminal escapes (ESC, BEL) and a newline: no raw control byte reaches
// stdout or stderr, and a name's newline never starts a line of its own.
// JSON and SARIF carry the exact name, JSON-encoded; text and github print
// it escaped (\x1b, \n).
func TestInputIsEscapedOnEveryPath(t *testing.T) {
	dir := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	calc := filepath.Join(root, "examples/calculator/calculator.smithy")
	// Each hostile name ends in a line that would pass for a finding if the
	// newline were printed as is.
	const tail = "FORGED:1:1: error[x]: all good.smithy"
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Skipf("this file system refuses the name %q: %v", name, err)
		}
		return p
	}
	broken := write("m\x1b[31m\x07\n"+tail, "$version: \"2\"\nnamespace ns\nstructure A { \x1b]0;pwned\x07 }\n")
	good := write("g\x1b[2J\n"+tail, "$version: \"2\"\nnamespace ns\nstructure A { @pattern(\"^a$\") s: String }\n")
	value := write("v\x1b[2J\n"+strings.TrimSuffix(tail, ".smithy")+".json", `{"s": "\u001b[31mb"}`)
	message := write("c\x1b[2J\n"+strings.TrimSuffix(tail, ".smithy")+".json", `{"jsonrpc": "2.0", "method": "subtract", "params": [42, "x"], "id": 1}`)
	missing := filepath.Join(dir, "no\x1b[2J\n"+tail)
	config := filepath.Join(dir, "b\x1b[2J\n"+tail+".json")

	tests := []struct {
		name string
		args []string
		exit int
	}{
		{"validate: syntax error", []string{"validate", broken}, exitcode.Model},
		{"validate: cannot read", []string{"validate", missing}, exitcode.Input},
		{"ast: syntax error", []string{"ast", broken}, exitcode.Model},
		{"ast: cannot read", []string{"ast", missing}, exitcode.Input},
		{"openrpc: syntax error", []string{"openrpc", "--service", "ns#S", broken}, exitcode.Model},
		{"validate-value: finding", []string{"validate-value", "--shape", "ns#A", "--value", value, good}, exitcode.Invalid},
		{"validate-value: syntax error", []string{"validate-value", "--shape", "ns#A", "--value", value, broken}, exitcode.Model},
		{"validate-value: cannot read value", []string{"validate-value", "--shape", "ns#A", "--value", missing, good}, exitcode.Input},
		{"validate-rpc: finding", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--message", message, calc}, exitcode.Invalid},
		{"validate-rpc: cannot read message", []string{"validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--message", missing, calc}, exitcode.Input},
		{"build: cannot read config", []string{"build", "--config", config}, exitcode.Input},
	}
	for _, tt := range tests {
		for _, format := range []string{render.FormatText, render.FormatJSON, render.FormatSARIF, render.FormatGitHub} {
			name := tt.name + " --format " + format
			args := append([]string{"smithy", tt.args[0]}, tt.args[1:]...)
			if tt.args[0] != "ast" && tt.args[0] != "openrpc" && tt.args[0] != "build" {
				args = append([]string{"smithy", tt.args[0], "--format", format}, tt.args[1:]...)
			} else if format != render.FormatText {
				continue // no --format
			}
			var stdout, stderr bytes.Buffer
			code := Run(args, strings.NewReader(""), &stdout, &stderr)
			if code != tt.exit {
				t.Errorf("%s: exit %d, want %d; stderr: %.300q", name, code, tt.exit, stderr.String())
			}
			for stream, out := range map[string][]byte{"stdout": stdout.Bytes(), "stderr": stderr.Bytes()} {
				if i := bytes.IndexFunc(out, func(r rune) bool { return r < 0x20 && r != '\n' || r == 0x7f }); i >= 0 {
					t.Errorf("%s: %s has the control byte %#x at %d: %.300q", name, stream, out[i], i, out)
				}
				for _, line := range strings.Split(string(out), "\n") {
					if strings.HasPrefix(strings.TrimSpace(line), "FORGED") {
						t.Errorf("%s: a file name's newline starts a line of %s: %.300q", name, stream, out)
					}
				}
				if stream == "stdout" && format == render.FormatGitHub {
					for _, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
						if line != "" && !strings.HasPrefix(line, "::") {
							t.Errorf("%s: a github line is not a workflow command: %q", name, line)
						}
					}
				}
			}
			// Somewhere the name or the model's byte is shown, escaped or
			// encoded (a JSON document of one input does not name it).
			all := stdout.String() + stderr.String()
			if format != render.FormatJSON && !strings.Contains(all, `\x1b`) && !strings.Contains(all, `\u001b`) && !strings.Contains(all, `%1B`) {
				t.Errorf("%s: the output shows no escaped name or byte: %.300q", name, all)
			}
		}
	}
}

// TestGateTextIsEscaped: the gate's text renderings print member names
// and JSON Pointers that come from the text (settled members, a finding's
// path) and from the declaration (missing and mismatched members, a JSON
// Schema keyword's location): a name holding ESC, BEL or a newline is
// printed escaped, never as a control byte or a forged line. Before, the
// settled, missing and mismatched lists and the paths were printed raw.
func TestGateTextIsEscaped(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// a key of the value and a member of the declaration, each ending in a
	// line that would pass for a verdict if the newline were printed
	const key = `\u001b[2J\u0007\nFORGED settled: ok`
	text := write("text.json", `{"q": "x", "`+key+`": 1, "m": 5,`)
	whole := write("whole.json", `{"q": "x", "`+key+`": 1, "m": 5}`)
	schema := write("schema.json", `{"type": "object", "properties": {"q": {"type": "string"}, "`+key+`": {"type": "string"},
		"m": {"type": "string"}, "`+key+`x": {}}, "required": ["q", "m", "`+key+`x"]}`)
	events := write("events.jsonl", strings.Join([]string{
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"search","input":{}}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":` + strconv.Quote(`{"q": "x", "`+key+`": 1}`) + `}}`,
		`{"type":"content_block_stop","index":0}`, `{"type":"message_stop"}`}, "\n"))
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"readiness", []string{"readiness", "--schema-json", schema, text}},
		{"analyze", []string{"analyze", "--schema-json", schema, whole}},
		{"validate-text", []string{"validate-text", "--schema-json", schema, whole}},
		{"llm", []string{"llm", "--schema", "{!q:string,m:integer}", events}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			Run(append([]string{"smithy"}, tc.args...), strings.NewReader(""), &stdout, &stderr)
			all := stdout.String() + stderr.String()
			if i := strings.IndexFunc(all, func(r rune) bool { return r < 0x20 && r != '\n' || r == 0x7f }); i >= 0 {
				t.Errorf("the control byte %#x at %d: %q", all[i], i, all)
			}
			for _, line := range strings.Split(all, "\n") {
				if strings.HasPrefix(strings.TrimSpace(line), "FORGED") {
					t.Errorf("a name's newline starts a line: %q", all)
				}
			}
			if !strings.Contains(all, `\x1b[2J`) {
				t.Errorf("the name is not shown escaped: %q", all)
			}
		})
	}
}

// FuzzEscapeText: whatever the input bytes, the escaped text is valid
// UTF-8 with no control character (C0, DEL, C1), no bidirectional or
// invisible formatting character and no line separator, and text with none
// of them comes back unchanged.
func FuzzEscapeText(f *testing.F) {
	for _, s := range []string{"plain", "a\x1b[31mb", "x\ny\rz\t", "\u202eevil", "\xff\xfe", "\u2028", "é\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := render.EscapeText(s)
		if !utf8.ValidString(out) {
			t.Errorf("escapeText(%q) = %q: not valid UTF-8", s, out)
		}
		unsafe := func(r rune) bool {
			return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029 ||
				(r >= 0x200b && r <= 0x200f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0xfeff
		}
		if i := strings.IndexFunc(out, unsafe); i >= 0 {
			t.Errorf("escapeText(%q) = %q: unsafe character at %d", s, out, i)
		}
		if utf8.ValidString(s) && strings.IndexFunc(s, unsafe) < 0 && out != s {
			t.Errorf("escapeText(%q) = %q: changed a safe text", s, out)
		}
	})
}
