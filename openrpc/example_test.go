package openrpc_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/rpc"
)

const exampleModel = `$version: "2"
namespace example
use smithy.rpc#jsonRpc
use smithy.rpc#method

@jsonRpc(versions: ["2.0"])
service Calculator { version: "1", operations: [Subtract] }

@method(name: "subtract", params: "either", positional: ["minuend", "subtrahend"], resultMember: "value")
operation Subtract {
    input := { @required minuend: Integer, @required subtrahend: Integer }
    output := { @required value: Integer }
}
`

// Export the seed's Calculator, then check a call's params and a result
// against the document, as a client reading only the document would.
func ExampleConvert() {
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		panic(err)
	}
	if err := a.AddSource("calculator.smithy", []byte(exampleModel)); err != nil {
		panic(err)
	}
	m, err := a.Assemble()
	if err != nil || m.HasErrors() {
		panic(err)
	}
	res, err := openrpc.Convert(m.Model, shapeid.MustParse("example#Calculator"), openrpc.Config{})
	if err != nil {
		panic(err)
	}
	method := res.Document.Fields()[2].Value.Elems()[0]
	ps, _ := method.Get("paramStructure")
	fmt.Println("paramStructure:", ps.StringValue())

	check, err := openrpc.NewChecker(res.JSON)
	if err != nil {
		panic(err)
	}
	fmt.Println(check.CheckParams("subtract", []byte(`[42, 23]`)))
	fmt.Println(check.CheckParams("subtract", []byte(`{"minuend": 42}`)))
	fmt.Println(check.CheckResult("subtract", []byte(`"19"`)))
	// Output:
	// paramStructure: either
	// <nil>
	// /params: required param "subtrahend" is missing
	// /result: fails the result schema
}

// The metaschema check of any OpenRPC document: findings by location.
func ExampleCheckDocument() {
	fs, err := openrpc.CheckDocument([]byte(`{"openrpc": "1.3.2", "info": {"title": "t"}, "methods": []}`))
	if err != nil {
		panic(err)
	}
	for _, f := range fs {
		fmt.Println(f)
	}
	// Output:
	// /info: missing required member(s) "version" (https://meta.open-rpc.org/#/definitions/infoObject/required)
}

// The bounds of a float's number schema: a token at or beyond them
// overflows, one below rounds to a finite float (3.4028235e38 is one).
func ExampleOverflowLimits() {
	float, _ := openrpc.OverflowLimits()
	fmt.Println(float)
	// Output: 340282356779733661637539395458142568448
}
