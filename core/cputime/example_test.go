package cputime_test

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/smithy-validation/go/core/cputime"
)

// Compare the processor time of two input sizes as a ratio, which load on
// the machine does not skew the way it skews wall time.
func Example() {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	measure := func(n int) float64 {
		start := cputime.Thread()
		for i := 0; i < 50; i++ {
			_ = strings.Repeat("x", n)
		}
		return float64(cputime.Thread() - start)
	}
	small, large := measure(1<<16), measure(1<<17)
	fmt.Println(small >= 0 && large >= 0)
	// Output: true
}
