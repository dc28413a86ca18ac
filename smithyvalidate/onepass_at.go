package smithyvalidate

// ValidJSONAt decides, with the one-pass check that [Validator.ValidateJSON]
// runs first (no tape, no allocation), whether the JSON value that starts
// at src[i] (after any whitespace) is one that [Validator.Check] would
// accept into c with no finding at all: no error, no warning, no limit. On
// true it returns the offset just past the value.
//
// It is for a caller that reads a larger JSON text itself and validates
// values inside it, such as a JSON-RPC message's params or result. depth
// is how deeply the value is nested in src (0 for the top-level value), as
// the reader's depth limit counts from the top of the text. The limits are
// c's, as Check uses them; nothing is recorded in c.
//
// Only true is an answer. False decides nothing: the pass gives up on
// what it does not decide (a null value, a string with escapes that a
// constraint reads, a shape it does not know how to check in one pass,
// text that is not JSON), so the caller then checks the value's view with
// [Validator.Check], which reports every finding with its path and
// position.
func (v *Validator) ValidJSONAt(c *Collector, src string, i, depth int) (end int, ok bool) {
	if c == nil || c.stopped || v.root == nil || i < 0 || i >= len(src) || depth < 0 {
		return 0, false
	}
	lim := &c.cfg.lim
	if len(src) > lim.MaxSize {
		return 0, false
	}
	// As runOnePass starts it, without sites: only a clean value is an
	// answer here. The pass is c's, kept across calls: a caller that
	// decides many payloads into one collector (rpc, once a message) does
	// not clear the pass's arrays for each.
	q := c.pass
	if q == nil {
		q = new(onePass)
		c.pass = q
	}
	q.onePassState = onePassState{s: src, pol: v.cfg.policy, maxFindings: lim.MaxFindings, depth: depth,
		maxDepth: lim.MaxDepth, maxNum: lim.MaxNumberLength, maxElems: lim.MaxElements, maxStr: lim.StringLimit(),
		failA: -1}
	i = q.ws(i)
	if i >= len(src) || src[i] == 'n' {
		// A null value is judged by the root's member rules (rootNull),
		// as in onePassJSON: the walk decides.
		return 0, false
	}
	if end = q.value(v.root, i); end < 0 || q.elems > q.maxElems || q.ns > 0 {
		return 0, false
	}
	return end, true
}
