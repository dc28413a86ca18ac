package openrpc_test

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/openrpc"
)

const annotatedModel = head + `
@jsonRpc(versions: ["2.0"])
@externalDocumentation("Home": "https://example.com/")
service S { version: "1", operations: [Op, Other] }

@method(name: "op")
@externalDocumentation("Method specification": "https://example.com/op")
operation Op {
    input := {
        @default("x")
        a: String

        @required
        @default(3)
        n: Integer

        b: B
    }
}

@method(name: "other")
@externalDocumentation("One": "https://example.com/1", "Two": "https://example.com/2", "Three": "https://example.com/3")
operation Other {}

structure B {
    @default(true)
    @deprecated
    flag: Boolean

    @default([])
    list: L

    @required
    @deprecated
    c: C

    /// Documented beside its reference.
    @required
    d: C

    /// Documented beside its null wrapper.
    e: C
}

list L { member: String }

structure C {}
`

// TestAnnotationsExported: @externalDocumentation of the service and of an
// operation become OpenRPC externalDocs (the first entry, its name the
// description; the others a loss), a member's @default the `default` of
// its schema (beside the null branch of an optional member, or the $ref),
// a structure member's @deprecated its schema's `deprecated`. The
// document passes the metaschema (Convert checks it).
func TestAnnotationsExported(t *testing.T) {
	res := convert(t, annotatedModel, "example#S", openrpc.Config{})
	comp := "/components/schemas/"
	cases := []struct{ name, ptr, want string }{
		{"service externalDocs", "/externalDocs", `{"description":"Home","url":"https://example.com/"}`},
		{"method externalDocs", "/methods/0/externalDocs", `{"description":"Method specification","url":"https://example.com/op"}`},
		{"method externalDocs, the first of three", "/methods/1/externalDocs", `{"description":"One","url":"https://example.com/1"}`},
		{"optional param's default beside its null branch", "/methods/0/params/1/schema", `{"anyOf":[{"type":"string"},{"type":"null"}],"x-smithy-null":"absent","default":"x"}`},
		{"required param's default", "/methods/0/params/0/schema", `{"type":"integer","minimum":-2147483648,"maximum":2147483647,"default":3}`},
		{"property default and deprecated", comp + "B/properties/flag", `{"anyOf":[{"type":"boolean"},{"type":"null"}],"x-smithy-null":"absent","default":true,"deprecated":true}`},
		{"a list's default", comp + "B/properties/list/default", `[]`},
		{"deprecated beside a $ref", comp + "B/properties/c", `{"$ref":"#/components/schemas/C","deprecated":true}`},
		{"a member's documentation beside a $ref", comp + "B/properties/d", `{"description":"Documented beside its reference.","$ref":"#/components/schemas/C"}`},
		{"a member's documentation beside its null wrapper", comp + "B/properties/e", `{"description":"Documented beside its null wrapper.","anyOf":[{"$ref":"#/components/schemas/C"},{"type":"null"}],"x-smithy-null":"absent"}`},
		{"the input structure's property default", comp + "OpInput/properties/n/default", `3`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := compact(at(t, res.Document, c.ptr)); got != c.want {
				t.Errorf("%s = %s\nwant %s", c.ptr, got, c.want)
			}
		})
	}
	var losses []string
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "externalDocumentation") || strings.Contains(d.Message, "@default") || strings.Contains(d.Message, "@deprecated") {
			losses = append(losses, d.String())
		}
	}
	want := `loss method "other" example#Other: @externalDocumentation has 3 entries and an OpenRPC externalDocs one: only "One" is written (left out: "Two", "Three")`
	if len(losses) != 1 || losses[0] != want {
		t.Errorf("diagnostics about the annotations:\n%s\nwant only\n%s", strings.Join(losses, "\n"), want)
	}
}

