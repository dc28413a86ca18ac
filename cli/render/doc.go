// Package render prints what a command found: a [Report] (the diagnostics
// of every input as [Diag] values, validate-rpc's message counts, the
// verdict) in the text format ([WriteText], with the source line and a
// caret under each finding, read by [FillSources] in one pass), SARIF
// ([WriteSARIF]), GitHub workflow commands ([WriteGitHub]) and the
// transcript's HTML page ([WriteHTML], report.html). JSON is each engine's
// own rendering ([EventsJSON] for model events).
//
// Every text that comes from input (file names, paths, messages, source
// lines) is escaped by [EscapeText]: control characters, bidirectional
// controls and invalid UTF-8 never reach a terminal raw. A [Spill] keeps
// a transcript's message lines, in memory up to 16 MB and then in a
// temporary file without a name.
package render
