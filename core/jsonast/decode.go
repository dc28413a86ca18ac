// Package jsonast reads and writes Smithy JSON AST documents (versions 1.0
// and 2.0).
//
// [Decode] turns one JSON AST file into a [model.Document] for package
// assembly; [Encode] prints an assembled model as a JSON AST document that is
// byte-identical on every run: 4-space indentation, shapes, traits, metadata
// and object keys sorted, numbers in canonical form, members in their
// definition order (member order is
// part of a Smithy model), only what each shape declares itself (members and
// traits it gets from mixins are left to the mixins, as the reference
// serializer does).
package jsonast

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// Error is a JSON AST document that cannot be loaded: bad JSON, or a
// property of the wrong JSON type. It carries the file and the position.
type Error struct {
	File string
	Pos  node.Pos
	Msg  string
	// Err is the JSON reader's error (a [node.PosError]) when the text is
	// not JSON, nil when the JSON is not a valid AST document.
	Err error
	// notModel: the JSON is no AST document at all (ErrNotModel).
	notModel bool
}

func (e *Error) Error() string {
	loc := model.SourceLocation{File: e.File, Pos: e.Pos}
	return loc.String() + ": " + e.Msg
}

// Unwrap returns the JSON reader's error, if any.
func (e *Error) Unwrap() error { return e.Err }

// ErrNotModel is what errors.Is finds in the error of a JSON text that is
// no JSON AST document at all: not an object, or an object without a
// `smithy` property (a smithy-build.json, a package.json). The reference
// skips such a file when it loads a model (ModelLoader: "Ignoring
// unrecognized JSON file"), and so does core/assembly.
var ErrNotModel = errors.New("not a Smithy JSON AST document")

// Is reports whether target is ErrNotModel and e is about such a text.
func (e *Error) Is(target error) bool { return target == ErrNotModel && e.notModel }

// Position returns the error's position in the file.
func (e *Error) Position() node.Pos { return e.Pos }

// NormalizeVersion maps the accepted spellings of a Smithy model version
// ("1", "1.0", "2", "2.0") to "1.0" or "2.0".
func NormalizeVersion(v string) (string, bool) {
	switch v {
	case "1", "1.0":
		return "1.0", true
	case "2", "2.0":
		return "2.0", true
	}
	return "", false
}

// Decode reads one JSON AST document. Duplicate object keys are rejected
// (both positions are named); unknown properties are warnings in
// Document.Events; missing list and map members are ERROR events. The
// document keeps a copy of data (its trait values' strings are slices of
// it): see [DecodeString] to keep a text without copying it.
func Decode(file string, data []byte, opts ...node.Option) (*model.Document, error) {
	root, err := node.Parse(data, opts...)
	return decodeRoot(file, root, err)
}

// DecodeString is [Decode] for a text the caller gives up: it is not
// copied, and the document's trait values (their strings and numbers)
// are slices of it, so a model keeps its source text once.
func DecodeString(file, text string, opts ...node.Option) (*model.Document, error) {
	root, err := node.ParseString(text, opts...)
	return decodeRoot(file, root, err)
}

// decodeRoot decodes the document read as root, or returns the reader's
// error err as an *Error.
func decodeRoot(file string, root node.Node, err error) (*model.Document, error) {
	if err != nil {
		var pos node.Pos
		if pe, ok := err.(node.PosError); ok {
			pos = pe.Position()
		}
		return nil, &Error{File: file, Pos: pos, Msg: err.Error(), Err: err}
	}
	d := &decoder{file: file, doc: &model.Document{File: file}}
	if err := d.document(root); err != nil {
		return nil, err
	}
	return d.doc, nil
}

type decoder struct {
	file string
	doc  *model.Document
}

func (d *decoder) errorf(n node.Node, format string, args ...any) error {
	return &Error{File: d.file, Pos: n.Pos(), Msg: fmt.Sprintf(format, args...)}
}

// notModel marks err, one of errorf's, as ErrNotModel.
func notModel(err error) error {
	err.(*Error).notModel = true
	return err
}

func (d *decoder) loc(n node.Node) model.SourceLocation {
	return model.SourceLocation{File: d.file, Pos: n.Pos()}
}

func (d *decoder) expect(n node.Node, k node.Kind, what string) error {
	if n.Kind() != k {
		return d.errorf(n, "expected %s to be %s %s, found %s", what, article(k), k, n.Kind())
	}
	return nil
}

func article(k node.Kind) string {
	if k == node.Object || k == node.Array {
		return "an"
	}
	return "a"
}

