package jsonscan_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/jsonscan"
)

// A reader that does more than validate (repairs, positions, a tape)
// scans first and takes its slow road only when the text is not JSON.
func ExampleScan() {
	for _, text := range []string{
		`{"query": "smithy", "limit": 10}`,
		`{"query": 'smithy'}`,
		`[1, 2`,
		"[\"caf\xe9\"]",
		`[[[1]]]`,
	} {
		r := jsonscan.Scan([]byte(text), 2)
		fmt.Printf("%-36q %-8v offset %d, root %q, %d elements\n", text, r.Status, r.Offset, r.Root, r.Elements)
	}
	// Output:
	// "{\"query\": \"smithy\", \"limit\": 10}" valid    offset 32, root '{', 2 elements
	// "{\"query\": 'smithy'}"              syntax   offset 10, root '{', 1 elements
	// "[1, 2"                              end      offset 5, root '[', 2 elements
	// "[\"caf\xe9\"]"                      encoding offset 5, root '[', 1 elements
	// "[[[1]]]"                            too deep offset 2, root '[', 1 elements
}

// A reader that found a string member with Scan decodes it in place,
// escapes as encoding/json decodes them, into a buffer it reuses.
func ExampleAppendUnquote() {
	var buf []byte
	for _, q := range []string{`"plain"`, `"tab\there \u00e9 \ud83d\ude00"`, `"\q"`} {
		var ok bool
		buf, ok = jsonscan.AppendUnquote(buf[:0], []byte(q))
		fmt.Printf("%q %v\n", buf, ok)
	}
	// Output:
	// "plain" true
	// "tab\there é 😀" true
	// "" false
}
