package build_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/smithy-validation/go/cli/build"
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/run"
)

// A project with the Calculator model and a smithy-build.json that
// exports its OpenRPC document twice: in the "source" projection and in a
// projection of its own. Then a configuration whose outputDirectory
// climbs out of the project: refused before anything is written.
func ExampleRun() {
	project, err := os.MkdirTemp("", "build-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(project)
	calc, err := os.ReadFile("../../examples/calculator/calculator.smithy")
	if err != nil {
		panic(err)
	}
	if err := os.WriteFile(filepath.Join(project, "calculator.smithy"), calc, 0o644); err != nil {
		panic(err)
	}
	config := filepath.Join(project, "smithy-build.json")
	write := func(text string) {
		if err := os.WriteFile(config, []byte(text), 0o644); err != nil {
			panic(err)
		}
	}
	// The export's notes (what OpenRPC cannot say) go to Stderr.
	e := &run.Env{Stdout: os.Stdout, Stderr: io.Discard}

	write(`{"version": "1.0", "sources": ["calculator.smithy"],
	        "plugins": {"openrpc": {"service": "example#Calculator"}},
	        "projections": {"public": {"plugins": {"openrpc::docs": {"service": "example#Calculator", "naming": "memberName"}}}}}`)
	cfg, err := build.ReadConfig(config)
	if err == nil {
		err = build.Run(e, cfg, build.Options{})
	}
	code, msg, _ := exitcode.Of(err)
	fmt.Println("exit", code)

	write(`{"version": "1.0", "sources": ["calculator.smithy"], "outputDirectory": "../elsewhere",
	        "plugins": {"openrpc": {"service": "example#Calculator"}}}`)
	cfg, err = build.ReadConfig(config)
	if err == nil {
		err = build.Run(e, cfg, build.Options{})
	}
	code, msg, _ = exitcode.Of(err)
	rel, _ := filepath.Rel(project, msg[:len(config)])
	fmt.Println("exit", code, rel+msg[len(config):])
	// Output:
	// source/openrpc/Calculator.openrpc.json
	// public/openrpc/Calculator.openrpc.json
	// public/docs/Calculator.openrpc.json
	// exit 0
	// exit 2 smithy-build.json:1:73: outputDirectory "../elsewhere" leads outside the configuration's directory: it must be a relative path below it (name another place with --output)
}
