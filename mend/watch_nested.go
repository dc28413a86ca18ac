package mend

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
)

// Judging below the root's members. The watcher keeps, beside its stack
// of open containers, what the declaration says of each (a node of the
// declaration's tree: a structure, a list, a map, a string with rules),
// pushed as a container opens and found by one map lookup from its
// parent's: nothing is walked again, and a token costs nothing more
// unless it is judged. At any depth:
//
//   - an open string is judged as a root member's is (watch_open.go): a
//     member of a nested structure, a list or set element, a map value, a
//     union's member (the branch is the member's key);
//   - a map key whose key shape has rules is judged when the key closes
//     (its path names the key, known only then);
//   - a value whose kind the declaration refuses is a violation as soon
//     as its kind is certain: an object, an array or a string at its
//     first byte, a number or a word when it ends;
//   - a key that names no member of a structure is a violation when the
//     key closes if the value engine makes it an error there (a closed
//     structure, or the unknown-member policy).
//
// The finding is the value engine's on a document that holds only the
// value at its place (each list index 0: a list's elements share one
// shape; a discriminated union's object on the way holds its
// discriminator), its path set to the value's. Below an alloy
// discriminated union, what its discriminator names judges the fields
// (watch_union.go); a value of an alloy untagged union is judged when
// every member refuses its kind, or when it is a scalar that ended
// (watch_untagged.go). Below a document, inside an alloy untagged
// union's object or array, or below a member the declaration does not
// name, nothing is judged before the value ends; nor is the value of a key its object repeats (the engine
// judges the first).
//
// A JSON Schema declaration ([OpenStringPathDeclaration]) says the rules
// of a nested string by its path; the rest waits for the value's end.

// OpenStringPathDeclaration is an [OpenStringDeclaration] that also says
// the rules of a string below the root's members, at path (the steps
// from the root to it). cli/gate's JSON Schema declarations implement
// it. As for OpenStringRules, the rules must be implied by the
// declaration for every value holding a string at path, and the
// declaration's finding on a value holding the string at path, each
// list index on the way 0, must be the one it gives at path: rules that
// depend on an element's index (a tuple's) are not said.
type OpenStringPathDeclaration interface {
	OpenStringDeclaration
	OpenStringRulesAt(path []PathStep) (StringRules, bool)
}

// KindDeclaration is a declaration that can say whether the value at a
// path refuses every value of a kind. The watcher reports a wrong kind
// at a root member's (or the root's) first byte by asking the
// declaration about an empty value of the kind ({}, [] or ""); a
// declaration whose verdict on that stand-in need not hold for every
// value of the kind (a JSON Schema anyOf/oneOf whose branches take the
// kind with more constraints) implements this, and the wrong kind is
// then reported at the first byte only when RefusesKind says so (else
// when the value ends).
type KindDeclaration interface {
	// RefusesKind reports whether no value that begins with c ('{', '['
	// or '"') is valid at path (empty: the root); false when unsure.
	RefusesKind(path []PathStep, c byte) bool
}

// PathStep is one step from a value into it: an object's member by its
// key, or an array's element by its index.
type PathStep struct {
	Key   string // the member's key (Index is -1)
	Index int    // the element's index, from 0; -1 for a member
}

// snode is what a Smithy declaration says of the value at one position.
type snode struct {
	typ    model.ShapeType // the target's type
	rules  *stringRules    // a string's or an enum's rules, nil for none
	fields map[string]*snode
	// open: keys that name no member are taken (a jsonUnknown member)
	open bool
	// opaque: nothing below is judged
	opaque    bool
	elem, key *snode // a list's member, a map's value and key
	// an alloy discriminated union (watch_union.go): the discriminator's
	// field name, each member's structure by its wire name, and the
	// discriminator's value (a string whose values are those names)
	disc     string
	branches map[string]*snode
	discNode *snode
	// an alloy untagged union (watch_untagged.go): its members' nodes,
	// in model order (the node is opaque: nothing below it is judged)
	untagged bool
	cands    []*snode
	// unions: on the root node, whether the tree holds a discriminated
	// union (the watcher then follows what each one holds)
	unions bool
}

