package smithyvalidate_test

import (
	"testing"

	"github.com/smithy-validation/go/core/limits"
	sv "github.com/smithy-validation/go/smithyvalidate"
	"github.com/smithy-validation/go/smithyvalidate/stream"
)

// The Check benchmarks measure the engine's fixed cost per call on the
// small payloads of a JSON-RPC exchange, checked the way the rpc module
// checks them: one collector reused for every call (its walker kept
// between checks), reset only when it holds findings, views read once from
// a stream.Document (reading is not measured), the payload under /params
// or /result.
//
//	go test -run '^$' -bench Check -benchmem ./smithyvalidate
//
// Wall-clock figures are noisy on a shared machine; compare instruction
// counts instead (valgrind --tool=callgrind on the test binary with
// -test.benchtime 200000x).

// checkBench runs b.N checks of view against v into one collector with
// failing on any finding.
func checkBench(b *testing.B, v *sv.Validator, at sv.Path, view sv.ValueView) {
	b.Helper()
	c := v.NewCollector()
	if err := v.Check(c, at, view); err != nil || c.Len() != 0 {
		b.Fatalf("Check: %v, %d findings: %s", err, c.Len(), c.Result().Text())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := v.Check(c, at, view); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if c.Len() != 0 {
		b.Fatalf("%d findings: %s", c.Len(), c.Result().Text())
	}
}

// readDoc reads text into d and returns its root view.
func readDoc(b *testing.B, d *stream.Document, text string) sv.ValueView {
	b.Helper()
	if err := d.Read([]byte(text), limits.Default()); err != nil {
		b.Fatalf("Read(%s): %v", text, err)
	}
	return d.Root()
}

// BenchmarkCheckPositional checks [42,23] as example#SubtractInput through
// a LocatedObject (positional params mapped to member names), as rpc does
// for "params":[42,23].
func BenchmarkCheckPositional(b *testing.B) {
	m := loadModel(b, calculatorModel)
	v := mustPrepare(b, m, "example#SubtractInput")
	var d stream.Document
	list := readDoc(b, &d, `[42,23]`)
	obj := &sv.LocatedObject{Position: list.Pos(), Fields: []sv.Field{
		{Name: "minuend", NamePos: list.Elem(0).Pos(), Value: list.Elem(0), At: sv.Index(0)},
		{Name: "subtrahend", NamePos: list.Elem(1).Pos(), Value: list.Elem(1), At: sv.Index(1)},
	}}
	checkBench(b, v, sv.Root().Key("params"), obj)
}

// BenchmarkCheckNamed checks {"minuend":42,"subtrahend":23} as
// example#SubtractInput through the reader's object view.
func BenchmarkCheckNamed(b *testing.B) {
	m := loadModel(b, calculatorModel)
	v := mustPrepare(b, m, "example#SubtractInput")
	var d stream.Document
	checkBench(b, v, sv.Root().Key("params"), readDoc(b, &d, `{"minuend":42,"subtrahend":23}`))
}

// BenchmarkCheckResult checks the result 19 against the output member
// example#SubtractOutput$value.
func BenchmarkCheckResult(b *testing.B) {
	m := loadModel(b, calculatorModel)
	v := mustPrepare(b, m, "example#SubtractOutput$value")
	var d stream.Document
	checkBench(b, v, sv.Root().Key("result"), readDoc(b, &d, `19`))
}