// warnExtra records the reference's warning for properties outside allowed.
func (d *decoder) warnExtra(n node.Node, shape shapeid.ID, allowed ...string) {
	var extra []string
	for _, f := range n.Fields() {
		if !slices.Contains(allowed, f.Key) {
			extra = append(extra, "`"+f.Key+"`")
		}
	}
	if len(extra) == 0 {
		return
	}
	sort.Strings(extra)
	sorted := append([]string(nil), allowed...)
	sort.Strings(sorted)
	for i := range sorted {
		sorted[i] = "`" + sorted[i] + "`"
	}
	d.doc.Events = append(d.doc.Events, model.Event{
		Severity: model.Warning, ID: "Model", Shape: shape, Source: d.loc(n),
		Message: fmt.Sprintf("Expected an object with possible properties of %s, but found additional properties: %s", strings.Join(sorted, ", "), strings.Join(extra, ", ")),
	})
}

func (d *decoder) document(root node.Node) error {
	if err := d.expect(root, node.Object, "a JSON AST document"); err != nil {
		return notModel(err)
	}
	v, ok := root.Get("smithy")
	if !ok {
		return notModel(d.errorf(root, "a JSON AST document needs a `smithy` version property"))
	}
	if err := d.expect(v, node.String, "`smithy`"); err != nil {
		return err
	}
	version, ok := NormalizeVersion(v.StringValue())
	if !ok {
		return d.errorf(v, "Unsupported Smithy version number: %s", v.StringValue())
	}
	d.doc.Version = version
	d.warnExtra(root, shapeid.ID{}, "smithy", "metadata", "shapes")
	if md, ok := root.Get("metadata"); ok {
		if md.Kind() != node.Object {
			return d.errorf(md, "Expected `metadata` to be an object; found %s", md.Kind())
		}
		for _, f := range md.Fields() {
			d.doc.Metadata = append(d.doc.Metadata, model.MetadataEntry{Key: f.Key, Value: f.Value, Source: model.SourceLocation{File: d.file, Pos: f.KeyPos}})
		}
	}
	shapes, ok := root.Get("shapes")
	if !ok {
		return nil
	}
	if shapes.Kind() != node.Object {
		return d.errorf(shapes, "Expected `shapes` to be an object; found %s", shapes.Kind())
	}
	for _, f := range shapes.Fields() {
		id, err := shapeid.Parse(f.Key)
		if err != nil {
			return &Error{File: d.file, Pos: f.KeyPos, Msg: fmt.Sprintf("Invalid shape ID: %s (%v)", f.Key, err)}
		}
		if err := d.shape(id, f); err != nil {
			return err
		}
	}
	return nil
}

var (
	simpleProps    = []string{"type", "traits", "mixins"}
	membersProps   = []string{"type", "traits", "mixins", "members"}
	listProps      = []string{"type", "traits", "mixins", "member"}
	mapProps       = []string{"type", "traits", "mixins", "key", "value"}
	serviceProps   = []string{"type", "traits", "mixins", "version", "operations", "resources", "errors", "rename"}
	operationProps = []string{"type", "traits", "mixins", "input", "output", "errors"}
	resourceProps  = []string{"type", "traits", "mixins", "identifiers", "properties", "create", "put", "read", "update", "delete", "list", "operations", "collectionOperations", "resources"}
	memberProps    = []string{"target", "traits"}
)

