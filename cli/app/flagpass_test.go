package app

import (
	"errors"
	"io"
	"slices"
	"testing"

	"github.com/smithy-validation/go/cli/run"
	"github.com/urfave/cli/v2"
)

// TestCheapFlagPass runs a command through cheapFlagPass: urfave/cli's
// pass over the flags sees namedFlags with the flags' names, a set flag's
// own Action runs once (and an unset one's never), the Before still runs
// first and its error still stops the command, and the Action and
// everything after it see the command's own flags.
func TestCheapFlagPass(t *testing.T) {
	for _, tc := range []struct {
		name       string
		args       []string
		beforeErr  error
		wantAction bool   // the command's Action ran
		wantFlag   string // the value --name's Action saw ("": it did not run)
	}{
		{name: "flag set", args: []string{"--name", "v", "x"}, wantAction: true, wantFlag: "v"},
		{name: "flag set by its alias", args: []string{"-n", "w"}, wantAction: true, wantFlag: "w"},
		{name: "flag not set", args: []string{"--loud", "x"}, wantAction: true},
		{name: "before fails", args: []string{"--name", "v"}, beforeErr: errors.New("no"), wantFlag: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var (
				seenFlag, order []string
				namedInPass     bool
				action          bool
				setUp           []cli.Flag // the flags as urfave/cli set the command up
			)
			nameFlag := &cli.StringFlag{Name: "name", Aliases: []string{"n"}, Action: func(c *cli.Context, v string) error {
				seenFlag = append(seenFlag, v)
				order = append(order, "flag")
				_, namedInPass = c.Command.Flags[0].(*namedFlag)
				return nil
			}}
			loud := &cli.BoolFlag{Name: "loud"}
			own := []cli.Flag{nameFlag, loud}
			c := &cli.Command{
				Name:  "cmd",
				Flags: own,
				Before: func(ctx *cli.Context) error {
					order = append(order, "before")
					setUp = slices.Clone(ctx.Command.Flags)
					return tc.beforeErr
				},
				Action: func(ctx *cli.Context) error {
					action = true
					order = append(order, "action")
					if !slices.Equal(ctx.Command.Flags, setUp) {
						t.Errorf("the Action sees flags %T, want the command's own", ctx.Command.Flags)
					}
					if got, want := ctx.IsSet("loud"), slices.Contains(tc.args, "--loud"); got != want {
						t.Errorf("IsSet(loud) = %v, want %v", got, want)
					}
					return nil
				},
			}
			cheapFlagPass(c)
			if !slices.Equal(c.Flags, own) {
				t.Fatalf("cheapFlagPass changed the flags before the command ran")
			}
			app := &cli.App{Name: "t", Writer: io.Discard, ErrWriter: io.Discard, ExitErrHandler: func(*cli.Context, error) {}, Commands: []*cli.Command{c}}
			err := app.Run(append([]string{"t", "cmd"}, tc.args...))
			if (err != nil) != (tc.beforeErr != nil) {
				t.Fatalf("Run: %v, want error %v", err, tc.beforeErr)
			}
			if action != tc.wantAction {
				t.Errorf("Action ran: %v, want %v", action, tc.wantAction)
			}
			switch {
			case tc.wantFlag == "" && len(seenFlag) > 0:
				t.Errorf("--name's Action ran with %q, want it not run", seenFlag)
			case tc.wantFlag != "" && !slices.Equal(seenFlag, []string{tc.wantFlag}):
				t.Errorf("--name's Action saw %q, want [%s]", seenFlag, tc.wantFlag)
			case tc.wantFlag != "" && !namedInPass:
				t.Errorf("the flag pass did not see the named flags")
			}
			want := []string{"before"}
			if tc.wantFlag != "" && tc.beforeErr == nil {
				want = append(want, "flag")
			}
			if tc.wantAction {
				want = append(want, "action")
			}
			if !slices.Equal(order, want) {
				t.Errorf("order %q, want %q", order, want)
			}
			if !slices.Equal(c.Flags, setUp) {
				t.Errorf("after Run the command's flags are %v, want its own %v", c.Flags, setUp)
			}
			if len(setUp) < len(own) || !slices.Equal(setUp[:len(own)], own) {
				t.Errorf("the Before saw flags %v, want the command's own %v first", setUp, own)
			}
		})
	}
}

// TestNamedFlagsAreNames: the names cheapFlagPass gives every flag of
// every command and subcommand are the flag's Names.
func TestNamedFlagsAreNames(t *testing.T) {
	n := 0
	var walk func(cs []*cli.Command)
	walk = func(cs []*cli.Command) {
		for _, c := range cs {
			walk(c.Subcommands)
			for _, f := range c.Flags {
				n++
				nf := &namedFlag{Flag: f, names: flagNames(f)}
				if got, want := nf.Names(), f.Names(); !slices.Equal(got, want) {
					t.Errorf("smithy %s: named %q, Names %q", c.Name, got, want)
				}
			}
		}
	}
	walk((&env{Env: &run.Env{}}).commands())
	if n < 100 {
		t.Errorf("only %d flags read: the commands lost their flags?", n)
	}
}

// BenchmarkFlagPass runs validate-rpc's flags through urfave/cli with an
// Action that does nothing, as built and through cheapFlagPass: the
// difference is what the pass costs a start (docs/performance.md,
// "Start-up and system time").
func BenchmarkFlagPass(b *testing.B) {
	args := []string{"smithy", "validate-rpc", "--service", "a#B", "--transcript", "t.jsonl", "--format", "json", "m.smithy"}
	for _, bc := range []struct {
		name  string
		cheap bool
	}{{"urfave", false}, {"cheapFlagPass", true}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c := (&env{Env: &run.Env{}}).validateRPCCommand()
				c.Before = nil
				c.Action = func(*cli.Context) error { return nil }
				if bc.cheap {
					cheapFlagPass(c)
				}
				app := &cli.App{Name: "smithy", Writer: io.Discard, ErrWriter: io.Discard, ExitErrHandler: func(*cli.Context, error) {}, Commands: []*cli.Command{c}}
				if err := app.Run(args); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
