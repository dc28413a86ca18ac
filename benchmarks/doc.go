// Package benchmarks compares the smithyvalidate value engine with
// santhosh-tekuri/jsonschema v5 and v6 (validating the same bytes against
// an equivalent hand-written draft-07 schema) and with encoding/json.Valid,
// on a deterministic stream of generated values. It is a separate module so
// that the comparison's dependencies never reach the library; it is never
// imported and never tagged.
//
//	go test -run XXX -bench . -benchmem ./benchmarks
//
// See smithyvalidate/README.md for the measured table.
package benchmarks
