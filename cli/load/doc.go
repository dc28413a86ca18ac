// Package load reads what a command names and assembles its models: a
// [Reader] takes model sources ([Source]: files, directories searched for
// .smithy and .json files, standard input once, inline text) and inputs
// ([Input]: values, messages, transcripts), through the server's file
// access when one is set ([RequestFiles], package methods). Models are
// always assembled with the smithy.rpc traits and, as fallback
// definitions, the alloy traits; a file that does not parse is an ERROR
// event at its position. A [Model] makes what is prepared from it once
// (the events of `smithy validate`, validators, services), and a [Cache]
// (the server's) keeps assembled models by the hash of their sources,
// bounded in entries and estimated bytes.
//
// Errors carry their exit codes (package exitcode): a file that cannot be
// read exits 4, a model over the size limit 5.
package load