func (d *decoder) shape(id shapeid.ID, f node.Field) error {
	n := f.Value
	if err := d.expect(n, node.Object, "shape "+id.String()); err != nil {
		return err
	}
	tn, ok := n.Get("type")
	if !ok {
		return d.errorf(n, "shape %s has no `type` property", id)
	}
	if err := d.expect(tn, node.String, "`type`"); err != nil {
		return err
	}
	if tn.StringValue() == "apply" {
		d.warnExtra(n, id, "type", "traits")
		traits, err := d.traits(n)
		if err != nil {
			return err
		}
		d.doc.Applies = append(d.doc.Applies, model.Apply{Target: id, Traits: traits, Source: model.SourceLocation{File: d.file, Pos: f.KeyPos}})
		return nil
	}
	typ, ok := model.ParseShapeType(tn.StringValue())
	if !ok || typ == model.MemberType {
		return d.errorf(tn, "shape %s has an unknown type %q", id, tn.StringValue())
	}
	if id.HasMember() {
		return &Error{File: d.file, Pos: f.KeyPos, Msg: fmt.Sprintf("Shapes of type `%s` cannot contain a member in their shape ID. Found `%s`", typ, id)}
	}
	def := model.ShapeDef{ID: id, Type: typ, Source: model.SourceLocation{File: d.file, Pos: f.KeyPos}}
	var err error
	if def.Traits, err = d.traits(n); err != nil {
		return err
	}
	mixins, err := d.refList(n, "mixins")
	if err != nil {
		return err
	}
	def.SetMixins(mixins)
	switch {
	case typ == model.ListType || typ == model.SetType:
		d.warnExtra(n, id, listProps...)
		err = d.namedMembers(n, &def, "member")
	case typ == model.MapType:
		d.warnExtra(n, id, mapProps...)
		err = d.namedMembers(n, &def, "key", "value")
	case typ.HasMembers():
		d.warnExtra(n, id, membersProps...)
		err = d.members(n, &def)
	case typ == model.ServiceType:
		d.warnExtra(n, id, serviceProps...)
		err = d.service(n, &def)
	case typ == model.OperationType:
		d.warnExtra(n, id, operationProps...)
		err = d.operation(n, &def)
	case typ == model.ResourceType:
		d.warnExtra(n, id, resourceProps...)
		err = d.resource(n, &def)
	default:
		d.warnExtra(n, id, simpleProps...)
	}
	if err != nil {
		return err
	}
	if e := def.Entity(); e != nil && e.IsZero() {
		def.SetEntity(nil) // an operation without input, output or errors
	}
	d.doc.Shapes = append(d.doc.Shapes, def)
	return nil
}

func (d *decoder) traits(n node.Node) ([]model.Trait, error) {
	tn, ok := n.Get("traits")
	if !ok {
		return nil, nil
	}
	if err := d.expect(tn, node.Object, "`traits`"); err != nil {
		return nil, err
	}
	out := make([]model.Trait, 0, tn.Len())
	for _, f := range tn.Fields() {
		id, err := traitID(f.Key)
		if err != nil {
			return nil, &Error{File: d.file, Pos: f.KeyPos, Msg: err.Error()}
		}
		out = append(out, model.Trait{ID: id, Value: f.Value, Source: model.SourceLocation{File: d.file, Pos: f.KeyPos}})
	}
	return out, nil
}

// traitID parses a trait key: the JSON AST writes absolute trait IDs only.
func traitID(key string) (shapeid.ID, error) {
	id, err := shapeid.Parse(key)
	if err != nil || id.HasMember() {
		return shapeid.ID{}, fmt.Errorf("Invalid shape ID: %s", key)
	}
	return id, nil
}

func (d *decoder) ref(n node.Node, what string) (shapeid.ID, error) {
	if n.Kind() != node.Object {
		return shapeid.ID{}, d.errorf(n, "%s: Expected object, but found %s.", what, n.Kind())
	}
	t, ok := n.Get("target")
	if !ok {
		return shapeid.ID{}, d.errorf(n, "%s needs a `target` property", what)
	}
	if err := d.expect(t, node.String, "`target`"); err != nil {
		return shapeid.ID{}, err
	}
	id, err := shapeid.Parse(t.StringValue())
	if err != nil {
		return shapeid.ID{}, d.errorf(t, "%v", err)
	}
	return id, nil
}

func (d *decoder) optRef(n node.Node, key string) (shapeid.ID, error) {
	v, ok := n.Get(key)
	if !ok {
		return shapeid.ID{}, nil
	}
	if v.Kind() != node.Object {
		return shapeid.ID{}, d.errorf(v, "Expected `%s` to be an object; found %s", key, v.Kind())
	}
	return d.ref(v, "`"+key+"`")
}

