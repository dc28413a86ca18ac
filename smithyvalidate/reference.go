package smithyvalidate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// This file renders the engine's findings about values written in a model
// (trait values, @default values, @examples) as model validation events in
// the words of the Smithy reference implementation's node validator, so
// that `smithy validate` reports what the reference reports and a
// suppression written for the reference (its dotted event IDs such as
// TraitValue.UnknownMember.<shape>.<member> or DefaultTrait.Target.InvalidRange)
// applies here. The findings stay data; only their rendering is the
// reference's: the message is built from the finding's code, its shape, the
// model and the offending value, never from the engine's own message.

// modelValueEvent is one finding rendered for a model validation event.
type modelValueEvent struct {
	sev model.Severity
	// creation marks the reference's failure to build a prelude trait
	// (event ID Model, "Error creating trait"; see creationFailure).
	creation bool
	idParts  []string // appended to the event ID, dot-separated
	context  string   // the dotted path inside the value ("0.name"), "" at the root
	msg      string
	// pos, when valid, is where the event is: the value the reference
	// reports on when it is not the finding's own (a union object whose
	// members the reference does not look into).
	pos node.Pos
}

// event returns the model validation event: ID base (extended by the
// parts), message "<prefix>[.<context>]: <msg>".
func (e modelValueEvent) event(base, prefix string, shape shapeid.ID, src model.SourceLocation) model.Event {
	if e.pos.IsValid() {
		src.Pos = e.pos
	}
	id := base
	if len(e.idParts) > 0 {
		id += "." + strings.Join(e.idParts, ".")
	}
	msg := prefix
	if e.context != "" {
		if msg == "" {
			msg = e.context
		} else {
			msg += "." + e.context
		}
	}
	if msg != "" {
		msg += ": "
	}
	return model.Event{Severity: e.sev, ID: id, Shape: shape, Source: src, Message: msg + e.msg}
}

// valueWording renders findings about values of one model.
type valueWording struct {
	m *model.Model
	// zeroRangeWarning lowers a @range finding about the number 0 to a
	// WARNING (the reference does so for @default values, which Smithy
	// 1.0 models wrote as 0 for "no value").
	zeroRangeWarning bool
	// constraintWarnings lowers constraint findings (range, length,
	// pattern, required) to WARNING (an example with allowConstraintErrors).
	constraintWarnings bool
	// protocolTest words values as the reference's protocol test
	// validators do (CheckProtocolTests): its EPOCH_SECONDS timestamp
	// strategy names the member and then its target, and its
	// ALLOW_OPTIONAL_NULLS reports a null only against the member that
	// takes none, not again against the member's target.
	protocolTest bool
}

// renderAll returns the events of the findings about value root, each
// event once (the engine reports each repeated item of a list, the
// reference the list once). Each finding's events are at the same index.
//
// A union object with more than one field is one event in the reference
// ("union values can contain a value for only a single member"), which
// looks no further into it: every finding at or inside such an object
// (the engine's count of set members, unknown members, the members'
// values) is rendered as that one event, at the object.
func (w valueWording) renderAll(root node.Node, fs []Finding) [][]modelValueEvent {
	out := make([][]modelValueEvent, len(fs))
	seen := map[string]bool{}
	unions := w.multiFieldUnions(root, fs)
	for i, f := range fs {
		out[i] = []modelValueEvent{}
		evs := w.render(root, f)
		if u, ok := enclosing(unions, f.Path); ok {
			val, _ := nodeAt(root, u)
			evs = []modelValueEvent{{sev: model.ErrorSeverity, context: pathContext(u, false), pos: val.Pos(),
				msg: "union values can contain a value for only a single member"}}
		}
		for _, e := range evs {
			key := fmt.Sprint(e.sev, "\x00", strings.Join(e.idParts, "."), "\x00", e.context, "\x00", e.msg)
			if !seen[key] {
				seen[key] = true
				out[i] = append(out[i], e)
			}
		}
	}
	return out
}

