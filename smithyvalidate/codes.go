package smithyvalidate

// Code is the stable identifier of a kind of finding: what a program
// switches on. The codes of this package are listed, with their meaning, in
// CODES.md and by [Codes]; a module that reports findings of its own
// defines its codes with this type and lists them in its own catalogue.
type Code string

// The codes of the value engine. Their class and default severity are in
// [Codes]; CODES.md says what each means.
const (
	CodeSyntax        Code = "syntax"
	CodeType          Code = "type"
	CodeNull          Code = "null"
	CodeNotInteger    Code = "not-integer"
	CodeTypeRange     Code = "type-range"
	CodeRange         Code = "range"
	CodeFloatString   Code = "float-string"
	CodeLength        Code = "length"
	CodePattern       Code = "pattern"
	CodeEnum          Code = "enum"
	CodeUniqueItems   Code = "unique-items"
	CodeRequired      Code = "required"
	CodeUnknownMember Code = "unknown-member"
	CodeUnion         Code = "union"
	CodeDuplicateKey  Code = "duplicate-key"
	// The alloy encodings of unions (see the package documentation).
	CodeDiscriminator     Code = "discriminator"
	CodeUntagged          Code = "untagged"
	CodeUntaggedAmbiguous Code = "untagged-ambiguous"
	CodeBlobEncoding      Code = "blob-encoding"
	CodeTimestamp         Code = "timestamp"
	CodeIDRef             Code = "id-ref"
	CodeIDRefMissing      Code = "id-ref-missing"
	CodeIDRefSelector     Code = "id-ref-selector"
	CodeAnnotation        Code = "annotation"
	CodeUnsupported       Code = "unsupported"
	CodeTraitModel        Code = "trait-model"
	CodeUnknownTrait      Code = "unknown-trait"
	CodeURL               Code = "url"
	CodeDepthLimit        Code = "depth-limit"
	CodeFindingsLimit     Code = "findings-limit"
	CodeSizeLimit         Code = "size-limit"
	CodeElementsLimit     Code = "elements-limit"
	CodeNumberLimit       Code = "number-limit"
	CodeStringLimit       Code = "string-limit"
	CodeUntaggedLimit     Code = "untagged-limit"
	CodeSelectorLimit     Code = "selector-limit"
)

// CodeInfo describes one code of the catalogue.
type CodeInfo struct {
	Code     Code
	Class    Class
	Severity Severity // the default severity (some policies change it)
	Summary  string
}

