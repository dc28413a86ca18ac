module github.com/smithy-validation/go/consumers/rpc

go 1.24