// render returns the events of finding f about value root (the whole
// value the finding's path starts from). A finding the reference words in
// two events (a null member) gives two; one it does not report (a union
// value whose only fields are unknown members, reported as such) none.
func (w valueWording) render(root node.Node, f Finding) []modelValueEvent {
	val, _ := nodeAt(root, f.Path)
	mapKey := w.isMapKey(f)
	if mapKey && f.Path.Len() > 0 {
		val = node.NewString(f.Path.At(f.Path.Len() - 1).Key()).At(val.Pos())
	}
	ev := modelValueEvent{sev: severityEvent(f.Severity), context: pathContext(f.Path, mapKey)}
	gov, _ := w.m.Shape(f.Shape) // the member or shape whose contract was checked
	target := w.targetOf(gov)
	targetID := f.Shape
	if target != nil {
		targetID = target.ID()
	}
	constraint := func() {
		if w.constraintWarnings {
			ev.sev = model.Warning
		}
	}
	switch f.Code {
	case CodeType:
		if target != nil && target.Type() == model.TimestampType {
			if w.protocolTest {
				return w.epochSecondsEvents(ev, gov, target, val)
			}
			ev.msg = w.timestampType(gov, target, val)
		} else {
			ev.msg = invalidShapeText(target, targetID, val)
		}
	case CodeNull:
		return w.nullEvents(ev, gov, target, targetID, val)
	case CodeNotInteger:
		ev.msg = fmt.Sprintf("%s shapes must not have floating point values, but found `%s` provided for `%s`",
			typeName(target), val.NumberText(), targetID)
	case CodeTypeRange:
		lo, hi, bounded := intTypeRange(typeOf(target))
		if !bounded {
			// A float or double beyond the type's largest value: the
			// reference takes any number for them (floatShape,
			// doubleShape), and so does a value written in a model.
			return nil
		}
		if d, err := node.ParseDecimal(val.NumberText()); err == nil && d.Sign() < 0 {
			ev.msg = fmt.Sprintf("%s value must be > %d, but found %s", typeName(target), lo, val.NumberText())
		} else {
			ev.msg = fmt.Sprintf("%s value must be < %d, but found %s", typeName(target), hi, val.NumberText())
		}
	case CodeRange:
		constraint()
		ev = w.rangeEvent(ev, gov, target, val)
	case CodeFloatString:
		ev.msg = fmt.Sprintf(`Value for `+"`%s`"+` must either be numeric or one of the following strings: ["NaN", "Infinity", "-Infinity"], but was "%s"`,
			targetID, val.StringValue())
	case CodeLength:
		// The reference's length check of lists (CollectionLengthPlugin)
		// ignores allowConstraintErrors: it stays an ERROR there.
		if t := typeOf(target); t != model.ListType && t != model.SetType {
			constraint()
		}
		ev.msg = w.lengthText(gov, target, val)
	case CodePattern:
		constraint()
		owner, t := w.traitOwner(gov, target, preludeid.Pattern)
		ev.msg = fmt.Sprintf("String value provided for `%s` must match regular expression: %s", owner, t.StringValue())
	case CodeEnum:
		ev.msg = w.enumText(target, targetID, val)
	case CodeUniqueItems:
		// The engine reports each repeated item; the reference reports
		// the list once, listing the repeated values.
		ev.context = pathContext(f.Path.parent(), false)
		val, _ = nodeAt(root, f.Path.parent())
		owner, _ := w.traitOwner(gov, target, preludeid.UniqueItems)
		ev.msg = fmt.Sprintf("Value provided for `%s` must have unique items, but the following items had multiple entries: [`%s`]",
			owner, strings.Join(duplicateItems(val), "`, `"))
	case CodeRequired:
		constraint()
		ev.msg = fmt.Sprintf("Missing required structure member `%s` for `%s`", f.Shape.Member, f.Shape.Root())
	case CodeUnknownMember:
		// The reference reports an unknown member at its object, WARNING
		// in a structure and ERROR in a union.
		ev.context = pathContext(f.Path.parent(), false)
		ev.sev = model.Warning
		if target != nil && target.Type() == model.UnionType {
			ev.sev = model.ErrorSeverity
		}
		ev.idParts = []string{"UnknownMember", targetID.String(), f.Got}
		ev.msg = fmt.Sprintf("Member `%s` does not exist in `%s`", f.Got, targetID)
	case CodeUnion:
		// More than one field is rendered by renderAll. With none the
		// reference reports nothing; with one, the engine set no member
		// because the field names none (reported as unknown) or is null,
		// which the reference checks against the member's target.
		return w.unionNull(ev, target, val)
	case CodeIDRef:
		ev.msg = "Invalid shape ID: " + val.StringValue()
	case CodeIDRefMissing:
		ev.msg = w.idRefMessage(gov, target, fmt.Sprintf("Shape ID `%s` was not found in the model", val.StringValue()))
	case CodeIDRefSelector:
		_, t := w.traitOwner(gov, target, preludeid.IDRef)
		sel := "*"
		if s, ok := t.Get("selector"); ok {
			sel = s.StringValue()
		}
		ev.msg = w.idRefMessage(gov, target, fmt.Sprintf("Shape ID `%s` does not match selector `%s`", val.StringValue(), sel))
	case CodeTimestamp:
		if val.Kind() == node.Number {
			// Epoch seconds beyond 9999-12-31 (the engine's bound): the
			// reference takes any number for a timestamp without a
			// format or with epoch-seconds (supplychain's examples write
			// milliseconds).
			return nil
		}
		ev.msg = w.timestampText(gov, target, targetID, val)
	case CodeBlobEncoding:
		ev.msg = "Blob value must be a valid base64 string"
	default:
		ev.msg = f.Message
	}
	return []modelValueEvent{ev}
}

