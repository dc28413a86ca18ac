package validate

import (
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// ResourceOperationInputOutput: how the members of a resource's operations
// bind its properties.

// propertyBindings says which members of resource operations bind a
// property, and under which name, as the reference's property binding
// index does.
type propertyBindings struct {
	m *model.Model
	// name maps a member to the property it binds.
	name map[*model.Shape]string
	// notRequired marks members that need not bind a property
	// (identifier bindings, members with a trait marked @notProperty,
	// members of an input or output whose properties are nested).
	notRequired map[*model.Shape]bool
	// notPropertyTraits are the trait definitions marked @notProperty.
	notPropertyTraits []shapeid.ID
}

func newPropertyBindings(m *model.Model) *propertyBindings {
	pb := &propertyBindings{m: m, name: map[*model.Shape]string{}, notRequired: map[*model.Shape]bool{}}
	for _, s := range m.Shapes() {
		if s.HasTrait(preludeid.NotProperty) && s.HasTrait(preludeid.Trait) {
			pb.notPropertyTraits = append(pb.notPropertyTraits, s.ID())
		}
	}
	for _, r := range shapesOfType(m, model.ResourceType) {
		props := map[string]bool{}
		for _, p := range r.Properties() {
			props[p.Name] = true
		}
		for _, opID := range allOperations(r) {
			op, ok := resolve(m, opID, model.OperationType)
			if !ok {
				continue
			}
			for _, input := range []bool{true, false} {
				shape := pb.propertiesShape(op, input)
				if shape == nil {
					continue
				}
				bindings := inputBindings(r, shape)
				bound := map[string]bool{}
				for _, memberName := range bindings {
					bound[memberName] = true
				}
				for _, mem := range shape.Members() {
					if bound[mem.MemberName()] {
						pb.notRequired[mem] = true
					} else {
						pb.notRequired[mem] = pb.hasNotPropertyTrait(mem)
					}
					if !pb.notRequired[mem] || props[mem.MemberName()] {
						pb.name[mem] = propertyName(mem)
					}
				}
				if io := ioStructure(m, op, input); io != nil && io != shape {
					for _, mem := range io.Members() {
						pb.notRequired[mem] = true
					}
				}
			}
		}
	}
	return pb
}

func (pb *propertyBindings) hasNotPropertyTrait(mem *model.Shape) bool {
	for _, id := range pb.notPropertyTraits {
		if mem.HasTrait(id) {
			return true
		}
	}
	return false
}

// propertyName is the property a member binds: its @property name, or its
// own name.
func propertyName(mem *model.Shape) string {
	if v, ok := mem.Trait(preludeid.Property); ok && v.Kind() == node.Object {
		if n, ok := v.Get("name"); ok && n.Kind() == node.String {
			return n.StringValue()
		}
	}
	return mem.MemberName()
}

// ioStructure returns an operation's input or output structure (the Unit
// structure when none is set).
func ioStructure(m *model.Model, op *model.Shape, input bool) *model.Shape {
	id := op.Output()
	if input {
		id = op.Input()
	}
	if id.IsZero() {
		id = preludeid.Unit
	}
	s, ok := resolve(m, id, model.StructureType)
	if !ok {
		return nil
	}
	return s
}

// propertiesShape is the structure whose members bind properties: the
// target of a @nestedProperties member, or the input or output itself.
func (pb *propertyBindings) propertiesShape(op *model.Shape, input bool) *model.Shape {
	io := ioStructure(pb.m, op, input)
	if io == nil {
		return nil
	}
	for _, mem := range io.Members() {
		if mem.HasTrait(preludeid.NestedProperties) {
			if t, ok := pb.m.Target(mem); ok && t.Type() == model.StructureType {
				return t
			}
		}
	}
	return io
}

// resourceOperationInputOutput is ResourceOperationInputOutput: for a
// resource with properties, every member of its instance operations'
// inputs and outputs binds a property of the right target, an identifier,
// or is marked not to; property names do not collide within a structure;
// and each property is used by some operation.
func resourceOperationInputOutput(m *model.Model) []model.Event {
	var events []model.Event
	var pb *propertyBindings
	for _, r := range shapesOfType(m, model.ResourceType) {
		if len(r.Properties()) == 0 {
			continue
		}
		if pb == nil {
			pb = newPropertyBindings(m)
		}
		props := map[string]shapeid.ID{}
		for _, p := range r.Properties() {
			props[p.Name] = p.Target
		}
		used := map[string]bool{}
		type named struct {
			name string
			id   shapeid.ID
		}
		var ops []named
		for _, lc := range []string{"put", "create", "read", "update", "delete"} {
			if id := r.Lifecycle(lc); !id.IsZero() {
				ops = append(ops, named{lc, id})
			}
		}
		for _, id := range r.Operations() {
			ops = append(ops, named{id.Name, id})
		}
		for _, o := range ops {
			op, ok := resolve(m, o.id, model.OperationType)
			if !ok {
				continue
			}
			// The reference takes the identifier members of the output
			// for both the input and the output check.
			identifiers := map[string]bool{}
			for _, memberName := range inputBindings(r, ioStructure(m, op, false)) {
				identifiers[memberName] = true
			}
			for _, input := range []bool{true, false} {
				shape := pb.propertiesShape(op, input)
				if shape == nil {
					continue
				}
				byProperty := map[string][]string{}
				for _, mem := range shape.Members() {
					name, ok := pb.name[mem]
					if !ok {
						continue
					}
					used[name] = true
					byProperty[name] = append(byProperty[name], mem.MemberName())
					if want, ok := props[name]; ok {
						if mem.Target() != want {
							events = append(events, errorf("ResourceOperationInputOutput", mem,
								"This member must target `%s`. This member is used as part of the `%s` operation of the `%s` resource and conflicts with its `%s` resource property.",
								want, o.name, r.ID(), name))
						}
					} else if !identifiers[mem.MemberName()] {
						events = append(events, errorf("ResourceOperationInputOutput", mem,
							"Member `%s` does not target a property or identifier for resource `%s`. If it is an identifier, apply the `%s` trait. If it is a property, apply the `%s` trait. If it is neither, apply the `%s` trait.",
							mem.MemberName(), r.ID(), preludeid.ResourceIdentifier, preludeid.Property, preludeid.NotProperty))
					}
				}
				eachConflict(byProperty, func(n string, members []string) {
					events = append(events, errorf("ResourceOperationInputOutput", shape,
						"This shape contains members with conflicting resource property names that resolve to '%s': %s", n, strings.Join(members, ", ")))
				})
			}
		}
		for _, p := range r.Properties() {
			if !used[p.Name] {
				events = append(events, errorf("ResourceOperationInputOutput", r,
					"Resource property `%s` is not used in the input or output of create or an instance operation.", p.Name))
			}
		}
	}
	return events
}
