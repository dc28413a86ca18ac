package validate

import (
	"slices"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
)

// The idempotency validators: IdempotentTrait (the errors its `exists`
// and `notFound` properties name) and IdempotencyTokenIgnored (a token
// member in a structure that is not only an operation input).

// idempotentTraits is IdempotentTrait: `exists` and `notFound` are
// mutually exclusive, and each error they name must be one of the
// operation's errors.
func idempotentTraits(m *model.Model) []model.Event {
	var events []model.Event
	for _, op := range shapesOfType(m, model.OperationType) {
		t, ok := findTrait(op, preludeid.Idempotent)
		if !ok || t.Value.Kind() != node.Object {
			continue
		}
		exists, hasExists := t.Value.Get("exists")
		notFound, hasNotFound := t.Value.Get("notFound")
		if hasExists && hasNotFound {
			events = append(events, traitEventf(model.ErrorSeverity, "IdempotentTrait", op, t,
				"The `exists` and `notFound` properties of the `@idempotent` trait are mutually exclusive. Only one may be specified."))
		}
		var opErrors []string
		for _, e := range op.Errors() {
			opErrors = append(opErrors, e.String())
		}
		sort.Strings(opErrors)
		check := func(prop string, list node.Node) {
			if list.Kind() != node.Array {
				return
			}
			for _, e := range list.Elems() {
				if e.Kind() != node.String {
					continue
				}
				name := e.StringValue()
				id, ok := resolveRelative(name, op.ID().Namespace)
				if ok && slices.Contains(op.Errors(), id) {
					continue
				}
				if ok {
					name = id.String()
				}
				events = append(events, traitEventf(model.ErrorSeverity, "IdempotentTrait", op, t,
					"The `%s` property references error `%s`, but it is not in the operation's errors list. Expected one of %s",
					prop, name, tickedList(opErrors)))
			}
		}
		if hasExists {
			check("exists", exists)
		}
		if hasNotFound {
			check("notFound", notFound)
		}
	}
	return events
}

// relationOrder orders relationship types as the reference's
// RelationshipType enum does (its messages list them in that order).
var relationOrder = []rel{
	relResource, relOperation, relCollectionOperation, relPut, relCreate, relRead, relUpdate, relDelete,
	relList, relIdentifier, relProperty, relMemberTarget, relInput, relOutput, relError, relEnumMember,
	relIntEnumMember, relListMember, relMapKey, relMapValue, relStructureMember, relUnionMember, relMixin,
}

// idempotencyTokenIgnored is IdempotencyTokenIgnored: @idempotencyToken
// only has an effect on a top-level member of an operation input, so a
// WARNING lists every other way its structure is referenced.
func idempotencyTokenIgnored(m *model.Model) []model.Event {
	var members []*model.Shape
	for _, mem := range indexOf(m).withTrait(preludeid.IdempotencyToken) {
		if s := mem.Container(); s != nil && s.Type() == model.StructureType && !s.HasTrait(preludeid.Mixin) {
			members = append(members, mem)
		}
	}
	if len(members) == 0 {
		return nil
	}
	refs := referrers(m)
	var events []model.Event
	for _, mem := range members {
		ignored := map[rel][]string{}
		for _, r := range refs(mem.Container()) {
			if r.rel == relInput {
				continue
			}
			ignored[r.rel] = append(ignored[r.rel], r.from.ID().String())
		}
		if len(ignored) == 0 {
			continue
		}
		var parts []string
		for _, r := range relationOrder {
			ids := ignored[r]
			if len(ids) == 0 {
				continue
			}
			sort.Strings(ids)
			ids = uniqueStrings(ids)
			parts = append(parts, strings.ToLower(strings.ReplaceAll(r.String(), "_", " "))+": ["+strings.Join(ids, ", ")+"]")
		}
		t, _ := findTrait(mem, preludeid.IdempotencyToken)
		events = append(events, traitEventf(model.Warning, "IdempotencyTokenIgnored", mem, t,
			"The `idempotencyToken` trait only has an effect when applied to a top-level operation input member, but it was applied and ignored in the following contexts: {%s}",
			strings.Join(parts, ", ")))
	}
	return events
}

// uniqueStrings removes adjacent duplicates of a sorted list.
func uniqueStrings(list []string) []string {
	out := list[:0]
	for i, s := range list {
		if i == 0 || s != list[i-1] {
			out = append(out, s)
		}
	}
	return out
}