// nestTree is implemented by declarations whose values can be judged at
// any depth (Smithy shapes, and the compact form through its shape).
type nestTree interface {
	nestRoot() *snode
}

// nestRoot returns the tree of the declared shape, built on first use.
func (d *ShapeDeclaration) nestRoot() *snode {
	d.treeOnce.Do(func() {
		b := treeBuilder{d: d, memo: map[shapeid.ID]*snode{}}
		d.tree = b.node(d.id)
		if d.tree != nil && b.unions {
			d.tree.unions = true
		}
	})
	return d.tree
}

type treeBuilder struct {
	d    *ShapeDeclaration
	memo map[shapeid.ID]*snode
	// names: whether fields are named by @jsonName (1) or by the member
	// name (2), as the engine's options say; 0 until a @jsonName is met
	names int8
	// unions: a discriminated union was met
	unions bool
}

// node returns the node of shape or member id (the tree is a graph:
// recursive shapes share their nodes).
func (b *treeBuilder) node(id shapeid.ID) *snode {
	if n, ok := b.memo[id]; ok {
		return n
	}
	m := b.d.m
	s, ok := m.Shape(id)
	if !ok {
		b.memo[id] = nil
		return nil
	}
	target := s
	if s.Type() == model.MemberType {
		if target, ok = m.Shape(s.Target()); !ok {
			b.memo[id] = nil
			return nil
		}
	}
	n := &snode{typ: target.Type()}
	b.memo[id] = n
	switch target.Type() {
	case model.StringType, model.EnumType:
		n.rules = shapeRules(m, s)
	case model.StructureType, model.UnionType:
		if target.HasTrait(smithyvalidate.DiscriminatedTrait) || target.HasTrait(smithyvalidate.UntaggedTrait) {
			b.alloyUnion(n, target)
			break
		}
		n.fields = map[string]*snode{}
		for _, mem := range target.Members() {
			if mem.HasTrait(smithyvalidate.JSONUnknownTrait) {
				n.open = true
				continue
			}
			wire, ok := b.wire(target, mem)
			if !ok {
				n.opaque, n.fields = true, nil
				break
			}
			n.fields[wire] = b.node(mem.ID())
		}
	case model.ListType, model.SetType:
		if mem, ok := target.Member("member"); ok {
			n.elem = b.node(mem.ID())
		}
	case model.MapType:
		if mem, ok := target.Member("key"); ok {
			n.key = b.node(mem.ID())
		}
		if mem, ok := target.Member("value"); ok {
			n.elem = b.node(mem.ID())
		}
	case model.DocumentType:
		n.opaque = true
	}
	return n
}

// wire returns the field name of member mem of container: its @jsonName
// when the engine matches them (the options say; asked of the engine
// once), its member name otherwise.
func (b *treeBuilder) wire(container, mem *model.Shape) (string, bool) {
	jn, has := mem.Trait(preludeid.JSONName)
	if !has {
		return mem.MemberName(), true
	}
	if b.names == 0 {
		v, err := smithyvalidate.Prepare(b.d.m, container.ID(), b.d.opts...)
		if err != nil {
			return "", false
		}
		w, ok := v.WireName(mem.MemberName())
		switch {
		case !ok:
			return "", false
		case w == mem.MemberName() && w != jn.StringValue():
			b.names = 2
		default:
			b.names = 1
		}
	}
	if b.names == 2 {
		return mem.MemberName(), true
	}
	return jn.StringValue(), true
}

// nestState is a watcher's judging below the root's members.
type nestState struct {
	root  *snode                    // the declaration's tree (Smithy shapes)
	paths OpenStringPathDeclaration // or the declaration that says rules by path
	// dn[k] is the node of stack[k] (entries past the stack are stale)
	dn []*snode
	// un[k] is what is known of stack[k] when it is a discriminated
	// union's object, nil otherwise (watch_union.go; stale past the
	// stack, as dn)
	un []*unionState
	// unions: the tree holds a discriminated union
	unions bool
	// keys[k] are the keys read so far in stack[k] when it is an object
	// whose members are judged, and dup[k] says the last one repeats an
	// earlier: the engine judges a key's first value only
	keys []keySet
	dup  []bool
	// probedAt is the input offset of the open string whose kind was
	// checked last
	probedAt int
}

