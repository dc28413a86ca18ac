package importer

import (
	"encoding/base64"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	"github.com/smithy-validation/go/smithyvalidate"
)

// The OpenRPC import of Example Pairing Objects to @examples.
//
// A method's pairings are read while its operation is made (what each
// param and the result become is known there); they are turned into
// @examples once the model without them has been written and loaded, so
// that values can be renamed from wire names to member names with the
// shapes the model really has, and every example is checked by the
// project's own ExamplesTrait validator (smithyvalidate.CheckExamples,
// what `smithy validate` runs) before it is written: a pairing that would
// make the model fail is left out with a diagnostic naming the first
// problem, so that the import still writes a valid model.

// resultKind is where a method's result goes in an example's output.
type resultKind int

const (
	resultNone   resultKind = iota // a notification: no output
	resultNull                     // nullResult: the result is always null
	resultMember                   // resultMember: the output member of that name
	resultWhole                    // the whole output is the result
)

// pairingSource is what an operation needs to import its method's
// Example Pairings.
type pairingSource struct {
	op     *shape
	method string // the method's wire name
	ptr    string // the method's JSON Pointer
	list   node.Node
	// params are the method's params in descriptor order: the wire name
	// and the input member each becomes.
	params []paramName
	// byPosition is true unless the method takes params by name only: an
	// Example Object whose name names no param is then the param at its
	// own position.
	byPosition bool
	result     resultKind
	member     string // the result member (resultMember)
}

type paramName struct{ wire, member string }

// candidate is one Example Pairing on its way to @examples.
type candidate struct {
	src  *pairingSource
	ptr  string // the pairing's JSON Pointer (its $ref's target when it is one)
	at   node.Node
	name string
	doc  string
	// input and output hold wire values keyed by member name; output is
	// absent (Kind 0) when the example shows no result.
	input  []node.Field
	output node.Node
	hasOut bool
	// value is the @examples entry, made once the model is loaded.
	value node.Node
}

// pairings reads the Example Pairings of one method into candidates;
// each pairing that cannot be one (not an object, an externalValue, a
// param that names no param) is a diagnostic and is left out.
func (c *conv) pairings(src *pairingSource) (out []*candidate) {
	for i, p := range src.list.Elems() {
		ptr := src.ptr + "/examples/" + itoa(i)
		p, ptr = c.derefObj(p, ptr)
		if p.Kind() != node.Object {
			c.diag(p, ptr, "examples", "an Example Pairing must be an object; left out")
			continue
		}
		cd := &candidate{src: src, ptr: ptr, at: p}
		cd.name = str(p, "name")
		if cd.name == "" {
			// The name is required; a fallback keeps the example (Smithy
			// requires a title) and is the same on every import.
			cd.name = fmt.Sprintf("%s example %d", src.method, i+1)
			c.diag(p, ptr, "name", "an Example Pairing needs a name; titled %q", cd.name)
		}
		cd.doc = strings.TrimSpace(str(p, "summary") + "\n\n" + str(p, "description"))
		if c.pairingParams(cd, p, ptr) && c.pairingResult(cd, p, ptr) {
			out = append(out, cd)
		}
	}
	return out
}

// exampleValue returns the value of an Example Object (a $ref to
// components/examples followed); false, with a diagnostic, when it has
// none that can be imported.
func (c *conv) exampleValue(cd *candidate, e node.Node, ptr, what string) (node.Node, node.Node, bool) {
	e, ptr = c.derefObj(e, ptr)
	if e.Kind() != node.Object {
		c.diag(e, ptr, "examples", "example pairing %q: %s is not an Example Object; the pairing is left out", cd.name, what)
		return node.Node{}, e, false
	}
	v, ok := get(e, "value")
	if !ok {
		if x, ext := get(e, "externalValue"); ext {
			c.diag(x, ptr+"/externalValue", "externalValue", "example pairing %q: %s is an externalValue, which the import does not fetch; the pairing is left out", cd.name, what)
		} else {
			c.diag(e, ptr, "value", "example pairing %q: %s has no value; the pairing is left out", cd.name, what)
		}
		return node.Node{}, e, false
	}
	return v, e, true
}

