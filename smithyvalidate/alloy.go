package smithyvalidate

import (
	_ "embed"

	"github.com/smithy-validation/go/core/assembly"
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
