package importer

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
)

// TestAnyOfSubsumed: an anyOf branch whose every value another branch
// accepts is left out with a diagnostic (no verdict changes); oneOf, an
// export's anyOf and branches the relation cannot prove within another
// keep every branch.
func TestAnyOfSubsumed(t *testing.T) {
	const defs = `"Obj":{"type":"object","properties":{"a":{"type":"string"}}},"Str":{"type":"string","minLength":2}`
	cases := []struct {
		name, schema string
		exported     bool
		// dropped are the branch indexes left out, in order.
		dropped []string
		// kept are the member names the union keeps.
		kept []string
	}{
		{"a structure within any object", `{"anyOf":[{"$ref":"#/components/schemas/Obj"},{"type":"object"}]}`, false, []string{"0 is a value of branch 1"}, nil},
		{"integer within number", `{"anyOf":[{"type":"integer","minimum":1},{"type":"number"},{"type":"string"}]}`, false, []string{"0 is a value of branch 1"}, []string{"option2", "option3"}},
		{"const within its type", `{"anyOf":[{"type":"boolean"},{"const":"x"},{"type":["string","null"]}]}`, false, []string{"1 is a value of branch 2"}, []string{"option1", "option3"}},
		{"enum of two types within both", `{"anyOf":[{"enum":[1,"a"]},{"type":["integer","string"]}]}`, false, []string{"0 is a value of branch 1"}, nil},
		{"anything holds every branch", `{"anyOf":[{"type":"string"},{"type":"integer"},{"description":"any"}]}`, false, []string{"0 is a value of branch 2", "1 is a value of branch 2"}, nil},
		{"two equal branches: the first stays", `{"anyOf":[{"type":"string","title":"A"},{"type":"string","title":"B"},{"type":"integer"}]}`, false, []string{"1 is a value of branch 0"}, []string{"a", "option3"}},
		{"a constrained string is not within another constraint", `{"anyOf":[{"$ref":"#/components/schemas/Str"},{"type":"string","maxLength":5}]}`, false, nil, []string{"str", "option2"}},
		{"a $ref with siblings is not followed on the wider side", `{"anyOf":[{"type":"string","minLength":2,"maxLength":3},{"$ref":"#/components/schemas/Str","maxLength":3}]}`, false, nil, nil},
		{"a $ref with siblings is within its target's type", `{"anyOf":[{"type":"string"},{"$ref":"#/components/schemas/Str","maxLength":3}]}`, false, []string{"1 is a value of branch 0"}, nil},
		{"1.0 is not proven an integer", `{"anyOf":[{"const":1.0},{"type":"integer"}]}`, false, nil, nil},
		{"oneOf is not pruned", `{"oneOf":[{"type":"integer"},{"type":"number"}]}`, false, nil, []string{"option1", "option2"}},
		{"an export's anyOf is not pruned", `{"anyOf":[{"type":"integer"},{"type":"number"}]}`, true, nil, []string{"option1", "option2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ext := ""
			if c.exported {
				ext = `"x-smithy-service":"t#T",`
			}
			doc := `{"openrpc":"1.3.2","info":{"title":"t","version":"1"},` + ext + `"methods":[{"name":"m","params":[],"result":{"name":"r","schema":{"$ref":"#/components/schemas/U"}}}],
"components":{"schemas":{` + defs + `,"U":` + c.schema + `}}}`
			res, err := OpenRPC([]byte(doc), Options{Namespace: "t"})
			if err != nil {
				t.Fatal(err)
			}
			m := load(t, res.IDL)
			var got []string
			for _, d := range res.Diagnostics {
				if d.Keyword == "anyOf" && strings.Contains(d.Message, "left out") {
					got = append(got, d.Message)
				}
			}
			if len(got) != len(c.dropped) {
				t.Fatalf("left out %q, want %q", got, c.dropped)
			}
			for i, w := range c.dropped {
				if !strings.Contains(got[i], "branch "+w) {
					t.Errorf("diagnostic %q, want branch %s", got[i], w)
				}
			}
			if c.kept != nil {
				u, ok := m.Shape(shapeid.MustParse("t#U"))
				if !ok {
					t.Fatalf("no union U:\n%s", res.IDL)
				}
				var names []string
				for _, mem := range u.Members() {
					names = append(names, mem.MemberName())
				}
				if strings.Join(names, ",") != strings.Join(c.kept, ",") {
					t.Errorf("members %v, want %v:\n%s", names, c.kept, res.IDL)
				}
			}
		})
	}
}
