package mend

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

const unionSmithy = `$version: "2"
namespace example.union
use alloy#discriminated
use alloy#untagged

structure Order {
    shapes: Shapes
    pick: Pick
    picks: Picks
    anys: Anys
    any: Any
    mixed: Mixed
    mixeds: Mixeds
    deeps: Deeps
    switches: Switches
}

list Shapes {
    member: Shape
}

@discriminated("type")
union Shape {
    circle: Circle
    square: Square
}

structure Circle {
    @required
    radius: Integer
    label: Label
    tags: Tags
}

@smithy.rpc#closed
structure Square {
    side: Integer
    code: Code
}

union Pick {
    label: Label
    codes: Codes
}

list Picks {
    member: Pick
}

list Codes {
    member: Code
}

list Tags {
    member: Label
}

@untagged
union Any {
    label: Label
    num: Integer
}

list Anys {
    member: Any
}

@untagged
union Mixed {
    label: Label
    point: Point
    nums: Nums
}

structure Point {
    @required
    x: Integer
}

list Nums {
    member: Integer
}

list Mixeds {
    member: Mixed
}

@untagged
union Deep {
    any: Any
    flag: Boolean
}

list Deeps {
    member: Deep
}

@untagged
union Switch {
    flag: Boolean
    num: Integer
}

list Switches {
    member: Switch
}

@pattern("^[A-Z]{3}-[0-9]+$")
string Label

@length(max: 5)
string Code
`

func unionDecl(t testing.TB) Declaration {
	t.Helper()
	return unionRootDecl(t, "example.union#Order")
}

// TestUnionAt pins, below a discriminated union and a plain one, the
// byte whose arrival makes each violation certain, its offset and the
// engine's finding: the discriminator's value as an open string; a
// field after it judged as its member's structure's (open strings, a
// kind, an unknown key of a closed structure, at any depth); a field
// read before it judged when it is read (the byte after its closing
// quote, when the string is final).
func TestUnionAt(t *testing.T) {
	decl := unionDecl(t)
	for _, c := range []nestedCase{
		{"discriminator: no member name begins so", `{"shapes": [{"type": "cirx"}]}`, "/shapes/0/type", "discriminator",
			`x"`, `"cirx"`, `{"shapes": [{"type": "cirx"}]}`},
		{"discriminator: not a string, when its token ends", `{"shapes": [{"type": 5}]}`, "/shapes/0/type", "discriminator",
			`}]}`, `5}`, `{"shapes": [{"type": 5}]}`},
		{"a union value that is no object: at its first byte", `{"shapes": ["circle"]}`, "/shapes/0", "type",
			`"circle"`, `"circle"`, `{"shapes": [""]}`},
		{"after the discriminator: an open string", `{"shapes": [{"type": "circle", "label": "AB1"}]}`, "/shapes/0/label", "pattern",
			`1"`, `"AB1"`, `{"shapes": [{"type": "circle", "label": "AB1"}]}`},
		{"after the discriminator: a kind", `{"shapes": [{"type": "circle", "radius": "x"}]}`, "/shapes/0/radius", "type",
			`"x"`, `"x"`, `{"shapes": [{"type": "circle", "radius": ""}]}`},
		{"after the discriminator: a list element of the member", `{"shapes": [{"type": "circle", "tags": ["ABC-1", "AB-"]}]}`, "/shapes/0/tags/1", "pattern",
			`-"`, `"AB-"`, `{"shapes": [{"type": "circle", "tags": ["ABC-1", "AB-"]}]}`},
		{"after the discriminator: an unknown key of a closed member", `{"shapes": [{"type": "square", "radius": 1}]}`, "/shapes/0/radius", "unknown-member",
			`: 1`, `"radius"`, `{"shapes": [{"type": "square", "radius": null}]}`},
		{"after the discriminator: the second union of a list", `{"shapes": [{"type": "square"}, {"type": "square", "code": "abcdefg"}]}`, "/shapes/1/code", "length",
			`fg"`, `"abcdefg"`, `{"shapes": [{"type": "square"}, {"type": "square", "code": "abcdef"}]}`},
		{"before the discriminator: a string, when it is read", `{"shapes": [{"label": "AB1", "type": "circle"}]}`, "/shapes/0/label", "pattern",
			`}]}`, `"AB1"`, `{"shapes": [{"label": "AB1", "type": "circle"}]}`},
		{"before the discriminator: a list's element, at the member's value", `{"shapes": [{"tags": ["ABC-1", "x"], "radius": 2, "type": "circle"}]}`, "/shapes/0/tags/1", "pattern",
			`}]}`, `["ABC-1"`, `{"shapes": [{"tags": ["ABC-1", "x"], "type": "circle"}]}`},
		{"before the discriminator: an unknown key, at the key", `{"shapes": [{"radius": 1, "type": "square"}]}`, "/shapes/0/radius", "unknown-member",
			`}]}`, `"radius"`, `{"shapes": [{"radius": 1, "type": "square"}]}`},
		{"before the discriminator: a kind", `{"shapes": [{"side": [1], "type": "square"}]}`, "/shapes/0/side", "type",
			`}]}`, `[1]`, `{"shapes": [{"side": [1], "type": "square"}]}`},
		{"plain union: a member's list element", `{"pick": {"codes": ["abcdefg"]}}`, "/pick/codes/0", "length",
			`fg"`, `"abcdefg"`, `{"pick": {"codes": ["abcdef"]}}`},
		{"plain union in a list: a member of the wrong kind", `{"picks": [{"codes": "x"}]}`, "/picks/0/codes", "type",
			`"x"`, `"x"`, `{"picks": [{"codes": ""}]}`},
		{"plain union in a list: a member's string", `{"picks": [{"label": "ab"}]}`, "/picks/0/label", "pattern",
			`ab"`, `"ab"`, `{"picks": [{"label": "a"}]}`},
	} {
		checkNestedCase(t, decl, c)
	}
}

