package selector

// RecursiveVisits returns how many relationships "~>" has followed in e's
// evaluations so far.
func RecursiveVisits(e *Evaluator) int64 { return e.recVisits.Load() }
