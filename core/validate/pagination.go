package validate

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// paginationProperty describes one property of @paginated.
type paginationProperty struct {
	name string
	// output: the member is looked up in the output, along a path of
	// member names separated by '.'; otherwise in the input, by name.
	output bool
	// mustNotBeRequired: a @required member is an ERROR; shouldNot: a
	// DANGER (WARNING for pageSize).
	mustNotBeRequired, shouldNotBeRequired bool
	// present: the property must be set once the service's @paginated is
	// merged in.
	present bool
	valid   []model.ShapeType
	danger  []model.ShapeType
}

var paginationProperties = []paginationProperty{
	{name: "inputToken", mustNotBeRequired: true, present: true,
		valid: []model.ShapeType{model.MapType, model.StringType}, danger: []model.ShapeType{model.MapType}},
	{name: "pageSize", shouldNotBeRequired: true,
		valid:  []model.ShapeType{model.ByteType, model.IntegerType, model.LongType, model.ShortType},
		danger: []model.ShapeType{model.ByteType, model.LongType, model.ShortType}},
	{name: "outputToken", output: true, shouldNotBeRequired: true, present: true,
		valid: []model.ShapeType{model.MapType, model.StringType}, danger: []model.ShapeType{model.MapType}},
	{name: "items", output: true, valid: []model.ShapeType{model.ListType, model.MapType}},
}

// paginatedTraits is PaginatedTrait: each property of an operation's
// @paginated names a member of the input (inputToken, pageSize, no paths)
// or output (outputToken, items, '.'-separated paths) of a suitable type,
// not required; when the operation's own trait is valid, it is checked
// again merged with the @paginated of each service that contains the
// operation, where the tokens must be configured.
func paginatedTraits(m *model.Model) []model.Event {
	var events []model.Event
	var containing map[shapeid.ID][]*model.Shape
	for _, op := range shapesOfType(m, model.OperationType) {
		t, ok := findTrait(op, preludeid.Paginated)
		if !ok || t.Value.Kind() != node.Object {
			continue
		}
		found := checkPagination(m, op, t, paginationValues(t.Value), nil)
		if len(found) > 0 {
			events = append(events, found...)
			continue
		}
		if containing == nil {
			containing = operationServices(m)
		}
		for _, svc := range containing[op.ID()] {
			merged := paginationValues(t.Value)
			if st, ok := findTrait(svc, preludeid.Paginated); ok {
				inherited := paginationValues(st.Value)
				for i := range merged {
					if !merged[i].set {
						merged[i] = inherited[i]
					}
				}
			}
			events = append(events, checkPagination(m, op, t, merged, svc)...)
		}
	}
	return events
}

// paginationValue is the string a @paginated value gives a property.
type paginationValue struct {
	text string
	set  bool
}

// paginationValues returns the string values of the properties of
// @paginated, in the order of paginationProperties.
func paginationValues(v node.Node) (out [len(paginationPropertyNames)]paginationValue) {
	if v.Kind() != node.Object {
		return out
	}
	for i, name := range paginationPropertyNames {
		if f, ok := v.Get(name); ok && f.Kind() == node.String {
			out[i] = paginationValue{f.StringValue(), true}
		}
	}
	return out
}

// paginationPropertyNames are the names of paginationProperties.
var paginationPropertyNames = [...]string{"inputToken", "pageSize", "outputToken", "items"}

// operationServices maps each operation to the services whose closure
// contains it, in shape ID order.
func operationServices(m *model.Model) map[shapeid.ID][]*model.Shape {
	out := map[shapeid.ID][]*model.Shape{}
	for _, svc := range shapesOfType(m, model.ServiceType) {
		seen := map[shapeid.ID]bool{}
		add := func(ids []shapeid.ID) {
			for _, id := range ids {
				if !seen[id] {
					seen[id] = true
					out[id] = append(out[id], svc)
				}
			}
		}
		add(svc.Operations())
		for _, r := range containedResources(m, svc) {
			add(allOperations(r))
		}
	}
	return out
}

