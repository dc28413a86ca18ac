package assembly

import (
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// Smithy IDL 1.0 models are upgraded to 2.0 semantics as the reference
// loader upgrades them (its ModelInteropTransformer):
//
//   - A root byte, short, integer, long, float, double or boolean shape
//     defined in a 1.0 file without @box had a zero value in 1.0: it gets
//     @default(0) (@default(false) for a boolean).
//   - A structure member of a 1.0 file whose target had a zero value in 1.0
//     (one of those types, or intEnum), where neither the member nor the
//     target is boxed, gets the same @default; a streaming blob member that
//     is not @required gets @default(""). A target is boxed when it carries
//     @box, or when it is defined in a 2.0 file (the prelude included)
//     without a zero @default: smithy.api#Integer is boxed,
//     smithy.api#PrimitiveInteger is not.
//   - A @box member of a 1.0 file gets @default(null).
//
// Without this, a 1.0 member targeting smithy.api#PrimitiveInteger fails
// the DefaultTrait check that the reference passes.

// hadZeroValueIn10 reports the shape types that had a zero value (and so
// were non-nullable unless boxed) in Smithy 1.0.
func hadZeroValueIn10(t model.ShapeType) bool {
	switch t {
	case model.ByteType, model.ShortType, model.IntegerType, model.LongType,
		model.FloatType, model.DoubleType, model.BooleanType, model.IntEnumType:
		return true
	}
	return false
}

// zeroValue is the @default value of a 1.0 zero value for type t, placed
// at pos.
func zeroValue(t model.ShapeType, pos node.Pos) node.Node {
	switch t {
	case model.BooleanType:
		return node.NewBool(false).At(pos)
	case model.BlobType, model.StringType:
		return node.NewString("").At(pos)
	}
	return node.NewNumber("0").At(pos)
}

// isZeroDefaultIn10 reports whether v is the 1.0 zero value of type t:
// false for a boolean, a number equal to zero for the numeric types.
func isZeroDefaultIn10(v node.Node, t model.ShapeType) bool {
	switch {
	case t == model.BooleanType:
		return v.Kind() == node.Bool && !v.BoolValue()
	case hadZeroValueIn10(t):
		return v.Kind() == node.Number && isZeroNumber(v.NumberText())
	}
	return false
}

// isZeroNumber reports whether a JSON number token is zero (0, -0, 0.0,
// 0e5, ...).
func isZeroNumber(text string) bool {
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == 'e' || c == 'E':
			return true // the mantissa was all zeros
		case c >= '1' && c <= '9':
			return false
		}
	}
	return text != ""
}

func traitValue(list []model.Trait, id shapeid.ID) (node.Node, bool) {
	for _, t := range list {
		if t.ID == id {
			return t.Value, true
		}
	}
	return node.Node{}, false
}

// upgradeRoot10 gives a root shape of a 1.0 file the @default its zero
// value implied, unless it is boxed.
func upgradeRoot10(def *model.ShapeDef) {
	if !hadZeroValueIn10(def.Type) || hasTrait(def.Traits, preludeid.Box) || hasTrait(def.Traits, preludeid.Default) {
		return
	}
	def.Traits = append(append([]model.Trait(nil), def.Traits...),
		model.Trait{ID: preludeid.Default, Value: zeroValue(def.Type, def.Source.Pos), Source: def.Source})
}

// targetBoxed reports whether a member targeting target is nullable by
// the target alone, as the reference sees it when upgrading 1.0 members.
func (s *assembler) targetBoxed(target *model.ShapeDef) bool {
	if hasTrait(target.Traits, preludeid.Box) {
		return true
	}
	if s.v10[target.ID] || !hadZeroValueIn10(target.Type) {
		return false
	}
	// A 2.0 shape is boxed for 1.0 readers unless its default is the 1.0
	// zero value.
	v, ok := traitValue(target.Traits, preludeid.Default)
	return !ok || !isZeroDefaultIn10(v, target.Type)
}

// upgradeMembers10 adds the @default traits that 1.0 structure members
// implied (see the comment at the top of this file).
func (s *assembler) upgradeMembers10() {
	for _, def := range s.defs {
		if def.Type != model.StructureType || def.ID.Namespace == shapeid.Prelude || !s.v10[def.ID] {
			continue
		}
		for i := range def.Members {
			m := &def.Members[i]
			target, ok := s.def(m.Target)
			if !ok || hasTrait(m.Traits(), preludeid.Default) {
				continue
			}
			memberBoxed := hasTrait(m.Traits(), preludeid.Box)
			streamingBlob := target.Type == model.BlobType && hasTrait(target.Traits, preludeid.Streaming) && !hasTrait(m.Traits(), preludeid.Required)
			var v node.Node
			switch {
			case (hadZeroValueIn10(target.Type) || streamingBlob) && !memberBoxed && !s.targetBoxed(target):
				v = zeroValue(target.Type, m.Pos)
			case memberBoxed:
				v = node.NewNull().At(m.Pos)
			default:
				continue
			}
			m.SetTraits(append(append([]model.Trait(nil), m.Traits()...), model.Trait{ID: preludeid.Default, Value: v, Source: def.MemberSource(m)}))
		}
	}
}
