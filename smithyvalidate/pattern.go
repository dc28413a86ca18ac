package smithyvalidate

import (
	"errors"
	"fmt"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/pattern"
)

// The @pattern rule family: a regular expression, read as the Smithy
// reference reads it (java.util.regex, see package pattern), that a string
// must match somewhere (anchors are the pattern's own).

// preparePattern compiles @pattern into pl. A pattern Java rejects makes
// the shape unpreparable (the reference refuses the model); one Java
// accepts but package pattern cannot run (a backreference) leaves the
// pattern unchecked: `smithy validate` warns about it
// (PatternTrait.Unsupported), and the shape's other rules still apply.
func preparePattern(_ *preparer, pl *plan, v node.Node) string {
	if v.Kind() != node.String {
		return "the value must be a string, found " + describeNode(v)
	}
	re, err := pattern.Cached(v.StringValue())
	var perr *pattern.Error
	if errors.As(err, &perr) && perr.Unsupported() {
		return ""
	}
	if err != nil {
		return err.Error()
	}
	pl.pattern = re
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
	w.report(CodePattern, p.id, pos, p.pattern.String(), s,
		fmt.Sprintf("expected a string matching %s, found %q", p.pattern.String(), short(s)))
}