// newNest returns the state for decl, nil when it judges nothing below
// the root's members.
func newNest(decl Declaration) *nestState {
	switch d := decl.(type) {
	case nestTree:
		if root := d.nestRoot(); root != nil {
			return &nestState{root: root, probedAt: -1, unions: root.unions}
		}
	case OpenStringPathDeclaration:
		return &nestState{paths: d, probedAt: -1}
	}
	return nil
}

// nestSkip reports whether the value that begins next (or began last)
// in the innermost container is one the nested judging leaves alone: the
// root itself, a member of the root object (watch_open.go judges those),
// a value of a text with several top-level values.
func (w *Watcher) nestSkip() bool {
	n := len(w.stack)
	return n == 0 || w.tops != 1 || n == 1 && w.stack[0].kind == '{'
}

// nestChild returns the node of the value that begins next (or began
// last) in the innermost container; nil when nothing is declared of it.
func (w *Watcher) nestChild() *snode {
	n := len(w.stack)
	if n == 0 || w.nest.root == nil || w.tops != 1 {
		return nil
	}
	p := w.nest.dn[n-1]
	if p == nil || p.opaque {
		return nil
	}
	f := &w.stack[n-1]
	if f.kind == '{' {
		if n-1 < len(w.nest.dup) && w.nest.dup[n-1] {
			return nil // a repeated key: the engine does not judge its value
		}
		switch p.typ {
		case model.MapType:
			return p.elem
		case model.StructureType, model.UnionType:
			if p.disc != "" {
				return w.unionChild(n-1, p, f.key)
			}
			return p.fields[f.key]
		}
		return nil
	}
	if p.typ == model.ListType || p.typ == model.SetType {
		return p.elem
	}
	return nil
}

// nestOpened: the container that begins with c at input offset at was
// pushed on the stack.
func (w *Watcher) nestOpened(c byte, at int) {
	n := len(w.stack)
	var node *snode
	if n == 1 {
		if w.tops == 1 {
			node = w.nest.root
		}
	} else {
		w.stack = w.stack[:n-1]
		if w.nest.unions {
			w.unionCapture(c, nil, at)
		}
		node = w.nestChild()
		if node != nil && !w.nestSkip() && node.mayRefuse(c) {
			w.nestKind([]byte(closerPair(c)), at, "type", true)
		} else if node != nil && node.untagged && !w.nestSkip() && node.refusesKind(c, 0) {
			w.nestKind([]byte(closerPair(c)), at, "", true)
		}
		w.stack = w.stack[:n]
	}
	w.nest.dn = append(w.nest.dn[:n-1], node)
	if c == '{' && node != nil && !node.opaque && n > 1 {
		for len(w.nest.keys) < n {
			w.nest.keys = append(w.nest.keys, keySet{})
			w.nest.dup = append(w.nest.dup, false)
		}
		w.nest.keys[n-1].reset()
		w.nest.dup[n-1] = false
	}
	if w.nest.unions {
		var u *unionState
		if node != nil && node.disc != "" && c == '{' && n > 1 {
			u = &unionState{node: node, text: []byte{'{'}}
		}
		un := w.nest.un
		for len(un) < n-1 {
			un = append(un, nil)
		}
		w.nest.un = append(un[:n-1], u)
	}
}

func closerPair(c byte) string {
	if c == '{' {
		return "{}"
	}
	return "[]"
}

// mayRefuse reports whether a value that begins with c may be of a kind
// the node refuses (the engine decides; this only spares it the values
// that are certainly of the right kind).
func (n *snode) mayRefuse(c byte) bool {
	if n == nil || n.opaque {
		return false
	}
	switch c {
	case '{':
		return n.typ != model.StructureType && n.typ != model.UnionType && n.typ != model.MapType
	case '[':
		return n.typ != model.ListType && n.typ != model.SetType
	case '"':
		return n.typ != model.StringType && n.typ != model.EnumType && n.typ != model.BlobType && n.typ != model.TimestampType
	case 'n':
		return false // null: the engine's rules (sparse, nullable, default) decide at the end
	case 't', 'f':
		return n.typ != model.BooleanType
	}
	switch n.typ {
	case model.ByteType, model.ShortType, model.IntegerType, model.LongType, model.FloatType, model.DoubleType,
		model.BigIntegerType, model.BigDecimalType, model.IntEnumType, model.TimestampType:
		return false
	}
	return true
}

