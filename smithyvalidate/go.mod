module github.com/smithy-validation/go/smithyvalidate

go 1.24
