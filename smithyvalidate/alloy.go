package smithyvalidate

import (
	_ "embed"
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// AlloyNamespace is the namespace of the alloy traits the engine honors.
const AlloyNamespace = "alloy"

// The shape IDs of the alloy traits the engine honors (see
// [AlloyTraitsSource] and the package documentation, "The alloy traits").
var (
	// DiscriminatedTrait is alloy#discriminated("field") on a union.
	DiscriminatedTrait = shapeid.New(AlloyNamespace, "discriminated")
	// UntaggedTrait is alloy#untagged on a union.
	UntaggedTrait = shapeid.New(AlloyNamespace, "untagged")
	// NullableTrait is alloy#nullable on a member.
	NullableTrait = shapeid.New(AlloyNamespace, "nullable")
	// JSONUnknownTrait is alloy#jsonUnknown on a structure member that
	// targets a map (or a union member that targets a document).
	JSONUnknownTrait = shapeid.New(AlloyNamespace, "jsonUnknown")
)

//go:embed alloy.smithy
var alloyIDL []byte

// AlloyTraitsFileName is the name under which [AlloyTraitsSource]
// presents the alloy trait definitions.
const AlloyTraitsFileName = "alloy.smithy"

// AlloyTraitsSource returns the Smithy IDL that defines the alloy traits
// the engine honors, with alloy's shape IDs and selectors, and the file
// name to load it under. The returned slice is a copy.
func AlloyTraitsSource() (name string, data []byte) {
	return AlloyTraitsFileName, append([]byte(nil), alloyIDL...)
}

// AddAlloyTraits adds the alloy trait definitions to an assembly as
// fallback definitions ([assembly.Assembler.AddFallbackSource]): a model
// that uses `alloy#discriminated` without defining it gets this
// definition; a model that defines it (alloy's own files, say) keeps its
// own, quietly. The `smithy` command always adds them.
func AddAlloyTraits(a *assembly.Assembler) error {
	name, data := AlloyTraitsSource()
	return a.AddFallbackSource(name, data)
}

// checkAlloyTraits is the AlloyTraits model validator: the preparation
// checks of the alloy traits (a discriminated union's members target
// structures without the discriminator, one @jsonUnknown member per
// structure targeting a map, ...), run on every shape that applies one,
// so that `smithy validate` reports what [Prepare] would reject. Both
// member-name policies are checked (rpc names members by @jsonName,
// validate-value by member name); each problem is one ERROR event.
func checkAlloyTraits(m *model.Model) (out []model.Event) {
	defer recoverEvents("AlloyTraits", &out)
	var roots []shapeid.ID
	seen := map[shapeid.ID]bool{}
	for _, s := range m.Shapes() {
		if t := s.Type(); (t != model.UnionType && t != model.StructureType) || s.HasTrait(preludeid.Mixin) || seen[s.ID()] {
			continue
		}
		uses := s.HasTrait(DiscriminatedTrait) || s.HasTrait(UntaggedTrait)
		for _, mem := range s.Members() {
			uses = uses || mem.HasTrait(JSONUnknownTrait)
		}
		if uses {
			seen[s.ID()] = true
			roots = append(roots, s.ID())
		}
	}
	reported := map[ModelProblem]bool{}
	for _, id := range roots {
		for _, naming := range []bool{false, true} {
			_, err := Prepare(m, id, MatchJSONNames(naming))
			me, ok := err.(*ModelError)
			if !ok {
				continue
			}
			for _, p := range me.Problems {
				if p.Trait.Namespace != AlloyNamespace || reported[p] {
					continue
				}
				reported[p] = true
				out = append(out, model.Event{Severity: model.ErrorSeverity, ID: "AlloyTraits", Shape: p.Shape, Source: p.Source,
					Message: fmt.Sprintf("@%s: %s", p.Trait, p.Message)})
			}
		}
	}
	return out
}
