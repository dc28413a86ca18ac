module github.com/smithy-validation/go/rpc

go 1.24
