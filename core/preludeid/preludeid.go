// Package preludeid declares the shape IDs of the Smithy 2.0 prelude
// (namespace smithy.api) once, for every module of this project: the
// trait definitions and the public shapes a model may target.
//
// It sits directly above [shapeid] and below everything else (model,
// assembly, validate, the loaders and the other modules), so any package can
// use it without an import cycle; core/prelude, which holds the prelude
// model itself, imports core/model and so could not serve here.
//
// The values are variables only because a Go constant cannot be a struct;
// treat them as constants and never assign to them. Each is the ID as
// [shapeid.New] builds it, so it compares equal to an ID parsed from text:
//
//	preludeid.Required == shapeid.MustParse("smithy.api#required") // true
//
// Trait IDs are named after the trait in Go style (jsonName is [JSONName],
// httpApiKeyAuth is [HTTPAPIKeyAuth]); shape IDs keep the prelude's name.
// Only the prelude's own helper shapes (such as TraitDiffRules) are left out.
package preludeid

import "github.com/smithy-validation/go/core/shapeid"

func id(name string) shapeid.ID { return shapeid.New(shapeid.Prelude, name) }

// Prelude shapes that members and other shapes target.
var (
	// String is smithy.api#String, the prelude string shape.
	String = id("String")
	// Blob is smithy.api#Blob, the prelude blob shape.
	Blob = id("Blob")
	// BigInteger is smithy.api#BigInteger, the prelude bigInteger shape.
	BigInteger = id("BigInteger")
	// BigDecimal is smithy.api#BigDecimal, the prelude bigDecimal shape.
	BigDecimal = id("BigDecimal")
	// Timestamp is smithy.api#Timestamp, the prelude timestamp shape.
	Timestamp = id("Timestamp")
	// Document is smithy.api#Document, the open-content document type.
	Document = id("Document")
	// Boolean is smithy.api#Boolean, the prelude boolean shape.
	Boolean = id("Boolean")
	// Byte is smithy.api#Byte, the prelude byte shape.
	Byte = id("Byte")
	// Short is smithy.api#Short, the prelude short shape.
	Short = id("Short")
	// Integer is smithy.api#Integer, the prelude integer shape.
	Integer = id("Integer")
	// Long is smithy.api#Long, the prelude long shape.
	Long = id("Long")
	// Float is smithy.api#Float, the prelude float shape.
	Float = id("Float")
	// Double is smithy.api#Double, the prelude double shape.
	Double = id("Double")
	// PrimitiveBoolean is smithy.api#PrimitiveBoolean, the non-nullable prelude boolean with default zero (IDL 1.0).
	PrimitiveBoolean = id("PrimitiveBoolean")
	// PrimitiveByte is smithy.api#PrimitiveByte, the non-nullable prelude byte with default zero (IDL 1.0).
	PrimitiveByte = id("PrimitiveByte")
	// PrimitiveShort is smithy.api#PrimitiveShort, the non-nullable prelude short with default zero (IDL 1.0).
	PrimitiveShort = id("PrimitiveShort")
	// PrimitiveInteger is smithy.api#PrimitiveInteger, the non-nullable prelude integer with default zero (IDL 1.0).
	PrimitiveInteger = id("PrimitiveInteger")
	// PrimitiveLong is smithy.api#PrimitiveLong, the non-nullable prelude long with default zero (IDL 1.0).
	PrimitiveLong = id("PrimitiveLong")
	// PrimitiveFloat is smithy.api#PrimitiveFloat, the non-nullable prelude float with default zero (IDL 1.0).
	PrimitiveFloat = id("PrimitiveFloat")
	// PrimitiveDouble is smithy.api#PrimitiveDouble, the non-nullable prelude double with default zero (IDL 1.0).
	PrimitiveDouble = id("PrimitiveDouble")
	// Unit is smithy.api#Unit, the unit type, the input or output of an operation with none and the target of a union member without a value.
	Unit = id("Unit")
)

