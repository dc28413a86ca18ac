package model

// ShapeType is one of the Smithy 2.0 shape types.
type ShapeType uint8

// The shape types. SetType exists only while loading Smithy 1.0 models: the
// loaders upgrade a set to a list with the uniqueItems trait, as the
// reference implementation does, so an assembled Model never contains one.
const (
	InvalidType ShapeType = iota
	BlobType
	BooleanType
	StringType
	EnumType
	ByteType
	ShortType
	IntegerType
	IntEnumType
	LongType
	FloatType
	DoubleType
	BigIntegerType
	BigDecimalType
	TimestampType
	DocumentType
	ListType
	SetType
	MapType
	StructureType
	UnionType
	MemberType
	ServiceType
	OperationType
	ResourceType
)

var typeNames = [...]string{
	InvalidType:    "invalid",
	BlobType:       "blob",
	BooleanType:    "boolean",
	StringType:     "string",
	EnumType:       "enum",
	ByteType:       "byte",
	ShortType:      "short",
	IntegerType:    "integer",
	IntEnumType:    "intEnum",
	LongType:       "long",
	FloatType:      "float",
	DoubleType:     "double",
	BigIntegerType: "bigInteger",
	BigDecimalType: "bigDecimal",
	TimestampType:  "timestamp",
	DocumentType:   "document",
	ListType:       "list",
	SetType:        "set",
	MapType:        "map",
	StructureType:  "structure",
	UnionType:      "union",
	MemberType:     "member",
	ServiceType:    "service",
	OperationType:  "operation",
	ResourceType:   "resource",
}

// String returns the type's name as written in the IDL and the JSON AST.
func (t ShapeType) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "invalid"
}

// ParseShapeType returns the type named s ("structure", "intEnum", ...).
func ParseShapeType(s string) (ShapeType, bool) {
	for t, name := range typeNames {
		if name == s && ShapeType(t) != InvalidType {
			return ShapeType(t), true
		}
	}
	return InvalidType, false
}

// IsSimple reports whether t is a simple type (no members besides the
// enum and intEnum values).
func (t ShapeType) IsSimple() bool { return t >= BlobType && t <= DocumentType }

// IsNumber reports whether t is one of the number types (intEnum included).
func (t ShapeType) IsNumber() bool { return t >= ByteType && t <= BigDecimalType }

// IsInteger reports whether t holds integers: byte, short, integer, intEnum,
// long or bigInteger.
func (t ShapeType) IsInteger() bool {
	switch t {
	case ByteType, ShortType, IntegerType, IntEnumType, LongType, BigIntegerType:
		return true
	}
	return false
}

// IsAggregate reports whether t is list, set, map, structure or union.
func (t ShapeType) IsAggregate() bool { return t >= ListType && t <= UnionType }

// IsService reports whether t is service, operation or resource.
func (t ShapeType) IsService() bool { return t >= ServiceType && t <= ResourceType }

// HasMembers reports whether shapes of type t declare members: aggregates,
// enum and intEnum.
func (t ShapeType) HasMembers() bool {
	return t.IsAggregate() || t == EnumType || t == IntEnumType
}
