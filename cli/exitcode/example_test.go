package exitcode_test

import (
	"fmt"

	"github.com/smithy-validation/go/cli/exitcode"
)

// Of maps what a command returned to its exit code and the message for
// stderr (none when the command wrote its verdict itself).
func ExampleOf() {
	for _, err := range []error{
		nil,
		exitcode.Verdict(false, true),
		exitcode.Verdict(true, false),
		exitcode.Usagef("--format must be one of %s", "text, json"),
		exitcode.Inputf("cannot read %s", "v.json"),
	} {
		code, msg, _ := exitcode.Of(err)
		fmt.Printf("%d %q\n", code, msg)
	}
	// Output:
	// 0 ""
	// 1 ""
	// 5 ""
	// 2 "--format must be one of text, json"
	// 4 "cannot read v.json"
}