// pairingParams maps the pairing's params to input members: by name, and
// (unless the method takes params by name only) an Example Object whose
// name names no param by its position.
func (c *conv) pairingParams(cd *candidate, p node.Node, ptr string) bool {
	params, ok := get(p, "params")
	if !ok {
		return true // required by OpenRPC, but none is none
	}
	if params.Kind() != node.Array {
		c.diag(params, ptr+"/params", "params", "example pairing %q: params must be an array; the pairing is left out", cd.name)
		return false
	}
	src := cd.src
	taken := make([]bool, len(src.params))
	type entry struct {
		name     string
		value    node.Node
		at       node.Node
		ptr      string
		resolved int
	}
	entries := make([]entry, 0, params.Len())
	for i, e := range params.Elems() {
		eptr := ptr + "/params/" + itoa(i)
		v, obj, ok := c.exampleValue(cd, e, eptr, "param "+itoa(i))
		if !ok {
			return false
		}
		en := entry{name: str(obj, "name"), value: v, at: obj, ptr: eptr, resolved: -1}
		for j, pn := range src.params {
			if pn.wire == en.name && !taken[j] {
				en.resolved, taken[j] = j, true
				break
			}
		}
		entries = append(entries, en)
	}
	for i := range entries {
		en := &entries[i]
		if en.resolved >= 0 {
			continue
		}
		if src.byPosition && i < len(src.params) && !taken[i] {
			en.resolved, taken[i] = i, true
			c.diag(en.at, en.ptr+"/name", "name", "example pairing %q: param %q names no param of the method; taken as the param at its position, %q", cd.name, en.name, src.params[i].wire)
			continue
		}
		c.diag(en.at, en.ptr+"/name", "name", "example pairing %q: param %q names no param of the method; the pairing is left out", cd.name, en.name)
		return false
	}
	// In descriptor order, as the export writes them.
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].resolved < entries[j].resolved })
	for _, en := range entries {
		cd.input = append(cd.input, node.Field{Key: src.params[en.resolved].member, Value: en.value})
	}
	return true
}

// pairingResult maps the pairing's result to the example's output. The
// result's name is not kept: Smithy's output has no name for it, the
// method's result descriptor names it.
func (c *conv) pairingResult(cd *candidate, p node.Node, ptr string) bool {
	r, ok := get(p, "result")
	if !ok {
		return true // the call is shown without its answer
	}
	v, _, ok := c.exampleValue(cd, r, ptr+"/result", "the result")
	if !ok {
		return false
	}
	switch cd.src.result {
	case resultNone:
		c.diag(r, ptr+"/result", "result", "example pairing %q: the method is a notification, which has no result; the result is not imported", cd.name)
	case resultNull:
		// Always null: the example's output is the empty output.
		if v.Kind() != node.Null {
			c.diag(r, ptr+"/result", "result", "example pairing %q: the method's result is always null, this one is not; the pairing is left out", cd.name)
			return false
		}
	case resultMember:
		cd.output, cd.hasOut = v, true
	case resultWhole:
		cd.output, cd.hasOut = v, true
	}
	return true
}

// maxExampleWork bounds the steps of renaming example values (each value
// node visited, once per branch of an untagged union it is tried with);
// past it, values are kept as written.
const maxExampleWork = 1 << 20

// exampleOptions are the value policies of the ExamplesTrait validator
// (smithyvalidate.CheckExamples): how Smithy reads a value in a model.
var exampleOptions = []smithyvalidate.Option{smithyvalidate.BlobsAsText(true), smithyvalidate.AnyTimestampFormat(true), smithyvalidate.RejectNullMembers(true)}

