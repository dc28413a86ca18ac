package model

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// TestBodySource: a root shape's body keeps its file as an index among
// the model's files, not a string of its own (docs/performance.md,
// "Where a model's bytes go", tenth round: 16 bytes a root shape, 1.6 MB
// of the chain of 100,000 structures), so a body stays at most 152
// bytes; and every shape and member of a model whose definitions come
// from many files, in an order that is not the files' (their IDs
// interleave them), some members written in another file than their
// container, reads the source it was defined at.
func TestBodySource(t *testing.T) {
	if n := unsafe.Sizeof(shapeBody{}); n > 152 {
		t.Errorf("a shape's body is %d bytes: at most 152", n)
	}
	str := shapeid.MustParse("smithy.api#String")
	const n, files = 300, 7
	var defs []ShapeDef
	for i := range n {
		file := fmt.Sprintf("f%d.smithy", i%files)
		def := ShapeDef{ID: shapeid.New("ex", fmt.Sprintf("S%d", i)), Type: StructureType,
			Source: SourceLocation{File: file, Pos: node.Pos{Offset: int32(i), Line: int32(i + 1), Column: 3}}}
		for j := range 3 {
			mfile := file
			if j == 2 && i%5 == 0 {
				mfile = "apply.smithy"
			}
			def.Members = append(def.Members, MemberDef{Name: fmt.Sprintf("m%d", j), Target: str,
				Pos: node.Pos{Line: int32(i + 1), Column: int32(j + 5)}})
			def.SetMemberFile(fmt.Sprintf("m%d", j), mfile)
		}
		defs = append(defs, def)
	}
	defs = append(defs, ShapeDef{ID: str, Type: StringType, Source: SourceLocation{File: "prelude.smithy"}})
	want := map[shapeid.ID]SourceLocation{}
	for _, d := range defs {
		want[d.ID] = d.Source
		for _, md := range d.Members {
			want[d.ID.WithMember(md.Name)] = d.MemberSource(&md)
		}
	}
	m, err := New(defs, nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, s := range m.Shapes() {
		for _, sh := range append([]*Shape{s}, s.Members()...) {
			seen++
			if got := sh.Source(); got != want[sh.ID()] {
				t.Errorf("%s: source %v, want %v", sh.ID(), got, want[sh.ID()])
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d shapes read, want %d", seen, len(want))
	}
	if len(m.files) != files+1 {
		t.Errorf("the model keeps %d files (%q), want %d", len(m.files), m.files, files+1)
	}
}
