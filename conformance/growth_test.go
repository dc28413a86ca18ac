package conformance

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/app"
	"github.com/smithy-validation/go/core/cputime"
)

// The growth check: every adversarial input shape found so far (hostile
// input that used to take quadratic or exponential time), built at size n
// and 10n and run through the `smithy` command in-process. A linear check
// takes about 10 times longer at 10n; TestGrowth fails when the ratio
// passes maxGrowth, which only a super-linear check reaches on these sizes.
// BenchmarkGrowth reports the same ratios with the bytes allocated at each
// size. A new shape is one line of growthCases.

// maxGrowth is the largest time ratio between 10n and n that passes:
// linear is 10, n log n about 13; noise on a shared machine stays well
// below 20, quadratic is 100.
const maxGrowth = 20

type growthCase struct {
	name string
	n    int // the smaller size; the larger is 10n
	// files returns the input files (name to content) at size n; args
	// is the command line, with $DIR standing for their directory.
	files func(n int) map[string]string
	args  string
}

const calculator = `$version: "2"
namespace example
use smithy.rpc#jsonRpc
use smithy.rpc#method
@jsonRpc(versions: ["2.0"])
service Calculator { version: "1", operations: [Subtract] }
@method(name: "subtract", params: "either", positional: ["minuend", "subtrahend"], resultMember: "value")
operation Subtract { input: SubtractInput, output: SubtractOutput }
structure SubtractInput { @required minuend: Integer, @required subtrahend: Integer }
structure SubtractOutput { @required value: Integer }
structure Tags { @uniqueItems tags: Nested }
@uniqueItems
list Nested { member: Nested2 }
@uniqueItems
list Nested2 { member: Nested3 }
@uniqueItems
list Nested3 { member: Integer }
@uniqueItems
list Deep { member: Level }
structure Level { leaf: Integer, next: Deep, x: Ints }
list Ints { member: Integer }
`

// repeat joins n results of f.
func repeat(n int, sep string, f func(i int) string) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(f(i))
	}
	return b.String()
}

func exModel(body string) map[string]string {
	return map[string]string{"m.smithy": "$version: \"2\"\nnamespace ex\n" + body}
}

func rpcInput(name, text string) map[string]string {
	return map[string]string{"m.smithy": calculator, name: text}
}

