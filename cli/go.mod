module github.com/smithy-validation/go/cli

go 1.24
