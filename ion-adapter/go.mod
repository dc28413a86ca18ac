module github.com/smithy-validation/go/ion-adapter

go 1.24
