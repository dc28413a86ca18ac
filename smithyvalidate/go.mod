module github.com/smithy-validation/go/smithyvalidate

go 1.24

require github.com/smithy-validation/go/core v0.1.0
