// Package jsonschema is the project's own JSON Schema validator: drafts 4,
// 6, 7, 2019-09 and 2020-12, standard library only, with no work at
// package initialization (a schema is compiled when asked for, and no
// metaschema is embedded or compiled: a schema's keywords are checked for
// their types in code).
//
// A [Compiler] holds documents by URL ([Compiler.AddResource]) and compiles
// the schema at a URL and fragment ([Compiler.Compile]); [Compile] is the
// short form for one document. A schema's draft is its document's
// "$schema" (the draft's URL, or a document added to the compiler whose
// own draft is taken), else the compiler's default. [Schema.Validate]
// returns every failing keyword as a [Finding]: the keyword, the instance
// location and the keyword locations as JSON Pointers, and a message
// rendered from them.
//
// The keywords and their meaning follow santhosh-tekuri/jsonschema/v5,
// which the project used before (the benchmarks module keeps a
// differential test against it): "format" is asserted for drafts 4 to 7
// only, with the formats v5 knows; "$ref" beside other keywords replaces
// them in drafts 4 to 7; numbers are compared exactly (big rationals);
// lengths count code points; "pattern" is Go's regexp syntax. Nothing is
// ever loaded from files or the network: a reference to a document the
// compiler does not hold is a compile error.
//
// Work is bounded: schema documents nest at most [MaxDepth] levels, a
// validation descends at most [MaxValidationDepth] schemas deep, and a chain of
// references that comes back to a schema at the same instance location
// (no progress) is an error, never a stack overflow.
package jsonschema
