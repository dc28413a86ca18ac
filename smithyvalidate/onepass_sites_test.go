package smithyvalidate

import (
	"reflect"
	"strings"
	"testing"
)

// sameAsWalk checks that v's ValidateJSONString and CheckJSON (the one
// pass, then the walks of its sites or the whole walk) give the result of
// the whole walk over a tape, finding by finding and as text.
func sameAsWalk(t *testing.T, v *Validator, name, text string) {
	t.Helper()
	want := walkFindings(t, v, text)
	got, err := v.ValidateJSONString(text)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !reflect.DeepEqual(got, want) || got.Text() != want.Text() {
		t.Fatalf("%s: %q\nValidateJSONString:\n%s\nthe whole walk:\n%s", name, text, got.Text(), want.Text())
	}
	// Into a collector that holds a finding already, under a path.
	at := InDocument(2).Key("params")
	c1, c2 := NewCollector(MaxFindings(v.cfg.lim.MaxFindings)), NewCollector(MaxFindings(v.cfg.lim.MaxFindings))
	for _, c := range []*Collector{c1, c2} {
		c.Add(Finding{Severity: SeverityWarning, Class: ClassInstance, Code: CodeUnknownMember, Path: InDocument(2), Message: "before"})
	}
	if err := v.CheckJSON(c1, at, []byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := v.checkJSONTape(c2, at, text); err != nil {
		t.Fatal(err)
	}
	if r1, r2 := c1.Result(), c2.Result(); !reflect.DeepEqual(r1, r2) {
		t.Fatalf("%s: %q\nCheckJSON:\n%s\nthe whole walk:\n%s", name, text, r1.Text(), r2.Text())
	}
}

// sitesOf runs the one pass as ValidateJSON does and returns the number
// of sites, or -1 when it gives up (0: nothing to report).
func sitesOf(v *Validator, text string) int {
	var q onePass
	switch v.runOnePass(&q, text, &v.cfg.lim, true) {
	case passClean:
		return 0
	case passSites:
		return q.ns
	}
	return -1
}

// TestSitesAgreeWithWalk checks values with findings: the one pass keeps
// the sites it should (or gives up where it must), and the walks of the
// sites report exactly what the whole walk does.
func TestSitesAgreeWithWalk(t *testing.T) {
	base := `"id":"id_00af","n":7`
	many := strings.Repeat(`1,`, 20) + `1`
	deep := `{` + base + `,"zzz":1}`
	for range 40 {
		// Each level fails part-way, after its child: finding the ends
		// again would cost more than a read of the text.
		deep = `{` + base + `,"nested":` + deep + `,"zzz":1}`
	}
	deep = `{` + base + `,"nested":` + deep + `}`
	tests := []struct {
		name  string
		opts  []Option
		text  string
		sites int // -1: the whole walk
	}{
		{"valid", nil, `{` + base + `}`, 0},
		{"one scalar", nil, `{` + base + `,"small":11}`, 1},
		{"two scalars", nil, `{` + base + `,"small":11,"name":"abcd"}`, 2},
		{"every scalar kind", nil, `{` + base + `,"small":0,"price":100.51,"d":-1,"f":"x","name":"","color":"blue","level":3,` +
			`"at":"1985-13-12T23:20:50Z","http":"x","epoch":"1","blob":"YWJ","flag":1,"big":1.5}`, 13},
		{"nested scalar", nil, `{` + base + `,"nested":{` + base + `,"small":11}}`, 1},
		{"nested missing member", nil, `{` + base + `,"nested":{"id":"id_00af"}}`, 1},
		{"nested structure replaces its sites", nil, `{` + base + `,"nested":{"id":"id_00ag","small":11}}`, 1},
		{"nested scalars", nil, `{` + base + `,"nested":{"id":"id_00ag","n":7,"small":11},"name":"abcd"}`, 3},
		{"list item", nil, `{` + base + `,"sparse":["x",1,"y",{}]}`, 2},
		{"unique list item: the list", nil, `{` + base + `,"tags":["a",1]}`, 1},
		{"unique list repeat", nil, `{` + base + `,"tags":["a","a"],"small":11}`, 2},
		{"map value", nil, `{` + base + `,"m":{"a":"x","b":true}}`, 2},
		{"map key: the map", nil, `{` + base + `,"m":{"A":1,"b":"x"}}`, 1},
		{"map length: the map", nil, `{` + base + `,"m":{"a":"x","b":1,"c":2}}`, 1},
		{"map dense null: the map", nil, `{` + base + `,"m":{"a":null}}`, 1},
		{"union member", nil, `{` + base + `,"u":{"a":1}}`, 1},
		{"union of two: the union", nil, `{` + base + `,"u":{"a":1,"b":"x"}}`, 1},
		{"union of none", nil, `{` + base + `,"u":{}}`, 1},
		{"untagged: the union", nil, `{` + base + `,"id2":true,"block":{"type":"text","text":1}}`, 2},
		{"untagged objects: two accept", nil, `{` + base + `,"twin":{"r":1},"small":11}`, 2},
		{"discriminated: the union", nil, `{` + base + `,"shape":{"kind":"circle","r":"x"}}`, 1},
		{"jsonUnknown: the structure", nil, `{` + base + `,"open":{"a":"1"}}`, 1},
		{"unknown member part-way", nil, `{` + base + `,"nested":{` + base + `,"zzz":{"a":[1,{"b":2}]},"small":11},"small":11}`, 3},
		{"the root's unknown member", nil, `{` + base + `,"small":11,"zzz":1}`, 2},
		{"unknown members on later lines", nil, "{" + base + ",\r\n\"zzz\"\n :\r\n [1,\n2],\"nested\":{\n" + base + ",\r\"yyy\":\n{}},\"xxx\":1}", 3},
		{"unknown member of a structure that fails", nil, `{` + base + `,"nested":{"id":"id_00af","zzz":1,"small":11}}`, 1},
		{"unknown member of a closed structure", []Option{IgnoreUnknownMembers(true)}, `{` + base + `,"shut":{"a":1,"b":2},"zzz":3}`, 1},
		{"duplicate member part-way", nil, `{` + base + `,"nested":{` + base + `,"n":8,"small":1}}`, 1},
		{"escape the walk decides", nil, `{"id":"id_00\u0061f","n":7}`, 1},
		{"escaped key", nil, `{` + base + `,"nested":{"\u0069d":"id_00af","n":7}}`, 1},
		{"document repeated key", nil, `{` + base + `,"doc":{"a":1,"a":2}}`, 1},
		{"more sites than the pass holds: the list", nil, `{` + base + `,"sparse":[` + many + `]}`, 1},
		{"lines and columns", nil, "{\n  \"id\": \"id_00af\",\n  \"n\": 7,\r\n  \"nested\": {\n    \"id\": \"x\",\n\t\"n\": 1},\n  \"small\": 11\n}\n", 2},
		{"BOM", nil, "\xEF\xBB\xBF{" + base + `,"small":11}`, 1},
		{"items of a list of structures", nil, `{` + base + `,"kids":[{` + base + `},{` + base + `,"small":11},{"id":"id_00af","n":7,` +
			`"kids":[{` + base + `,"m":{"a":"x"}}],"nested":{` + base + `,"name":""}}],"small":0}`, 4},
		{"sites on later lines", nil, "{\r\n \"id\":\"id_00af\",\"n\":7,\r \"nested\" :\n\t{" + base + ",\n \"n\": 8,\"small\":1},\n" +
			"\"doc\":{\"a\":1,\r\n\"a\":2}, \"kids\": [ {" + base + ",\"m\":\r{\"a\"\n:\n\"x\"} } ,\r\n" +
			"{" + base + ",\"small\":\n 11,\r\r\"small\":12}],\"small\"\n:\r\n0\n}\n", 5},
		{"sites of @uniqueItems lists of structures", nil, `{` + base + `,"ushut":[{"a":{"a":1}},{"a":{"a":1}}],"nested":{` + base + `,"ushut":[{"a":{"a":2}},{"a":{"a":3}}]},` +
			`"kids":[{` + base + `,"ushut":[{"a":{"a":4}},{"a":{"a":5}}]},{` + base + `,"ushut":[{"a":{"a":1}},{"a":{"a":2}},{"a":{"a":1}}]}]}`, 4},

		{"the root fails", nil, `{"id":"id_00ag"}`, -1},
		{"the root's unknown member repeated", nil, `{` + base + `,"zzz":1,"small":11,"zzz":1}`, -1},
		{"a null root", nil, `null`, -1},
		{"a root of the wrong kind", nil, `[1]`, -1},
		{"syntax error after a site", nil, `{` + base + `,"small":11,"flag":tru}`, -1},
		{"syntax error in a site", nil, `{` + base + `,"nested":{"id":1,"n":[}}`, -1},
		{"cut in a site", nil, `{` + base + `,"nested":{"id":1`, -1},
		{"trailing text", nil, `{` + base + `,"small":11} x`, -1},
		{"bad UTF-8 in a site", nil, "{" + base + ",\"small\":\"\xff\"}", -1},
		{"finding the ends again costs too much", nil, deep, -1},

		{"MaxFindings over sites", []Option{MaxFindings(3)}, `{` + base + `,"small":0,"price":-1,"d":-1,"name":"","color":"x"}`, 5},
		{"MaxFindings inside a site", []Option{MaxFindings(2)}, `{` + base + `,"nested":{"small":0,"name":""}}`, 1},
		{"FailFast", []Option{FailFast(true)}, `{` + base + `,"small":0,"name":""}`, 2},
		{"depth limit in a site", []Option{MaxDepth(3)}, `{` + base + `,"nested":{"nested":{"doc":[1]}}}`, -1},
		{"depth limit after a site", []Option{MaxDepth(3)}, `{` + base + `,"small":0,"nested":{"nested":{"doc":[1]}}}`, -1},
		{"element limit", []Option{MaxElements(10)}, `{` + base + `,"small":0,"sparse":["a","b","c","d"]}`, -1},
		{"number limit in a site", []Option{MaxNumberLength(4)}, `{` + base + `,"small":123456}`, -1},
		{"size limit", []Option{MaxValueSize(30)}, `{` + base + `,"small":11,"name":"abcd"}`, -1},
		{"unknown members warned", []Option{RejectUnknownMembers(false)}, `{` + base + `,"nested":{` + base + `,"zzz":1}}`, 1},
		{"unknown members warned, FailFast", []Option{RejectUnknownMembers(false), FailFast(true)}, `{` + base + `,"zzz":1,"nested":{` + base + `,"zzz":1},"small":0}`, 3},
		{"unknown members, MaxFindings", []Option{MaxFindings(2)}, `{` + base + `,"zzz":1,"nested":{` + base + `,"zzz":1},"small":0}`, 3},
		{"null members rejected", []Option{RejectNullMembers(true)}, `{` + base + `,"nested":{` + base + `,"name":null}}`, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := onePassValidator(t, tc.opts...)
			if got := sitesOf(v, tc.text); got != tc.sites {
				t.Errorf("%s: %d sites, want %d", tc.name, got, tc.sites)
			}
			sameAsWalk(t, v, tc.name, tc.text)
		})
	}
	// And every case of the one pass's own table.
	v := onePassValidator(t)
	for _, tc := range onePassCases() {
		sameAsWalk(t, v, tc.name, tc.text)
	}
}