// Prelude trait definitions.
var (
	// Trait is the trait smithy.api#trait, the trait that makes a shape a trait definition.
	Trait = id("trait")
	// Deprecated is the trait smithy.api#deprecated.
	Deprecated = id("deprecated")
	// Box is the trait smithy.api#box (IDL 1.0 nullability, kept for upgrade).
	Box = id("box")
	// Documentation is the trait smithy.api#documentation.
	Documentation = id("documentation")
	// ExternalDocumentation is the trait smithy.api#externalDocumentation.
	ExternalDocumentation = id("externalDocumentation")
	// Auth is the trait smithy.api#auth.
	Auth = id("auth")
	// ProtocolDefinition is the trait smithy.api#protocolDefinition.
	ProtocolDefinition = id("protocolDefinition")
	// AuthDefinition is the trait smithy.api#authDefinition.
	AuthDefinition = id("authDefinition")
	// HTTPBasicAuth is the trait smithy.api#httpBasicAuth.
	HTTPBasicAuth = id("httpBasicAuth")
	// HTTPDigestAuth is the trait smithy.api#httpDigestAuth.
	HTTPDigestAuth = id("httpDigestAuth")
	// HTTPBearerAuth is the trait smithy.api#httpBearerAuth.
	HTTPBearerAuth = id("httpBearerAuth")
	// HTTPAPIKeyAuth is the trait smithy.api#httpApiKeyAuth.
	HTTPAPIKeyAuth = id("httpApiKeyAuth")
	// TraitValidators is the trait smithy.api#traitValidators.
	TraitValidators = id("traitValidators")
	// Metadata is the trait smithy.api#metadata.
	Metadata = id("metadata")
	// Default is the trait smithy.api#default.
	Default = id("default")
	// AddedDefault is the trait smithy.api#addedDefault.
	AddedDefault = id("addedDefault")
	// ClientOptional is the trait smithy.api#clientOptional.
	ClientOptional = id("clientOptional")
	// OptionalAuth is the trait smithy.api#optionalAuth.
	OptionalAuth = id("optionalAuth")
	// Examples is the trait smithy.api#examples.
	Examples = id("examples")
	// Error is the trait smithy.api#error.
	Error = id("error")
	// Retryable is the trait smithy.api#retryable.
	Retryable = id("retryable")
	// Readonly is the trait smithy.api#readonly.
	Readonly = id("readonly")
	// Idempotent is the trait smithy.api#idempotent.
	Idempotent = id("idempotent")
	// IdempotencyToken is the trait smithy.api#idempotencyToken.
	IdempotencyToken = id("idempotencyToken")
	// Internal is the trait smithy.api#internal.
	Internal = id("internal")
	// JSONName is the trait smithy.api#jsonName.
	JSONName = id("jsonName")
	// XMLAttribute is the trait smithy.api#xmlAttribute.
	XMLAttribute = id("xmlAttribute")
	// XMLFlattened is the trait smithy.api#xmlFlattened.
	XMLFlattened = id("xmlFlattened")
	// XMLName is the trait smithy.api#xmlName.
	XMLName = id("xmlName")
	// XMLNamespace is the trait smithy.api#xmlNamespace.
	XMLNamespace = id("xmlNamespace")
	// NoReplace is the trait smithy.api#noReplace.
	NoReplace = id("noReplace")
	// MediaType is the trait smithy.api#mediaType.
	MediaType = id("mediaType")
	// References is the trait smithy.api#references.
	References = id("references")
	// ResourceIdentifier is the trait smithy.api#resourceIdentifier.
	ResourceIdentifier = id("resourceIdentifier")
	// Private is the trait smithy.api#private.
	Private = id("private")
	// Sensitive is the trait smithy.api#sensitive.
	Sensitive = id("sensitive")
	// Since is the trait smithy.api#since.
	Since = id("since")
	// Streaming is the trait smithy.api#streaming.
	Streaming = id("streaming")
	// RequiresLength is the trait smithy.api#requiresLength.
	RequiresLength = id("requiresLength")
	// LongPoll is the trait smithy.api#longPoll.
	LongPoll = id("longPoll")
	// Tags is the trait smithy.api#tags.
	Tags = id("tags")
	// Title is the trait smithy.api#title.
	Title = id("title")
	// Enum is the trait smithy.api#enum (the IDL 1.0 enum trait).
	Enum = id("enum")
	// EnumValue is the trait smithy.api#enumValue.
	EnumValue = id("enumValue")
	// Length is the trait smithy.api#length.
	Length = id("length")
	// Range is the trait smithy.api#range.
	Range = id("range")
	// Pattern is the trait smithy.api#pattern.
	Pattern = id("pattern")
	// Required is the trait smithy.api#required.
	Required = id("required")
	// Property is the trait smithy.api#property.
	Property = id("property")
	// NotProperty is the trait smithy.api#notProperty.
	NotProperty = id("notProperty")
	// NestedProperties is the trait smithy.api#nestedProperties.
	NestedProperties = id("nestedProperties")
	// Recommended is the trait smithy.api#recommended.
	Recommended = id("recommended")
	// Sparse is the trait smithy.api#sparse.
	Sparse = id("sparse")
	// UniqueItems is the trait smithy.api#uniqueItems.
	UniqueItems = id("uniqueItems")
	// Unstable is the trait smithy.api#unstable.
	Unstable = id("unstable")
	// Paginated is the trait smithy.api#paginated.
	Paginated = id("paginated")
	// HTTP is the trait smithy.api#http.
	HTTP = id("http")
	// HTTPLabel is the trait smithy.api#httpLabel.
	HTTPLabel = id("httpLabel")
	// HTTPQuery is the trait smithy.api#httpQuery.
	HTTPQuery = id("httpQuery")
	// HTTPQueryParams is the trait smithy.api#httpQueryParams.
	HTTPQueryParams = id("httpQueryParams")
	// HTTPHeader is the trait smithy.api#httpHeader.
	HTTPHeader = id("httpHeader")
	// HTTPPrefixHeaders is the trait smithy.api#httpPrefixHeaders.
	HTTPPrefixHeaders = id("httpPrefixHeaders")
	// HTTPPayload is the trait smithy.api#httpPayload.
	HTTPPayload = id("httpPayload")
	// HTTPError is the trait smithy.api#httpError.
	HTTPError = id("httpError")
	// HTTPResponseCode is the trait smithy.api#httpResponseCode.
	HTTPResponseCode = id("httpResponseCode")
	// CORS is the trait smithy.api#cors.
	CORS = id("cors")
	// EventPayload is the trait smithy.api#eventPayload.
	EventPayload = id("eventPayload")
	// EventHeader is the trait smithy.api#eventHeader.
	EventHeader = id("eventHeader")
	// IDRef is the trait smithy.api#idRef.
	IDRef = id("idRef")
	// TimestampFormat is the trait smithy.api#timestampFormat.
	TimestampFormat = id("timestampFormat")
	// Endpoint is the trait smithy.api#endpoint.
	Endpoint = id("endpoint")
	// HostLabel is the trait smithy.api#hostLabel.
	HostLabel = id("hostLabel")
	// Suppress is the trait smithy.api#suppress.
	Suppress = id("suppress")
	// HTTPChecksumRequired is the trait smithy.api#httpChecksumRequired.
	HTTPChecksumRequired = id("httpChecksumRequired")
	// Input is the trait smithy.api#input.
	Input = id("input")
	// Output is the trait smithy.api#output.
	Output = id("output")
	// UnitType is the trait smithy.api#unitType.
	UnitType = id("unitType")
	// Mixin is the trait smithy.api#mixin.
	Mixin = id("mixin")
	// RequestCompression is the trait smithy.api#requestCompression.
	RequestCompression = id("requestCompression")
)
