package model

import (
	"fmt"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
)

// TestShapeIndex checks the ID index on names repeated across namespaces
// (their hashes share the name's part) and IDs the model lacks.
func TestShapeIndex(t *testing.T) {
	var defs []ShapeDef
	for ns := range 7 {
		for i := range 300 {
			defs = append(defs, ShapeDef{ID: shapeid.New(fmt.Sprintf("ns%d", ns), fmt.Sprintf("S%d", i)), Type: StringType})
		}
	}
	m, err := New(defs, nil)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		id   string
		want bool
	}{
		{"first", "ns0#S0", true},
		{"last", "ns6#S299", true},
		{"same name other namespace", "ns3#S17", true},
		{"member of a shape without members", "ns3#S17$m", false},
		{"absent name", "ns3#S300", false},
		{"absent namespace", "ns7#S1", false},
		{"namespace and name swapped", "S1#ns1", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			id := shapeid.MustParse(tc.id)
			s, ok := m.Shape(id)
			if ok != tc.want {
				t.Fatalf("Shape(%s) found %v, want %v", id, ok, tc.want)
			}
			if ok && s.ID() != id {
				t.Errorf("Shape(%s) = %s", id, s.ID())
			}
		})
	}
	for _, d := range defs {
		if s, ok := m.Shape(d.ID); !ok || s.ID() != d.ID {
			t.Fatalf("Shape(%s) not found", d.ID)
		}
	}
	if _, err := New(append(defs, ShapeDef{ID: shapeid.New("ns5", "S200"), Type: StringType}), nil); err == nil {
		t.Error("a shape defined twice was accepted")
	}
}