// nestKind asks the engine about the value tok at the position that
// begins next (counted: began last) in the innermost container: its
// error findings there are violations, those of code only when code is
// not "" (for a stand-in of a kind, "{}", "[]" or `""`: type, what holds
// for every value of the kind).
func (w *Watcher) nestKind(tok []byte, at int, code string, counted bool) {
	doc, docPath, path := w.nestDoc(counted, tok)
	v, err := w.decl.Check(doc)
	if err != nil {
		return
	}
	for _, f := range v.Findings {
		if f.Severity == "error" && f.Path == docPath && (code == "" || f.Code == code) {
			f.Path = path
			w.violation(f, at, w.startPermille())
		}
	}
}

// nestValue: the scalar tok (its first byte c) that began at input
// offset at is final, counted in the innermost container.
func (w *Watcher) nestValue(c byte, tok []byte, at int) {
	if w.nestSkip() {
		return
	}
	if w.nest.unions {
		w.unionCapture(c, tok, at)
		defer w.unionValue(c, tok)
	}
	node := w.nestChild()
	if node != nil && node.untagged {
		w.untaggedValue(node, c, tok, at)
		return
	}
	if c == '"' {
		if node.mayRefuse(c) && w.nest.probedAt != at {
			w.nestKind([]byte(`""`), at, "type", true)
		}
		r := &w.s.r
		if at-r.base >= 0 && at-r.base < len(r.in) {
			w.judgeString(site{nested: true, counted: true}, at, r.in[at-r.base:], true)
		}
		// The whole string is certain now: one its rules refuse (a
		// pattern it does not match to its end, a prefix of an enum
		// value, a string a repair changed) is judged as it is.
		rules := w.open.rules
		if w.open.at != at {
			rules = w.nestRules(true)
		}
		if rules != nil {
			// only the findings of the rules refused: others at the
			// place may depend on what the document holds around it
			// (a JSON Schema's if/then)
			content := unquote(tok)
			for _, code := range rules.refused(content) {
				w.nestKind(tok, at, code, true)
			}
		}
		return
	}
	if node.mayRefuse(c) {
		w.nestKind(tok, at, "", true)
	}
}

// nestKey: the key tok of the innermost container (an object) was read
// at input offset at: a map key is judged by its shape's rules, a key
// that names no member of a structure is asked about.
func (w *Watcher) nestKey(tok []byte, at int) {
	n := len(w.stack)
	if n < 2 || w.tops != 1 || w.nest.root == nil {
		return
	}
	if w.nest.unions {
		w.unionCapture('k', tok, at)
	}
	p := w.nest.dn[n-1]
	if p == nil || p.opaque {
		return
	}
	if n-1 < len(w.nest.keys) {
		w.nest.dup[n-1] = !w.nest.keys[n-1].add(w.stack[n-1].key)
		if w.nest.dup[n-1] {
			return // the engine reports the repeat, whatever the member
		}
	}
	if p != nil && p.disc != "" {
		p = w.unionBranch(n-1, p)
	}
	if p == nil || p.opaque {
		return
	}
	code := ""
	switch {
	case p.typ == model.MapType && p.key != nil && p.key.rules != nil:
		code = "" // every finding on the key
	case p.typ == model.StructureType && !p.open || p.typ == model.UnionType:
		if _, ok := p.fields[w.stack[n-1].key]; ok {
			return
		}
		code = "unknown-member"
	default:
		return
	}
	doc, docPath, path := w.nestDoc(true, []byte("null"))
	v, err := w.decl.Check(doc)
	if err != nil {
		return
	}
	for _, f := range v.Findings {
		if f.Severity != "error" || f.Path != docPath {
			continue
		}
		if code == "" && (f.Code == "null" || f.Code == "type") {
			continue // about the stand-in value
		}
		if code != "" && f.Code != code {
			continue
		}
		f.Path = path
		w.violation(f, at, w.startPermille())
	}
}