var catalogue = []CodeInfo{
	{CodeSyntax, ClassInstance, SeverityError, "the input is not well-formed JSON (or Ion, for the ion-adapter)"},
	{CodeType, ClassInstance, SeverityError, "the value's kind does not fit the shape type (a string for an integer, say)"},
	{CodeNull, ClassInstance, SeverityError, "null where the contract allows none (a required member, a non-sparse list or map, the root)"},
	{CodeNotInteger, ClassInstance, SeverityError, "a number with a fraction or exponent for an integer shape"},
	{CodeTypeRange, ClassInstance, SeverityError, "a number outside what the shape type holds (byte, short, integer, intEnum, long; float and double overflow)"},
	{CodeRange, ClassInstance, SeverityError, "a number outside the @range trait's bounds (NaN under any @range)"},
	{CodeFloatString, ClassInstance, SeverityError, "a string for a float or double that is not \"NaN\", \"Infinity\" or \"-Infinity\""},
	{CodeLength, ClassInstance, SeverityError, "a string, blob, list or map outside the @length trait's bounds"},
	{CodePattern, ClassInstance, SeverityError, "a string that does not match the @pattern trait"},
	{CodeEnum, ClassInstance, SeverityError, "a value that is not one of an enum's, intEnum's or @enum trait's values"},
	{CodeUniqueItems, ClassInstance, SeverityError, "a repeated item in a @uniqueItems list"},
	{CodeRequired, ClassInstance, SeverityError, "a @required structure member is missing"},
	{CodeUnknownMember, ClassInstance, SeverityWarning, "an object field that names no member of the structure or union (severity set by the UnknownMembers policy; always an error in a `smithy.rpc#closed` structure)"},
	{CodeUnion, ClassInstance, SeverityError, "a union value that does not set exactly one member"},
	{CodeDuplicateKey, ClassInstance, SeverityError, "an object names the same key twice (the DuplicateKeys policy)"},
	{CodeDiscriminator, ClassInstance, SeverityError, "an @alloy#discriminated union value whose discriminator field is missing, not a string, or names no member"},
	{CodeUntagged, ClassInstance, SeverityError, "an @alloy#untagged union value that no member accepts (the closest member's findings follow)"},
	{CodeUntaggedAmbiguous, ClassInstance, SeverityAdvisory, "an @alloy#untagged union value that several members accept equally well (no error, and the same fewest warnings, then advisories)"},
	{CodeBlobEncoding, ClassInstance, SeverityError, "a blob string that is not valid base64 (the BlobEncoding policy)"},
	{CodeTimestamp, ClassInstance, SeverityError, "a timestamp that does not follow its format (date-time, http-date, epoch-seconds) or is outside 0001-01-01..9999-12-31"},
	{CodeIDRef, ClassInstance, SeverityError, "an @idRef string that is not an absolute shape ID"},
	{CodeIDRefMissing, ClassInstance, SeverityError, "an @idRef(failWhenMissing: true) shape ID that names no shape of the model"},
	{CodeIDRefSelector, ClassInstance, SeverityError, "an @idRef shape ID whose shape does not match the trait's selector"},
	{CodeAnnotation, ClassInstance, SeverityError, "an annotated (Ion) value, rejected by the Annotations policy"},
	{CodeUnsupported, ClassInstance, SeverityError, "a source value with no mapping to the shape under the current policies (Ion clob, symbol, s-expression, unknown field name, native timestamp precision)"},
	{CodeTraitModel, ClassInstance, SeverityError, "a trait whose definition the engine cannot prepare, so its values cannot be checked (trait values only)"},
	{CodeUnknownTrait, ClassInstance, SeverityError, "a trait application whose trait is not defined, or not marked @trait, in the model (trait values only)"},
	{CodeURL, ClassInstance, SeverityError, "an @externalDocumentation value that is not a URL with a scheme the Smithy reference accepts: http, https, ftp, file, mailto (trait values only)"},
	{CodeDepthLimit, ClassLimit, SeverityWarning, "the value nests deeper than the MaxDepth limit; validation stopped"},
	{CodeFindingsLimit, ClassLimit, SeverityWarning, "MaxFindings findings were reported; validation stopped"},
	{CodeSizeLimit, ClassLimit, SeverityWarning, "the input, or one string or blob in it, is larger than the MaxValueSize limit; validation stopped"},
	{CodeElementsLimit, ClassLimit, SeverityWarning, "the input holds more values (object keys included) than the MaxElements limit; validation stopped"},
	{CodeNumberLimit, ClassLimit, SeverityWarning, "a number token is longer than the MaxNumberLength limit; validation stopped"},
	{CodeStringLimit, ClassLimit, SeverityWarning, "a string is longer than the reader's string limit; validation stopped"},
	{CodeUntaggedLimit, ClassLimit, SeverityWarning, "@alloy#untagged unions nested in one another would try a value more than MaxUntaggedTries (1024) times; validation stopped"},
	{CodeSelectorLimit, ClassLimit, SeverityWarning, "an @idRef selector of the model passed the bound of the model's selector work (the model validators only: core/validate's DefaultSelectorLimit); validation stopped"},
}

var codeIndex = func() map[Code]int {
	m := make(map[Code]int, len(catalogue))
	for i, c := range catalogue {
		m[c.Code] = i
	}
	return m
}()

// Codes returns the catalogue of the engine's codes, in the order of
// CODES.md.
func Codes() []CodeInfo { return append([]CodeInfo(nil), catalogue...) }

// Info returns the catalogue entry of c.
func (c Code) Info() (CodeInfo, bool) {
	i, ok := codeIndex[c]
	if !ok {
		return CodeInfo{}, false
	}
	return catalogue[i], true
}
