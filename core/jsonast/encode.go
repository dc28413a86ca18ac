package jsonast

import (
	"sort"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// An Option configures [Encode] and [ToNode]. Options are plain values,
// as in every module of this repository: pass several, or combine them
// with [JoinOptions]; when two set the same thing the later one wins. The
// zero Option changes nothing. They are resolved in one place
// (readOptions).
type Option struct {
	setPrelude, setOmit bool
	includePrelude      bool
	omit                func(shapeid.ID) bool
}

// encodeOptions is the resolved configuration.
type encodeOptions struct {
	includePrelude bool
	omit           func(shapeid.ID) bool
}

// IncludePrelude, on, keeps the smithy.api shapes in the output. Off (the
// default), they are left out.
func IncludePrelude(on bool) Option { return Option{setPrelude: true, includePrelude: on} }

// Omit leaves out the shapes for which omit returns true (for example
// built-in trait definitions that, like the prelude, every model sees);
// nil leaves out none but the prelude.
func Omit(omit func(shapeid.ID) bool) Option { return Option{setOmit: true, omit: omit} }

// JoinOptions returns one option with the effect of opts in order.
func JoinOptions(opts ...Option) Option {
	var j Option
	for _, o := range opts {
		if o.setPrelude {
			j.setPrelude, j.includePrelude = true, o.includePrelude
		}
		if o.setOmit {
			j.setOmit, j.omit = true, o.omit
		}
	}
	return j
}

// readOptions is the only place that resolves options.
func readOptions(opts []Option) encodeOptions {
	j := JoinOptions(opts...)
	return encodeOptions{includePrelude: j.includePrelude, omit: j.omit}
}

// Encode prints m as a Smithy 2.0 JSON AST document: 4-space indentation,
// object keys sorted except members (kept in definition order), numbers in
// canonical form, a final newline. The same model always gives the same
// bytes, whichever files and spellings it was loaded from.
func Encode(m *model.Model, opts ...Option) []byte {
	return append(node.Marshal(toNode(m, readOptions(opts)), node.Indent("    ")), '\n')
}

// ToNode builds the JSON AST document of m as a node.
func ToNode(m *model.Model, opts ...Option) node.Node {
	return toNode(m, readOptions(opts))
}

func toNode(m *model.Model, o encodeOptions) node.Node {
	fields := []node.Field{{Key: "smithy", Value: node.NewString("2.0")}}
	if md := m.Metadata(); len(md) > 0 {
		mf := make([]node.Field, len(md))
		for i, e := range md {
			mf[i] = node.Field{Key: e.Key, Value: sortKeys(e.Value)}
		}
		fields = append(fields, node.Field{Key: "metadata", Value: node.NewObject(mf...)})
	}
	var shapes []node.Field
	for _, s := range m.Shapes() {
		if !o.includePrelude && s.ID().Namespace == shapeid.Prelude || o.omit != nil && o.omit(s.ID()) {
			continue
		}
		shapes = append(shapes, node.Field{Key: s.ID().String(), Value: shapeNode(s.Def())})
	}
	fields = append(fields, node.Field{Key: "shapes", Value: node.NewObject(shapes...)})
	return node.NewObject(fields...)
}

func shapeNode(d model.ShapeDef) node.Node {
	e := d.Props()
	var f fieldList
	f.add("type", node.NewString(d.Type.String()))
	f.refs("mixins", d.Mixins())
	switch {
	case d.Type == model.ListType || d.Type == model.SetType || d.Type == model.MapType:
		for _, m := range d.Members {
			f.add(m.Name, memberNode(m))
		}
	case d.Type.HasMembers():
		members := make([]node.Field, len(d.Members))
		for i, m := range d.Members {
			members[i] = node.Field{Key: m.Name, Value: memberNode(m)}
		}
		f.add("members", node.NewObject(members...))
	case d.Type == model.ServiceType:
		if e.Version != "" {
			f.add("version", node.NewString(e.Version))
		}
		f.refs("operations", e.Operations)
		f.refs("resources", e.Resources)
		f.refs("errors", e.Errors)
		if len(e.Rename) > 0 {
			rf := make([]node.Field, len(e.Rename))
			for i, r := range e.Rename {
				rf[i] = node.Field{Key: r.Target.String(), Value: node.NewString(r.Name)}
			}
			f.add("rename", node.NewObject(sortFields(rf)...))
		}
	case d.Type == model.OperationType:
		f.ref("input", e.Input)
		f.ref("output", e.Output)
		f.refs("errors", e.Errors)
	case d.Type == model.ResourceType:
		f.named("identifiers", e.Identifiers)
		f.named("properties", e.Properties)
		f.ref("create", e.Create)
		f.ref("put", e.Put)
		f.ref("read", e.Read)
		f.ref("update", e.Update)
		f.ref("delete", e.Delete)
		f.ref("list", e.List)
		f.refs("operations", e.Operations)
		f.refs("collectionOperations", e.CollectionOperations)
		f.refs("resources", e.Resources)
	}
	f.traits(d.Traits)
	return node.NewObject(sortFields(f)...)
}

func memberNode(m model.MemberDef) node.Node {
	var f fieldList
	f.add("target", node.NewString(m.Target.String()))
	f.traits(m.Traits())
	return node.NewObject(f...)
}

type fieldList []node.Field

func (f *fieldList) add(key string, v node.Node) { *f = append(*f, node.Field{Key: key, Value: v}) }

func refNode(id shapeid.ID) node.Node {
	return node.NewObject(node.Field{Key: "target", Value: node.NewString(id.String())})
}

func (f *fieldList) ref(key string, id shapeid.ID) {
	if !id.IsZero() {
		f.add(key, refNode(id))
	}
}

func (f *fieldList) refs(key string, ids []shapeid.ID) {
	if len(ids) == 0 {
		return
	}
	elems := make([]node.Node, len(ids))
	for i, id := range ids {
		elems[i] = refNode(id)
	}
	f.add(key, node.NewArray(elems...))
}

func (f *fieldList) named(key string, list []model.NamedTarget) {
	if len(list) == 0 {
		return
	}
	nf := make([]node.Field, len(list))
	for i, n := range list {
		nf[i] = node.Field{Key: n.Name, Value: refNode(n.Target)}
	}
	f.add(key, node.NewObject(sortFields(nf)...))
}

func (f *fieldList) traits(traits []model.Trait) {
	if len(traits) == 0 {
		return
	}
	tf := make([]node.Field, len(traits))
	for i, t := range traits {
		tf[i] = node.Field{Key: t.ID.String(), Value: sortKeys(t.Value)}
	}
	f.add("traits", node.NewObject(sortFields(tf)...))
}

func sortFields(f []node.Field) []node.Field {
	sort.SliceStable(f, func(i, j int) bool { return f[i].Key < f[j].Key })
	return f
}

// sortKeys returns n with the keys of every object sorted (stable for
// repeated keys) and every number in canonical form (node.Decimal's: 10e0,
// 10.0 and 1e1 all print 10; the value is exact and unchanged, only its
// spelling), so trait and metadata values print the same whatever
// spelling a model file used.
func sortKeys(n node.Node) node.Node {
	switch n.Kind() {
	case node.Number:
		if d, err := node.ParseDecimal(n.NumberText()); err == nil {
			return node.NewNumber(d.String()).At(n.Pos())
		}
		return n
	case node.Array:
		elems := make([]node.Node, n.Len())
		for i, e := range n.Elems() {
			elems[i] = sortKeys(e)
		}
		return node.NewArray(elems...).At(n.Pos())
	case node.Object:
		fields := make([]node.Field, n.Len())
		for i, f := range n.Fields() {
			fields[i] = node.Field{Key: f.Key, KeyPos: f.KeyPos, Value: sortKeys(f.Value)}
		}
		return node.NewObject(sortFields(fields)...).At(n.Pos())
	}
	return n
}
