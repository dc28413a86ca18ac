// Package benchmarks compares the smithyvalidate value engine with the
// field, on a deterministic stream of generated values and on the MCP and
// LSP example traffic: encoding/json.Valid (the reference), the syntax
// checkers of bytedance/sonic, goccy/go-json, valyala/fastjson and
// minio/simdjson-go, and the JSON Schema validators
// santhosh-tekuri/jsonschema v5 and v6 and google/jsonschema-go
// (validating the same bytes against an equivalent hand-written draft-07
// schema). TestCompare (with SMITHY_BENCH_COMPARE set) and
// BenchmarkCompare guard the engine's share of json.Valid's throughput. It is a separate module so
// that the comparison's dependencies never reach the library; it is never
// imported and never tagged.
//
//	go test -run XXX -bench . -benchmem ./benchmarks
//
// See docs/performance.md for the measured tables.
package benchmarks
