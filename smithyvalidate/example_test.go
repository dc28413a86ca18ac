package smithyvalidate_test

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
)

// exampleModel assembles the seed's Calculator model.
func exampleModel() *model.Model {
	a := assembly.New()
	if err := a.AddSource("calculator.smithy", []byte(`$version: "2"
namespace example

structure SubtractInput {
    @required
    minuend: Integer
    @required
    subtrahend: Integer
}

structure SubtractOutput {
    @required
    value: Integer
}
`)); err != nil {
		panic(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		panic(fmt.Sprint(err, res.Events))
	}
	return res.Model
}

func Example() {
	m := exampleModel()
	v, err := smithyvalidate.Prepare(m, shapeid.MustParse("example#SubtractOutput$value"))
	if err != nil {
		panic(err) // a *ModelError
	}
	for _, text := range []string{`19`, `"19"`} {
		res, err := v.ValidateJSON([]byte(text))
		if err != nil {
			panic(err) // an *InternalError
		}
		fmt.Printf("%s valid=%v\n%s", text, res.Valid, res.Text())
	}
	// Output:
	// 19 valid=true
	// "19" valid=false
	// 1:1: error type "" example#SubtractOutput$value: expected an integer, found a string
}

// Positional JSON-RPC parameters are validated as the structure's members
// while findings keep their location in the message.
func ExamplePositional() {
	m := exampleModel()
	v, _ := smithyvalidate.Prepare(m, shapeid.MustParse("example#SubtractInput"))

	c := smithyvalidate.NewCollector()
	msg, err := node.ParseString(`{"jsonrpc":"2.0","method":"subtract","params":[42,"23"],"id":1}`)
	if err != nil {
		panic(err)
	}
	params, _ := msg.Get("params")
	args := smithyvalidate.Positional(smithyvalidate.NodeView(&params), "minuend", "subtrahend")
	_ = v.Check(c, smithyvalidate.Root().Key("params"), args)

	for _, f := range c.Result().Findings {
		fmt.Println(f.Code, f.Path, f.Shape)
	}
	// Output:
	// type /params/1 example#SubtractInput$subtrahend
}

func ExampleResult_AppendJSON() {
	m := exampleModel()
	v, _ := smithyvalidate.Prepare(m, shapeid.MustParse("example#SubtractInput"))
	res, _ := v.ValidateJSON([]byte(`{"minuend": 42}`))
	fmt.Println(string(res.AppendJSON(nil, "  ")))
	// Output:
	// {
	//   "valid": false,
	//   "complete": true,
	//   "findings": [
	//     {
	//       "severity": "error",
	//       "class": "instance",
	//       "code": "required",
	//       "path": "",
	//       "shape": "example#SubtractInput$subtrahend",
	//       "line": 1,
	//       "column": 1,
	//       "message": "missing required member subtrahend"
	//     }
	//   ]
	// }
}

func ExamplePrepare_modelError() {
	m := exampleModel()
	_, err := smithyvalidate.Prepare(m, shapeid.MustParse("example#Missing"))
	fmt.Println(err)
	// Output:
	// smithyvalidate: cannot prepare example#Missing: example#Missing: shape not found in the model
}

func ExamplePath() {
	p := smithyvalidate.InDocument(3).Key("params").Index(1)
	i, _ := p.Document()
	fmt.Println(p, i)
	fmt.Println(smithyvalidate.Root().Key("a/b").Key("m~n"))
	// Output:
	// /params/1 3
	// /a~1b/m~0n
}

// A program that reads a JSON-RPC message itself checks its params where
// they are in the text: the one pass decides a valid value without a
// tape, and only a value it does not accept goes to the walk for its
// findings.
func ExampleValidator_ValidJSONAt() {
	v, err := smithyvalidate.Prepare(exampleModel(), shapeid.MustParse("example#SubtractInput"))
	if err != nil {
		panic(err)
	}
	for _, msg := range []string{
		`{"jsonrpc":"2.0","method":"subtract","params":{"minuend":42,"subtrahend":23},"id":1}`,
		`{"jsonrpc":"2.0","method":"subtract","params":{"minuend":42},"id":2}`,
	} {
		at := strings.Index(msg, `"params":`) + len(`"params":`)
		c := v.NewCollector()
		if end, ok := v.ValidJSONAt(c, msg, at, 1); ok {
			fmt.Printf("valid params %s\n", msg[at:end])
			continue
		}
		// Not decided: read the value and walk it for its findings.
		n, err := node.Parse([]byte(msg[at : len(msg)-len(`,"id":2}`)]))
		if err != nil {
			panic(err)
		}
		if err := v.Check(c, smithyvalidate.Root().Key("params"), smithyvalidate.NodeView(&n)); err != nil {
			panic(err)
		}
		for _, f := range c.Result().Findings {
			fmt.Println(f.Path, f.Code)
		}
	}
	// Output:
	// valid params {"minuend":42,"subtrahend":23}
	// /params required
}

// A program that checks several shapes of one model (a service's params
// and results) prepares them with one Preparer: what they share is
// compiled once, and each validator is the one Prepare gives.
func ExamplePreparer() {
	p := smithyvalidate.NewPreparer(exampleModel())
	for _, s := range []string{"example#SubtractInput", "example#SubtractOutput", "example#Missing"} {
		v, err := p.Prepare(shapeid.MustParse(s))
		if err != nil {
			fmt.Println(err)
			continue
		}
		res, _ := v.ValidateJSON([]byte(`{"value":19}`))
		fmt.Printf("%s valid=%v\n", v.Shape(), res.Valid)
	}
	// Output:
	// example#SubtractInput valid=false
	// example#SubtractOutput valid=true
	// smithyvalidate: cannot prepare example#Missing: example#Missing: shape not found in the model
}

// A reader limit stops validation where it is met; what ended before it
// keeps the findings nothing after it could change. Here the element
// limit stops at the third key: minuend's wrong type is reported, and the
// result is invalid, not only incomplete; the missing subtrahend is not
// (the object was never read to its end).
func ExampleValidator_ValidateJSON_limit() {
	m := exampleModel()
	v, err := smithyvalidate.Prepare(m, shapeid.MustParse("example#SubtractInput"), smithyvalidate.MaxElements(3))
	if err != nil {
		panic(err)
	}
	res, err := v.ValidateJSON([]byte(`{"minuend": "42", "extra": 1, "more": 2}`))
	if err != nil {
		panic(err)
	}
	fmt.Printf("valid=%v complete=%v\n%s", res.Valid, res.Complete, res.Text())
	// Output:
	// valid=false complete=false
	// 1:13: error type /minuend example#SubtractInput$minuend: expected an integer, found a string
	// 1:19: warning elements-limit "" -: the input holds more than 3 values and object keys (the MaxElements limit); validation stopped
}
