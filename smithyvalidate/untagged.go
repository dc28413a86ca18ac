package smithyvalidate

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// The untagged rule family: alloy#untagged on a union. A value is exactly
// the encoding of one member, with no tag: it is valid when at least one
// member's shape accepts it. Each member is tried in model order, its
// findings kept aside; when none accepts the value, the findings of the
// closest member (the fewest errors, then the fewest findings, then the
// first in model order)
// are reported after an untagged finding that names it; when several
// accept it, an untagged-ambiguous advisory names them (a reader that
// tries members in order takes the first).

// prepareUntagged marks an untagged union.
func prepareUntagged(_ *preparer, pl *plan, _ node.Node) string {
	pl.alloyPlan().untagged = true
	return ""
}

// untagged checks a value of an @untagged union.
func (w *walker) untagged(p *plan, v ValueView, k Kind) {
	if len(p.members) == 0 {
		w.report(CodeUntagged, p.id, v.Pos(), "a value of one member", k.String(),
			fmt.Sprintf("untagged union %s has no member to accept the value", p.target))
		return
	}
	outer := w.col
	trial := *outer // a scratch collector with the run's limits, without FailFast
	trial.cfg.policy &^= failFast
	best, bestErrors, bestMatch := -1, 0, false
	var bestFindings []Finding
	var matched []string
	for i := range p.members {
		trial.findings, trial.errors, trial.counted, trial.stopped, trial.complete, trial.w = nil, 0, 0, false, true, nil
		w.col = &trial
		w.valueK(p.members[i].plan, v, k)
		w.col = outer
		match := trial.errors == 0 && trial.complete
		if match {
			matched = append(matched, p.members[i].wire)
		}
		switch {
		case bestMatch:
		case match, best < 0, trial.errors < bestErrors,
			trial.errors == bestErrors && len(trial.findings) < len(bestFindings):
			best, bestErrors, bestMatch, bestFindings = i, trial.errors, match, trial.findings
		}
	}
	switch {
	case len(matched) > 1:
		w.report(CodeUntaggedAmbiguous, p.id, v.Pos(), "exactly one member", strings.Join(matched, ", "),
			fmt.Sprintf("%d members of untagged union %s accept the value: %s (a reader that tries them in order takes %s)",
				len(matched), p.target, strings.Join(matched, ", "), matched[0]))
	case len(matched) == 0:
		m := &p.members[best]
		w.report(CodeUntagged, p.id, v.Pos(), "a value of one member ("+p.alloy.names+")", k.String(),
			fmt.Sprintf("no member of untagged union %s accepts the value; the closest is %s (%s), with %d error(s)",
				p.target, m.wire, m.plan.idOr(p.id), bestErrors))
	}
	// The chosen member's findings (warnings of a match, or the closest
	// member's errors) are the value's.
	for _, f := range bestFindings {
		if f.Code == CodeFindingsLimit {
			continue // the outer collector counts for itself
		}
		if !outer.Add(f) {
			break
		}
	}
}
