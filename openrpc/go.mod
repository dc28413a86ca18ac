module github.com/smithy-validation/go/openrpc

go 1.24

require (
	github.com/smithy-validation/go/core v0.1.0
	github.com/smithy-validation/go/rpc v0.1.0
	github.com/smithy-validation/go/smithyvalidate v0.1.0
)
