module github.com/smithy-validation/go/consumers/ion

go 1.24

require github.com/smithy-validation/go/ion-adapter v0.1.0
