package validate_test

import (
	"fmt"
	"testing"

	"github.com/smithy-validation/go/core/validate/validatetest"
)

// BenchmarkValidateHTTP is BenchmarkValidate on an HTTP-dense service
// (every operation bound with @http, labels, queries, headers, payloads,
// host labels and auth), where the HTTP binding, endpoint and auth
// validators have the most to do.
func BenchmarkValidateHTTP(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		src, shapes := validatetest.HTTPService(n)
		b.Run(fmt.Sprintf("operations=%d", n), func(b *testing.B) { validatetest.Measure(b, src, shapes, checkBuiltin) })
	}
}
