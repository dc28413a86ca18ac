module github.com/smithy-validation/go/consumers/json-value

go 1.24
