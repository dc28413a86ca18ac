package app

import "github.com/smithy-validation/go/smithyvalidate"

// validateIon validates Ion text or binary input.
func validateIon(v *smithyvalidate.Validator, data []byte) (smithyvalidate.Result, error) {
	return smithyvalidate.Result{}, usageErrorf("--input-format ion: the Ion adapter is not wired into this build yet")
}
