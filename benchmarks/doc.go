// Package benchmarks compares the smithyvalidate value engine with the
// field, on a deterministic stream of generated values and on the MCP and
// LSP example traffic: encoding/json.Valid (the reference), the syntax
// checkers of bytedance/sonic, goccy/go-json, valyala/fastjson and
// minio/simdjson-go, and the JSON Schema validators
// santhosh-tekuri/jsonschema v5 and v6 and google/jsonschema-go
// (validating the same bytes against an equivalent hand-written draft-07
// schema). TestGuard (with the module's tests), TestCompare (with
// SMITHY_BENCH_COMPARE set, the tables) and BenchmarkCompare fail when the
// engine's throughput falls below 90% of json.Valid's in the same run,
// measured on short interleaved samples that the machine's load does not
// move (guard_test.go). jsonschema_diff_test.go holds openrpc/jsonschema,
// the project's own JSON Schema validator, to v5's verdicts and failing
// keywords on the corpus, the tests' schemas and generated ones (v5 stays
// here for it and as a field anchor; no library module links it). It is a
// separate module so
// that the comparison's dependencies never reach the library; it is never
// imported and never tagged.
//
//	go test -run XXX -bench . -benchmem ./benchmarks
//
// See docs/performance.md for the measured tables.
package benchmarks
