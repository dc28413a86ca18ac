package smithyvalidate_test

import (
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
	"github.com/smithy-validation/go/smithyvalidate/stream"
)

// schemaUnionModel is MCP's PrimitiveSchemaDefinition in miniature: an
// untagged union of eight structures that differ in their "type" enum and
// in the members that go with it, so that a value is tried against every
// member and several accept it, some only with unknown-member warnings.
const schemaUnionModel = `$version: "2"
namespace t

use alloy#untagged

@untagged
union Schema {
    string: StringSchema
    number: NumberSchema
    boolean: BooleanSchema
    untitledEnum: UntitledEnum
    titledEnum: TitledEnum
    untitledMulti: UntitledMulti
    titledMulti: TitledMulti
    legacyEnum: LegacyEnum
}

enum StringType {
    STRING = "string"
}

enum NumberType {
    NUMBER = "number"
    INTEGER = "integer"
}

enum BooleanType {
    BOOLEAN = "boolean"
}

enum ArrayType {
    ARRAY = "array"
}

list Strings { member: String }

structure StringSchema {
    @required
    type: StringType
    title: String
    description: String
    default: String
    minLength: Long
    maxLength: Long
}

structure NumberSchema {
    @required
    type: NumberType
    title: String
    description: String
    default: Double
    minimum: Double
    maximum: Double
}

structure BooleanSchema {
    @required
    type: BooleanType
    title: String
    description: String
    default: Boolean
}

structure UntitledEnum {
    @required
    type: StringType
    title: String
    description: String
    default: String
    @required
    enum: Strings
}

structure Option {
    @required
    const: String
    @required
    title: String
}

list Options { member: Option }

structure TitledEnum {
    @required
    type: StringType
    title: String
    description: String
    default: String
    @required
    oneOf: Options
}

structure EnumItems {
    @required
    type: StringType
    @required
    enum: Strings
}

structure UntitledMulti {
    @required
    type: ArrayType
    title: String
    @required
    items: EnumItems
}

structure AnyOfItems {
    @required
    anyOf: Options
}

structure TitledMulti {
    @required
    type: ArrayType
    title: String
    @required
    items: AnyOfItems
}

structure LegacyEnum {
    @required
    type: StringType
    title: String
    description: String
    default: String
    @required
    enum: Strings
    enumNames: Strings
}
`

// BenchmarkUntagged checks one value of the eight-member untagged union:
// "boolean" is accepted by one member alone (the others fail on "type"),
// "legacy" by one member with no finding and by two with unknown-member
// warnings (the string schema and the untitled enum). Each check tries
// every member.
//
//	go test -run '^$' -bench Untagged -benchmem ./smithyvalidate
func BenchmarkUntagged(b *testing.B) {
	m := loadAlloyModel(b, schemaUnionModel)
	v := mustPrepare(b, m, "t#Schema")
	for _, bc := range []struct{ name, value string }{
		{"boolean", `{"type":"boolean","title":"Agree","description":"Agree to the terms","default":false}`},
		{"legacy", `{"type":"string","title":"Pet","enum":["pet-1","pet-2","pet-3"],"enumNames":["Cats","Dogs","Birds"],"default":"pet-1"}`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var d stream.Document
			view := readDoc(b, &d, bc.value)
			c := v.NewCollector()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := v.Check(c, sv.Root(), view); err != nil {
					b.Fatal(err)
				}
				if c.Len() > 0 {
					c.Reset()
				}
			}
		})
	}
}
