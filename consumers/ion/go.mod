module github.com/smithy-validation/go/consumers/ion

go 1.24

require (
	github.com/smithy-validation/go/core v0.1.0
	github.com/smithy-validation/go/ion-adapter v0.1.0
	github.com/smithy-validation/go/smithyvalidate v0.1.0
)

// ion-adapter reads Ion with ion-go. A user's `go mod tidy` lists ion-go here
// as indirect as soon as ion-adapter imports it; listing it from the start
// makes the proven graph the same before and after that import, and includes
// ion-go's own requirements (it declares go 1.13, so they are not pruned).
require github.com/amazon-ion/ion-go v1.5.0 // indirect
