package validate

import (
	"errors"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	patternre "github.com/smithy-validation/go/core/pattern"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// The constraint trait validators: the values of @range, @length and
// @pattern that are well-formed as trait values (the value engine checks
// that) but make no sense as constraints.

// traitEventf is eventf located at the trait application rather than at
// the shape, as the reference locates events about a trait's value.
func traitEventf(sev model.Severity, id string, s *model.Shape, t model.Trait, format string, args ...any) model.Event {
	e := eventf(sev, id, s, format, args...)
	if t.Source.File != "" || t.Source.Pos.IsValid() {
		e.Source = t.Source
	}
	return e
}

// eachTrait calls fn for every shape and member that applies trait id
// directly.
func eachTrait(m *model.Model, id shapeid.ID, fn func(s *model.Shape, t model.Trait)) {
	for _, s := range indexOf(m).withTrait(id) {
		if t, ok := findTrait(s, id); ok {
			fn(s, t)
		}
	}
}

// rangeTraits is RangeTrait: a bound with a fraction on a shape that
// cannot hold one, and min above max.
func rangeTraits(m *model.Model) []model.Event {
	var events []model.Event
	eachTrait(m, preludeid.Range, func(s *model.Shape, t model.Trait) {
		b := traitBounds(t)
		for i, name := range boundNames {
			if !b.has[i] || b.value[i].IsInteger() {
				continue
			}
			if s.Container() != nil {
				target, ok := m.Target(s)
				if ok && !decimalType(target.Type()) {
					events = append(events, traitEventf(model.ErrorSeverity, "RangeTrait", s, t,
						"Member `%s` is marked with the `range` trait, but its `%s` property is a decimal (%s) when its target (`%s`) does not support decimals.",
						s.ID(), name, b.text[i], target.ID()))
				}
			} else if !decimalType(s.Type()) {
				events = append(events, traitEventf(model.ErrorSeverity, "RangeTrait", s, t,
					"Shape `%s` is marked with the `range` trait, but its `%s` property is a decimal (%s) when its shape (`%s`) does not support decimals.",
					s.ID(), name, b.text[i], s.Type()))
			}
		}
		if b.minAboveMax() {
			events = append(events, traitEventf(model.ErrorSeverity, "RangeTrait", s, t,
				"A range trait is applied with a `min` value greater than its `max` value."))
		}
	})
	return events
}

// boundNames are the properties of @range and @length that bounds
// holds, in the order the reference reports them.
var boundNames = [2]string{"min", "max"}

// bounds are the numeric `min` and `max` of a @range or @length value
// (index 0 and 1, as boundNames), with the numbers as written.
type bounds struct {
	value [2]node.Decimal
	text  [2]string
	has   [2]bool
}

func (b *bounds) minAboveMax() bool {
	return b.has[0] && b.has[1] && b.value[0].Cmp(b.value[1]) > 0
}

// traitBounds returns the bounds of a @range or @length value.
func traitBounds(t model.Trait) bounds {
	var b bounds
	if t.Value.Kind() != node.Object {
		return b
	}
	for i, name := range boundNames {
		v, ok := t.Value.Get(name)
		if !ok || v.Kind() != node.Number {
			continue
		}
		if d, err := node.ParseDecimal(v.NumberText()); err == nil {
			b.value[i], b.text[i], b.has[i] = d, v.NumberText(), true
		}
	}
	return b
}

func decimalType(t model.ShapeType) bool {
	return t == model.FloatType || t == model.DoubleType || t == model.BigDecimalType
}

// lengthTraits is LengthTrait: negative bounds and min above max.
func lengthTraits(m *model.Model) []model.Event {
	var events []model.Event
	eachTrait(m, preludeid.Length, func(s *model.Shape, t model.Trait) {
		b := traitBounds(t)
		// The reference reports min before max.
		for i, name := range boundNames {
			if b.has[i] && b.value[i].Sign() < 0 {
				events = append(events, traitEventf(model.ErrorSeverity, "LengthTrait", s, t,
					"A length trait is applied with a negative `%s` value.", name))
			}
		}
		if b.minAboveMax() {
			events = append(events, traitEventf(model.ErrorSeverity, "LengthTrait", s, t,
				"A length trait is applied with a `min` value greater than its `max` value."))
		}
	})
	return events
}

// patternTraits is PatternTrait. The reference compiles every @pattern
// with java.util.regex when it builds the trait: a pattern Java rejects
// fails that step, an ERROR of ID Model "Error creating trait `pattern`:
// Invalid pattern trait regular expression: `...`. " followed by Java's
// message (and the trait is then absent, so nothing else is said about
// it). A pattern Java accepts but package pattern cannot run (a
// backreference) is a WARNING with ID PatternTrait.Unsupported (values are
// not checked against it). A pattern without a leading '^' or a trailing
// '$' is a WARNING as in the reference. Only the verdict is needed
// (patternre.Check): the compiled programs of the AWS models' patterns
// held 70-90 MB for the rest of the run when this kept them.
func patternTraits(m *model.Model) []model.Event {
	var events []model.Event
	compiled := map[string]error{} // models repeat their patterns
	eachTrait(m, preludeid.Pattern, func(s *model.Shape, t model.Trait) {
		if t.Value.Kind() != node.String {
			return
		}
		text := t.Value.StringValue()
		err, done := compiled[text]
		if !done {
			err = patternre.Check(text) // the verdict; the program is not kept
			compiled[text] = err
		}
		if err != nil {
			var e *patternre.Error
			if errors.As(err, &e) && e.Unsupported() {
				events = append(events, traitEventf(model.Warning, "PatternTrait.Unsupported", s, t,
					"The pattern trait regular expression `%s` uses %s, which this validator cannot run: values are not checked against it", text, e.Construct))
			} else {
				msg := err.Error()
				if e != nil {
					msg = e.JavaMessage()
				}
				events = append(events, traitEventf(model.ErrorSeverity, "Model", s, t,
					"Error creating trait `pattern`: Invalid pattern trait regular expression: `%s`. %s", text, msg))
				return
			}
		}
		var missing []string
		if !strings.HasPrefix(text, "^") {
			missing = append(missing, "leading '^'")
		}
		if !strings.HasSuffix(text, "$") {
			missing = append(missing, "trailing '$'")
		}
		if len(missing) > 0 {
			events = append(events, traitEventf(model.Warning, "PatternTrait", s, t,
				"A pattern trait is applied without a %s, meaning only part of the string must match the regular expression. Explicitly anchoring regular expressions is preferable because it is more restrictive by default and does not require modelers to understand that Smithy patterns are not automatically anchored.",
				strings.Join(missing, " and ")))
		}
	})
	return events
}
