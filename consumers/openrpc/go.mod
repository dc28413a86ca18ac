module github.com/smithy-validation/go/consumers/openrpc

go 1.24

require github.com/smithy-validation/go/openrpc v0.1.0
