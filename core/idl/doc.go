// Package idl reads the Smithy IDL 2.0 (and 1.0) text format.
//
// Loading a model file takes two steps, because a relative shape ID (a bare
// `Name`) resolves against the shapes defined in every file of the model
// and in the prelude:
//
//  1. [Parse] checks the syntax of one file and returns a [File]: its
//     version, namespace, `use` imports, metadata, shapes and `apply`
//     statements, with shape IDs as written. [File.Declared] lists the
//     root shapes the file defines, so that an assembler can learn every
//     defined ID before resolving any.
//  2. [File.Lower] resolves every shape ID with the specification's rules
//     (see [shapeid.Resolver]) and produces a [model.Document], the unit
//     that package assembly merges into a model.
//
// The IDL's syntactic sugar is lowered to plain definitions: `= value` on a
// member becomes the @default trait, on an enum member the @enumValue
// trait; `///` comments become the @documentation trait; `$name` members
// are marked [model.MemberDef.Elided]; `for Resource` sets
// [model.EntityDef.ForResource]; `input := { ... }` defines a structure named
// after the operation (suffix "Input", "Output", or the $operationInputSuffix
// and $operationOutputSuffix control statements) with the @input or
// @output trait. Unquoted shape IDs in node values ("syntactic shape IDs")
// become strings holding the resolved absolute ID. Numbers keep their token
// text exactly.
//
// Errors are [*Error] values with the file, line and column of the problem.
// Their wording follows the reference implementation's ("Expected
// RBRACE('}') but found EOF") so that the error expectations of the Smithy
// test corpus can be compared. Non-fatal findings (an unknown control
// statement, a documentation comment attached to nothing, an unquoted shape
// ID naming no shape) are [Event] values, returned by
// [File.LowerWithEvents].
//
// Node values may nest at most [MaxDepth] levels; invalid UTF-8, truncated
// input and unterminated strings are located errors, and no input makes
// the parser panic.
//
// What is left to assembly: merging files, synthesized enum values, the
// default Unit input and output of operations, mixins and elided targets,
// the value of traits written without one (null here; {} or [] once the
// trait's shape type is known), and the Smithy 1.0 upgrades (set, box).
package idl
