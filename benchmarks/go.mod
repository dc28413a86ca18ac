module github.com/smithy-validation/go/benchmarks

go 1.24

require (
	github.com/kaptinlin/jsonrepair v0.2.2
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2
	github.com/smithy-validation/go/core v0.1.0
	github.com/smithy-validation/go/mend v0.1.0
	github.com/smithy-validation/go/smithyvalidate v0.1.0
)

require golang.org/x/text v0.14.0 // indirect
