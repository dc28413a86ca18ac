package smithyvalidate

import (
	"fmt"

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

// checkPattern checks s, at pos, against @pattern.
func (w *walker) checkPattern(p *plan, s string, pos node.Pos) {
	if !p.pattern.MatchString(s) {
		w.patternFinding(p, s, pos)
	}
}

// patternFinding reports s at pos: no match (kept out of checkPattern, so
// that it inlines).
func (w *walker) patternFinding(p *plan, s string, pos node.Pos) {
	w.report(CodePattern, p.id, pos, p.patText, s,
		fmt.Sprintf("expected a string matching %s, found %q", p.patText, short(s)))
}
