package smithyvalidate

import (
	"github.com/smithy-validation/go/core/node"
	"reflect"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

// readerModel is a small model built without the assembler (this is an
// internal test): a document and a structure with a map and a list.
func readerModel(t testing.TB) *model.Model {
	str := shapeid.New("smithy.api", "String")
	integer := shapeid.New("smithy.api", "Integer")
	defs := []model.ShapeDef{
		{ID: str, Type: model.StringType},
		{ID: integer, Type: model.IntegerType},
		{ID: shapeid.New("t", "Doc"), Type: model.DocumentType},
		{ID: shapeid.New("t", "L"), Type: model.ListType, Members: []model.MemberDef{{Name: "member", Target: integer}}},
		{ID: shapeid.New("t", "M"), Type: model.MapType, Members: []model.MemberDef{{Name: "key", Target: str}, {Name: "value", Target: shapeid.New("t", "L")}}},
		{ID: shapeid.New("t", "S"), Type: model.StructureType, Members: []model.MemberDef{
			{Name: "a", Target: str}, {Name: "m", Target: shapeid.New("t", "M")}, {Name: "s", Target: shapeid.New("t", "S")},
		}},
	}
	m, err := model.New(defs, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// FuzzReaders checks that the engine's views of a tape and its views of
// the tree core/node builds from a tape (Tape.Node and NodeView)
// give the same result for any input.
func FuzzReaders(f *testing.F) {
	for _, s := range []string{
		`{"a":"x","m":{"k":[1,2,"3"]},"s":{"a":1}}`,
		"\ufeff{\"a\" : \"\\u00e9\\ud83d\\ude00\\n\"}",
		`{"a":"x","a":"y","m":{"k":[],"k":[1]}}`,
		"{\r\n\"s\":\r{\"s\":\n[]}}",
		`[1, 2.5e-3, -0, true, false, null, "x", {}]`,
		`{"a":"\ud800"}`, `{"a":"\x01"}`, `01`, `1.`, `-`, `[1,]`, `{"a":1,}`, `"abc`, `tru`, ` `, ``,
		"\"\xff\"", "\"\xed\xa0\x80\"", `[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
		`123456789012345678901234567890`, `{"a":"x"} x`,
	} {
		f.Add(s)
	}
	m := readerModel(f)
	var vs []*Validator
	for _, id := range []string{"t#Doc", "t#S"} {
		v, err := Prepare(m, shapeid.MustParse(id), MaxDepth(20), MaxNumberLength(25))
		if err != nil {
			f.Fatal(err)
		}
		vs = append(vs, v)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range vs {
			direct := newCollectorConfig(v.cfg)
			if err := v.checkJSONDirect(direct, Path{}, s); err != nil {
				t.Fatal(err)
			}
			viaNode := newCollectorConfig(v.cfg)
			var tape node.Tape
			if err := tape.Read(s, v.cfg.lim); err != nil {
				viaNode.Add(ReadErrorFinding(TapeError(&tape, err), Path{}))
			} else {
				n := tape.Node()
				if err := v.Check(viaNode, Path{}, NodeView(&n)); err != nil {
					t.Fatal(err)
				}
			}
			if a, b := direct.Result(), viaNode.Result(); !reflect.DeepEqual(a, b) {
				t.Errorf("%s on %q:\ndirect:\n%s\nnode:\n%s", v.Shape(), s, a.Text(), b.Text())
			}
		}
	})
}
