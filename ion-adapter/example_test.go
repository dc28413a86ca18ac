package ionadapter_test

import (
	"bytes"
	"fmt"

	"github.com/amazon-ion/ion-go/ion"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	ionadapter "github.com/smithy-validation/go/ion-adapter"
	"github.com/smithy-validation/go/smithyvalidate"
)

// readingModel is a Smithy JSON AST model: a sensor reading.
const readingModel = `{
  "smithy": "2.0",
  "shapes": {
    "example#Reading": {
      "type": "structure",
      "members": {
        "sensor": {"target": "smithy.api#String", "traits": {"smithy.api#required": {}}},
        "value": {"target": "smithy.api#BigDecimal"},
        "at": {"target": "smithy.api#Timestamp"}
      }
    }
  }
}`

func prepareReading() *smithyvalidate.Validator {
	a := assembly.New()
	if err := a.AddSource("reading.json", []byte(readingModel)); err != nil {
		panic(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		panic(fmt.Sprint(err, res.Events))
	}
	v, err := smithyvalidate.Prepare(res.Model, shapeid.MustParse("example#Reading"))
	if err != nil {
		panic(err)
	}
	return v
}

// A datagram of three readings: findings carry the index of their value.
// A symbol is not a string and a binary float is not an exact decimal
// unless a policy says so.
func ExampleValidate() {
	v := prepareReading()
	in := `$ion_1_0
{sensor: "t1", value: 21.50, at: 2024-05-01T10:00:00Z}
{sensor: t2, value: 1.5e0}
{value: 3.}`
	res, err := ionadapter.Validate(v, []byte(in))
	if err != nil {
		panic(err) // an *smithyvalidate.InternalError
	}
	fmt.Printf("valid=%v complete=%v\n%s", res.Valid, res.Complete, res.Text())
	// Output:
	// valid=false complete=true
	// [1] -: error unsupported /sensor example#Reading$sensor: expected a string, found a symbol (a symbol for a string or enum is accepted only with the SymbolsAsStrings option)
	// [1] -: error unsupported /value example#Reading$value: expected an exact decimal number, found a binary float (there is no lossless mapping policy for bigDecimal)
	// [2] -: error required "" example#Reading$sensor: missing required member sensor
}

// Binary Ion is recognized by its version marker; the same value gives the
// same findings as text.
func ExampleValidate_binary() {
	var buf bytes.Buffer
	w := ion.NewBinaryWriter(&buf)
	w.BeginStruct()
	w.FieldName(ion.NewSymbolTokenFromString("sensor"))
	w.WriteString("t1")
	w.FieldName(ion.NewSymbolTokenFromString("at"))
	w.WriteTimestamp(ion.MustParseTimestamp("2024-05-01T10:00-00:00"))
	w.EndStruct()
	if err := w.Finish(); err != nil {
		panic(err)
	}
	res, err := ionadapter.Validate(prepareReading(), buf.Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Print(res.Text())
	// Output:
	// -: error unsupported /at example#Reading$at: a timestamp without seconds is not a Smithy timestamp (second precision or finer is required)
}

// Parse keeps what the source wrote: the scale and sign of a decimal, the
// kind of a typed null, annotations.
func ExampleParse() {
	v, err := ionadapter.Parse([]byte(`reading::{value: -0.00, unit: null.symbol}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(v.Kind(), v.Annotations())
	for i := 0; i < v.Len(); i++ {
		f := v.Field(i)
		s := f.Value.Scalar()
		fmt.Printf("%s: %v %q null of %v\n", f.Name, s.Kind, s.Text, s.NullOf)
	}
	// Output:
	// object [reading]
	// value: decimal number "-0.00" null of null
	// unit: null "" null of symbol
}