// TestUnionNotJudged: what is not certain before the end is not reported
// early: below an untagged union (another member may accept the value),
// below a discriminated union whose discriminator names no member or is
// not read yet, several members of a plain union (the finding names
// every member set, known at the end).
func TestUnionNotJudged(t *testing.T) {
	decl := unionDecl(t)
	for _, c := range []struct{ name, text string }{
		{"untagged: an object or array another member may take", `{"mixeds": [{"x": "1"}, ["a"]], "pick": {}}`},
		{"below a discriminator that names no member", `{"shapes": [{"type": "oval", "label": "AB1"}], "pick": {}}`},
		{"no discriminator", `{"shapes": [{"label": "AB1", "radius": "x"}], "pick": {}}`},
		{"a plain union's second member", `{"picks": [{"label": "ABC-1", "codes": []}], "pick": {}}`},
	} {
		text := []byte(c.text)
		last := strings.Index(c.text, `], "pick"`) // the root member that holds it settles here
		feeds, _, _ := watchAll(text, everyByte(len(text))[1:], Options{Declaration: decl, Profile: ProfileLenient})
		for k, f := range feeds {
			for _, e := range f.Events {
				if e.Kind == EventViolation && k < last && e.Path != "/shapes/0/type" {
					t.Errorf("%s: violation in the feed of byte %d, before %d: %+v", c.name, k, last, *e.Finding)
				}
			}
		}
	}
}

// unionHoles are string positions below unions, with valid values.
var unionHoles = []struct {
	before, after, path string
	valid               []string
}{
	{`{"shapes": [{"type": "`, `"}]}`, "/shapes/0/type", []string{"circle", "square"}},
	{`{"shapes": [{"type": "circle", "label": "`, `"}]}`, "/shapes/0/label", []string{"ABC-1"}},
	{`{"shapes": [{"type": "square", "code": "`, `"}]}`, "/shapes/0/code", []string{"ab", "sq"}},
	{`{"shapes": [{"type": "circle", "radius": 1, "tags": ["`, `"]}]}`, "/shapes/0/tags/0", []string{"CCC-12"}},
	{`{"picks": [{"label": "`, `"}]}`, "/picks/0/label", []string{"ABC-1"}},
}

