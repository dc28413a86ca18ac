package benchmarks

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

// TestCompare measures the four contenders the way the README reports
// them, robustly on a busy machine: in rounds, each round validating the
// whole stream once with each contender in turn (rotating the order), and
// keeping each contender's fastest round. It runs only when
// SMITHY_BENCH_COMPARE is set (to the number of rounds, default 15):
//
//	SMITHY_BENCH_COMPARE=15 go test -run TestCompare -v ./benchmarks
func TestCompare(t *testing.T) {
	env := os.Getenv("SMITHY_BENCH_COMPARE")
	if env == "" {
		t.Skip("set SMITHY_BENCH_COMPARE=<rounds> to run the comparison")
	}
	rounds, err := strconv.Atoi(env)
	if err != nil || rounds < 1 {
		rounds = 15
	}
	v, s5, s6 := engine(t), schemaV5(t), schemaV6(t)
	type contender struct {
		name string
		run  func()
		best time.Duration
	}
	cs := []*contender{
		{name: "smithyvalidate", run: func() {
			for _, s := range stream {
				_, _ = v.ValidateJSON(s.data)
			}
		}},
		{name: "jsonschema v6", run: func() {
			for _, s := range stream {
				doc, _ := decode(s.data)
				_ = s6.Validate(doc)
			}
		}},
		{name: "jsonschema v5", run: func() {
			for _, s := range stream {
				doc, _ := decode(s.data)
				_ = s5.Validate(doc)
			}
		}},
		{name: "encoding/json.Valid", run: func() {
			for _, s := range stream {
				_ = json.Valid(s.data)
			}
		}},
	}
	for r := 0; r < rounds; r++ {
		for k := range cs {
			c := cs[(k+r)%len(cs)]
			start := time.Now()
			c.run()
			if d := time.Since(start); c.best == 0 || d < c.best {
				c.best = d
			}
		}
	}
	total := float64(streamBytes() * int64(len(stream)))
	ours := cs[0].best
	fmt.Printf("%d values, %d bytes each on average, best of %d rounds\n", len(stream), streamBytes(), rounds)
	fmt.Printf("| validator | ns/value | MB/s | smithyvalidate is |\n| --- | ---: | ---: | --- |\n")
	for _, c := range cs {
		perValue := float64(c.best.Nanoseconds()) / float64(len(stream))
		mbs := total / c.best.Seconds() / 1e6
		rel := "—"
		if c != cs[0] {
			rel = fmt.Sprintf("%.1fx faster", float64(c.best)/float64(ours))
			if c.best < ours {
				rel = fmt.Sprintf("%.0f%% of its throughput", 100*float64(c.best)/float64(ours))
			}
		}
		fmt.Printf("| %s | %.0f | %.1f | %s |\n", c.name, perValue, mbs, rel)
	}
}
