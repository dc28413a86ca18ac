package stream

import (
	"github.com/smithy-validation/go/core/node"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// ReadJSON is for a program that needs a core/node tree of a text (to keep
// it, or to take it apart) and wants a refusal reported as the engine
// reports it: it reads data with c's limits (MaxValueSize, MaxDepth,
// MaxNumberLength; every duplicate key kept for the validators to report)
// and returns the tree. When data is not JSON or exceeds a limit, it adds
// the finding (a syntax error, or a limit finding) at its position under
// the path at (a depth or number limit at the value that went over it),
// and returns false. The tree keeps its own copy of the text.
func ReadJSON(c *sv.Collector, data []byte, at sv.Path) (node.Node, bool) {
	var t node.Tape
	if err := t.Read(string(data), c.Limits().Limits); err != nil {
		c.Add(sv.ReadErrorFinding(sv.TapeError(&t, err), at))
		return node.Node{}, false
	}
	return t.Node(), true
}
