package app

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"smithy":      func() { os.Exit(Run(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
		"calc-server": calcServer,
		"crlf":        crlf,
	})
}

// TestScripts runs the end-to-end scripts in testdata/script. Set
// UPDATE_GOLDEN=1 to rewrite the expected output files of failing cmp
// commands in place.
func TestScripts(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("UPDATE_GOLDEN") != "",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// exits CODE PROGRAM ARGS... runs a program and checks its exact
			// exit code; stdout and stderr stay available to the next
			// commands, as after exec.
			"exits": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: exits CODE PROGRAM [ARGS...]")
				}
				want, err := strconv.Atoi(args[0])
				if err != nil {
					ts.Fatalf("exits: bad code %q", args[0])
				}
				got := 0
				if err := ts.Exec(args[1], args[2:]...); err != nil {
					var ee *exec.ExitError
					if !errors.As(err, &ee) {
						ts.Fatalf("exits: %v", err)
					}
					got = ee.ExitCode()
				}
				if got != want {
					ts.Fatalf("%s exited %d, want %d", args[1], got, want)
				}
			},
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", root)
			env.Setenv("CORPUS", filepath.Join(root, "..", "shared", "corpus"))
			return nil
		},
	})
}