func severityEvent(s Severity) model.Severity {
	switch s {
	case SeverityWarning:
		return model.Warning
	case SeverityAdvisory:
		return model.Note
	}
	return model.ErrorSeverity
}

// targetOf returns the shape that defines s's type: its target for a
// member, s itself otherwise (nil when unknown).
func (w valueWording) targetOf(s *model.Shape) *model.Shape {
	if s == nil || s.Type() != model.MemberType {
		return s
	}
	t, _ := w.m.Target(s)
	return t
}

// isMapKey reports whether f is about a map key (its shape is the key
// member of a map).
func (w valueWording) isMapKey(f Finding) bool {
	if f.Shape.Member != "key" {
		return false
	}
	c, ok := w.m.Shape(f.Shape.Root())
	return ok && c.Type() == model.MapType
}

// traitOwner returns the shape whose trait id governs a value of gov: gov
// when it is a member with the trait itself (the reference's "Member"),
// its target otherwise ("Target"), and the trait's value.
func (w valueWording) traitOwner(gov, target *model.Shape, id shapeid.ID) (shapeid.ID, node.Node) {
	if gov != nil && gov.Type() == model.MemberType {
		if v, ok := gov.Trait(id); ok {
			return gov.ID(), v
		}
	}
	if target != nil {
		v, _ := target.Trait(id)
		return target.ID(), v
	}
	return shapeid.ID{}, node.Node{}
}

func (w valueWording) rangeEvent(ev modelValueEvent, gov, target *model.Shape, val node.Node) modelValueEvent {
	owner, t := w.traitOwner(gov, target, preludeid.Range)
	where := "Target"
	if owner == gov.ID() && gov.Type() == model.MemberType {
		where = "Member"
	}
	min, hasMin := t.Get("min")
	max, hasMax := t.Get("max")
	if val.Kind() == node.String {
		switch val.StringValue() {
		case "NaN":
			ev.msg = fmt.Sprintf("Value provided for `%s` must be a number because the `smithy.api#range` trait is applied, but found \"NaN\"", owner)
		case "-Infinity":
			ev.idParts = []string{where, "InvalidRange"}
			ev.msg = fmt.Sprintf("Value provided for `%s` must be greater than or equal to %s, but found \"-Infinity\"", owner, min.NumberText())
		default:
			ev.idParts = []string{where, "InvalidRange"}
			ev.msg = fmt.Sprintf("Value provided for `%s` must be less than or equal to %s, but found \"%s\"", owner, max.NumberText(), val.StringValue())
		}
		return ev
	}
	ev.idParts = []string{where, "InvalidRange"}
	d, err := node.ParseDecimal(val.NumberText())
	if w.zeroRangeWarning && err == nil && d.Sign() == 0 {
		ev.sev = model.Warning
	}
	below := false
	if hasMin {
		if lo, err2 := node.ParseDecimal(min.NumberText()); err == nil && err2 == nil && d.Cmp(lo) < 0 {
			below = true
		}
	}
	if below || !hasMax {
		ev.msg = fmt.Sprintf("Value provided for `%s` must be greater than or equal to %s, but found %s", owner, min.NumberText(), val.NumberText())
	} else {
		ev.msg = fmt.Sprintf("Value provided for `%s` must be less than or equal to %s, but found %s", owner, max.NumberText(), val.NumberText())
	}
	return ev
}

