package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
)

// httpService writes a service with n HTTP-bound operations (each with a
// label, a query parameter, a header, an output header and an error), half
// of them in resources, with @auth and @endpoint on some; every 100th
// operation repeats another's method and URI.
func httpService(n int) []byte {
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
	}
	for i := 0; i < n; i++ {
		uri := fmt.Sprintf("/things%d/{id}", i)
		if i%100 == 99 {
			uri = fmt.Sprintf("/things%d/{id}", i-1)
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
	}
	b.WriteString("@error(\"client\") @httpError(404)\nstructure Oops { @httpPayload body: String }\n")
	return []byte(b.String())
}

func assembleBench(b *testing.B, src []byte) *model.Model {
	b.Helper()
	a := assembly.New()
	if err := a.AddSource("bench.smithy", src); err != nil {
		b.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.Model == nil {
		b.Fatalf("assemble: %v %v", err, res.Events)
	}
	return res.Model
}

// BenchmarkProtocolValidators times the HTTP, auth and protocol
// validators on services of 1,000 and 10,000 operations, beside the
// assembly of the same model: linear validators keep the ratio of the two
// sizes near 10 and their share of assembly flat.
func BenchmarkProtocolValidators(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		src := httpService(n)
		b.Run(fmt.Sprintf("ops=%d/assemble", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				assembleBench(b, src)
			}
		})
		m := assembleBench(b, src)
		b.Run(fmt.Sprintf("ops=%d/validators", n), func(b *testing.B) {
			events := 0
			for i := 0; i < b.N; i++ {
				events = 0
				for _, v := range protocolValidators() {
					events += len(v.Check(m))
				}
			}
			b.ReportMetric(float64(events), "events")
		})
	}
}
