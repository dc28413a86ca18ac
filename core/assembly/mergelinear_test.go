package assembly_test

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// TestMergeLinear: merging n arrays into one trait or one metadata key
// costs their total length. Each merge copied the whole list merged so
// far, so n `apply S @tags(["i"])` statements were n² (32,000 took 16.8 s
// to load; docs/performance.md, "Model loading (core/assembly)"), and so
// were n documents applying a trait to one shape or defining it again with
// it, and n files giving one metadata key. The
// bytes allocated for n and 4n merges are compared, in this run: ~4 times
// as many when linear, ~16 when quadratic. Each form also keeps every
// element, in the order the documents and statements gave them.
func TestMergeLinear(t *testing.T) {
	type form struct {
		name    string
		sources func(n int) map[string]string // file name -> text; files are added in name order
		list    func(m *model.Model) []string
	}
	shapeS := shapeid.ID{Namespace: "a.b", Name: "S"}
	tags := shapeid.ID{Namespace: "smithy.api", Name: "tags"}
	traitList := func(m *model.Model) []string {
		sh, ok := m.Shape(shapeS)
		if !ok {
			return nil
		}
		v, _ := sh.Trait(tags)
		var out []string
		for _, e := range v.Elems() {
			out = append(out, e.StringValue())
		}
		return out
	}
	forms := []form{
		{"IDL apply statements", func(n int) map[string]string {
			var b strings.Builder
			b.WriteString("$version: \"2\"\nnamespace a.b\nstructure S {}\n")
			for i := range n {
				fmt.Fprintf(&b, "apply S @tags([\"t%d\"])\n", i)
			}
			return map[string]string{"m.smithy": b.String()}
		}, traitList},
		{"JSON AST documents applying", func(n int) map[string]string {
			files := map[string]string{"a.json": `{"smithy":"2.0","shapes":{"a.b#S":{"type":"structure"}}}`}
			for i := range n {
				files[fmt.Sprintf("b%06d.json", i)] = fmt.Sprintf(`{"smithy":"2.0","shapes":{"a.b#S":{"type":"apply","traits":{"smithy.api#tags":["t%d"]}}}}`, i)
			}
			return files
		}, traitList},
		{"JSON AST documents defining the shape again", func(n int) map[string]string {
			files := map[string]string{}
			for i := range n {
				files[fmt.Sprintf("b%06d.json", i)] = fmt.Sprintf(`{"smithy":"2.0","shapes":{"a.b#S":{"type":"structure","traits":{"smithy.api#tags":["t%d"]}}}}`, i)
			}
			return files
		}, traitList},
		{"metadata of several files", func(n int) map[string]string {
			files := map[string]string{}
			for i := range n {
				files[fmt.Sprintf("m%06d.smithy", i)] = fmt.Sprintf("$version: \"2\"\nmetadata k = [\"t%d\"]\n", i)
			}
			return files
		}, func(m *model.Model) []string {
			v, _ := m.MetadataValue("k")
			var out []string
			for _, e := range v.Elems() {
				out = append(out, e.StringValue())
			}
			return out
		}},
	}
	for _, f := range forms {
		t.Run(f.name, func(t *testing.T) {
			load := func(n int) (uint64, []string) {
				files := f.sources(n)
				names := make([]string, 0, len(files))
				for name := range files {
					names = append(names, name)
				}
				slices.Sort(names)
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				a := assembly.New()
				for _, name := range names {
					if err := a.AddSourceString(name, files[name]); err != nil {
						t.Fatal(err)
					}
				}
				res, err := a.Assemble()
				runtime.ReadMemStats(&after)
				if err != nil || res.Model == nil || res.HasErrors() {
					t.Fatalf("assemble: %v %v", err, res.Events)
				}
				return after.TotalAlloc - before.TotalAlloc, f.list(res.Model)
			}
			const n = 1500
			small, got := load(n)
			if len(got) != n {
				t.Fatalf("%d elements merged, want %d", len(got), n)
			}
			for i, s := range got {
				if want := fmt.Sprintf("t%d", i); s != want {
					t.Fatalf("element %d is %q, want %q: the merged order changed", i, s, want)
				}
			}
			large, got := load(4 * n)
			if len(got) != 4*n {
				t.Fatalf("%d elements merged, want %d", len(got), 4*n)
			}
			ratio := float64(large) / float64(small)
			t.Logf("%d merges: %d bytes allocated; %d: %d (%.2f times)", n, small, 4*n, large, ratio)
			if ratio > 6 {
				t.Errorf("4 times the merges allocated %.2f times the bytes: at most 6 (linear is ~4, quadratic ~16)", ratio)
			}
		})
	}
}

