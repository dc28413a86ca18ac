module github.com/smithy-validation/go/scripts

go 1.24

require golang.org/x/mod v0.27.0
