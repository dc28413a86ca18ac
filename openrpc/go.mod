module github.com/smithy-validation/go/openrpc

go 1.24