// nestPreview judges the open string at input offset at, of which in
// (from its opening quote) has been read, that begins next in the
// innermost container.
func (w *Watcher) nestPreview(at int, in []byte) {
	if w.nestSkip() {
		return
	}
	w.previewing = true
	if w.nest.root != nil && w.nest.probedAt != at {
		w.nest.probedAt = at
		if node := w.nestChild(); node.mayRefuse('"') {
			w.nestKind([]byte(`""`), at, "type", false)
		} else if node != nil && node.untagged && node.refusesKind('"', 0) {
			w.nestKind([]byte(`""`), at, "", false)
		}
	}
	w.judgeString(site{nested: true}, at, in, false)
	w.previewing = false
}

// refused returns the codes of the rules that refuse the whole string s.
func (r *stringRules) refused(s string) []string {
	var codes []string
	if r.hasMax && utf8.RuneCountInString(s) > r.max {
		codes = append(codes, r.lengthCode)
	}
	if r.enum != nil && !slices.Contains(r.enum, s) {
		codes = append(codes, r.enumCode)
	}
	if r.re != nil && !r.re.MatchString(s) {
		codes = append(codes, r.patCode)
	}
	return codes
}

// nestRules returns the rules of the string that begins next (counted:
// began last) in the innermost container.
func (w *Watcher) nestRules(counted bool) *stringRules {
	if w.nest.root != nil {
		if node := w.nestChild(); node != nil {
			return node.rules
		}
		return nil
	}
	steps := make([]PathStep, 0, len(w.stack))
	for k := range w.stack {
		f := &w.stack[k]
		if f.kind == '{' {
			steps = append(steps, PathStep{Key: f.key, Index: -1})
			continue
		}
		i := f.n - 1
		if k == len(w.stack)-1 && !counted {
			i = f.n
		}
		steps = append(steps, PathStep{Index: i})
	}
	sr, ok := w.nest.paths.OpenStringRulesAt(steps)
	if !ok {
		return nil
	}
	return sr.compile()
}

// nestDoc returns a document that holds value at the position that
// begins next (counted: began last) in the innermost container, each
// list index on the way 0 and each object holding only the member on the
// way; its path there, and the position's path in the text.
func (w *Watcher) nestDoc(counted bool, value []byte) (doc []byte, docPath, path string) {
	return w.nestDocIn(len(w.stack), counted, value)
}

// nestDocIn is nestDoc for the position that begins next (counted: began
// last) in stack[depth-1]; a discriminated union's object on the way
// holds its discriminator, once known, before the member on the way.
func (w *Watcher) nestDocIn(depth int, counted bool, value []byte) (doc []byte, docPath, path string) {
	var dp, rp strings.Builder
	for k := range w.stack[:depth] {
		f := &w.stack[k]
		if f.kind == '{' {
			key, _ := json.Marshal(f.key)
			doc = append(doc, '{')
			doc = w.unionDisc(k, doc)
			doc = append(append(doc, key...), ':')
			tok := escapePointer(f.key)
			dp.WriteString("/" + tok)
			rp.WriteString("/" + tok)
			continue
		}
		doc = append(doc, '[')
		i := f.n - 1
		if k == depth-1 && !counted {
			i = f.n
		}
		dp.WriteString("/0")
		rp.WriteString("/" + strconv.Itoa(i))
	}
	doc = append(doc, value...)
	for k := depth - 1; k >= 0; k-- {
		if w.stack[k].kind == '{' {
			doc = append(doc, '}')
		} else {
			doc = append(doc, ']')
		}
	}
	return doc, dp.String(), rp.String()
}

// keySet is the set of keys of one object: a list while it is short, a
// map past 32 keys.
type keySet struct {
	list []string
	m    map[string]bool
}

func (s *keySet) reset() {
	s.list, s.m = s.list[:0], nil
}

// add adds key and reports whether it is new.
func (s *keySet) add(key string) bool {
	if s.m != nil {
		if s.m[key] {
			return false
		}
		s.m[key] = true
		return true
	}
	for _, k := range s.list {
		if k == key {
			return false
		}
	}
	s.list = append(s.list, key)
	if len(s.list) > 32 {
		s.m = make(map[string]bool, 64)
		for _, k := range s.list {
			s.m[k] = true
		}
	}
	return true
}
