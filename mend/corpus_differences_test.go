package mend

// corpusDifferences lists the corpus inputs where both libraries agree on
// a value and mend's lenient reading differs, each with its reason. The
// execution profile refuses every one of them (TestCorpus checks it).
var corpusDifferences = map[string]string{
	`{\"stringified\": \"hello \\"world\\"\"}`: "a JSON text escaped once more as string content is read as written, not unescaped: the escaped quotes stay characters, so the reading is lossy",
	`{\"key\": \"value\"}`:                     "a JSON text escaped once more as string content is read as written, not unescaped: the escaped quotes stay characters, so the reading is lossy",
}
