module github.com/smithy-validation/go/conformance

go 1.24
