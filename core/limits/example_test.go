package limits_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/limits"
)

func ExampleDefault() {
	l := limits.Default()
	fmt.Println(l.MaxDepth, l.MaxSize, l.MaxNumberLength, l.MaxFindings)
	// The string limit follows the size limit unless set.
	fmt.Println(l.StringLimit() == l.MaxSize)
	l.MaxStringLength = 1024
	fmt.Println(l.StringLimit())
	// Output:
	// 1000 67108864 4096 1000
	// true
	// 1024
}
