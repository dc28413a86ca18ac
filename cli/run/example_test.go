package run_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/run"
)

// A tool call's arguments as a model wrote them (single quotes, a
// trailing comma) analyzed by the JSON gate as `smithy analyze` does: with
// no declaration they are repaired and may run; against a declaration they
// do not meet, the model is asked to retry with a hint.
func ExampleEnv_Gate() {
	dir, err := os.MkdirTemp("", "gate-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	input := filepath.Join(dir, "call.txt")
	if err := os.WriteFile(input, []byte(`{'query': 'smithy', 'limit': 5,}`), 0o644); err != nil {
		panic(err)
	}
	e := &run.Env{Stdout: os.Stdout, Stderr: os.Stdout}
	for _, d := range []run.Declaration{
		{Profile: "execution"},
		{Profile: "execution", Schema: "{!query:string,!limit:string}"},
	} {
		opts, err := e.GateOptions(d)
		if err == nil {
			err = e.Gate("analyze", input, "text", opts)
		}
		code, _, _ := exitcode.Of(err)
		fmt.Println("exit", code)
	}
	// Output:
	// decision: repair (cosmetic)
	// exactness: cosmetic, complete, profile execution
	// repairs:
	//   1:2 R101 single_quotes (cosmetic): a string in single quotes
	//   1:11 R101 single_quotes (cosmetic): a string in single quotes
	//   1:21 R101 single_quotes (cosmetic): a string in single quotes
	//   1:31 R108 trailing_comma (cosmetic): a comma before a closing bracket
	// value: {"query":"smithy","limit":5}
	// exit 0
	// decision: retry (schema_mismatch)
	// exactness: cosmetic, complete, profile execution
	// declaration not met: 1 of 2 required members satisfied; missing: none; mismatched: limit
	//   [error] type /limit at 1:30: expected a string, found an integer (mend.compact#Root$limit)
	// error: E031 at 1:30 (offset 29): the value does not satisfy the declaration: expected a string, found an integer
	// repairs:
	//   1:2 R101 single_quotes (cosmetic): a string in single quotes
	//   1:11 R101 single_quotes (cosmetic): a string in single quotes
	//   1:21 R101 single_quotes (cosmetic): a string in single quotes
	//   1:31 R108 trailing_comma (cosmetic): a comma before a closing bracket
	// retry: Your JSON does not match what the tool expects: wrong value for "limit"; at /limit: expected a string, found an integer. Send the JSON again with these corrected. It must match: {!query:string,!limit:string}
	// exit 1
}
