module github.com/smithy-validation/go/ion-adapter

go 1.24

require (
	github.com/amazon-ion/ion-go v1.5.0
	github.com/smithy-validation/go/core v0.1.0
	github.com/smithy-validation/go/smithyvalidate v0.1.0
)
