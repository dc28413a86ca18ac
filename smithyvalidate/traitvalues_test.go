package smithyvalidate_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// traitSummary renders trait findings as "target trait code path" lines.
func traitSummary(fs []sv.TraitFinding) string {
	var lines []string
	for _, f := range fs {
		lines = append(lines, f.Target.String()+" "+f.Trait.String()+" "+string(f.Code)+" "+f.Path.String())
	}
	return strings.Join(lines, "\n")
}

func TestCheckTraitValues(t *testing.T) {
	m := loadModel(t, `$version: "2"
namespace t

@trait
structure config {
    @required
    name: String
    @range(min: 1)
    level: Integer
    tags: Tags
}
@length(max: 2)
list Tags { member: String }

@trait
structure marker {}

@trait
@pattern("^[a-z]+$")
string lower

@length(min: 1)
@config(name: "x", level: 3)
@marker
string Good

@length(min: "x")
@config(level: 0, tags: ["a", "b", "c"], extra: true)
@lower("ABC")
string Bad

structure S {
    @lower("ok")
    @range(min: 1, max: "ten")
    m: Integer
}
`)
	fs, err := sv.CheckTraitValues(m)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"t#Bad smithy.api#length type /min",
		"t#Bad t#config required ",
		"t#Bad t#config range /level",
		"t#Bad t#config length /tags",
		"t#Bad t#config unknown-member /extra",
		"t#Bad t#lower pattern ",
		"t#S$m smithy.api#range type /max",
	}, "\n")
	if got := traitSummary(fs); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, f := range fs {
		if !f.Source.Pos.IsValid() {
			t.Errorf("%s: no source position", f.Event())
		}
	}
	ev := fs[0].Event()
	if ev.ID != "Model" || ev.Shape.String() != "t#Bad" || ev.Message != "Error creating trait `length`: Expected `min` to be a number; found string" {
		t.Errorf("event %+v", ev)
	}
}

// The reference's trait-value error files: each expected event must be
// found (same shape and severity); no other finding may appear.
func TestTraitValueErrorFiles(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "corpus", "smithy", "errorfiles", "validators")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus not found at %s (it lives at ../shared/corpus from the repository root)", dir)
	}
	for _, tc := range []struct {
		file string
		want []string // "SEVERITY shape code"
	}{
		{"idref-trait.json", []string{
			"ERROR ns.foo#Invalid1 id-ref",
			"ERROR ns.foo#Invalid2 id-ref-selector",
			"ERROR ns.foo#Invalid3 id-ref-missing",
			"ERROR ns.foo#Invalid4 id-ref",
			"ERROR ns.foo#InvalidAllowsMissing1 id-ref-selector",
			"ERROR ns.foo#InvalidCustomErrorMessage1 id-ref-selector",
		}},
		{"annotation-trait-extra-properties.json", []string{"WARNING ns.foo#Baz unknown-member"}},
		{"trait-value/extra-trait-property.smithy", []string{"WARNING smithy.example#MyInteger unknown-member"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			m := loadModel(t, string(data))
			fs, err := sv.CheckTraitValues(m)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range fs {
				ev := f.Event()
				got = append(got, ev.Severity.String()+" "+ev.Shape.String()+" "+string(f.Code))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if tc.file == "idref-trait.json" {
				for _, f := range fs {
					if f.Target.Name == "InvalidCustomErrorMessage1" && f.Message != "Custom error message" {
						t.Errorf("custom message: %q", f.Message)
					}
				}
			}
		})
	}
}
