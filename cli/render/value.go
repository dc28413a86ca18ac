package render

import (
	"bytes"

	"github.com/smithy-validation/go/smithyvalidate"
)

// ValueReport is the report of one value.
func ValueReport(res smithyvalidate.Result, file string, data []byte) *Report {
	rep := &Report{Command: "validate-value", Inputs: []string{DisplayName(file)}, Valid: res.Valid, Complete: res.Complete}
	rep.Diags = make([]Diag, len(res.Findings))
	ptrs := make([]*Diag, len(res.Findings))
	for i := range res.Findings {
		rep.Diags[i] = findingDiag(rep.Inputs[0], &res.Findings[i])
		ptrs[i] = &rep.Diags[i]
	}
	FillSources(bytes.NewReader(data), ptrs)
	return rep
}