func (d *decoder) refList(n node.Node, key string) ([]shapeid.ID, error) {
	v, ok := n.Get(key)
	if !ok {
		return nil, nil
	}
	if err := d.expect(v, node.Array, "`"+key+"`"); err != nil {
		return nil, err
	}
	out := make([]shapeid.ID, 0, v.Len())
	for _, e := range v.Elems() {
		id, err := d.ref(e, "an entry of `"+key+"`")
		if err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, nil
}

func (d *decoder) member(owner shapeid.ID, name string, n node.Node, pos node.Pos) (model.MemberDef, error) {
	mid := owner.WithMember(name)
	if err := d.expect(n, node.Object, "member "+mid.String()); err != nil {
		return model.MemberDef{}, err
	}
	d.warnExtra(n, mid, memberProps...)
	target, err := d.ref(n, "member "+mid.String())
	if err != nil {
		return model.MemberDef{}, err
	}
	traits, err := d.traits(n)
	if err != nil {
		return model.MemberDef{}, err
	}
	md := model.NewMemberDef(name, target, traits)
	md.Pos = pos
	return md, nil
}

// namedMembers reads the fixed members of lists (member) and maps (key,
// value); assembly reports missing ones, after mixins are known.
func (d *decoder) namedMembers(n node.Node, def *model.ShapeDef, names ...string) error {
	for _, name := range names {
		f, ok := n.Field(name)
		if !ok {
			continue
		}
		m, err := d.member(def.ID, name, f.Value, f.KeyPos)
		if err != nil {
			return err
		}
		def.Members = append(def.Members, m)
	}
	return nil
}

func (d *decoder) members(n node.Node, def *model.ShapeDef) error {
	mn, ok := n.Get("members")
	if !ok {
		return nil
	}
	if err := d.expect(mn, node.Object, "`members`"); err != nil {
		return err
	}
	for _, f := range mn.Fields() {
		if !shapeid.IsIdentifier(f.Key) {
			return &Error{File: d.file, Pos: f.KeyPos, Msg: fmt.Sprintf("invalid member name %q", f.Key)}
		}
		m, err := d.member(def.ID, f.Key, f.Value, f.KeyPos)
		if err != nil {
			return err
		}
		def.Members = append(def.Members, m)
	}
	return nil
}

func (d *decoder) service(n node.Node, def *model.ShapeDef) error {
	e := def.SetProps()
	var err error
	if v, ok := n.Get("version"); ok {
		if err := d.expect(v, node.String, "`version`"); err != nil {
			return err
		}
		e.Version = v.StringValue()
	}
	if e.Operations, err = d.refList(n, "operations"); err != nil {
		return err
	}
	if e.Resources, err = d.refList(n, "resources"); err != nil {
		return err
	}
	if e.Errors, err = d.refList(n, "errors"); err != nil {
		return err
	}
	if rn, ok := n.Get("rename"); ok {
		if err := d.expect(rn, node.Object, "`rename`"); err != nil {
			return err
		}
		for _, f := range rn.Fields() {
			id, err := shapeid.Parse(f.Key)
			if err != nil {
				return &Error{File: d.file, Pos: f.KeyPos, Msg: err.Error()}
			}
			if err := d.expect(f.Value, node.String, "a `rename` value"); err != nil {
				return err
			}
			e.Rename = append(e.Rename, model.NamedTarget{Name: f.Value.StringValue(), Target: id})
		}
	}
	return nil
}

func (d *decoder) operation(n node.Node, def *model.ShapeDef) error {
	e := def.SetProps()
	var err error
	if e.Input, err = d.optRef(n, "input"); err != nil {
		return err
	}
	if e.Output, err = d.optRef(n, "output"); err != nil {
		return err
	}
	e.Errors, err = d.refList(n, "errors")
	return err
}

func (d *decoder) resource(n node.Node, def *model.ShapeDef) error {
	e := def.SetProps()
	var err error
	if e.Identifiers, err = d.namedRefs(n, "identifiers"); err != nil {
		return err
	}
	if e.Properties, err = d.namedRefs(n, "properties"); err != nil {
		return err
	}
	for _, lc := range []struct {
		key string
		dst *shapeid.ID
	}{{"create", &e.Create}, {"put", &e.Put}, {"read", &e.Read}, {"update", &e.Update}, {"delete", &e.Delete}, {"list", &e.List}} {
		if *lc.dst, err = d.optRef(n, lc.key); err != nil {
			return err
		}
	}
	if e.Operations, err = d.refList(n, "operations"); err != nil {
		return err
	}
	if e.CollectionOperations, err = d.refList(n, "collectionOperations"); err != nil {
		return err
	}
	e.Resources, err = d.refList(n, "resources")
	return err
}

func (d *decoder) namedRefs(n node.Node, key string) ([]model.NamedTarget, error) {
	v, ok := n.Get(key)
	if !ok {
		return nil, nil
	}
	if err := d.expect(v, node.Object, "`"+key+"`"); err != nil {
		return nil, err
	}
	var out []model.NamedTarget
	for _, f := range v.Fields() {
		id, err := d.ref(f.Value, "`"+key+"` entry "+f.Key)
		if err != nil {
			return nil, err
		}
		out = append(out, model.NamedTarget{Name: f.Key, Target: id})
	}
	return out, nil
}
