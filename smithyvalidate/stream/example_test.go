package stream_test

import (
	"errors"
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
	"github.com/smithy-validation/go/smithyvalidate/stream"
)

// moveModel has one payload shape.
const moveModel = `$version: "2"
namespace example

/// The params of a "move" call.
structure MoveInput { @required x: Integer, @required y: Integer }
`

// exampleModel assembles moveModel.
func exampleModel() *model.Model {
	a := assembly.New()
	err := a.AddSource("move.smithy", []byte(moveModel))
	res, err2 := a.Assemble()
	if err = errors.Join(err, err2); err != nil || res.HasErrors() {
		panic(fmt.Sprint(err, res.Events))
	}
	return res.Model
}

// A Document reads a text once, so that a caller can look at it before
// it validates a part of it: here a JSON-RPC envelope's params. Reuse the
// document: once warm, reading and checking a valid value allocate
// nothing.
func ExampleDocument() {
	v, err := smithyvalidate.Prepare(exampleModel(), shapeid.MustParse("example#MoveInput"))
	if err != nil {
		panic(err)
	}
	var doc stream.Document
	for _, text := range []string{
		`{"method":"move","params":{"x":4,"y":2}}`,
		`{"method":"move","params":{"x":4,"y":"2"}}`,
		`{"method":"move",}`,
	} {
		if err := doc.Read([]byte(text), limits.Default()); err != nil {
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
	// 1:38: error type /params/y example#MoveInput$y: expected an integer, found a string
	// 1:18: error syntax "" -: not valid JSON: expected string for object key after ',', found '}' (trailing comma)
}

// A reused collector keeps the engine's scratch storage across checks,
// for a goroutine that validates many small values in a row (a stream of
// messages); MemberView reads an envelope member without building a Field.
func ExampleMemberView() {
	v, err := smithyvalidate.Prepare(exampleModel(), shapeid.MustParse("example#MoveInput"))
	if err != nil {
		panic(err)
	}
	var (
		doc stream.Document
		col = smithyvalidate.NewCollector() // one per goroutine: not safe for concurrent use
	)
	for _, text := range []string{
		`{"method":"move","params":{"x":4,"y":2}}`,
		`{"method":"move","params":{"x":4,"y":"2"}}`,
	} {
		if err := doc.Read([]byte(text), limits.Default()); err != nil {
			panic(err)
		}
		root := doc.Root()
		mv, ok := root.(stream.MemberView)
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
				if err := v.Check(col, smithyvalidate.Root().Key("params"), value); err != nil {
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
	// 1:38: error type /params/y example#MoveInput$y: expected an integer, found a string
}
