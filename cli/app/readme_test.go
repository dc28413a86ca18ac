package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
)

// TestReadmeMainJob runs the main-job command of the repository README and
// checks that it prints exactly the output the README shows, with exit 1.
func TestReadmeMainJob(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	const marker = "The first prints"
	i := strings.Index(text, marker)
	if i < 0 {
		t.Fatalf("README.md has no %q paragraph", marker)
	}
	block := text[i:]
	start := strings.Index(block, "```json\n")
	end := strings.Index(block[start+8:], "```")
	if start < 0 || end < 0 {
		t.Fatal("README.md: no json block after the main job")
	}
	want := block[start+8 : start+8+end]

	var stdout, stderr bytes.Buffer
	args := []string{"smithy", "validate-rpc", "--service", "example#Calculator", "--version", "2.0",
		"--message", filepath.Join(root, "examples/calculator/bad-call.json"), "--format", "json",
		filepath.Join(root, "examples/calculator/calculator.smithy")}
	code := Run(args, strings.NewReader(""), &stdout, &stderr)
	if code != exitcode.Invalid {
		t.Errorf("exit code %d, want %d (stderr: %s)", code, exitcode.Invalid, stderr.String())
	}
	if stdout.String() != want {
		t.Errorf("the README shows\n%s\nbut the command prints\n%s", want, stdout.String())
	}
}
