// Package validatetest generates Smithy models for benchmarks and tests
// of the validators, as net/http/httptest serves HTTP for tests: a
// generic model of any size in which every built-in validator has work
// (Model), an HTTP-dense service (HTTPService), and the measuring harness
// the benchmarks share (Measure), which times loading and assembling a
// model against validating it in process CPU time.
//
// The generated models are valid: validating them reports no ERROR event.
// core/validate's BenchmarkValidate and BenchmarkValidateHTTP measure the
// built-in validators on them, cli/app's BenchmarkValidateCommand
// everything `smithy validate` runs; docs/performance.md has the figures.
package validatetest

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/cputime"
	"github.com/smithy-validation/go/core/model"
)

// Model writes an IDL model of about n root shapes: units of fourteen
// shapes (a paginated operation with its input, output and item types, a
// constrained string, an enum, a resource with a read operation), all
// bound to one service, with the UnreferencedShape and EmitEachSelector
// metadata validators on, so that every built-in validator has work to do.
// It returns the source and the number of shapes the model has.
func Model(n int) (src string, shapes int) {
	var b strings.Builder
	b.WriteString("$version: \"2\"\n")
	b.WriteString("metadata validators = [{name: \"UnreferencedShape\"}, {name: \"EmitEachSelector\", id: \"Paged\", configuration: {selector: \"operation [trait|paginated]\"}}]\n")
	b.WriteString("namespace bench\n")
	units := n / 14
	var ops, resources []string
	for i := 0; i < units; i++ {
		fmt.Fprintf(&b, `
@readonly
@paginated(inputToken: "next", outputToken: "next", pageSize: "size", items: "items")
operation ListThings%[1]d { input: ListThings%[1]dInput, output: ListThings%[1]dOutput }
@input structure ListThings%[1]dInput { next: String, @range(min: 1, max: 100) size: Integer, filter: Filter%[1]d }
@output structure ListThings%[1]dOutput { next: String, @required items: Things%[1]d }
list Things%[1]d { member: Thing%[1]d }
structure Thing%[1]d { @required id: ThingId%[1]d, @jsonName("kind") type: Kind%[1]d, @length(min: 1, max: 10) tags: Tags%[1]d }
@pattern("^[a-z0-9-]+$") @length(min: 1, max: 64) string ThingId%[1]d
enum Kind%[1]d {
    A
    B = "b"
}
list Tags%[1]d { member: String }
structure Filter%[1]d { name: String }
resource Res%[1]d { identifiers: { resId%[1]d: ResId%[1]d }, read: GetRes%[1]d }
@readonly operation GetRes%[1]d { input := { @required resId%[1]d: ResId%[1]d }, output := { @required resId%[1]d: ResId%[1]d } }
string ResId%[1]d
`, i)
		ops = append(ops, fmt.Sprintf("ListThings%d", i))
		resources = append(resources, fmt.Sprintf("Res%d", i))
	}
	fmt.Fprintf(&b, "\nservice Bench { version: \"1\", operations: [%s], resources: [%s] }\n", strings.Join(ops, ", "), strings.Join(resources, ", "))
	return b.String(), units*14 + 1
}

// HTTPService writes a service of n HTTP-bound operations, each with a
// URI label, a query parameter, request and response headers, a body
// member and an error with an @httpPayload; a tenth of them have @auth
// and an @endpoint host label, half are bound through resources, and
// every hundredth has another's method and path with a query literal
// added (no conflict, but a group the conflict check looks at). It
// returns the source and the number of shapes the model has.
func HTTPService(n int) (src string, shapes int) {
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

// benchPhases is SMITHY_BENCH_PHASES: "gen" stops Measure before
// loading, "load" before validating, anything else runs both. Instruction
// counts (callgrind), which the machine's load does not move, come from
// the differences between the three runs; see docs/performance.md.
var benchPhases = os.Getenv("SMITHY_BENCH_PHASES")

// Rounds returns how many times Measure loads and validates a model of
// the given size per iteration: enough that each phase handles about
// 100,000 shapes (100 rounds at 1k, 10 at 10k, 1 from 100k on), so that
// the ratio of a small model is not one short sample of a busy machine.
func Rounds(shapes int) int { return max(1, 100_000/shapes) }

// Measure is the benchmark harness: each iteration loads and assembles
// src (a model of the given number of shapes) and hands the result to
// check, Rounds(shapes) times. It reports the process CPU time of each
// phase per shape (load-ns/shape, validate-ns/shape), their ratio
// (validate/load), the allocations of each per shape and the number of
// events check returned. Each phase ends with a full garbage collection,
// so that each pays for collecting its own garbage and not the other's.
// An assembly error or an ERROR event among check's fails the benchmark.
func Measure(b *testing.B, src string, shapes int, check func(*assembly.Result) []model.Event) {
	b.Helper()
	var load, checked time.Duration
	var loadAllocs, checkAllocs uint64
	var ms runtime.MemStats
	mallocs := func() uint64 { runtime.ReadMemStats(&ms); return ms.Mallocs }
	events := 0
	rounds := Rounds(shapes)
	if benchPhases == "gen" {
		return
	}
	for i := 0; i < b.N*rounds; i++ {
		runtime.GC()
		m0 := mallocs()
		t0 := cputime.Process()
		a := assembly.New()
		if err := a.AddSource("bench.smithy", []byte(src)); err != nil {
			b.Fatal(err)
		}
		res, err := a.Assemble()
		if err != nil || res.Model == nil || res.HasErrors() {
			b.Fatalf("assemble: %v %v", err, res.Events)
		}
		runtime.GC() // each phase collects its own garbage
		t1 := cputime.Process()
		m1 := mallocs()
		load += t1 - t0
		loadAllocs += m1 - m0
		if benchPhases == "load" {
			continue
		}
		evs := check(res)
		runtime.GC()
		t2 := cputime.Process()
		m2 := mallocs()
		checked += t2 - t1
		checkAllocs += m2 - m1
		events = len(evs)
		for _, ev := range evs {
			if ev.Severity >= model.ErrorSeverity {
				b.Fatalf("validation error: %v", ev)
			}
		}
	}
	shapes *= rounds
	b.ReportMetric(float64(load.Nanoseconds())/float64(b.N)/float64(shapes), "load-ns/shape")
	b.ReportMetric(float64(loadAllocs)/float64(b.N)/float64(shapes), "load-allocs/shape")
	if benchPhases == "load" {
		return
	}
	b.ReportMetric(float64(checked.Nanoseconds())/float64(b.N)/float64(shapes), "validate-ns/shape")
	b.ReportMetric(float64(checked)/float64(load), "validate/load")
	b.ReportMetric(float64(checkAllocs)/float64(b.N)/float64(shapes), "validate-allocs/shape")
	b.ReportMetric(float64(events), "events")
}