func (w valueWording) lengthText(gov, target *model.Shape, val node.Node) string {
	owner, t := w.traitOwner(gov, target, preludeid.Length)
	min, hasMin := t.Get("min")
	var n int
	var unit string
	switch val.Kind() {
	case node.String:
		if typeOf(target) == model.BlobType {
			n, unit = len(val.StringValue()), "bytes"
		} else {
			n, unit = len([]rune(val.StringValue())), "characters"
		}
	case node.Array:
		n, unit = val.Len(), "elements"
	default:
		n, unit = val.Len(), "entries"
	}
	below := false
	if hasMin {
		if lo, err := node.ParseDecimal(min.NumberText()); err == nil {
			below = lo.Cmp(decimalOf(n)) > 0
		}
	}
	max, _ := t.Get("max")
	switch {
	case unit == "characters" && below:
		return fmt.Sprintf("String value provided for `%s` must be >= %s characters, but the provided value is only %d characters.", owner, min.NumberText(), n)
	case unit == "characters":
		return fmt.Sprintf("String value provided for `%s` must be <= %s characters, but the provided value is %d characters.", owner, max.NumberText(), n)
	case below:
		return fmt.Sprintf("Value provided for `%s` must have at least %s %s, but the provided value only has %d %s", owner, min.NumberText(), unit, n, unit)
	}
	return fmt.Sprintf("Value provided for `%s` must have no more than %s %s, but the provided value has %d %s", owner, max.NumberText(), unit, n, unit)
}

func decimalOf(n int) node.Decimal {
	d, _ := node.ParseDecimal(fmt.Sprint(n))
	return d
}

// enumText lists the values of an enum, intEnum or @enum trait the way
// the reference does: sorted as text, each in backticks.
func (w valueWording) enumText(target *model.Shape, targetID shapeid.ID, val node.Node) string {
	var values []string
	if target != nil {
		switch target.Type() {
		case model.EnumType, model.IntEnumType:
			for _, m := range target.Members() {
				if v, ok := m.Trait(preludeid.EnumValue); ok {
					if v.Kind() == node.Number {
						values = append(values, v.NumberText())
					} else {
						values = append(values, v.StringValue())
					}
				} else {
					values = append(values, m.MemberName())
				}
			}
		default:
			t, _ := target.Trait(preludeid.Enum)
			for _, e := range t.Elems() {
				v, _ := e.Get("value")
				values = append(values, v.StringValue())
			}
		}
	}
	sort.Strings(values)
	list := "`" + strings.Join(values, "`, `") + "`"
	if val.Kind() == node.Number {
		return fmt.Sprintf("Integer value provided for `%s` must be one of the following values: %s, but found %s", targetID, list, val.NumberText())
	}
	return fmt.Sprintf("String value provided for `%s` must be one of the following values: %s", targetID, list)
}

// idRefMessage is the @idRef trait's errorMessage when it has one.
func (w valueWording) idRefMessage(gov, target *model.Shape, def string) string {
	_, t := w.traitOwner(gov, target, preludeid.IDRef)
	if m, ok := t.Get("errorMessage"); ok && m.Kind() == node.String {
		return m.StringValue()
	}
	return def
}

// nullEvents renders a null where none is allowed: the reference names a
// non-nullable member's container first, then reports the null against
// the member's target.
func (w valueWording) nullEvents(ev modelValueEvent, gov, target *model.Shape, targetID shapeid.ID, val node.Node) []modelValueEvent {
	var out []modelValueEvent
	if gov != nil && gov.Type() == model.MemberType {
		if c := gov.Container(); c != nil {
			first := ev
			switch c.Type() {
			case model.ListType, model.SetType:
				first.msg = fmt.Sprintf("Non-sparse list shape `%s` cannot contain null values", c.ID())
			case model.MapType:
				first.msg = fmt.Sprintf("Non-sparse map shape `%s` cannot contain null values", c.ID())
			case model.StructureType:
				if gov.HasTrait(preludeid.Required) {
					first.msg = fmt.Sprintf("Required structure member `%s` for `%s` cannot be null", gov.MemberName(), c.ID())
				}
			}
			if first.msg != "" {
				out = append(out, first)
			}
		}
	}
	if w.protocolTest {
		return out
	}
	if target != nil && target.Type() == model.TimestampType {
		ev.msg = w.timestampType(gov, target, val)
	} else if target == nil || target.Type() != model.DocumentType {
		ev.msg = invalidShapeText(target, targetID, val)
	}
	// A document takes null (documentShape has no check), and a target
	// the model does not define is reported where it is referenced.
	if ev.msg != "" {
		out = append(out, ev)
	}
	return out
}

