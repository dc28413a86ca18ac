package app

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/cli/version"
)

// TestEveryFlagSaysItsDefault reads the help of every command: each flag
// (but --help) says its default.
func TestEveryFlagSaysItsDefault(t *testing.T) {
	for _, c := range (&env{Env: &run.Env{}}).commands() {
		var stdout, stderr bytes.Buffer
		Run([]string{"smithy", c.Name, "--help"}, strings.NewReader(""), &stdout, &stderr)
		_, opts, ok := strings.Cut(stdout.String(), "OPTIONS:\n")
		if !ok {
			continue // no flags
		}
		// One entry a flag: a line that starts with "   -", and its
		// continuation lines.
		var entries []string
		for _, line := range strings.Split(opts, "\n") {
			if strings.HasPrefix(line, "   -") {
				entries = append(entries, line)
			} else if len(entries) > 0 {
				entries[len(entries)-1] += " " + strings.TrimSpace(line)
			}
		}
		for _, e := range entries {
			if !strings.HasPrefix(e, "   --help") && !strings.Contains(e, "(default: ") {
				t.Errorf("smithy %s: %q says no default", c.Name, strings.TrimSpace(e))
			}
		}
	}
}

// TestVersionFromBuildInfo: `smithy --version` prints the module set's
// version, the command module and the Go version it was built with.
func TestVersionFromBuildInfo(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"smithy", "--version"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got := stdout.String()
	for _, want := range []string{"smithy version " + version.Version + " (", "github.com/smithy-validation/go/cli ", runtime.Version() + ")\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("smithy --version printed %q, want it to contain %q", got, want)
		}
	}
}

// TestCompletion: the bash and zsh scripts name the command (the
// command's answers to the script, which urfave/cli reads from os.Args,
// are tested by testdata/script/completion.txtar).
func TestCompletion(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"bash script", []string{"completion", "bash"}, []string{"complete -o default -o bashdefault -F _smithy_complete smithy", "--generate-bash-completion"}},
		{"zsh script", []string{"completion", "zsh"}, []string{"bashcompinit", "-F _smithy_complete smithy"}},
	}
	for _, tc := range cases {
		var stdout, stderr bytes.Buffer
		Run(append([]string{"smithy"}, tc.args...), strings.NewReader(""), &stdout, &stderr)
		for _, w := range tc.want {
			if !strings.Contains(stdout.String(), w) {
				t.Errorf("%s: output %q lacks %q", tc.name, stdout.String(), w)
			}
		}
	}
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"smithy", "completion", "fish"}, strings.NewReader(""), &stdout, &stderr); code != exitcode.Usage {
		t.Errorf("completion fish: exit %d, want %d", code, exitcode.Usage)
	}
}
