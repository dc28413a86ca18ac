package smithyvalidate

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// The untagged rule family: alloy#untagged on a union. A value is exactly
// the encoding of one member, with no tag: it is valid when at least one
// member's shape accepts it (no error). Each member is tried in model
// order, its findings kept aside, and the members are ranked by their
// findings: fewest errors first, then fewest warnings, then fewest
// advisories (a [rank]); the first member of the best rank, in model order,
// is the value's, and its findings are reported. So a member that accepts
// the value with no finding wins over one that accepts it only with
// warnings (MCP's {"type":"string","enum":[...]} is an enum schema, not a
// string schema with an unknown member "enum"). When no member accepts the
// value, an untagged finding names the best (the closest) before its
// findings; when several members accept it with the best rank, the choice
// is a tie: an untagged-ambiguous advisory names them. Members that accept
// the value with a worse rank lost, and are not named. A trial that a
// limit stops (depth, findings, MaxUntaggedTries) stops validation with
// its findings: the union cannot be decided.

// rank is what a member's trial found: its errors, warnings and
// advisories. A lower rank fits the value better: errors decide first,
// then warnings, then advisories.
type rank [3]int

// rankOf counts the findings of a trial by severity.
func rankOf(fs []Finding) rank {
	var r rank
	for i := range fs {
		if s := fs[i].Severity; int(s) < len(r) {
			r[s]++
		}
	}
	return r
}

// less reports whether r fits better than o.
func (r rank) less(o rank) bool {
	for i := range r {
		if r[i] != o[i] {
			return r[i] < o[i]
		}
	}
	return false
}

// String says what the rank's findings are, for messages: "no finding",
// "1 warning", "2 warnings and 1 advisory".
func (r rank) String() string {
	var parts []string
	for s, n := range r {
		switch {
		case n == 1:
			parts = append(parts, "1 "+Severity(s).String())
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %ss", n, Severity(s)))
		}
	}
	if len(parts) == 0 {
		return "no finding"
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

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
			fmt.Sprintf("untagged union %s has no member to accept the value", p.targetID()))
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
	best := -1
	var bestRank rank
	var bestFindings []Finding
	var tied []string // the members of the best rank, in model order
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
		r := rankOf(trial.findings)
		switch {
		case best < 0 || r.less(bestRank):
			best, bestRank, bestFindings = i, r, trial.findings
			tied = append(tied[:0], p.members[i].wire)
		case r == bestRank:
			tied = append(tied, p.members[i].wire)
		}
	}
	w.tries = saved
	switch {
	case bestRank[SeverityError] > 0:
		m := &p.members[best]
		w.report(CodeUntagged, p.id, v.Pos(), "a value of one member ("+p.alloy.names+")", k.String(),
			fmt.Sprintf("no member of untagged union %s accepts the value; the closest is %s (%s), with %s",
				p.targetID(), m.wire, m.plan.idOr(p.id), bestRank))
	case len(tied) > 1:
		w.report(CodeUntaggedAmbiguous, p.id, v.Pos(), "exactly one member", strings.Join(tied, ", "),
			fmt.Sprintf("%d members of untagged union %s accept the value equally well (%s): %s; the first, %s, is taken",
				len(tied), p.targetID(), bestRank, strings.Join(tied, ", "), tied[0]))
	}
	// The chosen member's findings (those of the best match, or the
	// closest member's errors) are the value's.
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
