// Package stream is for programs that check many small JSON values in a
// row and must not allocate for each: a protocol validator that reads
// every message of a connection once, looks at its envelope, and hands
// parts of it (params, a result) to prepared validators. A program that
// validates whole values one at a time needs none of it: the
// smithyvalidate package's [smithyvalidate.Validator.ValidateJSON] reads
// and checks a value in one call, with the same reader and the same
// findings.
//
// What it offers:
//
//   - [Document]: one reused reader of JSON text (core/node's tape), whose
//     views are substrings of the text; once it has grown to the size of
//     the inputs, reading and checking a valid value allocate nothing.
//   - [MemberView] and [TextView]: optional accessors that the views of a
//     Document (and smithyvalidate's NodeView) have, which give a member's
//     name and value, or a scalar's kind and text, without building the
//     Field or Scalar records.
//   - [ReadJSON]: text read into a core/node tree with a collector's
//     limits, a refusal reported as the finding the engine gives.
//
// To check the parts of a message without allocating, reuse one
// [smithyvalidate.Collector] for the payloads of a run (Reset it when it
// holds findings): [smithyvalidate.Validator.Check] keeps its scratch
// storage in the collector between checks.
package stream
