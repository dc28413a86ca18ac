package run

import (
	ionadapter "github.com/smithy-validation/go/ion-adapter"
	"github.com/smithy-validation/go/smithyvalidate"
)

// validateIon validates Ion text or binary input (binary when it starts with
// the Ion binary version marker): one value, or a datagram whose findings
// carry the index of their value.
func validateIon(v *smithyvalidate.Validator, data []byte) (smithyvalidate.Result, error) {
	return ionadapter.Validate(v, data)
}