// checkPagination checks the values of an operation's @paginated, merged
// with those of svc's when svc is not nil.
func checkPagination(m *model.Model, op *model.Shape, t model.Trait, values [len(paginationPropertyNames)]paginationValue, svc *model.Shape) []model.Event {
	var events []model.Event
	prefix := ""
	emit := func(sev model.Severity, id string, format string, args ...any) {
		if svc != nil && prefix == "" {
			prefix = fmt.Sprintf("When bound within the `%s` service, ", svc.ID())
		}
		events = append(events, traitEventf(sev, id, op, t, prefix+format, args...))
	}
	for i, p := range paginationProperties {
		path, ok := values[i].text, values[i].set
		if !ok {
			if svc != nil && p.present {
				emit(model.ErrorSeverity, "PaginatedTrait", "paginated trait `%s` is not configured", p.name)
			}
			continue
		}
		if !p.output && strings.Contains(path, ".") {
			emit(model.ErrorSeverity, "PaginatedTrait", "paginated trait `%s` does not allow path values", p.name)
			continue
		}
		member := paginationMember(m, op, p, path)
		if member == nil {
			emit(model.ErrorSeverity, "PaginatedTrait", "paginated trait `%s` targets a member `%s` that does not exist", p.name, path)
			continue
		}
		if member.HasTrait(preludeid.Required) {
			switch {
			case p.mustNotBeRequired:
				emit(model.ErrorSeverity, "PaginatedTrait", "paginated trait `%s` member `%s` must not be required", p.name, member.MemberName())
			case p.shouldNotBeRequired:
				sev := model.Danger
				if p.name == "pageSize" {
					sev = model.Warning
				}
				emit(sev, "PaginatedTrait.ShouldNotBeRequired."+p.name, "paginated trait `%s` member `%s` should not be required", p.name, member.MemberName())
			}
		}
		if target, ok := m.Target(member); ok {
			if !typeIn(target.Type(), p.valid) {
				emit(model.ErrorSeverity, "PaginatedTrait", "paginated trait `%s` member `%s` targets a %s shape, but must target one of the following: [%s]",
					p.name, member.MemberName(), target.Type(), tickedTypes(p.valid, nil))
			}
			if typeIn(target.Type(), p.danger) {
				emit(model.Danger, "PaginatedTrait.WrongShapeType."+p.name, "paginated trait `%s` member `%s` targets a %s shape, but this is not recommended. One of [%s] SHOULD be targeted.",
					p.name, member.MemberName(), target.Type(), tickedTypes(p.valid, p.danger))
			}
		}
		if p.output && strings.Count(path, ".") > 1 {
			emit(model.Warning, "PaginatedTrait.DeeplyNested."+p.name, "paginated trait `%s` contains a path with more than two parts, which can make your API cumbersome to use", p.name)
		}
	}
	return events
}

// paginationMember resolves a property's member: by name in the input, or
// along a path in the output.
func paginationMember(m *model.Model, op *model.Shape, p paginationProperty, path string) *model.Shape {
	io := op.Input()
	if p.output {
		io = op.Output()
	}
	if io.IsZero() {
		io = preludeid.Unit
	}
	container, ok := resolve(m, io, model.StructureType)
	if !ok {
		return nil
	}
	var member *model.Shape
	for rest, more := path, true; more; {
		var name string
		name, rest, more = strings.Cut(rest, ".")
		if container == nil {
			return nil
		}
		mem, ok := container.Member(name)
		if !ok {
			return nil
		}
		member = mem
		container = nil
		if target, ok := m.Target(mem); ok && target.Type() == model.StructureType {
			container = target
		}
	}
	return member
}

func typeIn(t model.ShapeType, list []model.ShapeType) bool {
	for _, x := range list {
		if x == t {
			return true
		}
	}
	return false
}

// tickedTypes lists the types of list that are not in minus, ticked and
// sorted by name.
func tickedTypes(list, minus []model.ShapeType) string {
	var names []string
	for _, t := range list {
		if !typeIn(t, minus) {
			names = append(names, t.String())
		}
	}
	return tickedList(names)
}
