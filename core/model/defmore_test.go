package model

import (
	"testing"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// TestDefMore: what a ShapeDef keeps behind its one pointer (mixins,
// properties, the files of members written elsewhere) reads back as set,
// a copy's setters leave the original as it was, and the pointer is nil
// again once nothing is set.
func TestDefMore(t *testing.T) {
	mx := shapeid.MustParse("ns#Mx")
	d := ShapeDef{ID: shapeid.MustParse("ns#S"), Type: StructureType, Source: SourceLocation{File: "a.smithy"},
		Members: []MemberDef{{Name: "a", Pos: node.Pos{Line: 2}}, {Name: "b", Pos: node.Pos{Line: 3}}}}
	if d.more != nil || d.Mixins() != nil || d.Entity() != nil || !d.Props().IsZero() {
		t.Fatalf("a new definition has rare parts: %+v", d.more)
	}
	d.SetMemberFile("a", "a.smithy") // its shape's file: nothing recorded
	if d.more != nil {
		t.Fatalf("the shape's own file was recorded: %+v", d.more)
	}
	d.SetMixins([]shapeid.ID{mx})
	d.SetMemberFile("b", "apply.smithy")
	c := d
	c.SetMixins(nil)
	c.SetProps().Version = "1"
	c.SetMemberFile("b", "a.smithy")
	if got := d.Mixins(); len(got) != 1 || got[0] != mx || d.Entity() != nil {
		t.Errorf("the copy's setters changed the original: mixins %v entity %v", got, d.Entity())
	}
	if got := d.MemberSource(&d.Members[1]); got.File != "apply.smithy" || got.Pos.Line != 3 {
		t.Errorf("member b at %v, want apply.smithy:3", got)
	}
	if got := d.MemberSource(&d.Members[0]); got.File != "a.smithy" || got.Pos.Line != 2 {
		t.Errorf("member a at %v, want a.smithy:2", got)
	}
	if got := c.MemberSource(&c.Members[1]); got.File != "a.smithy" || c.Props().Version != "1" || c.Mixins() != nil {
		t.Errorf("the copy: member b at %v, version %q, mixins %v", got, c.Props().Version, c.Mixins())
	}
	c.SetEntity(nil)
	if c.more != nil {
		t.Errorf("nothing set, yet the copy keeps %+v", c.more)
	}
}
