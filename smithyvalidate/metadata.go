package smithyvalidate

import (
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

var traitMetadata = shapeid.New(shapeid.Prelude, "metadata")

// CheckMetadata is the TypedMetadata model validator: a shape marked
// @metadata(key: "k") types the model's metadata entry k, and this engine
// checks the entry's value against it, as the Smithy reference
// implementation does (the prelude types shapeClosures this way). Events
// have the ID TypedMetadata.<key>, no shape, and the message
// "metadata.<key>[.<path>]: ..." in the reference's words. A key typed by
// more than one shape is not checked (MetadataTrait reports it).
//
// Values are read as the reference reads metadata: blobs are base64, a
// timestamp without a format is an epoch-seconds number or a date-time
// string, null is no value of an optional member, and a @range finding
// about the number 0 is a WARNING.
func CheckMetadata(m *model.Model) (out []model.Event) {
	defer func() {
		if r := recover(); r != nil {
			out = []model.Event{internalEvent("TypedMetadata", fmt.Errorf("%v", r))}
		}
	}()
	types := map[string]shapeid.ID{}
	dup := map[string]bool{}
	for _, s := range m.Shapes() {
		t, ok := s.Trait(traitMetadata)
		if !ok {
			continue
		}
		k, _ := t.Get("key")
		if k.Kind() != node.String {
			continue
		}
		key := k.StringValue()
		if _, seen := types[key]; seen {
			dup[key] = true
		}
		types[key] = s.ID()
	}
	words := valueWording{m: m, zeroRangeWarning: true}
	for _, e := range m.Metadata() {
		id, ok := types[e.Key]
		if !ok || dup[e.Key] {
			continue
		}
		v, err := Prepare(m, id, AnyTimestampFormat(true), RejectNullMembers(true))
		if err != nil {
			continue // the shape's own validators say why
		}
		val := e.Value
		c := v.NewCollector()
		if err := v.Check(c, Path{}, NodeView(&val)); err != nil {
			out = append(out, internalEvent("TypedMetadata", err))
			continue
		}
		fs := c.Result().Findings
		for i, evs := range words.renderAll(val, fs) {
			src := e.Source
			if fs[i].Pos.IsValid() {
				src.Pos = fs[i].Pos
			}
			for _, w := range evs {
				out = append(out, w.event("TypedMetadata."+e.Key, "metadata."+e.Key, shapeid.ID{}, src))
			}
		}
	}
	return out
}