// unionNull renders a union value that sets no member: nothing when its
// object is empty or its one field names no member (the unknown member is
// its own event), and for a null field the reference's check of null
// against the member's target (nothing for a document).
func (w valueWording) unionNull(ev modelValueEvent, union *model.Shape, val node.Node) []modelValueEvent {
	fields := val.Fields()
	if union == nil || len(fields) != 1 || !fields[0].Value.IsNull() {
		return nil
	}
	mem, ok := union.Member(fields[0].Key)
	if !ok {
		return nil
	}
	t := w.targetOf(mem)
	if t == nil || t.Type() == model.DocumentType {
		return nil
	}
	if ev.context != "" {
		ev.context += "."
	}
	ev.context += fields[0].Key
	ev.pos = fields[0].Value.Pos()
	if t.Type() == model.TimestampType {
		ev.msg = w.timestampType(mem, t, fields[0].Value)
	} else {
		ev.msg = invalidShapeText(t, t.ID(), fields[0].Value)
	}
	return []modelValueEvent{ev}
}

// multiFieldUnions returns the paths of the union objects with more than
// one field that the findings show: the object of a union finding, of an
// unknown member of a union, or of a finding about a union member's value
// (a null one, say, which the engine does not count as set).
func (w valueWording) multiFieldUnions(root node.Node, fs []Finding) []Path {
	var out []Path
	for _, f := range fs {
		var at Path
		gov, _ := w.m.Shape(f.Shape)
		switch {
		case f.Code == CodeUnion:
			at = f.Path
		case f.Code == CodeUnknownMember && typeOf(w.targetOf(gov)) == model.UnionType:
			at = f.Path.parent()
		case gov != nil && gov.Type() == model.MemberType && typeOf(gov.Container()) == model.UnionType &&
			f.Path.Len() > 0 && f.Path.At(f.Path.Len()-1).Key() == gov.MemberName():
			at = f.Path.parent()
		default:
			continue
		}
		if v, ok := nodeAt(root, at); ok && v.Kind() == node.Object && v.Len() > 1 {
			out = append(out, at)
		}
	}
	return out
}

// enclosing returns the outermost of paths that is p or one of its
// ancestors.
func enclosing(paths []Path, p Path) (Path, bool) {
	best, found := Path{}, false
	for _, u := range paths {
		if len(u.segs) <= len(p.segs) && (!found || len(u.segs) < len(best.segs)) && samePrefix(u, p) {
			best, found = u, true
		}
	}
	return best, found
}

// samePrefix reports whether u's segments begin p's.
func samePrefix(u, p Path) bool {
	for i, s := range u.segs {
		if p.segs[i] != s {
			return false
		}
	}
	return true
}

// invalidShapeText is the reference's message for a value of the wrong
// kind: "Expected <node type> value for <shape type> shape, `<id>`; found
// <node type> value[, `<value>`]".
func invalidShapeText(target *model.Shape, id shapeid.ID, val node.Node) string {
	msg := fmt.Sprintf("Expected %s value for %s shape, `%s`; found %s value", expectedNodeType(typeOf(target)), typeName(target), id, nodeTypeName(val))
	switch val.Kind() {
	case node.String:
		msg += ", `" + val.StringValue() + "`"
	case node.Number:
		msg += ", `" + val.NumberText() + "`"
	case node.Bool:
		msg += fmt.Sprintf(", `%t`", val.BoolValue())
	}
	return msg
}

// timestampFormat returns the @timestampFormat that governs a value of
// gov: the member's, else the target's ("" for none).
func (w valueWording) timestampFormat(gov, target *model.Shape) string {
	_, t := w.traitOwner(gov, target, preludeid.TimestampFormat)
	return t.StringValue()
}