// withExamples returns the model idl (written without examples) with
// the imported @examples: each candidate's values renamed to member
// names by the loaded model, checked by the ExamplesTrait validator, the
// ones that would fail (an ERROR or WARNING event) left out with a
// diagnostic.
func (c *conv) withExamples(idl []byte, ns string, first []*shape, cands []*candidate) []byte {
	m, problem := loadIDL(idl)
	if m == nil {
		for _, cd := range cands {
			c.diag(cd.at, cd.ptr, "examples", "example pairing %q is not imported: the imported model does not load (%s)", cd.name, problem)
		}
		return idl
	}
	x := &exampleRenamer{m: m, valid: map[shapeid.ID]*smithyvalidate.Validator{}}
	byOp := map[*shape][]*candidate{}
	var order []*shape
	for _, cd := range cands {
		op, ok := m.Shape(shapeid.New(ns, cd.src.op.name))
		if !ok {
			// Every operation written is in the model; say so should one
			// ever not be, rather than drop the pairing silently.
			c.diag(cd.at, cd.ptr, "examples", "example pairing %q is not imported: its operation %s is not in the loaded model", cd.name, cd.src.op.name)
			continue
		}
		x.problem = ""
		cd.value = x.example(cd, op)
		if x.problem != "" {
			c.diag(cd.at, cd.ptr, "examples", "example pairing %q of %q is not imported: %s", cd.name, cd.src.method, x.problem)
			continue
		}
		if _, seen := byOp[cd.src.op]; !seen {
			order = append(order, cd.src.op)
		}
		byOp[cd.src.op] = append(byOp[cd.src.op], cd)
	}
	render := func() []byte {
		for _, op := range order {
			op.traits = withoutExamples(op.traits)
			var vals []node.Node
			for _, cd := range byOp[op] {
				vals = append(vals, cd.value)
			}
			if len(vals) > 0 {
				op.traits = append(op.traits, "@examples("+idlValue(node.NewArray(vals...), "")+")")
			}
		}
		return writeIDL(ns, first, c.shapes)
	}
	out := render()
	checked, problem := loadIDL(out)
	if checked == nil {
		for _, op := range order {
			for _, cd := range byOp[op] {
				c.diag(cd.at, cd.ptr, "examples", "example pairing %q is not imported: the model with it does not load (%s)", cd.name, problem)
			}
			byOp[op] = nil
		}
		return render()
	}
	failed := exampleFailures(checked, ns, order, byOp)
	if len(failed) == 0 {
		return out
	}
	for _, op := range order {
		kept := byOp[op][:0:0]
		for i, cd := range byOp[op] {
			if msg, bad := failed[op][i]; bad {
				c.diag(cd.at, cd.ptr, "examples", "example pairing %q of %q does not validate against the imported shapes (%s); left out", cd.name, cd.src.method, msg)
				continue
			}
			kept = append(kept, cd)
		}
		byOp[op] = kept
	}
	return render()
}

func withoutExamples(traits []string) []string {
	out := traits[:0:0]
	for _, t := range traits {
		if !strings.HasPrefix(t, "@examples(") {
			out = append(out, t)
		}
	}
	return out
}

// exampleFailures runs the ExamplesTrait validator on the model with the
// examples and returns, per operation, the index of each example with a
// WARNING or ERROR event (an unknown member is a warning: a mistake of the
// example all the same) and the first such event's message; a NOTE (two
// members of an untagged union accept a value) keeps the example. An event is the
// example's whose value it lies in (the examples are written one after
// the other); one that lies in none fails every example of its operation.
func exampleFailures(m *model.Model, ns string, order []*shape, byOp map[*shape][]*candidate) map[*shape]map[int]string {
	events := smithyvalidate.CheckExamples(m)
	model.SortEvents(events)
	ops := map[shapeid.ID]*shape{}
	for _, op := range order {
		ops[shapeid.New(ns, op.name)] = op
	}
	out := map[*shape]map[int]string{}
	for _, ev := range events {
		op := ops[ev.Shape]
		if ev.Severity < model.Warning || op == nil {
			continue
		}
		s, _ := m.Shape(ev.Shape)
		t, _ := s.Trait(exampleTraitID)
		elems := t.Elems()
		idx := -1
		for i, e := range elems {
			if ev.Source.Pos.IsValid() && !before(ev.Source.Pos, e.Pos()) {
				idx = i
			}
		}
		if out[op] == nil {
			out[op] = map[int]string{}
		}
		mark := func(i int) {
			if _, done := out[op][i]; !done {
				out[op][i] = ev.ID + ": " + ev.Message
			}
		}
		if idx < 0 {
			for i := range byOp[op] {
				mark(i)
			}
			continue
		}
		mark(idx)
	}
	return out
}

var exampleTraitID = shapeid.MustParse("smithy.api#examples")

func before(a, b node.Pos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
}

// loadIDL loads idl as the smithy command loads a model (with the
// smithy.rpc and alloy traits); nil and the first ERROR when it does not
// load.
func loadIDL(idl []byte) (*model.Model, string) {
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		return nil, err.Error()
	}
	if err := smithyvalidate.AddAlloyTraits(a); err != nil {
		return nil, err.Error()
	}
	if err := a.AddSource("imported.smithy", idl); err != nil {
		return nil, err.Error()
	}
	res, err := a.Assemble()
	if err != nil {
		return nil, err.Error()
	}
	for _, e := range res.Events {
		if e.Severity >= model.ErrorSeverity {
			return nil, e.String()
		}
	}
	return res.Model, ""
}

// exampleRenamer turns wire values into Smithy model values: object keys
// that are a member's @jsonName become the member's name, through
// structures, unions, lists and maps.
type exampleRenamer struct {
	m     *model.Model
	work  int
	valid map[shapeid.ID]*smithyvalidate.Validator
	// problem is why the example being renamed cannot be a model value
	// (a blob that is not base64 of UTF-8 text); "" when it can.
	problem string
}

