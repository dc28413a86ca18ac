package mend

import (
	"github.com/smithy-validation/go/core/model"
)

// Judging a value of an alloy untagged union. The value engine tries
// the value against every member of the union, in model order, ranks the
// members by their findings (errors, then warnings, then advisories) and,
// when no member accepts the value, reports an "untagged" finding that
// names the closest member, followed by that member's findings. So the
// finding depends on the whole value, except in two cases, which the
// watcher judges before the member of the root that holds the value
// settles:
//
//   - the value's kind is one that no member accepts, known at its first
//     byte for an object, an array or a string: every member's trial
//     then ends with its one "type" finding (or, for a member that is
//     itself an untagged union, with what its own members give for the
//     kind), whatever follows, so the ranking, the closest member and
//     the findings are those of any value of the kind. The engine is
//     asked about a stand-in ("{}", "[]", `""`) and its error findings
//     at the value's path are the violations, at the value's first byte.
//     Which kinds a member refuses follows the engine's own table
//     (smithyvalidate's kindRefuses): a string for a string, an enum or
//     a blob; a number for the integer types, an intEnum and bigDecimal;
//     a number or a string for float, double and timestamp; an array for
//     a list or a set; an object for a structure, a map and a tagged
//     union; a member that is an untagged union refuses a kind all its
//     members refuse (to a depth of 8, past which it is taken to
//     accept); a document, and a member whose shape is unknown, accept
//     everything.
//   - a scalar that ended (a string at its closing quote, a number, true
//     or false when its token ends) is the whole value: the engine's
//     error findings at its path on it are final.
//
// A null waits for the end (whether a null is taken depends on the
// member's nullability rules, judged with the root's member), and
// nothing inside an object or array of an untagged union is judged
// before the value ends: which member applies may depend on any later
// field. An open string is not judged against its members' rules (an
// enum's values, a pattern, a length) while it is open: the number of
// errors each member's trial gives, and so the closest member, may still
// change with what follows.

// maxUntaggedDepth bounds the members that are untagged unions looked
// into for the kinds a union refuses.
const maxUntaggedDepth = 8

// untaggedUnion fills n, the node of an @alloy#untagged union target.
func (b *treeBuilder) untaggedUnion(n *snode, target *model.Shape) {
	n.untagged = true
	for _, mem := range target.Members() {
		n.cands = append(n.cands, b.node(mem.ID()))
	}
}

// refusesKind reports whether the value engine gives every value that
// begins with c (an object, an array or a string) the same findings at
// the value's path against n, an untagged union's node or one of its
// members', because its kind is refused: for an untagged union, by every
// member.
func (n *snode) refusesKind(c byte, depth int) bool {
	if n == nil || depth > maxUntaggedDepth {
		return false
	}
	obj, arr, str := c == '{', c == '[', c == '"'
	switch n.typ {
	case model.UnionType:
		if n.untagged {
			for _, m := range n.cands {
				if !m.refusesKind(c, depth+1) {
					return false
				}
			}
			return true
		}
		return !obj
	case model.BooleanType, model.ByteType, model.ShortType, model.IntegerType, model.LongType,
		model.BigIntegerType, model.IntEnumType, model.BigDecimalType:
		return obj || arr || str
	case model.StringType, model.EnumType, model.BlobType:
		return !str
	case model.FloatType, model.DoubleType, model.TimestampType:
		return obj || arr
	case model.ListType, model.SetType:
		return !arr
	case model.MapType, model.StructureType:
		return !obj
	}
	return false // a document takes anything
}

// untaggedValue: the scalar tok (its first byte c), a value of the
// untagged union node, that began at input offset at, is final: it is
// the whole value, and the engine's error findings at its path on it
// are the violations (a null waits for the end).
func (w *Watcher) untaggedValue(node *snode, c byte, tok []byte, at int) {
	if c == 'n' {
		return
	}
	w.nestKind(tok, at, "", true)
}

// rootNode returns the node of the root's member name (the root itself
// when path is ""), nil when the declaration has no tree or says
// nothing of it.
func (w *Watcher) rootNode(path, name string) *snode {
	if w.nest == nil || w.nest.root == nil {
		return nil
	}
	r := w.nest.root
	if path == "" {
		return r
	}
	if r.opaque || r.disc != "" {
		return nil
	}
	switch r.typ {
	case model.StructureType, model.UnionType:
		return r.fields[name]
	case model.MapType:
		return r.elem
	}
	return nil
}