func (w valueWording) timestampType(gov, target *model.Shape, val node.Node) string {
	switch w.timestampFormat(gov, target) {
	case "date-time":
		return `Expected a string value for a date-time timestamp (e.g., "1985-04-12T23:20:50.52Z")`
	case "epoch-seconds":
		return fmt.Sprintf("Invalid %s value provided for a timestamp with a `epoch-seconds` format.", nodeTypeName(val))
	case "http-date":
		return httpDateText(nodeTypeName(val))
	}
	return fmt.Sprintf("Invalid %s value provided for timestamp, `%s`. Expected a number that contains epoch seconds with "+
		`optional millisecond precision, or a string that contains an RFC 3339 formatted timestamp (e.g., "1985-04-12T23:20:50.52Z")`,
		nodeTypeName(val), target.ID())
}

// epochSecondsEvents renders a timestamp that is not a number under the
// reference's EPOCH_SECONDS strategy, which checks the member and then its
// target (a value checked against a timestamp shape itself, the shape
// once).
func (w valueWording) epochSecondsEvents(ev modelValueEvent, gov, target *model.Shape, val node.Node) []modelValueEvent {
	var out []modelValueEvent
	for _, s := range []*model.Shape{gov, target} {
		if s == nil || s == gov && s.Type() != model.MemberType {
			continue
		}
		e := ev
		e.msg = fmt.Sprintf("Invalid %s value provided for timestamp, `%s`. Expected a number that contains epoch seconds with "+
			"optional millisecond precision", nodeTypeName(val), s.ID())
		out = append(out, e)
	}
	return out
}

func (w valueWording) timestampText(gov, target *model.Shape, targetID shapeid.ID, val node.Node) string {
	if val.Kind() != node.String {
		return w.timestampType(gov, target, val)
	}
	if w.timestampFormat(gov, target) == "http-date" {
		return httpDateText(val.StringValue())
	}
	return fmt.Sprintf("Invalid string value, `%s`, provided for timestamp, `%s`. Expected an RFC 3339 formatted timestamp "+
		`(e.g., "1985-04-12T23:20:50.52Z")`, val.StringValue(), targetID)
}

func httpDateText(found string) string {
	return "Invalid value provided for http-date formatted timestamp. Expected a string value that matches the " +
		"IMF-fixdate production of RFC 9110 section-5.6.7. Found: " + found
}

func typeOf(s *model.Shape) model.ShapeType {
	if s == nil {
		return model.InvalidType
	}
	return s.Type()
}

func typeName(s *model.Shape) string { return typeOf(s).String() }

// expectedNodeType is the node type a shape type's values have.
func expectedNodeType(t model.ShapeType) string {
	switch {
	case t == model.BooleanType:
		return "boolean"
	case t.IsNumber():
		return "number"
	case t == model.ListType || t == model.SetType:
		return "array"
	case t == model.MapType || t == model.StructureType || t == model.UnionType:
		return "object"
	}
	return "string"
}

// nodeTypeName is the reference's name of a node's type.
func nodeTypeName(n node.Node) string {
	switch n.Kind() {
	case node.Null:
		return "null"
	case node.Bool:
		return "boolean"
	case node.Number:
		return "number"
	case node.String:
		return "string"
	case node.Array:
		return "array"
	}
	return "object"
}

// duplicateItems lists the items of a list value that occur more than
// once, each once, in the order of their second occurrence; strings are
// written bare, other values as compact JSON.
func duplicateItems(list node.Node) []string {
	seen := map[string]int{}
	var out []string
	for _, e := range list.Elems() {
		var text string
		if e.Kind() == node.String {
			text = e.StringValue()
		} else {
			text = string(node.Marshal(e))
		}
		seen[text]++
		if seen[text] == 2 {
			out = append(out, text)
		}
	}
	return out
}

// nodeAt returns the value at path p inside root.
func nodeAt(root node.Node, p Path) (node.Node, bool) {
	n := root
	for _, s := range p.segs {
		switch {
		case s.IsIndex():
			es := n.Elems()
			if s.idx >= len(es) {
				return node.Node{}, false
			}
			n = es[s.idx]
		default:
			v, ok := n.Get(s.key)
			if !ok {
				return node.Node{}, false
			}
			n = v
		}
	}
	return n, true
}

