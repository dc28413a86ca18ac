module github.com/smithy-validation/go/scripts

go 1.24
