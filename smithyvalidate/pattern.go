package smithyvalidate

import (
	"github.com/smithy-validation/go/core/ecmaregex"
	"github.com/smithy-validation/go/core/node"
)

// The @pattern rule family: an ECMA-262 regular expression a string must
// match somewhere (anchors are the pattern's own).

// preparePattern compiles @pattern into pl.
func preparePattern(_ *preparer, pl *plan, v node.Node) string {
	if v.Kind() != node.String {
		return "the value must be a string, found " + describeNode(v)
	}
	re, err := ecmaregex.Cached(v.StringValue())
	if err != nil {
		return err.Error()
	}
	pl.pattern, pl.patText = re, v.StringValue()
	return ""
}
