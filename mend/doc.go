// Package mend is the JSON gate for text that language models write: a
// lenient reader that turns almost-JSON (single quotes, trailing commas,
// comments, Python literals, prose and markdown fences around the value, a
// string cut off by the token limit) into exact JSON text with the list of
// its repairs, and four methods on it, those of the JSONMend protocol:
//
//   - [Repair] returns the repaired text, or an [*Error] when the text
//     holds no value or the profile refuses a repair;
//   - [Analyze] never fails: it decides execute, repair, retry or invalid
//     and carries the retry hint to send back to the model;
//   - [Validate] says whether the text is JSON as written, and what the
//     repair would be;
//   - [Readiness] measures a prefix as it streams: how much of the syntax is
//     done, how much of the declaration is met for good, how much can no
//     longer change.
//
// Every repair is a [Fix]: a stable code, the rule's name, its position, its
// severity (cosmetic: the value is what the writer evidently meant; lossy:
// content was dropped, invented or guessed) and, when two readings are
// plausible, the other one. A result is exact (the text was JSON, returned
// byte for byte), cosmetic or lossy. A [Profile] says which repairs are
// allowed: strict (none), execution (cosmetic ones, the default) or lenient
// (all, lossy ones up to [Options.MaxLoss]).
//
// A [Declaration] is what the value must satisfy: the seed's compact form
// ([ParseCompact]), a Smithy shape of a loaded model ([NewShapeDeclaration]),
// both checked by the value engine (package smithyvalidate), or a JSON
// Schema implementation from another module. Every declaration gives the
// same [SchemaVerdict].
//
// For text that arrives in chunks (a model's tool call as it streams),
// [Incremental] reads with the same reader and ends where [Repair] does
// whatever the chunking; [Watcher] reports what the value is so far and
// which of its members violate the declaration as soon as that is certain;
// [LLMStream] decodes a provider's stream events (Anthropic, OpenAI Chat
// Completions and Responses) into tool calls watched the same way. A
// watcher reports about one event and one delta for every ten bytes of a
// value, so [Watcher.Feed] reuses its result's lists at the next call, as
// bufio.Scanner reuses its buffer: a caller that keeps them copies them
// ([WatchFeed.Clone]); the strings and values in the records never change.
//
// The reader is one pass, linear in its input: nothing is copied until the
// first repair. A text that is already JSON does not reach it: one scan
// (package core/jsonscan, no allocation) recognises it, and the result
// is built from the scan, the same result the reader would give. Input
// is bounded by
// [Options.MaxSize] and [Options.MaxDepth] (the project's limits by
// default). README.md catalogues the rules, the E codes and their exits,
// and defines each permille of [Readiness].
package mend