// example makes the @examples entry of a candidate.
func (x *exampleRenamer) example(cd *candidate, op *model.Shape) node.Node {
	fs := []node.Field{{Key: "title", Value: node.NewString(cd.name)}}
	if cd.doc != "" {
		fs = append(fs, node.Field{Key: "documentation", Value: node.NewString(cd.doc)})
	}
	in, _ := x.m.Shape(op.Input())
	if len(cd.input) > 0 {
		var ins []node.Field
		for _, f := range cd.input {
			v := f.Value
			if in != nil {
				if mem, ok := in.Member(f.Key); ok {
					v = x.member(mem, v)
				}
			}
			ins = append(ins, node.Field{Key: f.Key, Value: v})
		}
		fs = append(fs, node.Field{Key: "input", Value: node.NewObject(ins...)})
	}
	if cd.hasOut {
		out, _ := x.m.Shape(op.Output())
		var v node.Node
		switch cd.src.result {
		case resultMember:
			var mem *model.Shape
			if out != nil {
				mem, _ = out.Member(cd.src.member)
			}
			switch {
			case mem == nil:
				v = node.NewObject(node.Field{Key: cd.src.member, Value: cd.output})
			case cd.output.Kind() == node.Null && !x.nullable(mem):
				// null is no value of the member: the result is absent.
				v = node.NewObject()
			default:
				v = node.NewObject(node.Field{Key: cd.src.member, Value: x.member(mem, cd.output)})
			}
		default:
			v = cd.output
			if out != nil {
				v = x.shape(out, v)
			}
		}
		fs = append(fs, node.Field{Key: "output", Value: v})
	}
	return node.NewObject(fs...)
}

// nullable reports whether null is a value of the member (@nullable on
// it or on its target).
func (x *exampleRenamer) nullable(mem *model.Shape) bool {
	if mem.HasTrait(smithyvalidate.NullableTrait) {
		return true
	}
	t, ok := x.m.Target(mem)
	return ok && t.HasTrait(smithyvalidate.NullableTrait)
}

func (x *exampleRenamer) member(mem *model.Shape, v node.Node) node.Node {
	t, ok := x.m.Target(mem)
	if !ok {
		return v
	}
	return x.shape(t, v)
}

// wireNames maps each member's wire name (its @jsonName, else its name)
// to the member.
func wireNames(s *model.Shape) map[string]*model.Shape {
	out := map[string]*model.Shape{}
	for _, mem := range s.Members() {
		w := mem.MemberName()
		if j, ok := mem.Trait(jsonNameID); ok && j.Kind() == node.String {
			w = j.StringValue()
		}
		out[w] = mem
	}
	return out
}

var jsonNameID = shapeid.MustParse("smithy.api#jsonName")

func (x *exampleRenamer) shape(s *model.Shape, v node.Node) node.Node {
	x.work++
	if x.work > maxExampleWork {
		return v
	}
	switch s.Type() {
	case model.BlobType:
		m, ok := blobModelValue(v)
		if !ok {
			x.problem = "a blob value is not base64 of UTF-8 text, which a Smithy model cannot hold"
			return v
		}
		return m
	case model.StructureType:
		return x.object(s, v, "")
	case model.UnionType:
		if v.Kind() != node.Object && !s.HasTrait(smithyvalidate.UntaggedTrait) {
			return v
		}
		switch {
		case s.HasTrait(smithyvalidate.UntaggedTrait):
			return x.untagged(s, v)
		case s.HasTrait(smithyvalidate.DiscriminatedTrait):
			d, _ := s.Trait(smithyvalidate.DiscriminatedTrait)
			field := d.StringValue()
			tag, ok := v.Get(field)
			if !ok || tag.Kind() != node.String {
				return v
			}
			mem, ok := wireNames(s)[tag.StringValue()]
			if !ok {
				return v
			}
			t, ok := x.m.Target(mem)
			if !ok || t.Type() != model.StructureType {
				return v
			}
			// The tag is the member's name in a model value; the other
			// properties are the member's structure.
			renamed := x.object(t, v, field)
			fs := renamed.Fields()
			for i := range fs {
				if fs[i].Key == field {
					fs[i].Value = node.NewString(mem.MemberName()).At(tag.Pos())
				}
			}
			return node.NewObject(fs...).At(v.Pos())
		}
		return x.object(s, v, "")
	case model.ListType, model.SetType:
		mem, ok := s.Member("member")
		if !ok || v.Kind() != node.Array {
			return v
		}
		es := make([]node.Node, v.Len())
		for i, e := range v.Elems() {
			es[i] = x.member(mem, e)
		}
		return node.NewArray(es...).At(v.Pos())
	case model.MapType:
		mem, ok := s.Member("value")
		if !ok || v.Kind() != node.Object {
			return v
		}
		fs := make([]node.Field, v.Len())
		for i, f := range v.Fields() {
			fs[i] = node.Field{Key: f.Key, Value: x.member(mem, f.Value)}
		}
		return node.NewObject(fs...).At(v.Pos())
	}
	return v
}

