package app

import (
	"bytes"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/cli/version"
	"github.com/urfave/cli/v2"
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

// TestFlagNamesAreNames: flagNames (the fields, read without urfave/cli's
// regular expression) gives what Names gives, for every flag of every
// command and for the flags commands() adds; a flag kind it does not list
// still answers through Names.
func TestFlagNamesAreNames(t *testing.T) {
	n := 0
	for _, c := range (&env{Env: &run.Env{}}).commands() {
		for _, f := range c.Flags {
			n++
			if got, want := flagNames(f), f.Names(); !slices.Equal(got, want) {
				t.Errorf("smithy %s: flagNames = %q, Names = %q", c.Name, got, want)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d flags read: the commands lost their flags?", n)
	}
	other := &cli.Float64Flag{Name: "ratio", Aliases: []string{"r"}}
	if got := flagNames(other); !slices.Equal(got, []string{"ratio", "r"}) {
		t.Errorf("flagNames(Float64Flag) = %q, want [ratio r]", got)
	}
	for _, tc := range []struct {
		name string
		want bool
	}{{"format", true}, {"j", true}, {"jobs", true}, {"formats", false}} {
		flags := []cli.Flag{formatFlag(), jobsFlag()}
		if got := hasFlag(flags, tc.name); got != tc.want {
			t.Errorf("hasFlag(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// BenchmarkFlagNames asks the names of every flag of every command, as
// commands() did on each start (urfave/cli's Names) and as it does now
// (flagNames); the ratio of the two in one run is the saving
// (docs/performance.md, "Start-up of the command").
func BenchmarkFlagNames(b *testing.B) {
	var flags []cli.Flag
	for _, c := range (&env{Env: &run.Env{}}).commands() {
		flags = append(flags, c.Flags...)
	}
	for _, bc := range []struct {
		name  string
		names func(cli.Flag) []string
	}{{"Names", cli.Flag.Names}, {"flagNames", flagNames}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, f := range flags {
					_ = bc.names(f)
				}
			}
		})
	}
}
