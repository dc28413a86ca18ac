package mend

import (
	"encoding/json"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/smithyvalidate"
)

// Judging below an alloy discriminated union. Its value is an object
// that holds the discriminator field (alloy#discriminated("type"): a
// string naming one of the union's members) beside the fields of that
// member's structure; which structure applies is known only when the
// discriminator's value is read, and the value engine judges the object
// by that structure alone (the first field of the discriminator's name
// counts). So, for the object of such a union below the root's members:
//
//   - the discriminator's value is judged as an open string whose values
//     are the members' wire names (the finding: the engine's
//     "discriminator", when no name begins with what was read), and a
//     value of another kind when its token ends;
//   - once it is read and names a member, the fields that follow are
//     judged as that structure's, at any depth, exactly as a plain
//     structure's (open strings, kinds, unknown keys of a closed
//     structure), on a document that holds the discriminator;
//   - the fields read before it are kept, as the text the reader gave
//     for them (commas, quotes and all, repaired), and judged when it is
//     read: every error finding the engine gives inside a field already
//     read, on the object so far, is a violation positioned at that
//     field's value (at its key for an unknown or repeated key). A missing required member waits for the object's
//     end, as always. What is kept is bounded (maxUnionText); past it,
//     the fields before the discriminator wait for the member of the
//     root that holds them to settle.
//
// A value of an @alloy#untagged union is judged early only where the
// engine's ranking of its members is certain (watch_untagged.go), and
// nothing inside it (which member applies may depend on any later
// field); nothing is judged below a discriminated
// union with an @alloy#jsonUnknown member, or at the root itself (a
// root union's fields are the root's members, judged when each settles).

// maxUnionText bounds the text kept of the fields read before a
// discriminator (64 KiB).
const maxUnionText = 64 << 10

// unionState is what a watcher knows of a discriminated union's open
// object.
type unionState struct {
	node *snode
	// state: 0 the discriminator is not read yet, 1 it named branch,
	// 2 it named nothing (or was not a string): nothing more is judged
	state   int8
	branch  *snode
	discTok []byte // the discriminator's value, as read (a JSON string)
	// text is the object so far while state is 0 (from its '{', without
	// the closers of what is open), open the containers open in it
	text []byte
	open []byte
	// members: the fields read while state is 0, and where each value
	// begins in the input (-1 until it does)
	members []unionMember
	over    bool // text went past maxUnionText and was dropped
}

type unionMember struct {
	key   string
	keyAt spot // where its key begins
	at    spot // where its value begins, at -1 until it does
}

// alloyUnion fills n, the node of union target with an alloy trait.
func (b *treeBuilder) alloyUnion(n *snode, target *model.Shape) {
	n.opaque = true
	v, ok := target.Trait(smithyvalidate.DiscriminatedTrait)
	if target.HasTrait(smithyvalidate.UntaggedTrait) {
		if !ok {
			b.untaggedUnion(n, target)
		}
		return // (both traits: the engine refuses the model)
	}
	if !ok || v.Kind() != node.String || v.StringValue() == "" {
		return
	}
	for _, mem := range target.Members() {
		if mem.HasTrait(smithyvalidate.JSONUnknownTrait) {
			return
		}
	}
	branches := map[string]*snode{}
	var names []string
	for _, mem := range target.Members() {
		wire, ok := b.wire(target, mem)
		if !ok {
			return
		}
		branches[wire] = b.node(mem.ID())
		names = append(names, wire)
	}
	n.opaque, n.disc, n.branches = false, v.StringValue(), branches
	n.discNode = &snode{typ: model.StringType, rules: &stringRules{enum: names, enumCode: "discriminator"}}
	b.unions = true
}

// unionChild returns the node of member key of the discriminated
// union's object stack[k] of node p.
func (w *Watcher) unionChild(k int, p *snode, key string) *snode {
	if k >= len(w.nest.un) {
		return nil
	}
	u := w.nest.un[k]
	switch {
	case u == nil:
		return nil
	case u.state == 0 && key == p.disc:
		return p.discNode
	case u.state != 1 || key == p.disc || u.branch == nil || u.branch.opaque:
		return nil
	}
	return u.branch.fields[key]
}

// unionBranch returns the node that judges the keys of the
// discriminated union's object stack[k] of node p: its member's
// structure once the discriminator named it, nil before.
func (w *Watcher) unionBranch(k int, p *snode) *snode {
	if k >= len(w.nest.un) {
		return nil
	}
	u := w.nest.un[k]
	if u == nil || u.state != 1 || w.stack[k].key == p.disc {
		return nil
	}
	return u.branch
}

