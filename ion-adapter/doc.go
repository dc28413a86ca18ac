// Package ionadapter presents Amazon Ion values to the smithyvalidate value
// engine, keeping Ion's native types: typed nulls, exact integers and
// decimals (scale and negative zero kept), binary floats, native timestamps,
// symbols, blobs, clobs, s-expressions, annotations and repeated struct
// fields. What a native value may stand for is the engine's decision, under
// its documented policies (smithyvalidate.Annotations, Symbols, Sexps,
// Clobs, IntegralDecimals); this package converts nothing.
//
// Ion is read with github.com/amazon-ion/ion-go (v1.5.0, text and binary)
// into an immutable in-memory tree of [Value]s; *Value is a
// [smithyvalidate.ValueView]. There is no Ion parser here.
//
// # Reading and validating
//
// [Validate] is the one call for a program (the smithy command's
// `validate-value --input-format ion`): it reads text or binary Ion (binary
// when the input starts with the version marker E0 01 00 EA), validates
// each top-level value with a prepared [smithyvalidate.Validator] and
// returns one [smithyvalidate.Result]. One value is a document; two or
// more are a datagram whose findings carry the value's index
// (smithyvalidate.Path.Document, "index" in the JSON rendering) with the
// path inside that value. [Mode] fixes either reading. [Check] does the
// same into a caller's [smithyvalidate.Collector].
//
// [Parse] reads exactly one value and [ParseStream] a datagram, for
// callers that validate the values themselves or look at them.
//
// Problems of the input are findings, never errors ([Error] lists their
// codes): malformed, truncated or unsupported Ion is an error finding
// (exit code 1), a reader limit ([MaxDepth], [MaxSize], [MaxElements]; by
// default the validator's) a limit finding with Complete false (exit code
// 5).
//
// # Positions
//
// ion-go reports no position for values, so findings about values have no
// line and column. Reader errors in text have the line and column of the
// offset ion-go gives; in binary the message gives the byte offset. A text
// timestamp finer than nanoseconds, a text $N symbol ID that no symbol
// table defines and an unsupported text version marker are found in the
// source and carry their position.
//
// # ion-go and what this package does about it
//
//   - The text version marker $ion_1_0 comes back as a symbol value: an
//     unannotated, unquoted top-level $ion_1_0 is consumed; any other
//     $ion_<major>_<minor> there is an unsupported version. ion-go cannot
//     tell $2 from $ion_1_0 in text (both are consumed), and it does not
//     reset the local symbol table at a text version marker.
//   - Negative decimal zero has no accessor: its sign is read from
//     Decimal.String().
//   - Timestamps keep at most 9 fraction digits and are rounded beyond: the
//     source is checked (the text token, or the binary value's fraction
//     exponent), and a finer timestamp is presented with
//     Scalar().Unsupported set, so the engine reports it instead of
//     validating the rounded value.
//   - A symbol ID beyond the symbol table stops the reader: it is a syntax
//     finding at the innermost value known. A symbol without known text
//     ($0, or from a shared table that is not available) is presented with
//     Scalar().Unsupported set; a field name without text is a field with
//     NoText set; an annotation without text is spelled $N.
//   - The binary reader takes a truncated container for a complete one and
//     believes a top-level length before reading it: binary input is framed
//     first (top-level lengths only), so truncation is a syntax finding and
//     a huge declared length is never allocated.
//   - ion-go panics on some malformed input: the panic is recovered and
//     reported as a syntax finding.
package ionadapter
