package smithyvalidate

import (
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// CheckMetadata is the TypedMetadata model validator: a shape marked
// @metadata(key: "k") types the model's metadata entry k, and this engine
// checks the entry's value against it, as the Smithy reference
// implementation does (the prelude types shapeClosures this way). Events
// have the ID TypedMetadata.<key>, no shape, and the message
// "metadata.<key>[.<path>]: ..." in the reference's words. A key typed by
// more than one shape is not checked (MetadataTrait reports it).
//
// Values are read as the reference reads metadata: blobs are base64, null
// is no value of an optional member, and a @range finding about the
// number 0 is a WARNING; a timestamp without a format may be an
// epoch-seconds number or a date-time or http-date string.
func CheckMetadata(m *model.Model) (out []model.Event) {
	defer recoverEvents("TypedMetadata", &out)
	types := map[string]shapeid.ID{}
	dup := map[string]bool{}
	for _, s := range m.Shapes() {
		t, ok := s.Trait(preludeid.Metadata)
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
	values := newValueChecker(m, "TypedMetadata", AnyTimestampFormat(true), RejectNullMembers(true), referenceHTTPDatesOption())
	for _, e := range m.Metadata() {
		if id, ok := types[e.Key]; ok && !dup[e.Key] {
			out = append(out, values.check(id, e.Value, words, "TypedMetadata."+e.Key, "metadata."+e.Key, shapeid.ID{}, e.Source)...)
		}
	}
	return out
}
