package render

import (
	"strconv"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
)

func EventsJSON(valid, complete bool, events []model.Event) node.Node {
	f := []node.Field{{Key: "valid", Value: node.NewBool(valid)}}
	if !complete {
		// Only when a bound stopped validation: a complete result's
		// document is as it always was.
		f = append(f, node.Field{Key: "complete", Value: node.NewBool(false)})
	}
	return node.NewObject(append(f, node.Field{Key: "events", Value: EventsNode(events)})...)
}

// EventsNode is the "events" array of the JSON output.
func EventsNode(events []model.Event) node.Node {
	list := make([]node.Node, len(events))
	for i, ev := range events {
		shape := node.NewNull()
		if !ev.Shape.IsZero() {
			shape = node.NewString(ev.Shape.String())
		}
		f := []node.Field{
			{Key: "severity", Value: node.NewString(ev.Severity.String())},
			{Key: "id", Value: node.NewString(ev.ID)},
			{Key: "shape", Value: shape},
			{Key: "file", Value: node.NewString(ev.Source.File)},
		}
		if ev.Source.Pos.IsValid() {
			f = append(f,
				node.Field{Key: "line", Value: node.NewNumber(strconv.Itoa(int(ev.Source.Pos.Line)))},
				node.Field{Key: "column", Value: node.NewNumber(strconv.Itoa(int(ev.Source.Pos.Column)))})
		}
		f = append(f, node.Field{Key: "message", Value: node.NewString(ev.Message)})
		list[i] = node.NewObject(f...)
	}
	return node.NewArray(list...)
}
