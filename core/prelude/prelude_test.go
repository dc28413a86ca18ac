package prelude

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// referencePrelude is the reference implementation's prelude in the shared
// test corpus (never copied into the project).
var referencePrelude = filepath.Join("..", "..", "..", "shared", "corpus", "smithy", "prelude.smithy")

// summary describes each shape and member of a document by type (members:
// target) and sorted trait IDs.
func summary(doc *model.Document) map[string]string {
	out := map[string]string{}
	traitIDs := func(ts []model.Trait) string {
		var ids []string
		for _, t := range ts {
			ids = append(ids, t.ID.String())
		}
		sort.Strings(ids)
		return strings.Join(ids, ",")
	}
	for _, s := range doc.Shapes {
		out[s.ID.String()] = s.Type.String() + " traits=" + traitIDs(s.Traits) + " mixins=" + strings.Join(idStrings(s.Mixins()), ",")
		for _, m := range s.Members {
			out[s.ID.WithMember(m.Name).String()] = "member -> " + m.Target.String() + " traits=" + traitIDs(m.Traits())
		}
	}
	return out
}

func idStrings(ids []shapeid.ID) []string {
	var s []string
	for _, id := range ids {
		s = append(s, id.String())
	}
	return s
}

func TestMatchesReferencePrelude(t *testing.T) {
	src, err := os.ReadFile(referencePrelude)
	if err != nil {
		t.Skipf("reference prelude not available (%v): the shared corpus is absent", err)
	}
	f, err := idl.Parse("reference-prelude.smithy", src)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[shapeid.ID]bool{}
	for _, id := range f.Declared() {
		ids[id] = true
	}
	ref, err := f.Lower(func(id shapeid.ID) bool { return ids[id] })
	if err != nil {
		t.Fatal(err)
	}
	want, got := summary(ref), summary(Document())
	var keys []string
	for k := range want {
		keys = append(keys, k)
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if want[k] != got[k] {
			t.Errorf("%s:\n got  %q\n want %q", k, got[k], want[k])
		}
	}
	t.Logf("%d shapes and members compared", len(want))
}

// TestTraitValuesMatchReference compares the trait values (selectors,
// constraints, defaults) other than documentation.
func TestTraitValuesMatchReference(t *testing.T) {
	src, err := os.ReadFile(referencePrelude)
	if err != nil {
		t.Skipf("reference prelude not available (%v): the shared corpus is absent", err)
	}
	f, err := idl.Parse("reference-prelude.smithy", src)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[shapeid.ID]bool{}
	for _, id := range f.Declared() {
		ids[id] = true
	}
	ref, err := f.Lower(func(id shapeid.ID) bool { return ids[id] })
	if err != nil {
		t.Fatal(err)
	}
	values := func(doc *model.Document) map[string]string {
		out := map[string]string{}
		add := func(id shapeid.ID, ts []model.Trait) {
			for _, tr := range ts {
				if tr.ID.Name != "documentation" {
					out[id.String()+" @"+tr.ID.String()] = render(tr.Value)
				}
			}
		}
		for _, s := range doc.Shapes {
			add(s.ID, s.Traits)
			for _, m := range s.Members {
				add(s.ID.WithMember(m.Name), m.Traits())
			}
		}
		return out
	}
	want, got := values(ref), values(Document())
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s:\n got  %s\n want %s", k, got[k], w)
		}
	}
}

func TestIsPreludeID(t *testing.T) {
	for _, tc := range []struct {
		id   string
		want bool
	}{
		{"smithy.api#String", true},
		{"smithy.api#PrimitiveInteger", true},
		{"smithy.api#Unit", true},
		{"smithy.api#trait$selector", true},
		{"smithy.api#trait$nope", false},
		{"smithy.api#Nope", false},
		{"example#String", false},
	} {
		if got := IsPreludeID(shapeid.MustParse(tc.id)); got != tc.want {
			t.Errorf("IsPreludeID(%s) = %v, want %v", tc.id, got, tc.want)
		}
	}
}

func TestDocumentConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	docs := make([]*model.Document, 8)
	for i := range docs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			docs[i] = Document()
		}()
	}
	wg.Wait()
	for _, d := range docs {
		if d != docs[0] {
			t.Fatal("Document returned different documents")
		}
	}
	if docs[0].Version != "2.0" || !slices.ContainsFunc(docs[0].Shapes, func(s model.ShapeDef) bool { return s.ID.Name == "PrimitiveInteger" }) {
		t.Fatalf("unexpected prelude document: version %s, %d shapes", docs[0].Version, len(docs[0].Shapes))
	}
}

// render prints a node as compact JSON with object keys sorted.
func render(n node.Node) string {
	switch n.Kind() {
	case node.Null:
		return "null"
	case node.Bool:
		if n.BoolValue() {
			return "true"
		}
		return "false"
	case node.Number:
		return n.NumberText()
	case node.String:
		return strconv.Quote(n.StringValue())
	case node.Array:
		var parts []string
		for _, e := range n.Elems() {
			parts = append(parts, render(e))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	var parts []string
	for _, f := range n.Fields() {
		parts = append(parts, strconv.Quote(f.Key)+":"+render(f.Value))
	}
	sort.Strings(parts)
	return "{" + strings.Join(parts, ",") + "}"
}
