package smithyvalidate

import "github.com/smithy-validation/go/core/node"

// The nullable rule family: alloy#nullable on a member (or on the shape it
// targets) makes null a value of it, also when the member is @required
// (a required nullable member is present when it is null). It holds in
// every place a null can stand: a structure or union member, a list
// member or map value that is not @sparse, and the root. A typed Ion null
// must still fit the member's type (null.int is no null for a string).

// prepareNullable marks a plan whose value may be null.
func prepareNullable(_ *preparer, pl *plan, _ node.Node) string {
	pl.nullable = true
	return ""
}

// nullable reports whether null is a value of pl.
func (pl *plan) isNullable() bool { return pl != nil && pl.nullable }
