package selector

// RecursiveVisits returns how many relationships "~>" has followed in e's
// evaluations so far.
func RecursiveVisits(e *Evaluator) int64 { return e.recVisits.Load() }

// ValuesCompared returns the work of e's attribute comparisons so far:
// pairs of values compared one by one, values read once.
func ValuesCompared(e *Evaluator) int64 { return e.valuesCompared.Load() }
