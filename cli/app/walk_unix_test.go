//go:build unix

package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/internal/testkit"
)

// TestDirectoryWalkReadsOnlyRegularFiles: a model directory of a cloned
// repository may hold a named pipe called x.smithy (or a link to one);
// opening it would block smithy validate forever. It is an input error
// (exit 4) naming the file, and a link to a regular model file is read.
func TestDirectoryWalkReadsOnlyRegularFiles(t *testing.T) {
	calc, err := os.ReadFile("../../examples/calculator/calculator.smithy")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		setup func(t *testing.T, dir, outside string)
		exit  int
		want  string
	}{
		{"a named pipe", func(t *testing.T, dir, outside string) {
			if err := syscall.Mkfifo(filepath.Join(dir, "zz.smithy"), 0o644); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
		}, exitcode.Input, "zz.smithy: not a regular file (a named pipe)"},
		{"a link to a named pipe", func(t *testing.T, dir, outside string) {
			fifo := filepath.Join(outside, "pipe")
			if err := syscall.Mkfifo(fifo, 0o644); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			testkit.Symlink(t, fifo, filepath.Join(dir, "zz.smithy"))
		}, exitcode.Input, "zz.smithy: not a regular file (a named pipe)"},
		{"a link to a device", func(t *testing.T, dir, outside string) {
			testkit.Symlink(t, "/dev/zero", filepath.Join(dir, "zz.smithy"))
		}, exitcode.Input, "zz.smithy: not a regular file (a character device)"},
		{"a link to a regular file", func(t *testing.T, dir, outside string) {
			testkit.Must(t, os.WriteFile(filepath.Join(outside, "more.smithy"), []byte("$version: \"2\"\nnamespace other\nstring Name\n"), 0o644))
			testkit.Symlink(t, filepath.Join(outside, "more.smithy"), filepath.Join(dir, "zz.smithy"))
		}, exitcode.Valid, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			testkit.Must(t, os.WriteFile(filepath.Join(dir, "calculator.smithy"), calc, 0o644))
			tt.setup(t, dir, outside)
			var stdout, stderr bytes.Buffer
			// On a blocking open this call never returns, and the test
			// fails at go test's -timeout.
			code := Run([]string{"smithy", "validate", dir}, strings.NewReader(""), &stdout, &stderr)
			if code != tt.exit {
				t.Errorf("%s: exit %d, want %d; stderr: %s", tt.name, code, tt.exit, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("%s: stderr %q does not say %q", tt.name, stderr.String(), tt.want)
			}
		})
	}
}

// TestInputDirectoryReadsOnlyRegularFiles: the same for the directories of
// validate-value --value and validate-rpc --message: a named pipe called
// x.json among the values is an input error naming it, found before any
// file is read.
func TestInputDirectoryReadsOnlyRegularFiles(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	calc := filepath.Join(root, "examples/calculator/calculator.smithy")
	for _, tt := range []struct {
		name string
		args func(dir string) []string
	}{
		{"validate-value --value DIR", func(dir string) []string {
			return []string{"smithy", "validate-value", "--shape", "example#SubtractInput", "--value", dir, calc}
		}},
		{"validate-rpc --message DIR", func(dir string) []string {
			return []string{"smithy", "validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--message", dir, calc}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			testkit.Must(t, os.WriteFile(filepath.Join(dir, "a.json"), []byte(`{"jsonrpc": "2.0", "method": "subtract", "params": [1, 2], "id": 1}`), 0o644))
			if err := syscall.Mkfifo(filepath.Join(dir, "zz.json"), 0o644); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			var stdout, stderr bytes.Buffer
			code := Run(tt.args(dir), strings.NewReader(""), &stdout, &stderr)
			if code != exitcode.Input {
				t.Errorf("%s: exit %d, want %d; stderr: %s", tt.name, code, exitcode.Input, stderr.String())
			}
			if want := "zz.json: not a regular file (a named pipe)"; !strings.Contains(stderr.String(), want) {
				t.Errorf("%s: stderr %q does not say %q", tt.name, stderr.String(), want)
			}
		})
	}
}
