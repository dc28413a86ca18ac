package validate_test

import "testing"

func TestDefaultValueInUpdate(t *testing.T) {
	const warn = "This update style operation has top-level input members marked with the @default trait. It will be impossible to tell if the member was omitted or explicitly provided. Affected members: "
	runFamily(t, []string{"DefaultValueInUpdate"}, []familyCase{
		{"update by name, members listed sorted", `
operation UpdateThing {
    input := {
        zeta: Integer = 0
        alpha: String = ""
        plain: String
    }
}`, []string{"[WARNING] ns#UpdateThing: " + warn + "[alpha, zeta] | DefaultValueInUpdate"}},
		{"patch by name in any case", `
operation patchThing {
    input := {
        size: Integer = 1
    }
}`, []string{"[WARNING] ns#patchThing: " + warn + "[size] | DefaultValueInUpdate"}},
		{"a resource's update operation", `
resource Thing {
    identifiers: { id: String }
    update: ModifyThing
}
operation ModifyThing {
    input := {
        @required
        id: String
        size: Integer = 1
    }
}`, []string{"[WARNING] ns#ModifyThing: " + warn + "[size] | DefaultValueInUpdate"}},
		{"no default in the input", `
operation UpdateThing {
    input := {
        size: Integer
    }
}`, nil},
		{"not update style", `
operation PutThing {
    input := {
        size: Integer = 1
    }
}`, nil},
	})
}
