package smithyvalidate

import (
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/validate"
)

// ModelValidators returns the model validators that check values written
// in a model with this engine, for core/validate's
// [validate.WithValidators] (core cannot import the engine):
//
//   - TraitValue (critical): every trait application against its trait's
//     definition ([CheckTraitValues]);
//   - DefaultTrait (critical): every @default value against its shape
//     ([CheckDefaults]);
//   - ExamplesTrait: every @examples input, output and error against the
//     operation's input, output and errors ([CheckExamples]);
//   - TypedMetadata: every metadata entry whose key a shape types with
//     @metadata against that shape ([CheckMetadata]).
//
// Their events carry the reference implementation's event IDs and wording.
// An internal fault of the engine becomes one ERROR event of the
// validator, never a panic.
func ModelValidators() []validate.Validator {
	return []validate.Validator{
		{Name: "TraitValue", Stage: validate.StageCritical, Check: traitValueEvents},
		{Name: "DefaultTrait", Stage: validate.StageCritical, Check: CheckDefaults},
		{Name: "ExamplesTrait", Stage: validate.StageDefault, Check: CheckExamples},
		{Name: "TypedMetadata", Stage: validate.StageDefault, Check: CheckMetadata},
	}
}

func traitValueEvents(m *model.Model) []model.Event {
	findings, err := CheckTraitValues(m)
	if err != nil {
		return []model.Event{internalEvent("TraitValue", err)}
	}
	var out []model.Event
	for _, f := range findings {
		out = append(out, f.Events()...)
	}
	return out
}

func internalEvent(id string, err error) model.Event {
	return model.Event{Severity: model.ErrorSeverity, ID: id, Message: "internal error of the value engine: " + err.Error()}
}
