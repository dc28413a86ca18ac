module github.com/smithy-validation/go/core

go 1.24
