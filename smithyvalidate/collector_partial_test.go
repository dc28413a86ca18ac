package smithyvalidate_test

import (
	"slices"
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// TestCollectorAddPartial: a limit given to AddPartial makes the result
// incomplete without stopping the run (Add stops it), counts towards
// MaxFindings, and a finding of another class is Add's.
func TestCollectorAddPartial(t *testing.T) {
	limit := sv.Finding{Severity: sv.SeverityWarning, Class: sv.ClassLimit, Code: sv.CodeDepthLimit}
	bad := sv.Finding{Severity: sv.SeverityError, Class: sv.ClassInstance, Code: sv.CodeType}

	c := sv.NewCollector(sv.MaxFindings(3))
	if !c.AddPartial(limit) || c.Stopped() || c.Complete() {
		t.Fatalf("after AddPartial(limit): stopped %v, complete %v; want going on, not complete", c.Stopped(), c.Complete())
	}
	if !c.AddPartial(bad) || c.Valid() {
		t.Fatalf("AddPartial(error) went on %v, valid %v: want it recorded as by Add", c.Stopped(), c.Valid())
	}
	if c.AddPartial(limit) || !c.Stopped() {
		t.Fatal("the third finding of three did not stop the run")
	}
	r := c.Result()
	limited := slices.ContainsFunc(r.Findings, func(f sv.Finding) bool { return f.Code == sv.CodeFindingsLimit })
	if len(r.Findings) != 4 || !limited || r.Complete || r.Valid {
		t.Errorf("findings %d (findings-limit among them: %v), complete %v, valid %v; want 3 and findings-limit, incomplete, invalid", len(r.Findings), limited, r.Complete, r.Valid)
	}

	c = sv.NewCollector()
	if c.Add(limit) || !c.Stopped() {
		t.Error("Add(limit) did not stop the run")
	}
	if c.AddPartial(limit) {
		t.Error("AddPartial went on after the run stopped")
	}
}
