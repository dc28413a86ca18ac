package validate

import (
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// defaultValueInUpdate warns about update-style operations (a resource's
// update operation, or an operation whose name starts with "update" or
// "patch" in any case) whose input has top-level members with @default: a
// server cannot tell an omitted member from one set to its default.
func defaultValueInUpdate(m *model.Model) []model.Event {
	updates := map[shapeid.ID]bool{}
	for _, s := range m.Shapes() {
		switch s.Type() {
		case model.ResourceType:
			if op := s.Lifecycle("update"); !op.IsZero() {
				updates[op] = true
			}
		case model.OperationType:
			name := strings.ToLower(s.ID().Name)
			if strings.HasPrefix(name, "update") || strings.HasPrefix(name, "patch") {
				updates[s.ID()] = true
			}
		}
	}
	var events []model.Event
	for _, s := range m.Shapes() {
		if !updates[s.ID()] || s.Type() != model.OperationType {
			continue
		}
		input, ok := m.Shape(s.Input())
		if !ok {
			continue
		}
		var names []string
		for _, mem := range input.Members() {
			if mem.HasTrait(preludeid.Default) {
				names = append(names, mem.MemberName())
			}
		}
		if len(names) == 0 {
			continue
		}
		sort.Strings(names)
		events = append(events, eventf(model.Warning, "DefaultValueInUpdate", s,
			"This update style operation has top-level input members marked with the @default trait. It will be "+
				"impossible to tell if the member was omitted or explicitly provided. Affected members: [%s]",
			strings.Join(names, ", ")))
	}
	return events
}
