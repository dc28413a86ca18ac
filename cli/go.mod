module github.com/smithy-validation/go/cli

go 1.24

require (
	github.com/rogpeppe/go-internal v1.14.1
	github.com/smithy-validation/go/core v0.1.0
	github.com/smithy-validation/go/ion-adapter v0.1.0
	github.com/smithy-validation/go/mend v0.1.0
	github.com/smithy-validation/go/openrpc v0.1.0
	github.com/smithy-validation/go/rpc v0.1.0
	github.com/smithy-validation/go/smithyvalidate v0.1.0
	github.com/urfave/cli/v2 v2.27.7
)

require (
	github.com/amazon-ion/ion-go v1.5.0 // indirect
	github.com/cpuguy83/go-md2man/v2 v2.0.7 // indirect
	github.com/russross/blackfriday/v2 v2.1.0 // indirect
	github.com/xrash/smetrics v0.0.0-20240521201337-686a1a2994c1 // indirect
	golang.org/x/sys v0.26.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
