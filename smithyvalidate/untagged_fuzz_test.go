package smithyvalidate_test

import (
	"encoding/json"
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// untaggedMembers are the members of t#Schema (schemaUnionModel), in model
// order, with the shapes they target.
var untaggedMembers = []string{
	"t#StringSchema", "t#NumberSchema", "t#BooleanSchema", "t#UntitledEnum",
	"t#TitledEnum", "t#UntitledMulti", "t#TitledMulti", "t#LegacyEnum",
}

// severityCounts counts a result's findings by severity, leaving out the union's
// own untagged-ambiguous advisory.
func severityCounts(r sv.Result) [3]int {
	var n [3]int
	for _, f := range r.Findings {
		if f.Code != sv.CodeUntaggedAmbiguous {
			n[f.Severity]++
		}
	}
	return n
}

func lessCounts(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// FuzzUntagged checks the untagged union against its members one by one,
// for any JSON value: the union accepts the value exactly when some member
// does; when it does, its findings are those of the best-ranked members
// (as many errors, warnings and advisories), and untagged-ambiguous is
// reported exactly when several members share that rank; the same value
// gives the same findings twice.
func FuzzUntagged(f *testing.F) {
	for _, s := range []string{
		`{"type":"string","enum":["a","b"]}`,
		`{"type":"string","enum":["a"],"enumNames":["A"]}`,
		`{"type":"string","oneOf":[{"const":"a","title":"A"}]}`,
		`{"type":"string","pattern":"x"}`,
		`{"type":"boolean","default":"yes","enum":["a"]}`,
		`{"type":"array","items":{"anyOf":[{"const":"a","title":"A"}]}}`,
		`{"type":"integer","minimum":1.5}`,
		`{}`, `[]`, `"string"`, `null`,
	} {
		f.Add([]byte(s))
	}
	m := loadAlloyModel(f, schemaUnionModel)
	union := mustPrepare(f, m, "t#Schema")
	var members []*sv.Validator
	for _, id := range untaggedMembers {
		members = append(members, mustPrepare(f, m, id))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 || !json.Valid(data) {
			return
		}
		got, err := union.ValidateJSON(data)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Complete {
			return // a limit: nothing to compare
		}
		again, _ := union.ValidateJSON(data)
		if summary(got) != summary(again) {
			t.Fatalf("%s: two runs differ:\n%s\n%s", data, summary(got), summary(again))
		}
		best, tied, accepted := [3]int{}, 0, false
		for i, v := range members {
			r, err := v.ValidateJSON(data)
			if err != nil {
				t.Fatal(err)
			}
			n := severityCounts(r)
			switch {
			case i == 0 || lessCounts(n, best):
				best, tied = n, 1
			case n == best:
				tied++
			}
			accepted = accepted || r.Valid
		}
		if got.Valid != accepted {
			t.Fatalf("%s: union valid %v, some member valid %v: %s", data, got.Valid, accepted, summary(got))
		}
		if !accepted {
			return
		}
		ambiguous := false
		for _, f := range got.Findings {
			ambiguous = ambiguous || f.Code == sv.CodeUntaggedAmbiguous
		}
		if n := severityCounts(got); n != best || ambiguous != (tied > 1) {
			t.Fatalf("%s: union findings %v (ambiguous %v), best member rank %v shared by %d: %s", data, n, ambiguous, best, tied, summary(got))
		}
	})
}
