module github.com/smithy-validation/go/consumers/ion

go 1.24
