package mend

// corpusDifferences lists the corpus inputs where both libraries agree on
// a value and mend's lenient reading differs, each with its reason. It is
// empty: mend reads every agreed case as both libraries do (TestCorpus
// fails when an input listed here agrees again).
var corpusDifferences = map[string]string{}
