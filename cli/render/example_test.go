package render_test

import (
	"os"

	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// A model event rendered as `smithy validate` prints it: as text (no
// colour: the zero Palette), then as GitHub workflow commands.
func ExampleWriteText() {
	ev := model.Event{
		Severity: model.ErrorSeverity,
		ID:       "Target",
		Shape:    shapeid.MustParse("example#Point"),
		Message:  "member `x` targets an unknown shape",
		Source:   model.SourceLocation{File: "point.smithy", Pos: node.Pos{Line: 3, Column: 5}},
	}
	rep := &render.Report{Command: "validate", Inputs: []string{"point.smithy"}, Diags: []render.Diag{render.EventDiag(&ev)}, Complete: true, Model: true}
	render.WriteText(os.Stdout, rep, render.Palette{})
	render.WriteGitHub(os.Stdout, rep, false)
	// Output:
	// point.smithy:3:5: error[Target] (example#Point): member `x` targets an unknown shape
	//
	// events: 1 (error 1: Target 1)
	// invalid
	// ::error file=point.smithy,line=3,col=5,title=Target::(example#Point): member `x` targets an unknown shape
}
