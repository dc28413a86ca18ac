package smithyvalidate_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/core/validate"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// closedTraitIDL defines smithy.rpc#closed as the rpc module does (with its
// selector), for tests of the engine alone; rpc's tests hold the shipped
// definition to the same shape ID.
const closedTraitIDL = `$version: "2"
namespace smithy.rpc
@trait(selector: "structure :not(> member [trait|alloy#jsonUnknown])")
structure closed {}
`

// loadClosedModel assembles src with the alloy traits and the closed
// trait's definition, as the smithy command loads every model.
func loadClosedModel(t testing.TB, src string) (*model.Model, []model.Event) {
	t.Helper()
	a := assembly.New()
	if err := sv.AddAlloyTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := a.AddSource("closed.smithy", []byte(closedTraitIDL)); err != nil {
		t.Fatal(err)
	}
	if err := a.AddSource("test.smithy", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatal(err)
	}
	return res.Model, res.Events
}

const closedModel = `$version: "2"
namespace t

use smithy.rpc#closed
use alloy#untagged
use alloy#discriminated

@closed
structure Point {
    @required
    x: Integer
    y: Integer
    inner: Loose
}

structure Loose {
    a: String
}

@closed
structure Empty {}

// Closed, the smaller alternative no longer matches the larger one's
// values: the untagged union tells them apart under every policy.
@untagged
union Edit {
    plain: Plain
    annotated: Annotated
}

@closed
structure Plain { @required text: String }

structure Annotated {
    @required
    text: String
    @required
    note: String
}

@discriminated("kind")
union Shape {
    dot: Point
}
`

// TestClosedStructures: an unknown field of a closed structure is an
// unknown-member error under every unknown-member policy, at its path and
// position; an open structure inside it keeps following the policy.
func TestClosedStructures(t *testing.T) {
	m, events := loadClosedModel(t, closedModel)
	for _, e := range events {
		if e.Severity == model.ErrorSeverity {
			t.Fatalf("the model does not load: %v", events)
		}
	}
	policies := []struct {
		name string
		opts []sv.Option
	}{
		{"warn", nil},
		{"ignore", []sv.Option{sv.IgnoreUnknownMembers(true)}},
		{"reject", []sv.Option{sv.RejectUnknownMembers(true)}},
	}
	for _, tc := range []struct {
		name, shape, value string
		// want is the findings ("severity code path") under warn, ignore
		// and reject.
		want [3]string
	}{
		{"known fields only", "t#Point", `{"x":1,"y":2}`, [3]string{"", "", ""}},
		{"an unknown field", "t#Point", `{"x":1,"z":2}`,
			[3]string{"error unknown-member /z", "error unknown-member /z", "error unknown-member /z"}},
		{"an empty closed structure", "t#Empty", `{"a":null}`,
			[3]string{"error unknown-member /a", "error unknown-member /a", "error unknown-member /a"}},
		{"an open structure inside follows the policy", "t#Point", `{"x":1,"inner":{"a":"s","b":1}}`,
			[3]string{"warning unknown-member /inner/b", "", "error unknown-member /inner/b"}},
		{"both", "t#Point", `{"x":1,"inner":{"b":1},"w":0}`,
			[3]string{"warning unknown-member /inner/b; error unknown-member /w", "error unknown-member /w", "error unknown-member /inner/b; error unknown-member /w"}},
		{"untagged: the closed member refuted by an extra field", "t#Edit", `{"text":"a","note":"n"}`, [3]string{"", "", ""}},
		{"untagged: the closed member exact", "t#Edit", `{"text":"a"}`, [3]string{"", "", ""}},
		// Annotated lacks note and Plain has an unknown field: two
		// errors, so no member takes it under any policy, and the closest
		// (Plain, first of equal rank) gives its findings.
		{"untagged: no member takes it", "t#Edit", `{"text":"a","other":1}`,
			[3]string{"error untagged ; error unknown-member /other", "error untagged ; error unknown-member /other", "error untagged ; error unknown-member /other"}},
		{"discriminated: the discriminator is not an unknown field", "t#Shape", `{"kind":"dot","x":1}`, [3]string{"", "", ""}},
		{"discriminated: another field is", "t#Shape", `{"kind":"dot","x":1,"q":1}`,
			[3]string{"error unknown-member /q", "error unknown-member /q", "error unknown-member /q"}},
	} {
		for k, pol := range policies {
			t.Run(tc.name+"/"+pol.name, func(t *testing.T) {
				v := mustPrepare(t, m, tc.shape, pol.opts...)
				r := validateJSON(t, v, tc.value)
				got := sevCodePaths(r)
				want := tc.want[k]
				if got != want {
					t.Errorf("%s under %s: findings %q, want %q", tc.value, pol.name, got, want)
				}
				if r.Valid != !strings.Contains(want, "error") {
					t.Errorf("%s under %s: valid %v with findings %q", tc.value, pol.name, r.Valid, got)
				}
			})
		}
	}
}

// sevCodePaths renders findings as "severity code path" joined by "; ".
func sevCodePaths(r sv.Result) string {
	var parts []string
	for _, f := range r.Findings {
		parts = append(parts, fmt.Sprintf("%s %s %s", f.Severity, f.Code, f.Path))
	}
	return strings.Join(parts, "; ")
}

// The finding names the closed structure, points at the field's name, and
// says why it is an error under a permissive policy.
func TestClosedFinding(t *testing.T) {
	m, _ := loadClosedModel(t, closedModel)
	v := mustPrepare(t, m, "t#Point", sv.IgnoreUnknownMembers(true))
	r := validateJSON(t, v, "{\"x\":1,\n \"zz\":2}")
	if len(r.Findings) != 1 {
		t.Fatalf("findings %v, want one", r.Findings)
	}
	f := r.Findings[0]
	if f.Shape != shapeid.MustParse("t#Point") || f.Pos.Line != 2 || f.Pos.Column != 2 {
		t.Errorf("finding at %s %d:%d, want t#Point at 2:2", f.Shape, f.Pos.Line, f.Pos.Column)
	}
	if want := `closed structure t#Point has no member named "zz"`; !strings.Contains(f.Message, want) {
		t.Errorf("message %q, want one containing %q", f.Message, want)
	}
}

// A closed structure with an @alloy#jsonUnknown member contradicts itself:
// the trait's selector rejects it (smithy validate), and Prepare rejects it where a
// model defines the trait without that selector.
func TestClosedWithJSONUnknown(t *testing.T) {
	const src = `$version: "2"
namespace t
@smithy.rpc#closed
structure S {
    @alloy#jsonUnknown
    rest: M
}
map M { key: String, value: Document }
`
	strict, events := loadClosedModel(t, src)
	events = append(events, validate.Model(strict)...)
	var loadErr bool
	for _, e := range events {
		loadErr = loadErr || e.Severity == model.ErrorSeverity && e.Shape == shapeid.MustParse("t#S")
	}
	if !loadErr {
		t.Errorf("the selector let a closed structure with a @jsonUnknown member validate: %v", events)
	}

	a := assembly.New()
	if err := sv.AddAlloyTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := a.AddSource("loose.smithy", []byte("$version: \"2\"\nnamespace smithy.rpc\n@trait\nstructure closed {}\n")); err != nil {
		t.Fatal(err)
	}
	m := loadModelInto(t, a, src)
	_, err := sv.Prepare(m, shapeid.MustParse("t#S"))
	var me *sv.ModelError
	if !errors.As(err, &me) || !strings.Contains(me.Error(), "a closed structure cannot have an @alloy#jsonUnknown member") {
		t.Errorf("Prepare: %v, want the contradiction as a *ModelError", err)
	}
}
