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
// tries members in order takes the first). A trial that a limit stops
// (depth, findings, MaxUntaggedTries) stops validation with its findings:
// the union cannot be decided.

// prepareUntagged marks an untagged union.
func prepareUntagged(_ *preparer, pl *plan, _ node.Node) string {
	pl.alloyPlan().untagged = true
	return ""
}

// MaxUntaggedTries bounds the work of untagged unions nested in one
// another: a value is tried against at most this many combinations of
// their members (the product of the member counts of the untagged unions
// being tried around it), so that no value is read more than this many
// times. Past it, validation stops with an untagged-limit finding
// (complete false): without the bound, untagged unions whose members
// nest them again would make the work grow exponentially with the depth
// of the value.
const MaxUntaggedTries = 1024

// untagged checks a value of an @untagged union.
func (w *walker) untagged(p *plan, v ValueView, k Kind) {
	if len(p.members) == 0 {
		w.report(CodeUntagged, p.id, v.Pos(), "a value of one member", k.String(),
			fmt.Sprintf("untagged union %s has no member to accept the value", p.target))
		return
	}
	tries := max(w.tries, 1) * len(p.members)
	if tries > MaxUntaggedTries {
		w.col.Add(Finding{Severity: SeverityWarning, Class: ClassLimit, Code: CodeUntaggedLimit, Path: w.path(), Shape: p.id, Pos: v.Pos(),
			Want: fmt.Sprint(MaxUntaggedTries), Got: fmt.Sprint(tries),
			Message: fmt.Sprintf("untagged unions nested here would try the value %d times (more than %d); validation stopped", tries, MaxUntaggedTries)})
		return
	}
	// (Restored below: a check that panics discards its walker, so the
	// walk needs no deferred cleanup.)
	saved := w.tries
	w.tries = tries
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
		if !trial.complete {
			// A limit stopped the trial: the union cannot be decided, and
			// validation stops here as it would outside one.
			w.tries = saved
			w.replay(trial.findings)
			return
		}
		match := trial.errors == 0
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
	w.tries = saved
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
	w.replay(bestFindings)
}

// replay adds the findings of a trial to the walker's collector.
func (w *walker) replay(fs []Finding) {
	for _, f := range fs {
		if f.Code == CodeFindingsLimit {
			continue // the collector counts for itself
		}
		if !w.col.Add(f) {
			break
		}
	}
}