var growthCases = []growthCase{
	{name: "selector chained forward neighbours", n: 30, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel("@trait(selector: \"" + repeat(n, " ", func(int) string { return "~>" }) + "\")\nstructure t {}\n@t\nstructure A { a: A, b: A, c: A, d: A }\n")
		}},
	{name: "selector chained reverse neighbours", n: 30, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel("@trait(selector: \"" + repeat(n, " ", func(int) string { return "<" }) + "\")\nstructure t {}\n@t\nstructure A { a: A, b: A, c: A, d: A }\n")
		}},
	{name: "structure members", n: 4000, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel("structure Big {\n" + repeat(n, "\n", func(i int) string { return fmt.Sprintf("m%d: String", i) }) + "\n}\n")
		}},
	{name: "enum members", n: 4000, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel("enum Big {\n" + repeat(n, "\n", func(i int) string { return fmt.Sprintf("M%d", i) }) + "\n}\n")
		}},
	{name: "intEnum duplicate values", n: 2000, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel("intEnum E {\n" + repeat(n, "\n", func(i int) string { return fmt.Sprintf("V%d = 1", i) }) + "\n}\n")
		}},
	{name: "trait value object keys", n: 4000, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel("@trait\ndocument meta\n@meta({" + repeat(n, ", ", func(i int) string { return fmt.Sprintf("k%d: %d", i, i) }) + "})\nstructure A {}\n")
		}},
	{name: "nested lists", n: 500, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel(repeat(n, "\n", func(i int) string { return fmt.Sprintf("list L%d { member: L%d }", i, i+1) }) + fmt.Sprintf("\nlist L%d { member: String }\n", n))
		}},
	{name: "structures through required members", n: 500, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel(repeat(n, "\n", func(i int) string {
				return fmt.Sprintf("structure S%d { @required a: S%d, @required b: S%d }", i, i+1, i+1)
			}) + fmt.Sprintf("\nstructure S%d {}\n", n))
		}},
	{name: "shapes sharing a mixin", n: 300, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel("@mixin\nstructure M { " + repeat(20, ", ", func(i int) string { return fmt.Sprintf("f%d: String", i) }) + " }\n" +
				repeat(n, "\n", func(i int) string { return fmt.Sprintf("structure S%d with [M] { own: String }", i) }) + "\n")
		}},
	{name: "rpc params object keys", n: 10000, args: "validate-rpc --service example#Calculator --version 2.0 --message $DIR/msg.json --format json $DIR/m.smithy",
		files: func(n int) map[string]string {
			return rpcInput("msg.json", `{"jsonrpc":"2.0","method":"nosuch","params":{`+repeat(n, ",", func(i int) string { return fmt.Sprintf(`"k%d":%d`, i, i) })+`},"id":1}`)
		}},
	{name: "rpc repeated params keys", n: 10000, args: "validate-rpc --service example#Calculator --version 2.0 --message $DIR/msg.json --format json $DIR/m.smithy",
		files: func(n int) map[string]string {
			return rpcInput("msg.json", `{"jsonrpc":"2.0","method":"nosuch","params":{`+repeat(n, ",", func(i int) string { return fmt.Sprintf(`"k":%d`, i) })+`},"id":1}`)
		}},
	{name: "rpc envelope keys", n: 10000, args: "validate-rpc --service example#Calculator --version 2.0 --message $DIR/msg.json --format json $DIR/m.smithy",
		files: func(n int) map[string]string {
			return rpcInput("msg.json", `{"jsonrpc":"2.0","method":"subtract",`+repeat(n, ",", func(i int) string { return fmt.Sprintf(`"x%d":1`, i) })+`,"id":1}`)
		}},
	{name: "rpc calls sharing an id", n: 3000, args: "validate-rpc --service example#Calculator --version 2.0 --transcript $DIR/t.jsonl --complete --format json $DIR/m.smithy",
		files: func(n int) map[string]string {
			call := `{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[3,1],"id":1}}`
			reply := `{"from":"server","message":{"jsonrpc":"2.0","result":2,"id":1}}`
			return rpcInput("t.jsonl", repeat(n, "\n", func(int) string { return call })+"\n"+repeat(n, "\n", func(int) string { return reply })+"\n")
		}},
	{name: "rpc batch sharing an id", n: 2000, args: "validate-rpc --service example#Calculator --version 2.0 --message $DIR/msg.json --format json $DIR/m.smithy",
		files: func(n int) map[string]string {
			return rpcInput("msg.json", "["+repeat(n, ",", func(int) string { return `{"jsonrpc":"2.0","method":"subtract","params":[3,1],"id":1}` })+"]")
		}},
	{name: "value object keys", n: 10000, args: "validate-value --shape example#SubtractInput --value $DIR/v.json --format json $DIR/m.smithy",
		files: func(n int) map[string]string {
			return rpcInput("v.json", "{"+repeat(n, ",", func(i int) string { return fmt.Sprintf(`"k%d":%d`, i, i) })+"}")
		}},
	{name: "value deeply nested uniqueItems", n: 40, args: "validate-value --shape example#Deep --value $DIR/v.json --format json $DIR/m.smithy",
		files: func(n int) map[string]string {
			// n levels, each a @uniqueItems list of three structures, one
			// of which holds the next level.
			v := `[{"leaf":0}]`
			for i := 1; i <= n; i++ {
				v = fmt.Sprintf(`[{"leaf":%d},{"next":%s},{"leaf":%d,"x":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]}]`, i, v, i)
			}
			return rpcInput("v.json", v)
		}},
	// core/assembly: each apply statement searched the shape's traits or
	// members, and each array merged into a trait or metadata key copied
	// the array merged so far (docs/performance.md, "Arrays merged into
	// one trait, and metadata keys").
	{name: "apply statements to one array trait", n: 2000, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel("structure S {}\n" + repeat(n, "\n", func(i int) string { return fmt.Sprintf("apply S @tags([\"t%d\"])", i) }) + "\n")
		}},
	{name: "distinct traits applied to one shape", n: 2000, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel("structure S {}\n" + repeat(n, "\n", func(i int) string { return fmt.Sprintf("@trait\nstructure t%d {}\napply S @t%d", i, i) }) + "\n")
		}},
	{name: "apply statements to members", n: 2000, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel("structure S {\n" + repeat(n, "\n", func(i int) string { return fmt.Sprintf("m%d: String", i) }) + "\n}\n" +
				repeat(n, "\n", func(i int) string { return fmt.Sprintf("apply S$m%d @documentation(\"x\")", i) }) + "\n")
		}},
	{name: "apply statements to a mixin's members", n: 2000, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return exModel("@mixin\nstructure M {\n" + repeat(n, "\n", func(i int) string { return fmt.Sprintf("m%d: String", i) }) + "\n}\nstructure S with [M] {}\n" +
				repeat(n, "\n", func(i int) string { return fmt.Sprintf("apply S$m%d @documentation(\"x\")", i) }) + "\n")
		}},
	{name: "metadata keys", n: 4000, args: "validate $DIR/m.smithy",
		files: func(n int) map[string]string {
			return map[string]string{"m.smithy": "$version: \"2\"\n" + repeat(n, "\n", func(i int) string { return fmt.Sprintf("metadata k%d = \"v\"", i) }) + "\nnamespace ex\n"}
		}},
	{name: "value nested uniqueItems", n: 2000, args: "validate-value --shape example#Tags --value $DIR/v.json --format json $DIR/m.smithy",
		files: func(n int) map[string]string {
			return rpcInput("v.json", `{"tags":[`+repeat(n, ",", func(i int) string { return fmt.Sprintf(`[[%d,1],[%d,2]]`, i, i) })+"]}")
		}},
}