// TestTraitLosses: a prelude trait the document has no place for is a
// loss naming the shape or member that applies it, never a silent drop;
// where the document has a place, no loss.
func TestTraitLosses(t *testing.T) {
	const svc = `
@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Op] }
`
	cases := []struct {
		name, model string
		// want is the loss (shape: message start), "" for none.
		want string
	}{
		{"externalDocumentation on a structure", `
@method(name: "op")
operation Op { input: In }
@externalDocumentation("Spec": "https://example.com/in")
structure In { a: String }
`, "example#In: @externalDocumentation (external documentation"},
		{"externalDocumentation on a member", `
@method(name: "op")
operation Op { input: In }
structure In {
    @externalDocumentation("Spec": "https://example.com/a")
    a: String
}
`, "example#In$a: @externalDocumentation (external documentation"},
		{"default of a shape", `
@method(name: "op")
operation Op { input: In }
structure In {
    @default(0)
    a: Count
}
@default(0)
integer Count
`, "example#Count: @default (a default value"},
		{"deprecated structure", `
@method(name: "op")
operation Op { input: In }
@deprecated
structure In { a: String }
`, "example#In: @deprecated (deprecated"},
		{"deprecated union member", `
@method(name: "op")
operation Op { input: In }
structure In { u: U }
union U {
    @deprecated
    a: String
    b: Integer
}
`, "example#U$a: @deprecated (deprecated"},
		{"documented union member", `
@method(name: "op")
operation Op { input: In }
structure In { u: U }
union U {
    /// The text.
    a: String
    b: Integer
}
`, "example#U$a: @documentation (a union member's own text) has no place"},
		{"documented untagged union member", `
@method(name: "op")
operation Op { input: In }
structure In { u: U }
@alloy#untagged
union U {
    a: String
    /// The text.
    b: Integer
}
`, "example#U$b: @documentation (a union member's own text) has no place"},
		{"sensitive", `
@method(name: "op")
operation Op { input: In }
structure In { secret: Secret }
@sensitive
string Secret
`, "example#Secret: @sensitive (sensitive data"},
		{"since", `
@method(name: "op")
operation Op { input: In }
structure In {
    @since("2")
    a: String
}
`, "example#In$a: @since (the version"},
		{"unstable operation", `
@method(name: "op")
@unstable
operation Op {}
`, "example#Op: @unstable (unstable"},
		{"recommended", `
@method(name: "op")
operation Op { input: In }
structure In {
    @recommended
    a: String
}
`, "example#In$a: @recommended (recommended"},
		{"tags on a structure", `
@method(name: "op")
operation Op { input: In }
@tags(["x"])
structure In { a: String }
`, "example#In: @tags (tags"},
		{"title on a structure", `
@method(name: "op")
operation Op { input: In }
@title("The input")
structure In { a: String }
`, "example#In: @title (a title"},
		{"idempotent", `
@method(name: "op")
@idempotent
operation Op {}
`, "example#Op: @idempotent (idempotent"},
		{"readonly", `
@method(name: "op")
@readonly
operation Op {}
`, "example#Op: @readonly (read-only"},
		{"retryable error", `
@method(name: "op")
operation Op { errors: [Busy] }
@error("server")
@retryable
@rpcError(code: 1)
structure Busy {}
`, "example#Busy: @retryable (retryable"},
		{"idempotency token", `
@method(name: "op")
operation Op { input: In }
structure In {
    @idempotencyToken
    token: String
}
`, "example#In$token: @idempotencyToken (an idempotency token"},
		{"media type", `
@method(name: "op")
operation Op { input: In }
structure In { a: Json }
@mediaType("application/json")
string Json
`, "example#Json: @mediaType (a media type"},
		{"written: operation tags, deprecated and externalDocumentation, service title", `
@method(name: "op")
@tags(["x"])
@deprecated
@externalDocumentation("Spec": "https://example.com/op")
operation Op {}
`, ""},
		{"written: a structure member's default and deprecated", `
@method(name: "op")
operation Op { input: In }
structure In {
    @default("x")
    @deprecated
    a: String
}
`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			model := strings.Replace(head+svc+c.model, "service S {", "@title(\"The service\")\nservice S {", 1)
			res := convert(t, model, "example#S", openrpc.Config{})
			var got []string
			for _, d := range res.Diagnostics {
				if d.Code == openrpc.CodeLoss && strings.Contains(d.Message, "has no place in the document") {
					got = append(got, d.Shape.String()+": "+d.Message)
				}
			}
			switch {
			case c.want == "" && len(got) > 0:
				t.Errorf("losses %q, want none", got)
			case c.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], c.want)):
				t.Errorf("losses %q, want one starting %q", got, c.want)
			}
		})
	}
}
