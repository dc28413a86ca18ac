// Package gate composes the JSON gate (module mend) with the rest of the
// project for the `smithy` command and `smithy serve`: it turns the seed's
// declaration params (the compact form, a JSON Schema document, a Smithy
// shape of a loaded model) into one [mend.Declaration], and runs the four
// methods of the JSONMend protocol (repair, analyze, validate, readiness)
// on the seed's params, giving the result object the command prints with
// --format json and the server answers, byte for byte.
//
// JSON Schema lives here, not in mend, because its validator is the
// openrpc module's (package openrpc/jsonschema, standard library only,
// which owns JSON Schema in the project) and mend requires no module but
// core and smithyvalidate.
// [NewJSONSchemaDeclaration] validates with JSON Schema's own semantics
// (every keyword of drafts 4 to 2020-12, nothing dropped), rather than
// compiling the schema to a Smithy shape, which would silently weaken
// what the schema says wherever Smithy has no equivalent (not,
// if/then/else, tuples, multipleOf...). Every declaration reports the same
// [mend.SchemaVerdict] through [mend.NewVerdict].
//
// Loading models is the command's business (cli/app): a [Spec] names the
// shape and carries the model already assembled.
package gate