// growthRun writes the case's files at size n and returns a function that
// runs the command once, and how many bytes one run allocates.
func growthRun(t testing.TB, tc growthCase, n int) func() {
	dir := t.TempDir()
	for name, text := range tc.files(n) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := append([]string{"smithy"}, strings.Fields(strings.ReplaceAll(tc.args, "$DIR", dir))...)
	return func() {
		var out, errb bytes.Buffer
		if code := app.Run(args, strings.NewReader(""), &out, &errb); code == 2 || code == 4 {
			t.Fatalf("%s: exit %d: %s", tc.name, code, errb.String())
		}
	}
}

// best returns the least processor time of k runs of f (the process's,
// so that the garbage collector's work counts and other processes on a
// busy machine do not).
func best(k int, f func()) time.Duration {
	// The collector is off while a run is timed: when it runs depends on
	// the heap left by earlier runs, and one collection more or less in a
	// run of milliseconds moves a ratio by more than a linear check does.
	// (The bytes a run allocates are reported by BenchmarkGrowth.)
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var min time.Duration
	for i := 0; i < k; i++ {
		runtime.GC() // each run starts from the same heap, whatever ran before
		start := cputime.Process()
		f()
		if d := cputime.Process() - start; i == 0 || d < min {
			min = d
		}
	}
	return min
}

// allocated returns the bytes one run of f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the growth check runs every adversarial input at two sizes")
	}
	for _, tc := range growthCases {
		t.Run(tc.name, func(t *testing.T) {
			small, large := growthRun(t, tc, tc.n), growthRun(t, tc, 10*tc.n)
			small() // warm up: the command's first run compiles selectors and trait definitions
			// A ratio over the bound is measured again, up to three times in
			// all, and the least one counts: a load spike on a shared machine
			// lifts one measurement past 20, while a quadratic check gives
			// about 100 on every attempt.
			var ts, tl time.Duration
			ratio := 0.0
			for attempt := 0; attempt < 3; attempt++ {
				s, l := best(5, small), best(5, large)
				if r := float64(l) / float64(s); attempt == 0 || r < ratio {
					ts, tl, ratio = s, l, r
				}
				if ratio <= maxGrowth {
					break
				}
			}
			t.Logf("n=%d: %v, 10n: %v, ratio %.1f", tc.n, ts, tl, ratio)
			if ratio > maxGrowth {
				t.Errorf("%s: 10n takes %.1f times as long as n (%v vs %v), more than %d: the check is not linear", tc.name, ratio, tl, ts, maxGrowth)
			}
		})
	}
}

// BenchmarkGrowth reports, for each adversarial shape, the time and the
// bytes allocated at 10n as multiples of those at n (linear: 10).
//
//	cd conformance && go test -run '^$' -bench Growth -benchtime 1x
func BenchmarkGrowth(b *testing.B) {
	for _, tc := range growthCases {
		b.Run(strings.ReplaceAll(tc.name, " ", "-"), func(b *testing.B) {
			small, large := growthRun(b, tc, tc.n), growthRun(b, tc, 10*tc.n)
			small()
			for i := 0; i < b.N; i++ {
				ts, tl := best(3, small), best(3, large)
				as, al := allocated(small), allocated(large)
				b.ReportMetric(float64(tl)/float64(ts), "time-x")
				b.ReportMetric(float64(al)/float64(as), "alloc-x")
				b.ReportMetric(float64(tl.Microseconds()), "us-at-10n")
			}
		})
	}
}
