package validate

import (
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
)

// jsonNames is JsonName: in a structure or union with a @jsonName member,
// no two members may serialize to the same JSON name (the member name when
// there is no @jsonName).
func jsonNames(m *model.Model) []model.Event {
	var events []model.Event
	for _, s := range indexOf(m).containersOf(preludeid.JSONName) {
		if !s.Type().HasMembers() {
			continue
		}
		uses := false
		for _, mem := range s.Members() {
			if _, ok := findTrait(mem, preludeid.JSONName); ok {
				uses = true
				break
			}
		}
		if !uses {
			continue
		}
		byName := map[string][]string{}
		for _, mem := range s.Members() {
			name := mem.MemberName()
			if t, ok := findTrait(mem, preludeid.JSONName); ok && t.Value.Kind() == node.String {
				name = t.Value.StringValue()
			}
			byName[name] = append(byName[name], mem.MemberName())
		}
		eachConflict(byName, func(n string, members []string) {
			events = append(events, errorf("JsonName", s,
				"This shape contains members with conflicting JSON names that resolve to '%s': %s", n, strings.Join(members, ", ")))
		})
	}
	return events
}