// unionDisc appends to doc, a document's object for stack[k] just
// opened, the discriminator field when stack[k] is a discriminated
// union's object whose discriminator is known and the member on the way
// is another.
func (w *Watcher) unionDisc(k int, doc []byte) []byte {
	if w.nest == nil || k >= len(w.nest.un) {
		return doc
	}
	u := w.nest.un[k]
	if u == nil || u.state != 1 || w.stack[k].key == u.node.disc {
		return doc
	}
	key, _ := json.Marshal(u.node.disc)
	return append(append(append(append(doc, key...), ':'), u.discTok...), ',')
}

// unionCapture adds the token tok (kind c: '{' or '[' for a container
// that opens, 'k' for a key, the first byte of a scalar) read in the
// innermost open container, at input offset at, to the text of each
// discriminated union's object around it whose discriminator is not
// read yet.
func (w *Watcher) unionCapture(c byte, tok []byte, at int) {
	in := len(w.stack) - 1
	for k := 1; k <= in && k < len(w.nest.un); k++ {
		if u := w.nest.un[k]; u != nil && u.state == 0 && !u.over {
			u.add(c, tok, at, in-k, w.stack[in].key, w.s)
		}
	}
}

// add writes token tok (kind c) read depth containers below the
// object, with its separator; s takes the spots of the members' keys and
// values (an error found when the discriminator is read points there).
func (u *unionState) add(c byte, tok []byte, at, depth int, key string, s *Incremental) {
	for len(u.open) > depth {
		u.text = append(u.text, closerPair(u.open[len(u.open)-1])[1])
		u.open = u.open[:len(u.open)-1]
	}
	if last := u.text[len(u.text)-1]; last != '{' && last != '[' && last != ':' {
		u.text = append(u.text, ',')
	}
	switch c {
	case 'k':
		u.text = append(append(u.text, tok...), ':')
		if depth == 0 {
			u.members = append(u.members, unionMember{key: key, keyAt: s.spotOf(at), at: spot{at: -1}})
		}
	case '{', '[':
		u.text = append(u.text, c)
		u.open = append(u.open, c)
	default:
		u.text = append(u.text, tok...)
	}
	if depth == 0 && c != 'k' && len(u.members) > 0 && u.members[len(u.members)-1].at.at < 0 {
		u.members[len(u.members)-1].at = s.spotOf(at)
	}
	if len(u.text) > maxUnionText {
		u.over, u.text, u.open = true, nil, nil
	}
}

// unionValue: the scalar tok (its first byte c) in the innermost open
// container is final; when it is the discriminator of a discriminated
// union's object, the member it names now judges the object, and the
// fields read before it are judged.
func (w *Watcher) unionValue(c byte, tok []byte) {
	k := len(w.stack) - 1
	if k >= len(w.nest.un) {
		return
	}
	u := w.nest.un[k]
	if u == nil || u.state != 0 || w.stack[k].key != u.node.disc {
		return
	}
	u.state = 2
	if c != '"' {
		u.text, u.open = nil, nil
		return
	}
	var name string
	if json.Unmarshal(tok, &name) != nil {
		return
	}
	br, ok := u.node.branches[name]
	if !ok || br == nil {
		u.text, u.open = nil, nil
		return
	}
	u.state, u.branch, u.discTok = 1, br, append([]byte(nil), tok...)
	if !u.over && len(u.members) > 1 {
		w.unionBuffered(k, u)
	}
	u.text, u.open, u.members = nil, nil, nil
}

// unionBuffered judges the fields of the discriminated union's object
// stack[k] read before its discriminator: the engine's error findings
// inside each, on a document that holds the object so far at its place.
func (w *Watcher) unionBuffered(k int, u *unionState) {
	obj := append(u.text, '}')
	doc, docPath, path := w.nestDocIn(k, true, obj)
	v, err := w.decl.Check(doc)
	if err != nil {
		return
	}
	for _, f := range v.Findings {
		rest, ok := strings.CutPrefix(f.Path, docPath+"/")
		if f.Severity != "error" || !ok {
			continue
		}
		tok, _, _ := strings.Cut(rest, "/")
		for _, m := range u.members {
			if m.key != u.node.disc && m.at.at >= 0 && escapePointer(m.key) == tok {
				at := m.at
				if f.Code == "unknown-member" || f.Code == "duplicate-key" {
					at = m.keyAt // about the key, as when a key is judged
				}
				f.Path = path + "/" + rest
				w.violationAt(f, at, w.permille())
				break
			}
		}
	}
}
