module github.com/smithy-validation/go/consumers/openrpc

go 1.24