// TestUnionOpenStringNeverEarly: the never-early property of
// TestNestedOpenStringNeverEarly at string positions below unions.
func TestUnionOpenStringNeverEarly(t *testing.T) {
	decl := unionDecl(t)
	alphabet := []string{"A", "B", "C", "-", "1", "c", "i", "r", "l", "e", "s", "q", "u", "a", "x"}
	reported := neverEarly(t, decl, unionHoles, alphabet, 27, 100)
	if reported == 0 {
		t.Fatal("no open string was reported: the test proves nothing")
	}
	t.Logf("%d early violations checked", reported)
}

// TestUnionViolationsAreCertain: objects of a discriminated union with
// their fields in random order, the discriminator anywhere among them,
// fed a byte at a time: every violation reported before the text ends
// is one the engine gives on the whole text (same code and path), and
// the events are those of one chunk and of random chunkings.
func TestUnionViolationsAreCertain(t *testing.T) {
	decl := unionDecl(t)
	rng := rand.New(rand.NewSource(25))
	fields := map[string][]string{
		"circle": {`"radius": 1`, `"radius": "x"`, `"label": "ABC-1"`, `"label": "AB1"`, `"tags": ["ABC-1", "x"]`, `"side": 2`},
		"square": {`"side": 2`, `"side": [1]`, `"code": "abc"`, `"code": "abcdefg"`, `"radius": 1`, `"tags": []`},
	}
	opts := Options{Declaration: decl, Profile: ProfileLenient}
	early := 0
	for n := 0; n < 120; n++ {
		branch := []string{"circle", "square"}[n%2]
		pool := fields[branch]
		var members []string
		for _, i := range rng.Perm(len(pool))[:rng.Intn(len(pool)+1)] {
			members = append(members, pool[i])
		}
		members = slices.Insert(members, rng.Intn(len(members)+1), `"type": "`+branch+`"`)
		text := []byte(`{"shapes": [{"type": "square"}, {` + strings.Join(members, ", ") + `}], "pick": {}}`)
		res, err := decl.Check(text)
		if err != nil {
			t.Fatal(err)
		}
		final := map[string]bool{}
		for _, f := range res.Findings {
			if f.Severity == "error" {
				final[f.Code+" "+f.Path] = true
			}
		}
		feeds, _, events := watchAll(text, everyByte(len(text))[1:], opts)
		end := strings.Index(string(text), `], "pick"`)
		for k, f := range feeds {
			for _, e := range f.Events {
				if e.Kind != EventViolation || k >= end {
					continue
				}
				early++
				if !final[e.Finding.Code+" "+e.Path] {
					t.Fatalf("%s: %s at %s in the feed of byte %d, which the engine does not give on the whole text", text, e.Finding.Code, e.Path, k)
				}
			}
		}
		sameEventsAnyChunking(t, text, opts, events, rng)
	}
	if early == 0 {
		t.Fatal("no violation was reported early: the test proves nothing")
	}
	t.Logf("%d early violations checked", early)
}

// FuzzWatchUnionChunks: with a declaration that has discriminated,
// untagged and plain unions below the root, the events and the final
// text do not depend on the chunking.
func FuzzWatchUnionChunks(f *testing.F) {
	for _, s := range []string{
		`{"shapes": [{"type": "circle", "label": "AB1", "tags": ["x"]}]}`,
		`{"shapes": [{"label": "AB1", "tags": ["ABC-1", "x"], "type": "circle", "radius": "1"}]}`,
		`{"shapes": [{"side": [1], "radius": 2, "type": "square", "code": "abcdefg"}, {"type": "cir`,
		`{"picks": [{"codes": ["abcdefg"], "label": "ab"}], "anys": ["AB1", 5]}`,
		`{"shapes": [{"type": "square", "type": "circle", "side": 1, "side": "x"}]}`,
		`{"any": {"a": 1}, "anys": [[1], "AB1", 5.5, true], "mixed": {"x": 1}, "mixeds": [{"x": "1"}, "ABC-1"]}`,
		`{"deeps": [{"x": [1]}, "AB", false], "switches": ["on", 1, {}], "mixed": [1, "a"]}`,
	} {
		f.Add([]byte(s))
	}
	decl := unionDecl(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 2048 {
			return
		}
		chunkingAgrees(t, in, Options{Profile: ProfileLenient, Declaration: decl})
	})
}
