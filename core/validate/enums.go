package validate

import (
	"math"
	"regexp"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
)

// The enum validators: EnumShape (enum and intEnum members), EnumTrait and
// EnumNamesPresent (the legacy @enum trait). The ModelDeprecation warning
// for @enum in Smithy 2.0 files comes from assembly, which knows each
// file's version.

// recommendedEnumName is the reference's recommended enum name format.
var recommendedEnumName = regexp.MustCompile(`^[A-Z]+[A-Z_0-9]*$`)

const enumNameAdvice = "The name `%s` does not match the recommended enum name format of beginning with an uppercase letter, followed by any number of uppercase letters, numbers, or underscores."

// enumShapes is EnumShape: enum members need distinct, non-empty string
// values, intEnum members distinct 32-bit integer values; member names
// should be UPPER_SNAKE_CASE (WARNING).
func enumShapes(m *model.Model) []model.Event {
	var events []model.Event
	for _, s := range m.Shapes() {
		switch s.Type() {
		case model.EnumType:
			seen := map[string]bool{}
			for _, mem := range s.Members() {
				t, ok := findTrait(mem, preludeid.EnumValue)
				value := mem.MemberName()
				if ok {
					if t.Value.Kind() != node.String {
						events = append(events, traitEventf(model.ErrorSeverity, "EnumShape", mem, t,
							"enum members can only be assigned string values, but found: %s", node.Marshal(t.Value)))
						events = appendEnumNameAdvice(events, mem)
						continue
					}
					value = t.Value.StringValue()
				}
				if seen[value] {
					events = append(events, errorf("EnumShape", mem, "Multiple enum members found with duplicate value `%s`", value))
				}
				seen[value] = true
				if value == "" {
					events = append(events, errorf("EnumShape", mem, "enum values may not be empty."))
				}
				events = appendEnumNameAdvice(events, mem)
			}
		case model.IntEnumType:
			seen := map[int64]bool{}
			for _, mem := range s.Members() {
				t, ok := findTrait(mem, preludeid.EnumValue)
				if !ok {
					events = append(events, errorf("EnumShape", mem, "intEnum members must be assigned an integer value"))
					continue
				}
				if t.Value.Kind() != node.Number {
					events = append(events, traitEventf(model.ErrorSeverity, "EnumShape", mem, t,
						"intEnum members require integer values, but found: %s", node.Marshal(t.Value)))
					continue
				}
				d, err := node.ParseDecimal(t.Value.NumberText())
				if err != nil {
					continue
				}
				if !d.IsInteger() {
					events = append(events, traitEventf(model.ErrorSeverity, "EnumShape", mem, t,
						"intEnum members do not support floating point values: %s", t.Value.NumberText()))
					continue
				}
				v, fits := d.Int64()
				if !fits || v > math.MaxInt32 || v < math.MinInt32 {
					events = append(events, traitEventf(model.ErrorSeverity, "EnumShape", mem, t,
						"intEnum members must fit within an integer, but found: %s", t.Value.NumberText()))
					continue
				}
				if seen[v] {
					events = append(events, errorf("EnumShape", mem, "Multiple intEnum members found with duplicate value `%d`", v))
				}
				seen[v] = true
				events = appendEnumNameAdvice(events, mem)
			}
		}
	}
	return events
}

func appendEnumNameAdvice(events []model.Event, mem *model.Shape) []model.Event {
	if !recommendedEnumName.MatchString(mem.MemberName()) {
		events = append(events, eventf(model.Warning, "EnumShape", mem, enumNameAdvice, mem.MemberName()))
	}
	return events
}

// enumTraits is EnumTrait and EnumNamesPresent: the values and names of a
// legacy @enum trait must be unique; if one definition has a name, all
// must; names should be UPPER_SNAKE_CASE (WARNING EnumTrait.<name>); an
// @enum without names is a WARNING (EnumNamesPresent).
func enumTraits(m *model.Model) []model.Event {
	var events []model.Event
	eachTrait(m, preludeid.Enum, func(s *model.Shape, t model.Trait) {
		if t.Value.Kind() != node.Array {
			return
		}
		type def struct {
			value, name string
			hasName     bool
		}
		var defs []def
		for _, e := range t.Value.Elems() {
			if e.Kind() != node.Object {
				continue
			}
			var d def
			if v, ok := e.Get("value"); ok && v.Kind() == node.String {
				d.value = v.StringValue()
			}
			if n, ok := e.Get("name"); ok && n.Kind() == node.String {
				d.name, d.hasName = n.StringValue(), true
			}
			defs = append(defs, d)
		}
		values := map[string]bool{}
		for _, d := range defs {
			if values[d.value] {
				events = append(events, traitEventf(model.ErrorSeverity, "EnumTrait", s, t,
					"Duplicate enum trait values found with the same `value` property of '%s'", d.value))
			}
			values[d.value] = true
		}
		names := map[string]bool{}
		for _, d := range defs {
			if !d.hasName {
				continue
			}
			if names[d.name] {
				events = append(events, traitEventf(model.ErrorSeverity, "EnumTrait", s, t,
					"Duplicate enum trait values found with the same `name` property of '%s'", d.name))
			}
			names[d.name] = true
			if !recommendedEnumName.MatchString(d.name) {
				events = append(events, traitEventf(model.Warning, "EnumTrait."+d.name, s, t, enumNameAdvice, d.name))
			}
		}
		if len(names) == 0 {
			events = append(events, traitEventf(model.Warning, "EnumNamesPresent", s, t,
				"Enums should define the `name` property to allow rich types to be generated in code generators."))
			return
		}
		for _, d := range defs {
			if !d.hasName {
				events = append(events, traitEventf(model.ErrorSeverity, "EnumTrait", s, t,
					"`%s` enum value body is missing the `name` property; if any enum trait value contains a `name` property, then all values must contain the `name` property.", d.value))
			}
		}
	})
	return events
}
