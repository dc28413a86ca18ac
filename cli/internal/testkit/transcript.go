package testkit

import (
	"fmt"
	"strings"
)

// CalculatorTranscript is a transcript of n rounds against
// example#Calculator (JSON-RPC 2.0), one line a message: most rounds are
// a subtract call with integer params and its result; round i%10 == 7 is
// a call with a string subtrahend (a type finding) and a string id, left
// unanswered; round i%10 == 9 is a client line of "text" that is not
// JSON. 60 rounds are 108 lines, invalid.
func CalculatorTranscript(n int) string {
	var lines []string
	for i := 0; i < n; i++ {
		switch {
		case i%10 == 7:
			lines = append(lines, fmt.Sprintf(`{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[%d,"x"],"id":"c%d"}}`, i, i))
		case i%10 == 9:
			lines = append(lines, `{"from":"client","text":"{\"jsonrpc\": \"2.0\", \"method\""}`)
		default:
			lines = append(lines, fmt.Sprintf(`{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[%d,1],"id":%d}}`, i, i))
			lines = append(lines, fmt.Sprintf(`{"from":"server","message":{"jsonrpc":"2.0","result":%d,"id":%d}}`, i-1, i))
		}
	}
	return strings.Join(lines, "\n") + "\n"
}
