package validate_test

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/validate"
)

// genModel writes an IDL model of about n root shapes: units of fourteen
// shapes (a paginated operation with its input, output and item types, a
// constrained string, an enum, a resource with a read operation), all
// bound to one service, with the UnreferencedShape and EmitEachSelector
// metadata validators on, so that every built-in validator has work to do.
func genModel(n int) (src string, shapes int) {
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

// BenchmarkValidate measures `smithy validate` on generated models of 1k,
// 10k and 100k shapes: loading and assembling (parse + assemble), then
// every built-in validator (validate.Check). It reports both times per
// shape and their ratio, validate/load, which the acceptance criterion
// bounds by 0.5; a ratio that stays flat across the sizes shows the
// validators are as linear as loading. Times are the process's CPU time,
// which a busy shared machine does not inflate as it does wall time; each
// phase ends with a full garbage collection, so that each pays for
// collecting its own garbage and not the other's. Each iteration runs
// both phases, alternating, for enough rounds that each phase handles
// about 100k shapes whatever the size (100 rounds at 1k, 10 at 10k), so
// that the ratio of a small model is not one short sample of a noisy
// machine. See docs/performance.md for the figures.
func BenchmarkValidate(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		src, shapes := genModel(n)
		b.Run(fmt.Sprintf("shapes=%d", n), func(b *testing.B) { measureValidate(b, src, shapes) })
	}
}

// benchPhases is SMITHY_BENCH_PHASES: "gen" stops measureValidate before
// loading, "load" before validating, anything else runs both. Instruction
// counts (callgrind), which the machine's load does not move, come from
// the differences between the three runs; see docs/performance.md.
var benchPhases = os.Getenv("SMITHY_BENCH_PHASES")

// measureRounds returns how many times measureValidate loads and
// validates a model of the given size per iteration.
func measureRounds(shapes int) int { return max(1, 100_000/shapes) }

// measureValidate times loading and assembling src, then validate.Check,
// and reports both per shape, their ratio and their allocations; an ERROR
// event fails the benchmark.
func measureValidate(b *testing.B, src string, shapes int) {
	var load, check time.Duration
	var loadAllocs, checkAllocs uint64
	var ms runtime.MemStats
	mallocs := func() uint64 { runtime.ReadMemStats(&ms); return ms.Mallocs }
	events := 0
	rounds := measureRounds(shapes)
	if benchPhases == "gen" {
		return
	}
	for i := 0; i < b.N*rounds; i++ {
		runtime.GC()
		m0 := mallocs()
		t0 := cpuTime()
		a := assembly.New()
		if err := a.AddSource("bench.smithy", []byte(src)); err != nil {
			b.Fatal(err)
		}
		res, err := a.Assemble()
		if err != nil || res.Model == nil || res.HasErrors() {
			b.Fatalf("assemble: %v %v", err, res.Events)
		}
		runtime.GC() // each phase collects its own garbage
		t1 := cpuTime()
		m1 := mallocs()
		load += t1 - t0
		loadAllocs += m1 - m0
		if benchPhases == "load" {
			continue
		}
		rep := validate.Check(res.Model, validate.WithEvents(res.Events))
		runtime.GC()
		t2 := cpuTime()
		m2 := mallocs()
		check += t2 - t1
		checkAllocs += m2 - m1
		events = len(rep.Events)
		if rep.HasErrors() {
			b.Fatalf("validation errors: %v", rep.Events[:1])
		}
	}
	shapes *= rounds
	b.ReportMetric(float64(load.Nanoseconds())/float64(b.N)/float64(shapes), "load-ns/shape")
	b.ReportMetric(float64(loadAllocs)/float64(b.N)/float64(shapes), "load-allocs/shape")
	if benchPhases == "load" {
		return
	}
	b.ReportMetric(float64(check.Nanoseconds())/float64(b.N)/float64(shapes), "validate-ns/shape")
	b.ReportMetric(float64(check)/float64(load), "validate/load")
	b.ReportMetric(float64(checkAllocs)/float64(b.N)/float64(shapes), "validate-allocs/shape")
	b.ReportMetric(float64(events), "events")
}
