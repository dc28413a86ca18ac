module github.com/smithy-validation/go/consumers/mend

go 1.24

require github.com/smithy-validation/go/mend v0.1.0
