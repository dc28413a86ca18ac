package smithyvalidate

import (
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// The closed rule family: smithy.rpc#closed on a structure. A field that
// names none of the structure's members is an error (code unknown-member)
// whatever the unknown-member policy ([RejectUnknownMembers],
// [IgnoreUnknownMembers]), which decides only for the structures without
// the trait. It is JSON Schema's `additionalProperties: false` for one
// shape, where the policy is one switch for every structure of a value.
//
// The trait is defined with the other smithy.rpc traits in the rpc
// module's traits file (rpc.AddTraits; the smithy command always loads
// it). A program that validates values without the rpc module defines it
// itself, with the same shape ID:
//
//	$version: "2"
//	namespace smithy.rpc
//	@trait(selector: "structure :not(> member [trait|alloy#jsonUnknown])")
//	structure closed {}

// ClosedTrait is smithy.rpc#closed, applied to a structure.
var ClosedTrait = shapeid.New("smithy.rpc", "closed")

// prepareClosed marks the plan of a closed structure. A closed structure
// with an @alloy#jsonUnknown member contradicts itself (the member takes
// the fields the trait rejects), which the trait's selector already
// rejects; a model that defines the trait without that selector gets the
// same verdict here.
func (p *preparer) prepareClosed(pl *plan, target *model.Shape) {
	if target.Type() != model.StructureType || !target.HasTrait(ClosedTrait) {
		return
	}
	if pl.alloy != nil && pl.alloy.unknown != nil {
		p.problem(target, ClosedTrait, model.SourceLocation{}, "a closed structure cannot have an @alloy#jsonUnknown member: it would take the unknown fields that @closed rejects")
		return
	}
	pl.closed = true
}
