package app

import (
	"fmt"
	"testing"

	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/validate/validatetest"
)

// BenchmarkValidateCommand measures what `smithy validate` runs after
// loading a model, validateEvents: every built-in validator of
// core/validate, the value engine's model validators (trait values,
// @default values, @examples, typed metadata, alloy traits) and the
// JSON-RPC preparation of @jsonRpc services, against loading and
// assembling the same model. The models are core/validate's benchmark
// models (validatetest.Model at 1k, 10k and 100k shapes,
// validatetest.HTTPService at 1k and 10k operations); the harness is
// theirs too (process CPU time, a full garbage collection ending each
// phase, small models run for more rounds), and the ratio validate/load
// is what issue 15 bounds by 0.5 for the whole command. See
// docs/performance.md for the figures.
//
//	cd cli && go test -run '^$' -bench ValidateCommand -benchtime 2x ./app
func BenchmarkValidateCommand(b *testing.B) {
	type gen struct {
		name  string
		model func(int) (string, int)
		sizes []int
	}
	for _, g := range []gen{
		{"shapes", validatetest.Model, []int{1_000, 10_000, 100_000}},
		{"http-operations", validatetest.HTTPService, []int{1_000, 10_000}},
	} {
		for _, n := range g.sizes {
			src, shapes := g.model(n)
			b.Run(fmt.Sprintf("%s=%d", g.name, n), func(b *testing.B) {
				validatetest.Measure(b, src, shapes, func(res *assembly.Result) []model.Event { return load.ValidateEvents(res) })
			})
		}
	}
}