// pathContext writes a path the way the reference's messages do: segments
// joined by ".", a map key's entry marked " (map-key)".
func pathContext(p Path, mapKey bool) string {
	parts := make([]string, len(p.segs))
	for i, s := range p.segs {
		if s.IsIndex() {
			parts[i] = fmt.Sprint(s.idx)
		} else {
			parts[i] = s.key
		}
	}
	if mapKey && len(parts) > 0 {
		parts[len(parts)-1] += " (map-key)"
	}
	return strings.Join(parts, ".")
}

// parent returns p without its last segment.
func (p Path) parent() Path {
	if len(p.segs) == 0 {
		return p
	}
	return Path{doc: p.doc, segs: p.segs[:len(p.segs)-1]}
}

// externalDocumentationURLs checks the values of an @externalDocumentation
// trait the way the reference's trait class does when it creates the
// trait: each must be a URL with a scheme Java's URL class knows (http,
// https, ftp, file, mailto). Values that are not strings are left to the
// trait's shape (map of strings).
func externalDocumentationURLs(val node.Node) []Finding {
	var out []Finding
	for _, f := range val.Fields() {
		if f.Value.Kind() != node.String || knownURL(f.Value.StringValue()) {
			continue
		}
		info, _ := CodeURL.Info()
		out = append(out, Finding{Severity: info.Severity, Class: info.Class, Code: CodeURL, Path: Root().Key(f.Key),
			Shape: preludeid.ExternalDocumentation, Pos: f.Value.Pos(), Want: "a URL", Got: f.Value.StringValue(),
			Message: fmt.Sprintf("Each externalDocumentation value must be a valid URL. Found %q for name %q", f.Value.StringValue(), f.Key)})
	}
	return out
}

func knownURL(s string) bool {
	scheme, _, ok := strings.Cut(strings.TrimSpace(s), ":")
	if !ok {
		return false
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "ftp", "file", "mailto":
		return true
	}
	return false
}

// creationFailure applies the reference implementation's trait creation
// to the findings of one prelude trait application. The reference builds
// each prelude trait into a typed object while it loads the model; a value
// of the wrong kind, a missing required member, a malformed shape ID (and,
// for @error, a value other than "client" or "server") fails that step
// with one ERROR event "Error creating trait `x`: ..." of ID Model, and the
// value is not validated further. So the first such finding gets that
// event and every other finding of the application none; an application
// with no such finding keeps its TraitValue events.
func creationFailure(m *model.Model, trait shapeid.ID, val node.Node, fs []Finding, words [][]modelValueEvent) {
	for i, f := range fs {
		msg, ok := creationMessage(m, trait, val, f)
		if !ok {
			continue
		}
		for j := range words {
			words[j] = []modelValueEvent{}
		}
		words[i] = []modelValueEvent{{sev: model.ErrorSeverity, creation: true, msg: msg}}
		return
	}
}

// creationMessage words a finding the way the reference's trait
// providers fail, or reports false when they would not fail on it.
func creationMessage(m *model.Model, trait shapeid.ID, root node.Node, f Finding) (string, bool) {
	val, _ := nodeAt(root, f.Path)
	gov, _ := m.Shape(f.Shape)
	target := valueWording{m: m}.targetOf(gov)
	switch f.Code {
	case CodeType, CodeNull:
		want, found := expectedNodeType(typeOf(target)), nodeTypeName(val)
		switch {
		case f.Path.Len() == 0 && typeOf(target) == model.StructureType && len(target.Members()) == 0:
			return "Annotation traits  must be an object or omitted in the IDL, but found " + found, true
		case f.Path.Len() == 1 && !f.Path.At(0).IsIndex():
			return fmt.Sprintf("Expected `%s` to be %s; found %s", f.Path.At(0).Key(), article(want), found), true
		}
		return fmt.Sprintf("Expected %s, but found %s.", want, found), true
	case CodeRequired:
		return fmt.Sprintf("Missing expected member `%s`.", f.Shape.Member), true
	case CodeIDRef:
		return "Invalid shape ID: " + val.StringValue(), true
	case CodeURL:
		return f.Message, true
	case CodeEnum:
		if trait == preludeid.Error {
			return fmt.Sprintf("error trait must be set to client or server, found `%s`", val.StringValue()), true
		}
	}
	return "", false
}

func article(nodeType string) string {
	switch nodeType {
	case "array", "object":
		return "an " + nodeType
	}
	return "a " + nodeType
}
