package validate_test

import (
	"fmt"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/validate"
	"github.com/smithy-validation/go/core/validate/validatetest"
)

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
		src, shapes := validatetest.Model(n)
		b.Run(fmt.Sprintf("shapes=%d", n), func(b *testing.B) { validatetest.Measure(b, src, shapes, checkBuiltin) })
	}
}

// checkBuiltin runs every built-in validator on an assembled model.
func checkBuiltin(res *assembly.Result) []model.Event {
	return validate.Check(res.Model, validate.WithEvents(res.Events)).Events
}
