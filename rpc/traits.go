package rpc

import (
	_ "embed"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
)

// TraitsNamespace is the namespace of the JSON-RPC traits.
const TraitsNamespace = "smithy.rpc"

// The shape IDs of the JSON-RPC traits (see [TraitsSource]).
var (
	// JSONRPCTrait is smithy.rpc#jsonRpc, applied to a service:
	// `@jsonRpc(versions: ["1.0", "2.0"])`.
	JSONRPCTrait = shapeid.New(TraitsNamespace, "jsonRpc")
	// MethodTrait is smithy.rpc#method, applied to an operation:
	// `@method(name: "subtract", params: "either", positional: [...],
	// resultMember: "value")`.
	MethodTrait = shapeid.New(TraitsNamespace, "method")
	// RPCErrorTrait is smithy.rpc#rpcError, applied to an error structure:
	// `@rpcError(code: 1001, dataMember: "detail")`.
	RPCErrorTrait = shapeid.New(TraitsNamespace, "rpcError")
	// ClosedTrait is smithy.rpc#closed, applied to a structure: a field
	// that names none of its members is an error whatever the
	// unknown-member policy. Defined here with the other traits; the value
	// engine honors it ([smithyvalidate.ClosedTrait], the same ID).
	ClosedTrait = smithyvalidate.ClosedTrait
)

//go:embed traits.smithy
var traitsIDL []byte

// TraitsFileName is the name under which [TraitsSource] presents the trait
// definitions (it ends in .smithy: the file is Smithy IDL).
const TraitsFileName = "smithy.rpc.smithy"

// TraitsSource returns the Smithy IDL that defines the smithy.rpc traits,
// and the file name to load it under. Add it to an assembly next to the
// user's model files (the `smithy` command always does), so that a model
// only writes `use smithy.rpc#method`:
//
//	name, data := rpc.TraitsSource()
//	err := assembler.AddSource(name, data)
//
// The returned slice is a copy; the caller may keep or change it.
func TraitsSource() (name string, data []byte) {
	return TraitsFileName, append([]byte(nil), traitsIDL...)
}

// AddTraits adds the smithy.rpc trait definitions to an assembly: the
// one call a library user needs before adding model files that `use`
// them.
func AddTraits(a *assembly.Assembler) error {
	name, data := TraitsSource()
	return a.AddSource(name, data)
}