// object renames the keys of a structure's (or key-tagged union's) value;
// skip is a key kept as it is (a discriminator).
func (x *exampleRenamer) object(s *model.Shape, v node.Node, skip string) node.Node {
	if v.Kind() != node.Object {
		return v
	}
	names := wireNames(s)
	fs := make([]node.Field, v.Len())
	for i, f := range v.Fields() {
		fs[i] = f
		if f.Key == skip && skip != "" {
			continue
		}
		if mem, ok := names[f.Key]; ok {
			fs[i] = node.Field{Key: mem.MemberName(), Value: x.member(mem, f.Value)}
		}
	}
	return node.NewObject(fs...).At(v.Pos())
}

// untagged renames a value of an untagged union as the first member
// whose renamed value the engine accepts (the order in which the engine
// tries them); when none does, as the first member's that renames
// anything, else unchanged.
func (x *exampleRenamer) untagged(s *model.Shape, v node.Node) node.Node {
	// A member tried and not taken leaves no problem behind (a blob
	// member's, for a string that another member takes).
	saved := x.problem
	var fallback node.Node
	fallbackProblem := saved
	for _, mem := range s.Members() {
		x.problem = saved
		r := x.member(mem, v)
		if x.accepts(mem.Target(), r) {
			return r
		}
		if fallback.Kind() == 0 && !node.Equal(r, v) {
			fallback, fallbackProblem = r, x.problem
		}
	}
	if fallback.Kind() != 0 {
		x.problem = fallbackProblem
		return fallback
	}
	x.problem = saved
	return v
}

// accepts reports whether the engine accepts v as a model value of the
// shape id; false when the shape cannot be prepared.
func (x *exampleRenamer) accepts(id shapeid.ID, v node.Node) bool {
	vd, ok := x.valid[id]
	if !ok {
		vd, _ = smithyvalidate.Prepare(x.m, id, exampleOptions...)
		x.valid[id] = vd
	}
	if vd == nil {
		return false
	}
	res, err := vd.ValidateNode(v)
	return err == nil && res.Valid
}

// idlValue renders a node value in Smithy IDL, indented by indent: an
// object's entries and an array's elements one a line, a key quoted
// unless it is an identifier.
func idlValue(v node.Node, indent string) string {
	var b strings.Builder
	writeIDLValue(&b, v, indent)
	return b.String()
}

func writeIDLValue(b *strings.Builder, v node.Node, indent string) {
	inner := indent + "    "
	switch v.Kind() {
	case node.Object:
		if v.Len() == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for _, f := range v.Fields() {
			b.WriteString(inner)
			if isIdentifier(f.Key) {
				b.WriteString(f.Key)
			} else {
				b.WriteString(quote(f.Key))
			}
			b.WriteString(": ")
			writeIDLValue(b, f.Value, inner)
			b.WriteByte('\n')
		}
		b.WriteString(indent)
		b.WriteByte('}')
	case node.Array:
		if v.Len() == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for _, e := range v.Elems() {
			b.WriteString(inner)
			writeIDLValue(b, e, inner)
			b.WriteByte('\n')
		}
		b.WriteString(indent)
		b.WriteByte(']')
	case node.String:
		b.WriteString(quote(v.StringValue()))
	case node.Number:
		b.WriteString(v.NumberText())
	case node.Bool:
		if v.BoolValue() {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	default:
		b.WriteString("null")
	}
}

// blobModelValue turns a blob's wire value, base64 (RFC 4648, padded), into
// its model value, the decoded text; ok is false when v is no such string
// or its bytes are not UTF-8.
func blobModelValue(v node.Node) (node.Node, bool) {
	if v.Kind() != node.String {
		return v, false
	}
	b, err := base64.StdEncoding.Strict().DecodeString(v.StringValue())
	if err != nil || !utf8.Valid(b) {
		return v, false
	}
	return node.NewString(string(b)).At(v.Pos()), true
}
