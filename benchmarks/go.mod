module github.com/smithy-validation/go/benchmarks

go 1.24

require (
	github.com/bytedance/sonic v1.15.5
	github.com/goccy/go-json v0.12.0
	github.com/google/jsonschema-go v0.4.3
	github.com/kaptinlin/jsonrepair v0.2.2
	github.com/minio/simdjson-go v0.4.5
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2
	github.com/smithy-validation/go/core v0.1.0
	github.com/smithy-validation/go/mend v0.1.0
	github.com/smithy-validation/go/rpc v0.1.0
	github.com/smithy-validation/go/smithyvalidate v0.1.0
	github.com/valyala/fastjson v1.6.10
)

require (
	github.com/bytedance/gopkg v0.1.3 // indirect
	github.com/bytedance/sonic/loader v0.5.3 // indirect
	github.com/cloudwego/base64x v0.1.6 // indirect
	github.com/klauspost/compress v1.15.15 // indirect
	github.com/klauspost/cpuid/v2 v2.2.9 // indirect
	github.com/smithy-validation/go/openrpc v0.1.0
	github.com/twitchyliquid64/golang-asm v0.15.1 // indirect
	golang.org/x/arch v0.0.0-20210923205945-b76863e36670 // indirect
	golang.org/x/sys v0.22.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
