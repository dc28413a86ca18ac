package validate

import (
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/prelude"
	"github.com/smithy-validation/go/core/selector"
	"github.com/smithy-validation/go/core/shapeid"
)

var metadataTrait = shapeid.New(shapeid.Prelude, "metadata")

// unreferencedShape is the UnreferencedShape validator of the validators
// metadata: a NOTE for each root shape outside the prelude that is not
// connected to a shape the rootShapeSelector selects (by default
// "service"), to a trait definition or to a @metadata shape.
//
// Shape IDs inside trait values (@idRef) do not connect shapes here; the
// reference implementation follows them.
func unreferencedShape(id string, config node.Node) (func(*model.Model, *selector.Evaluator) []model.Event, string) {
	text := "service"
	if config.Kind() == node.Object {
		for _, f := range config.Fields() {
			if f.Key != "rootShapeSelector" {
				return nil, fmt.Sprintf("Expected an object with possible properties of `rootShapeSelector`, but found additional properties: `%s`", f.Key)
			}
		}
		if v, ok := config.Get("rootShapeSelector"); ok {
			text = v.StringValue()
		}
	}
	root, err := selector.Cached(text)
	if err != nil {
		return nil, fmt.Sprintf("Error parsing `rootShapeSelector`: %v", err)
	}
	return func(m *model.Model, ev *selector.Evaluator) []model.Event {
		x := indexOf(m)
		connected := make([]bool, m.NumShapes()) // by ordinal
		var stack []*model.Shape
		walk := func(s *model.Shape) {
			if connected[s.Ordinal()] {
				return
			}
			stack = append(stack[:0], s)
			connected[s.Ordinal()] = true
			for len(stack) > 0 {
				cur := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if c := cur.Container(); c != nil && !connected[c.Ordinal()] {
					connected[c.Ordinal()] = true
					stack = append(stack, c)
				}
				for _, r := range x.outgoing(cur) {
					if t := r.target; t != nil && !connected[t.Ordinal()] {
						connected[t.Ordinal()] = true
						stack = append(stack, t)
					}
				}
			}
		}
		for _, s := range ev.Select(root) {
			walk(s)
		}
		for _, s := range x.rootsWithTrait(traitTrait) {
			walk(s)
		}
		for _, s := range x.rootsWithTrait(metadataTrait) {
			walk(s)
		}
		var events []model.Event
		for _, s := range m.Shapes() {
			if !connected[s.Ordinal()] && !prelude.IsPreludeID(s.ID()) {
				events = append(events, eventf(model.Note, id, s,
					"This shape is unreferenced. It has no modeled connections to shapes that match the following selector: `%s`", root))
			}
		}
		return events
	}, ""
}
