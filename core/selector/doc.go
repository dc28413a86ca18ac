// Package selector implements the Smithy selector language: the DSL that
// trait definitions use to say where a trait may be applied and that
// EmitEachSelector validators use to find shapes.
//
// [Parse] compiles a selector once; the [Selector] is immutable and safe for
// concurrent use. [Selector.Select] evaluates it against every shape of a
// model (root shapes and members) and returns the matches sorted by shape
// ID; [Selector.Matches] says whether one shape is among them. An
// [Evaluator] shares the work that does not depend on the selector (reverse
// relationships, :root results, whole-model results) between many
// evaluations against one model.
//
// The whole language of the specification is supported: shape types and
// categories, attribute selectors with every comparator (string, numeric
// and projection, with the case-insensitive `i` flag) over the id, trait,
// service and var attributes and node values, scoped attributes, forward,
// reverse, directed and recursive neighbors, the functions :is (and its old
// name :each), :not, :test, :in, :root, :topdown and :recursive, and
// variables. Two things the specification asks implementations to
// tolerate are parsed and reported by [Selector.Warnings] instead of
// failing: unknown function names (they yield no shapes) and unknown
// relationship names (they are never traversed).
//
// Relationships follow the reference implementation: member targets have no
// relationship name; smithy.api#Unit is not an operation's input or output;
// trait relationships are only followed when `trait` is named explicitly;
// enum and intEnum members do not point at smithy.api#Unit.
//
// Evaluations of untrusted selectors can be bounded: [Evaluator.Within]
// runs them under a [Budget] of units of work (relationships followed,
// shapes visited, matches reported) and returns a [*BudgetError] when it is
// spent, leaving the evaluator's memos and caches as they were.
//
// A syntax error is a [*SyntaxError] carrying the byte offset, line and
// column of the problem. Its message uses the reference implementation's
// wording ("Syntax error at line 1 column 8, near “: Unknown shape type:
// invalid; expression: invalid").
package selector
