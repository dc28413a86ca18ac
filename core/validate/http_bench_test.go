package validate_test

import (
	"fmt"
	"strings"
	"testing"
)

// httpService writes a service of n HTTP-bound operations, each with a
// URI label, a query parameter, request and response headers, a body
// member and an error with an @httpPayload; a tenth of them have @auth
// and an @endpoint host label, half are bound through resources, and
// every hundredth has another's method and path with a query literal
// added (no conflict, but a group the conflict check looks at).
func httpService(n int) (src string, shapes int) {
	var b strings.Builder
	b.WriteString("$version: \"2\"\nnamespace bench.http\n\n@httpBasicAuth @httpBearerAuth @auth([httpBearerAuth])\nservice Svc { version: \"1\", operations: [")
	for i := 0; i < n; i += 2 {
		fmt.Fprintf(&b, "Op%d ", i)
	}
	b.WriteString("], resources: [")
	for i := 1; i < n; i += 20 {
		fmt.Fprintf(&b, "R%d ", i)
	}
	b.WriteString("] }\n")
	for i := 1; i < n; i += 20 {
		fmt.Fprintf(&b, "resource R%d { operations: [", i)
		for j := i; j < i+20 && j < n; j += 2 {
			fmt.Fprintf(&b, "Op%d ", j)
		}
		b.WriteString("] }\n")
		shapes++
	}
	for i := 0; i < n; i++ {
		uri := fmt.Sprintf("/things%d/{id}", i)
		if i%100 == 99 {
			uri = fmt.Sprintf("/things%d/{id}?v=2", i-1) // as another's but for a query literal
		}
		traits := "@readonly"
		if i%10 == 0 {
			traits += ` @auth([httpBasicAuth]) @endpoint(hostPrefix: "{region}.")`
		}
		fmt.Fprintf(&b, "@http(method: \"GET\", uri: %q) %s\noperation Op%d {\n", uri, traits, i)
		b.WriteString("    input := {\n        @httpLabel @required id: String\n        @httpQuery(\"q\") q: String\n        @httpHeader(\"X-H\") h: String\n")
		if i%10 == 0 {
			b.WriteString("        @hostLabel @required region: String\n")
		}
		b.WriteString("    }\n    output := {\n        @httpHeader(\"X-Out\") out: String\n        body: String\n    }\n    errors: [Oops]\n}\n")
		shapes += 3
	}
	b.WriteString("@error(\"client\") @httpError(404)\nstructure Oops { @httpPayload body: String }\n")
	return b.String(), shapes + 2
}

// BenchmarkValidateHTTP is BenchmarkValidate on an HTTP-dense service
// (every operation bound with @http, labels, queries, headers, payloads,
// host labels and auth), where the HTTP binding, endpoint and auth
// validators have the most to do.
func BenchmarkValidateHTTP(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		src, shapes := httpService(n)
		b.Run(fmt.Sprintf("operations=%d", n), func(b *testing.B) { measureValidate(b, src, shapes) })
	}
}
