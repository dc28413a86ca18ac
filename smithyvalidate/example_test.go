package smithyvalidate_test

import (
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
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
	msg, ok := c.ReadJSON([]byte(`{"jsonrpc":"2.0","method":"subtract","params":[42,"23"],"id":1}`), smithyvalidate.Root())
	if !ok {
		return
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

// A JSONDocument reads a text once, so that a caller can look at it before
// it validates a part of it: here a JSON-RPC envelope's params. Reuse the
// document: once warm, reading and checking a valid value allocate
// nothing.
func ExampleJSONDocument() {
	v, err := smithyvalidate.Prepare(exampleModel(), shapeid.MustParse("example#SubtractInput"))
	if err != nil {
		panic(err)
	}
	var doc smithyvalidate.JSONDocument
	for _, text := range []string{
		`{"method":"subtract","params":{"minuend":42,"subtrahend":23}}`,
		`{"method":"subtract","params":{"minuend":42,"subtrahend":"23"}}`,
		`{"method":"subtract",}`,
	} {
		if err := doc.Read([]byte(text)); err != nil {
			// The error core/node's reader gives, as a finding.
			fmt.Print(smithyvalidate.Result{Findings: []smithyvalidate.Finding{smithyvalidate.ReadErrorFinding(err, smithyvalidate.Root())}}.Text())
			continue
		}
		root := doc.Root()
		for i := 0; i < root.Len(); i++ {
			if f := root.Field(i); f.Name == "params" {
				c := smithyvalidate.NewCollector()
				if err := v.Check(c, smithyvalidate.Root().Key("params"), f.Value); err != nil {
					panic(err)
				}
				fmt.Printf("valid=%v\n%s", c.Valid(), c.Result().Text())
			}
		}
	}
	doc.Reset() // drop the reference to the last text
	// Output:
	// valid=true
	// valid=false
	// 1:58: error type /params/subtrahend example#SubtractInput$subtrahend: expected an integer, found a string
	// 1:22: error syntax "" -: not valid JSON: expected string for object key after ',', found '}' (trailing comma)
}

// A Checker holds the engine's scratch storage across checks, for a
// goroutine that validates many small values in a row (a stream of
// messages); MemberView reads an envelope member without building a Field.
// Findings are those of Validator.Check.
func ExampleChecker() {
	v, err := smithyvalidate.Prepare(exampleModel(), shapeid.MustParse("example#SubtractInput"))
	if err != nil {
		panic(err)
	}
	var (
		doc smithyvalidate.JSONDocument
		chk smithyvalidate.Checker // one per goroutine: not safe for concurrent use
		col = smithyvalidate.NewCollector()
	)
	for _, text := range []string{
		`{"method":"subtract","params":{"minuend":42,"subtrahend":23}}`,
		`{"method":"subtract","params":{"minuend":42,"subtrahend":"23"}}`,
	} {
		if err := doc.Read([]byte(text)); err != nil {
			panic(err)
		}
		root := doc.Root()
		mv, ok := root.(smithyvalidate.MemberView)
		for i := 0; i < root.Len(); i++ {
			var name string
			var value smithyvalidate.ValueView
			if ok {
				name, value = mv.Member(i)
			} else {
				f := root.Field(i)
				name, value = f.Name, f.Value
			}
			if name == "params" {
				col.Reset()
				if err := chk.Check(v, col, smithyvalidate.Root().Key("params"), value); err != nil {
					panic(err)
				}
				fmt.Printf("valid=%v\n%s", col.Valid(), col.Result().Text())
			}
		}
	}
	doc.Reset()
	// Output:
	// valid=true
	// valid=false
	// 1:58: error type /params/subtrahend example#SubtractInput$subtrahend: expected an integer, found a string
}