// TestApplyIndexed: past 16 traits or members, apply statements find the
// trait and the member through an index; what they do is the same as
// through the search: an equal value is kept once, a conflicting one is
// an error naming both places, an array is concatenated in order, and a
// statement applying to each member reaches that member.
func TestApplyIndexed(t *testing.T) {
	const n = 40
	var b strings.Builder
	b.WriteString("$version: \"2\"\nnamespace a.b\nstructure S {\n")
	for i := range n {
		fmt.Fprintf(&b, "    m%d: String\n", i)
	}
	b.WriteString("}\n")
	for i := range n {
		fmt.Fprintf(&b, "@trait\nstring t%d\n", i)
	}
	for i := range n {
		fmt.Fprintf(&b, "apply S @t%d(\"v%d\")\n", i, i)
		fmt.Fprintf(&b, "apply S$m%d @documentation(\"d%d\")\n", i, i)
	}
	b.WriteString("apply S @tags([\"x\"])\napply S @t7(\"v7\")\napply S @tags([\"y\"])\napply S @t9(\"other\")\napply S$m33 @documentation(\"d33\")\n")
	a := assembly.New()
	if err := a.AddSourceString("m.smithy", b.String()); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatal(err)
	}
	var conflicts []string
	for _, e := range res.Events {
		if e.Severity == model.ErrorSeverity {
			conflicts = append(conflicts, e.Message)
		}
	}
	if len(conflicts) != 1 || !strings.Contains(conflicts[0], "Conflicting `a.b#t9` trait found on shape `a.b#S`") {
		t.Fatalf("errors %q, want the one conflict of t9", conflicts)
	}
	if res.Model == nil {
		return
	}
	sh, ok := res.Model.Shape(shapeid.ID{Namespace: "a.b", Name: "S"})
	if !ok {
		t.Fatal("no a.b#S")
	}
	for i := range n {
		v, ok := sh.Trait(shapeid.ID{Namespace: "a.b", Name: fmt.Sprintf("t%d", i)})
		if !ok || v.StringValue() != fmt.Sprintf("v%d", i) {
			t.Errorf("t%d is %v %q, want v%d", i, ok, v.StringValue(), i)
		}
	}
	tags, _ := sh.Trait(shapeid.ID{Namespace: "smithy.api", Name: "tags"})
	if e := tags.Elems(); len(e) != 2 || e[0].StringValue() != "x" || e[1].StringValue() != "y" {
		t.Errorf("tags %v, want [x y]", e)
	}
	for _, m := range sh.Members() {
		d, ok := m.Trait(shapeid.ID{Namespace: "smithy.api", Name: "documentation"})
		if want := "d" + strings.TrimPrefix(m.ID().Member, "m"); !ok || d.StringValue() != want {
			t.Errorf("%s documentation %q, want %q", m.ID(), d.StringValue(), want)
		}
	}
}

// TestMemberTraitsLinear: n apply statements each giving one member a
// trait of its own cost linear bytes. A MemberDef keeps its traits as
// their list's first element and length (fifteenth round of
// docs/performance.md's "Where a model's bytes go"), so appending to what
// it gives copies the list: assembly grows the list it merges into beside
// the member (memberLists); copied at each statement the n traits were n²
// bytes. The bytes allocated for n and 4n statements are compared, in
// this run: ~4 times as many when linear, ~16 when quadratic; every trait
// is the member's.
func TestMemberTraitsLinear(t *testing.T) {
	load := func(n int) uint64 {
		var b strings.Builder
		b.WriteString("$version: \"2\"\nnamespace a.b\nstructure S {\n    m: String\n}\n")
		for i := range n {
			fmt.Fprintf(&b, "@trait\nstring t%d\napply S$m @t%d(\"v%d\")\n", i, i, i)
		}
		src := b.String()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		a := assembly.New()
		if err := a.AddSourceString("m.smithy", src); err != nil {
			t.Fatal(err)
		}
		res, err := a.Assemble()
		runtime.ReadMemStats(&after)
		if err != nil || res.Model == nil || res.HasErrors() {
			t.Fatalf("assemble: %v %v", err, res.Events)
		}
		m, _ := res.Model.Shape(shapeid.ID{Namespace: "a.b", Name: "S", Member: "m"})
		if got := len(m.Traits()); got != n {
			t.Fatalf("the member has %d traits, want %d", got, n)
		}
		for _, i := range []int{0, n / 2, n - 1} {
			v, ok := m.Trait(shapeid.ID{Namespace: "a.b", Name: fmt.Sprintf("t%d", i)})
			if !ok || v.StringValue() != fmt.Sprintf("v%d", i) {
				t.Fatalf("t%d is %v %q, want v%d", i, ok, v.StringValue(), i)
			}
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	const n = 1500
	small, large := load(n), load(4*n)
	ratio := float64(large) / float64(small)
	t.Logf("%d statements: %d bytes allocated; %d: %d (%.2f times)", n, small, 4*n, large, ratio)
	if ratio > 6 {
		t.Errorf("4 times the statements allocated %.2f times the bytes: at most 6 (linear is ~4, quadratic ~16)", ratio)
	}
}
