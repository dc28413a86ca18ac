package openrpc

import (
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// examples converts the operation's @examples into Example Pairing
// Objects: the input's members become params (Example Objects named by
// the params' wire names, in the descriptors' order), the output (or the
// selected member, or null) the result. Smithy examples name members by
// member name; values are rewritten to the wire names of the naming
// policy. An example of an error has no place in an Example Pairing: it
// is left out with a loss diagnostic.
func (x *exporter) examples(meth *rpc.Method, op *model.Shape) []node.Node {
	t, ok := op.Trait(preludeid.Examples)
	if !ok || t.Kind() != node.Array {
		return nil
	}
	var out []node.Node
	for i, ex := range t.Elems() {
		title, _ := ex.Get("title")
		name := title.StringValue()
		if name == "" {
			name = fmt.Sprintf("example %d", i+1)
		}
		if _, isErr := ex.Get("error"); isErr {
			x.d.add(Diagnostic{Code: CodeLoss, Method: meth.Name(), Shape: op.ID(), Message: fmt.Sprintf("example %q shows an error, which an OpenRPC Example Pairing cannot: it is left out", name)})
			continue
		}
		var o obj
		o.add("name", str(name))
		if d, ok := ex.Get("documentation"); ok && d.Kind() == node.String {
			o.add("description", d)
		}
		params := x.exampleParams(meth, ex)
		o.add("params", params)
		r, hasResult := x.exampleResult(meth, ex)
		if hasResult {
			o.add("result", r)
		}
		if ac, _ := ex.Get("allowConstraintErrors"); !ac.BoolValue() {
			x.checkExample(meth, op, name, params, r, hasResult)
		}
		out = append(out, o.node())
	}
	return out
}

// checkExample validates an example's params and result as the validator
// would see them on the wire (the prepared service itself: the same
// checks as validate-rpc), and reports one that fails as an
// example-invalid diagnostic; the example is still exported. Smithy's
// allowConstraintErrors skips the check.
func (x *exporter) checkExample(meth *rpc.Method, op *model.Shape, name string, params, result node.Node, hasResult bool) {
	var wire node.Node
	switch {
	case params.Len() == 0:
	case meth.ParamMode() == rpc.ParamsPositional:
		// By position: each param at its index, null where the example
		// leaves an earlier optional param out.
		index := map[string]int{}
		for i, n := range meth.Positional() {
			mem, _ := x.m.Shape(meth.Input().WithMember(n))
			index[x.g.wireName(mem)] = i
		}
		last := -1
		byIndex := map[int]node.Node{}
		for _, p := range params.Elems() {
			n, _ := p.Get("name")
			v, _ := p.Get("value")
			i := index[n.StringValue()]
			byIndex[i] = v
			last = max(last, i)
		}
		elems := make([]node.Node, last+1)
		for i := range elems {
			elems[i] = node.NewNull()
			if v, ok := byIndex[i]; ok {
				elems[i] = v
			}
		}
		wire = node.NewArray(elems...)
	default:
		var fs []node.Field
		for _, p := range params.Elems() {
			n, _ := p.Get("name")
			v, _ := p.Get("value")
			fs = append(fs, node.Field{Key: n.StringValue(), Value: v})
		}
		wire = node.NewObject(fs...)
	}
	req := []node.Field{{Key: "jsonrpc", Value: str("2.0")}, {Key: "method", Value: str(meth.Name())}}
	if params.Len() > 0 {
		req = append(req, node.Field{Key: "params", Value: wire})
	}
	if meth.Kind() != rpc.NotificationKind {
		// A notification is sent without an id (with one it is an
		// invalid request).
		req = append(req, node.Field{Key: "id", Value: num("1")})
	}
	report := func(what string, res *rpc.Result) {
		if res.Valid {
			return
		}
		f := res.Findings[0]
		for _, g := range res.Findings {
			if g.Severity == sv.SeverityError {
				f = g
				break
			}
		}
		x.d.add(Diagnostic{Code: CodeExampleInvalid, Method: meth.Name(), Shape: op.ID(), Message: fmt.Sprintf(
			"example %q: its %s validation: %s %s: %s", name, what, f.Code, f.Path.String(), f.Message)})
	}
	report("params fail", x.s.ValidateRequest(node.Marshal(node.NewObject(req...))))
	if m, ok := x.s.Method(meth.Name()); ok && hasResult {
		v, _ := result.Get("value")
		resp := node.NewObject(node.Field{Key: "jsonrpc", Value: str("2.0")}, node.Field{Key: "result", Value: v}, node.Field{Key: "id", Value: num("1")})
		report("result fails", x.s.ValidateResponse(node.Marshal(resp), rpc.ForMethod(m)))
	}
}

func exampleObject(name string, v node.Node) node.Node {
	return node.NewObject(node.Field{Key: "name", Value: str(name)}, node.Field{Key: "value", Value: v})
}

func (x *exporter) exampleParams(meth *rpc.Method, ex node.Node) node.Node {
	in, _ := ex.Get("input")
	if meth.Input().IsZero() || in.Kind() != node.Object {
		return node.NewArray()
	}
	shape, _ := x.m.Shape(meth.Input())
	var order []*model.Shape
	if pos := meth.Positional(); len(pos) > 0 {
		for _, n := range pos {
			m, _ := shape.Member(n)
			order = append(order, m)
		}
	} else {
		for _, m := range shape.Members() {
			if m.HasTrait(preludeid.Required) {
				order = append(order, m)
			}
		}
		for _, m := range shape.Members() {
			if !m.HasTrait(preludeid.Required) {
				order = append(order, m)
			}
		}
	}
	var out []node.Node
	for _, m := range order {
		if v, ok := in.Get(m.MemberName()); ok {
			out = append(out, exampleObject(x.g.wireName(m), x.toWire(m, v)))
		}
	}
	return node.NewArray(out...)
}

func (x *exporter) exampleResult(meth *rpc.Method, ex node.Node) (node.Node, bool) {
	kind, member := meth.Result()
	switch kind {
	case rpc.NullResult:
		return exampleObject("result", node.NewNull()), true
	case rpc.OutputMember:
		out, ok := ex.Get("output")
		if !ok {
			return node.Node{}, false
		}
		mem, _ := x.m.Shape(member)
		v, ok := out.Get(member.Member)
		if !ok {
			v = node.NewNull()
		}
		return exampleObject(x.g.wireName(mem), x.toWire(mem, v)), true
	}
	out, ok := ex.Get("output")
	if !ok {
		return node.Node{}, false
	}
	if s, ok := x.m.Shape(meth.Output()); ok {
		out = x.shapeToWire(s, nil, out)
	}
	return exampleObject("result", out), true
}

// discriminatedToWire rewrites a value of a discriminated union: the tag
// (the member's name in a model value) becomes the member's wire name,
// the other properties are the member's structure.
func (x *exporter) discriminatedToWire(s *model.Shape, field string, v node.Node) node.Node {
	tag, ok := v.Get(field)
	if !ok || tag.Kind() != node.String {
		return v
	}
	mem, ok := s.Member(tag.StringValue())
	if !ok {
		return v
	}
	t, ok := x.m.Target(mem)
	if !ok || t.Type() != model.StructureType {
		return v
	}
	fs := make([]node.Field, 0, v.Len())
	for _, f := range v.Fields() {
		switch m, isMember := t.Member(f.Key); {
		case f.Key == field:
			fs = append(fs, node.Field{Key: field, Value: str(x.g.wireName(mem))})
		case isMember:
			fs = append(fs, node.Field{Key: x.g.wireName(m), Value: x.toWire(m, f.Value)})
		default:
			fs = append(fs, f)
		}
	}
	return node.NewObject(fs...)
}

// untaggedToWire rewrites a value of an untagged union as the value of
// the first member that accepts it as a model value (the order in which
// the engine tries them); unchanged when none does.
func (x *exporter) untaggedToWire(s *model.Shape, v node.Node) node.Node {
	for _, mem := range s.Members() {
		if x.acceptsModelValue(mem.Target(), v) {
			return x.toWire(mem, v)
		}
	}
	return v
}

// acceptsModelValue reports whether the engine accepts v as a value of
// the shape id in a model (Smithy's reading of @examples values: blobs as
// text, any timestamp format, null no value of a member).
func (x *exporter) acceptsModelValue(id shapeid.ID, v node.Node) bool {
	if x.modelValues == nil {
		x.modelValues = map[shapeid.ID]*sv.Validator{}
	}
	vd, ok := x.modelValues[id]
	if !ok {
		vd, _ = sv.Prepare(x.m, id, sv.BlobsAsText(true), sv.AnyTimestampFormat(true), sv.RejectNullMembers(true))
		x.modelValues[id] = vd
	}
	if vd == nil {
		return false
	}
	res, err := vd.ValidateNode(v)
	return err == nil && res.Valid
}

// toWire rewrites a model value of a member as it is on the wire: keys
// from Smithy's member names to the wire names of the naming policy, and
// blobs and timestamps in the wire's forms (scalarToWire).
func (x *exporter) toWire(mem *model.Shape, v node.Node) node.Node {
	t, ok := x.m.Target(mem)
	if !ok {
		return v
	}
	return x.shapeToWire(t, mem, v)
}

// shapeToWire is toWire for a value of s, the target of mem (nil when the
// value is no member's: a whole output).
func (x *exporter) shapeToWire(s, mem *model.Shape, v node.Node) node.Node {
	switch s.Type() {
	case model.BlobType, model.TimestampType:
		return x.g.scalarToWire(s, mem, v)
	case model.UnionType:
		if s.HasTrait(sv.UntaggedTrait) {
			return x.untaggedToWire(s, v)
		}
		if d, ok := s.Trait(sv.DiscriminatedTrait); ok && v.Kind() == node.Object {
			return x.discriminatedToWire(s, d.StringValue(), v)
		}
		fallthrough
	case model.StructureType:
		if v.Kind() != node.Object {
			return v
		}
		fs := make([]node.Field, 0, v.Len())
		for _, f := range v.Fields() {
			if m, ok := s.Member(f.Key); ok {
				fs = append(fs, node.Field{Key: x.g.wireName(m), Value: x.toWire(m, f.Value)})
			} else {
				fs = append(fs, f)
			}
		}
		return node.NewObject(fs...)
	case model.ListType, model.SetType:
		m, ok := s.Member("member")
		if !ok || v.Kind() != node.Array {
			return v
		}
		es := make([]node.Node, v.Len())
		for i, e := range v.Elems() {
			es[i] = x.toWire(m, e)
		}
		return node.NewArray(es...)
	case model.MapType:
		m, ok := s.Member("value")
		if !ok || v.Kind() != node.Object {
			return v
		}
		fs := make([]node.Field, 0, v.Len())
		for _, f := range v.Fields() {
			fs = append(fs, node.Field{Key: f.Key, Value: x.toWire(m, f.Value)})
		}
		return node.NewObject(fs...)
	}
	return v
}
