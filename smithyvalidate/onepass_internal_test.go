package smithyvalidate

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

const onePassModel = `$version: "2"
namespace p

use alloy#discriminated
use alloy#jsonUnknown
use alloy#nullable
use alloy#untagged

structure Top {
    @required
    @pattern("^id_[0-9a-f]{4}$")
    id: String
    @required
    n: Integer
    @range(min: 1, max: 10)
    small: Byte
    @range(min: 0, max: 100.5)
    price: BigDecimal
    @range(min: 0)
    d: Double
    f: Float
    big: BigInteger
    @length(min: 1, max: 3)
    name: String
    color: Color
    level: Level
    at: Timestamp
    @timestampFormat("http-date")
    http: Timestamp
    @timestampFormat("epoch-seconds")
    epoch: Timestamp
    blob: Blob
    doc: Document
    tags: Tags
    nums: Nums
    sparse: SparseList
    @length(max: 2)
    m: KeyMap
    sm: SparseMap
    u: Choice
    nested: Top
    flag: Boolean
    nul: NullableStr
    shape: Shape
    id2: IntOrString
    pick: Pick
    open: Open
    block: Block
    rec: Rec
    twin: Twin
    shut: Shut
    gate: Gate
    kids: TopList
    ushut: UShut
    alt: Alt
    tri: Tri
    quad: Quad
    quint: Quint
}

// Quad and Quint: with a taken last, qb's refutation waits for qa's check
// and for qc's; qa lacks no required member of qc's, so where qc is open
// qa is refuted first, by its kind in Quad, not at all in Quint (qa's
// kind takes qc's).
@untagged
union Quad {
    qa: QA
    qb: TriB
    qc: QC
}

@untagged
union Quint {
    qa: QAC
    qb: TriB
    qc: QC
}

structure QA {
    @required
    kind: KindA
    @required
    x: Integer
}

structure QAC {
    @required
    kind: KindAC
    @required
    x: Integer
}

structure QC {
    @required
    kind: KindC
    @required
    x: Integer
}

enum KindA {
    A = "a"
}

enum KindC {
    C = "c"
}

enum KindAC {
    A = "a"
    C = "c"
}

// Tri: with a taken last, b's refutation waits for a's check, c's does
// not (its required member is a's too), and a and b each lack a required
// member of c's.
@untagged
union Tri {
    a: TriA
    b: TriB
    c: TriC
}

structure TriA {
    @required
    x: Integer
    @required
    y: Integer
}

structure TriB {
    @required
    z: Integer
}

structure TriC {
    @required
    x: Integer
}

// Alt's members each lack the other's required member, and the one pass
// gives up on an escape in note (its pattern needs the text) where the
// walk accepts it.
@untagged
union Alt {
    esc: EscNote
    num: NumNote
}

structure EscNote {
    @required
    @pattern("^[a-z]+$")
    note: String
}

structure NumNote {
    @required
    n: Integer
}

list TopList { member: Top }

// Items whose containers are compared by their digests, which the walk
// keeps by offset.
@uniqueItems
list UShut { member: Box }

structure Box { a: Shut }

// A closed structure: an unknown field is an error under every policy.
@smithy.rpc#closed
structure Shut {
    a: Integer
}

structure Wide {
    @required
    a: Integer
    @required
    b: Integer
}

// Closed, Shut is refuted by Wide's extra field even where unknown
// members are ignored.
@untagged
union Gate {
    shut: Shut
    wide: Wide
}

// Block's members take objects (three structures and an untagged union
// of a structure), told apart by refutations.
@untagged
union Block {
    text: TextB
    image: ImageB
    many: BlockList
    inner: Inner
}

structure TextB {
    @required
    type: TextKind
    @required
    text: String
}

structure ImageB {
    @required
    type: ImageKind
    @required
    data: String
    mime: String
}

enum TextKind {
    TEXT = "text"
}

enum ImageKind {
    IMAGE = "image"
}

list BlockList {
    member: TextB
}

@untagged
union Inner {
    code: Code
    s: String
}

structure Code {
    @required
    language: String
    @required
    value: String
}

// Rec nests in itself: its tries are unbounded.
@untagged
union Rec {
    leaf: Leaf
    node: RecNode
}

structure Leaf {
    @required
    v: Integer
}

structure RecNode {
    @required
    kids: RecList
}

list RecList {
    member: Rec
}

// Twin's members accept the same values.
@untagged
union Twin {
    a: Circle
    b: Circle
}

@discriminated("kind")
union Shape {
    circle: Circle
    square: Square
}

structure Circle {
    @required
    r: Integer
}

structure Square {
    @required
    side: Integer
}

@untagged
union IntOrString {
    i: Integer
    s: String
}

@untagged
union Pick {
    circle: Circle
    square: Square
}

structure Open {
    name: String
    @jsonUnknown
    rest: Extra
}

map Extra {
    key: String
    value: Integer
}

enum Color {
    RED = "red"
    GREEN = "green"
}

intEnum Level {
    LOW = 1
    HIGH = 2
}

@uniqueItems
list Tags { member: String }

@uniqueItems
list Nums { member: Integer }

@sparse
list SparseList { member: String }

map KeyMap {
    @pattern("^[a-z]+$")
    key: String
    value: Integer
}

@sparse
map SparseMap { key: String, value: String }

union Choice {
    a: String
    b: Integer
}

@nullable
string NullableStr
`

// closedTraitDefinition is smithy.rpc#closed as the rpc module defines it.
const closedTraitDefinition = `$version: "2"
namespace smithy.rpc
@trait(selector: "structure :not(> member [trait|alloy#jsonUnknown])")
structure closed {}
`

func onePassValidator(t testing.TB, opts ...Option) *Validator {
	t.Helper()
	a := assembly.New()
	if err := AddAlloyTraits(a); err != nil {
		t.Fatal(err)
	}
	if err := a.AddSource("closed.smithy", []byte(closedTraitDefinition)); err != nil {
		t.Fatal(err)
	}
	if err := a.AddSource("p.smithy", []byte(onePassModel)); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatal(err, res.Events)
	}
	return onePassPrepare(t, res.Model, opts...)
}

func onePassPrepare(t testing.TB, m *model.Model, opts ...Option) *Validator {
	t.Helper()
	v, err := Prepare(m, shapeid.MustParse("p#Top"), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// walkFindings validates text the way the one pass stands in for: a tape,
// then the walk.
func walkFindings(t testing.TB, v *Validator, text string) Result {
	t.Helper()
	c := newCollectorConfig(v.cfg)
	if err := v.checkJSONTape(c, Path{}, text); err != nil {
		t.Fatal(err)
	}
	return c.Result()
}

// TestOnePassAgreesWithWalk checks, value by value, what the one-pass check
// decides (pass: no finding; or give up) against the walk over a tape:
// a pass must come with no finding from the walk, and the common valid
// values must pass, so that the one pass is what runs for them.
func TestOnePassAgreesWithWalk(t *testing.T) {
	v := onePassValidator(t)
	for _, tc := range onePassCases() {
		t.Run(tc.name, func(t *testing.T) {
			pass := v.onePassJSON(tc.text, &v.cfg.lim)
			walk := walkFindings(t, v, tc.text)
			if pass && len(walk.Findings) > 0 {
				t.Fatalf("%s: the one pass passed a value the walk reports:\n%s", tc.name, walk.Text())
			}
			if pass != tc.pass {
				t.Errorf("%s: one pass %v, want %v (walk: %d findings)", tc.name, pass, tc.pass, len(walk.Findings))
			}
			if tc.pass && len(walk.Findings) > 0 {
				t.Errorf("%s: the case expects a valid value; the walk says:\n%s", tc.name, walk.Text())
			}
		})
	}
}

type onePassCase struct {
	name string
	text string
	pass bool // the one pass decides (else it gives up)
}

// onePassCases are values of p#Top the one pass passes or gives up on.
func onePassCases() []onePassCase {
	base := `"id":"id_00af","n":7`
	return []onePassCase{
		{"minimal", `{` + base + `}`, true},
		{"whitespace and BOM", "\xEF\xBB\xBF \n{ \"id\" : \"id_00af\" ,\r\n\t\"n\":7 } ", true},
		{"every simple member", `{` + base + `,"small":10,"price":100.5,"d":0,"f":-1.5,"big":123456789,"name":"abc","color":"green","level":2,` +
			`"at":"1985-04-12T23:20:50.52Z","http":"Tue, 29 Apr 2014 18:30:38 GMT","epoch":1700000000,"blob":"YWJj","doc":{"x":[1,{"y":null}],"z":"\u00e9"},"flag":true}`, true},
		{"collections", `{` + base + `,"tags":["a","b"],"nums":[1,2,3],"sparse":["x",null],"m":{"ab":1},"sm":{"k":null},"u":{"b":3}}`, true},
		{"nested", `{` + base + `,"nested":{` + base + `,"nested":{` + base + `}}}`, true},
		{"optional null member", `{` + base + `,"name":null}`, true},
		{"non-ASCII name", `{` + base + `,"name":"été"}`, true},
		{"escape in unconstrained document string", `{` + base + `,"doc":"a\nb\"c\ud83d\ude00"}`, true},
		{"fields out of order", `{"n":7,"id":"id_00af"}`, true},

		{"nullable null", `{` + base + `,"nul":null}`, true},
		{"discriminated", `{` + base + `,"shape":{"kind":"circle","r":1}}`, true},
		{"discriminated, discriminator last", `{` + base + `,"shape":{"side":2,"kind":"square"}}`, true},
		{"discriminated, wrong member's field", `{` + base + `,"shape":{"kind":"circle","side":1}}`, false},
		{"discriminated, unknown name", `{` + base + `,"shape":{"kind":"oval","r":1}}`, false},
		{"discriminated, no discriminator", `{` + base + `,"shape":{"r":1}}`, false},
		{"discriminated, repeated discriminator", `{` + base + `,"shape":{"kind":"circle","r":1,"kind":"circle"}}`, false},
		{"untagged by kind, integer", `{` + base + `,"id2":12}`, true},
		{"untagged by kind, string", `{` + base + `,"id2":"x"}`, true},
		{"untagged by kind, neither", `{` + base + `,"id2":true}`, false},
		{"untagged, two objects: the other misses a required member", `{` + base + `,"pick":{"r":1}}`, true},
		{"untagged objects: the others refuted by enum, unknown field", `{` + base + `,"block":{"type":"text","text":"hi"}}`, true},
		{"untagged objects: the others refuted by enum, missing member", `{` + base + `,"block":{"type":"image","data":"x","mime":"a"}}`, true},
		{"untagged objects: an untagged member wins", `{` + base + `,"block":{"language":"go","value":"x"}}`, true},
		{"untagged objects: a list by kind", `{` + base + `,"block":[{"type":"text","text":"a"}]}`, true},
		{"untagged objects: none accepts", `{` + base + `,"block":{"type":"text","text":"hi","data":"x"}}`, false},
		{"untagged objects: not refuted but failing", `{` + base + `,"block":{"type":"text","text":1}}`, false},
		{"untagged objects: escaped enum value not refuted", `{` + base + `,"block":{"type":"t\u0065xt","text":"hi"}}`, false},
		{"untagged objects: two members accept", `{` + base + `,"twin":{"r":1}}`, false},
		{"untagged objects: recursive union left to the walk", `{` + base + `,"rec":{"v":1}}`, false},
		{"untagged objects: syntax error in a refuted member's field", `{` + base + `,"block":{"type":"text","text":"hi","x":[}}`, false},
		{"jsonUnknown takes unknown fields", `{` + base + `,"open":{"name":"x","a":1,"b":2}}`, true},
		{"jsonUnknown value type", `{` + base + `,"open":{"a":"1"}}`, false},
		{"closed structure, known fields", `{` + base + `,"shut":{"a":1}}`, true},
		{"closed structure, unknown field", `{` + base + `,"shut":{"a":1,"b":2}}`, false},
		{"untagged: the closed member refuted by an unknown field", `{` + base + `,"gate":{"a":1,"b":2}}`, true},
		{"untagged: the closed member exact", `{` + base + `,"gate":{"a":1}}`, true},
		{"jsonUnknown repeated", `{` + base + `,"open":{"a":1,"a":2}}`, false},
		{"jsonUnknown dense null", `{` + base + `,"open":{"a":null}}`, false},
		{"missing required", `{"id":"id_00af"}`, false},
		{"pattern", `{"id":"id_00ag","n":7}`, false},
		{"type", `{"id":"id_00af","n":"7"}`, false},
		{"int range", `{` + base + `,"small":11}`, false},
		{"int type range", `{"id":"id_00af","n":2147483648}`, false},
		{"decimal for integer", `{"id":"id_00af","n":7.0}`, false},
		{"decimal range", `{` + base + `,"price":100.51}`, false},
		{"double range", `{` + base + `,"d":-0.1}`, false},
		{"length", `{` + base + `,"name":"abcd"}`, false},
		{"float exponent gives up (it may overflow)", `{` + base + `,"f":1e3}`, false},
		{"length in runes", `{` + base + `,"name":"ééé"}`, true},
		{"enum", `{` + base + `,"color":"blue"}`, false},
		{"int enum", `{` + base + `,"level":3}`, false},
		{"date-time", `{` + base + `,"at":"1985-13-12T23:20:50Z"}`, false},
		{"epoch as string", `{` + base + `,"epoch":"1"}`, false},
		{"blob", `{` + base + `,"blob":"YWJ"}`, false},
		{"unique strings", `{` + base + `,"tags":["a","a"]}`, false},
		{"unique integers", `{` + base + `,"nums":[1,2,1]}`, false},
		{"unique with escape gives up", `{` + base + `,"tags":["a","\u0061"]}`, false},
		{"dense null", `{` + base + `,"tags":["a",null]}`, false},
		{"map key pattern", `{` + base + `,"m":{"A":1}}`, false},
		{"map length", `{` + base + `,"m":{"a":1,"b":2,"c":3}}`, false},
		{"map duplicate key", `{` + base + `,"m":{"a":1,"a":2}}`, false},
		{"map dense null", `{` + base + `,"m":{"a":null}}`, false},
		{"document duplicate key", `{` + base + `,"doc":{"a":1,"a":2}}`, false},
		{"document escaped key gives up", `{` + base + `,"doc":{"a":1,"\u0061":2}}`, false},
		{"union two members", `{` + base + `,"u":{"a":"x","b":1}}`, false},
		{"union none", `{` + base + `,"u":{}}`, false},
		{"unknown member", `{` + base + `,"zzz":1}`, false},
		{"duplicate member", `{"id":"id_00af","n":7,"n":7}`, false},
		{"escaped key gives up", `{"id":"id_00af","\u006e":7}`, false},
		{"a key longer than the next member's name", `{"id":"id_00af","n":7,"smallx":1}`, false},
		{"a key shorter than the next member's name", `{"id":"id_00af","n":7,"smal":1}`, false},
		{"the next member's name, then an escape", `{"id":"id_00af","n\u0022":7}`, false},
		{"escape where a pattern needs the text", `{"id":"id_00\u0061f","n":7}`, false},
		{"null root", `null`, false},
		{"syntax: trailing comma", `{` + base + `,}`, false},
		{"syntax: leading zero", `{"id":"id_00af","n":07}`, false},
		{"syntax: bad escape", `{` + base + `,"doc":"\x"}`, false},
		{"syntax: lone surrogate", `{` + base + `,"doc":"\udc00"}`, false},
		{"syntax: control character", "{" + base + ",\"doc\":\"a\x01\"}", false},
		{"syntax: invalid UTF-8", "{" + base + ",\"doc\":\"\xff\"}", false},
		{"syntax: trailing text", `{` + base + `} x`, false},
		{"syntax: cut", `{` + base, false},
		{"syntax: bare word", `{` + base + `,"flag":tru}`, false},
		{"empty", ``, false},
	}
}

// TestOnePassLimitsAndPolicies checks that the reader's limits and the
// policies are the walk's: the one pass gives up wherever they would
// produce a finding, and passes where a policy removes one.
func TestOnePassLimitsAndPolicies(t *testing.T) {
	valid := `{"id":"id_00af","n":7,"nested":{"id":"id_00af","n":7},"name":"abc","big":12345}`
	tests := []struct {
		name string
		opts []Option
		text string
		pass bool
	}{
		{"defaults", nil, valid, true},
		{"depth", []Option{MaxDepth(1)}, valid, false},
		{"depth enough", []Option{MaxDepth(2)}, valid, true},
		{"size", []Option{MaxValueSize(len(valid) - 1)}, valid, false},
		{"number length", []Option{MaxNumberLength(4)}, valid, false},
		{"elements", []Option{MaxElements(14)}, valid, false},
		{"elements enough", []Option{MaxElements(15)}, valid, true},
		{"unknown member ignored", []Option{IgnoreUnknownMembers(true)}, `{"id":"id_00af","n":7,"x":{"y":[1]}}`, true},
		{"unknown member repeated", []Option{IgnoreUnknownMembers(true)}, `{"id":"id_00af","n":7,"x":1,"x":2}`, false},
		{"unknown member rejected", []Option{RejectUnknownMembers(true)}, `{"id":"id_00af","n":7,"x":1}`, false},
		{"closed structure's unknown member, policy ignore", []Option{IgnoreUnknownMembers(true)}, `{"id":"id_00af","n":7,"shut":{"x":1}}`, false},
		{"closed structure's known member, policy ignore", []Option{IgnoreUnknownMembers(true)}, `{"id":"id_00af","n":7,"shut":{"a":1}}`, true},
		{"untagged: closed member refuted, policy ignore", []Option{IgnoreUnknownMembers(true)}, `{"id":"id_00af","n":7,"gate":{"a":1,"b":2}}`, true},
		{"untagged: open member refuted, closed exact, policy ignore", []Option{IgnoreUnknownMembers(true)}, `{"id":"id_00af","n":7,"gate":{"a":1}}`, true},
		{"null member rejected", []Option{RejectNullMembers(true)}, `{"id":"id_00af","n":7,"name":null}`, false},
		{"missing allowed", []Option{AllowMissingRequired(true)}, `{}`, true},
		{"duplicates allowed", []Option{AllowDuplicateKeys(true)}, `{"id":"id_00af","n":7,"n":8}`, true},
		{"blobs as text", []Option{BlobsAsText(true)}, `{"id":"id_00af","n":7,"blob":"not base64!"}`, true},
		{"any timestamp format", []Option{AnyTimestampFormat(true)}, `{"id":"id_00af","n":7,"at":1700000000}`, true},
		{"default timestamp format", nil, `{"id":"id_00af","n":7,"at":1700000000}`, false},
		{"untagged objects, unknown members ignored", []Option{IgnoreUnknownMembers(true)}, `{"id":"id_00af","n":7,"block":{"type":"text","text":"hi"}}`, true},
		{"untagged objects, nothing refutes", []Option{IgnoreUnknownMembers(true), AllowMissingRequired(true)}, `{"id":"id_00af","n":7,"pick":{"r":1}}`, false},
		{"untagged objects, refuted members' findings could reach MaxFindings", []Option{MaxFindings(40)}, `{"id":"id_00af","n":7,"block":{"type":"text","text":"hi"}}`, false},
		{"untagged objects, enough MaxFindings", []Option{MaxFindings(200)}, `{"id":"id_00af","n":7,"block":{"type":"text","text":"hi"}}`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := onePassValidator(t, tc.opts...)
			pass := v.onePassJSON(tc.text, &v.cfg.lim)
			walk := walkFindings(t, v, tc.text)
			if pass && len(walk.Findings) > 0 {
				t.Fatalf("%s: the one pass passed a value the walk reports:\n%s", tc.name, walk.Text())
			}
			if pass != tc.pass {
				t.Errorf("%s: one pass %v, want %v (walk: %d findings)", tc.name, pass, tc.pass, len(walk.Findings))
			}
		})
	}
}

// FuzzOnePass checks the one pass against the walk on any text, under a
// few policies: whenever the one pass says "no finding", the walk reports
// none either; ValidateJSONString (the one pass, then the walks of its
// sites or the whole walk) gives the whole walk's result, finding by
// finding; and nothing panics.
func FuzzOnePass(f *testing.F) {
	for _, s := range []string{
		`{"id":"id_00af","n":7}`,
		`{"id":"id_00af","n":7,"small":10,"price":100.5,"d":0,"f":-1.5e3,"name":"abc","color":"green","level":2}`,
		`{"id":"id_00af","n":7,"tags":["a","b"],"nums":[1,2,3],"sparse":["x",null],"m":{"ab":1},"sm":{"k":null},"u":{"b":3}}`,
		`{"id":"id_00af","n":7,"doc":{"x":[1,{"y":null}],"z":"\u00e9"},"at":"1985-04-12T23:20:50.52Z","blob":"YWJj"}`,
		`{"id":"id_00af","n":7,"nested":{"id":"id_00af","n":7,"x":1}}`,
		`{"n":7,"id":"id_00af","n":8}`, `[]`, `null`, `"x"`, `1`,
		`{"id":"id_00af","n":7,"shape":{"side":2,"kind":"square"},"id2":"x","pick":{"r":1},"open":{"name":"x","a":1}}`,
		`{"id":"id_00af","n":7,"block":{"type":"image","data":"x"},"twin":{"r":1},"rec":{"kids":[{"v":1}]}}`,
		`{"id":"id_00af","n":7,"block":[{"type":"text","text":"a"}],"pick":{"side":2}}`,
		`{"id":"id_00af","n":7,"block":{"language":"go","value":"x"}}`,
		`{"id":"id_00af","n":7,"small":11,"nested":{"id":"x","n":7,"tags":["a",1]},"sparse":[1,"x"],"m":{"a":"b"},"u":{"a":1}}`,
		`{"id":"id_00af","n":7,"nested":{"id":"id_00af","zzz":[1],"n":7,"small":0},"nested":{}}`,
		`{"id":"id_00af","n":7,"shut":{"a":1,"b":2},"gate":{"a":1,"b":2}}`,
		`{"id":"id_00af","n":7,"gate":{"a":1},"shut":{}}`,
	} {
		f.Add([]byte(s))
	}
	vs := []*Validator{
		onePassValidator(f),
		onePassValidator(f, IgnoreUnknownMembers(true), AllowDuplicateKeys(true), AnyTimestampFormat(true)),
		onePassValidator(f, RejectNullMembers(true), MaxDepth(3), MaxElements(40), MaxNumberLength(6)),
		onePassValidator(f, MaxFindings(50), AllowMissingRequired(true)),
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		text := string(data)
		for k, v := range vs {
			walk := walkFindings(t, v, text)
			if v.onePassJSON(text, &v.cfg.lim) && len(walk.Findings) > 0 {
				t.Fatalf("validator %d: the one pass passed %q, the walk reports:\n%s", k, text, walk.Text())
			}
			got, err := v.ValidateJSONString(text)
			if err != nil || !reflect.DeepEqual(got, walk) {
				t.Fatalf("validator %d: %q: ValidateJSONString (%v):\n%s\nthe whole walk:\n%s", k, text, err, got.Text(), walk.Text())
			}
		}
	})
}

// TestFractionRangeOK compares the whole-bound shortcut for tokens with a
// fraction with the exact decimal comparison it stands in for.
func TestFractionRangeOK(t *testing.T) {
	bounds := []struct {
		name   string
		lo, hi int64
		hasLo  bool
		hasHi  bool
	}{{"[0,10]", 0, 10, true, true}, {"[-3,-1]", -3, -1, true, true}, {"[1,)", 1, 0, true, false}, {"(,-1]", 0, -1, false, true}}
	tokens := []string{"0.0", "-0.0", "0.5", "-0.5", "9.99", "10.0", "10.01", "-1.0", "-1.5", "-3.0", "-3.01", "-2.5", "1.000",
		"0.9999999999999999999999", "12345678901234567.5", "123456789012345678.5", "1e3", "1.5e1", "2"}
	for _, b := range bounds {
		rb := &rangeBounds{hasMin: b.hasLo, hasMax: b.hasHi}
		rb.min.i, rb.min.isInt, rb.max.i, rb.max.isInt = b.lo, true, b.hi, true
		var err error
		if rb.min.dec, err = node.ParseDecimal(fmt.Sprint(b.lo)); err != nil {
			t.Fatal(err)
		}
		if rb.max.dec, err = node.ParseDecimal(fmt.Sprint(b.hi)); err != nil {
			t.Fatal(err)
		}
		for _, tok := range tokens {
			ok, decided := fractionRangeOK(rb, tok)
			if !decided {
				continue
			}
			d, err := node.ParseDecimal(tok)
			if err != nil {
				t.Fatal(err)
			}
			want := !(b.hasLo && d.Cmp(rb.min.dec) < 0 || b.hasHi && d.Cmp(rb.max.dec) > 0)
			if ok != want {
				t.Errorf("%s %s: shortcut %v, exact %v", b.name, tok, ok, want)
			}
		}
	}
	for _, tok := range []string{"1e3", "2", "123456789012345678.5", "1.5e1"} {
		if _, decided := fractionRangeOK(&rangeBounds{}, tok); decided {
			t.Errorf("%s: decided; want left to the exact comparison", tok)
		}
	}
}

// TestPlainKey checks which wire names the one pass compares with a key
// in place: those that a JSON key holds without an escape.
func TestPlainKey(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{{"id", true}, {"", true}, {"été", true}, {"a b", true}, {`a"b`, false}, {`a\b`, false}, {"a\nb", false}, {"\x7f", true}, {"\xff", false}} {
		if got := plainKey(tc.name); got != tc.want {
			t.Errorf("plainKey(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestKeyAfter checks fields that skip members (keyAfter's window and
// past it), come out of order, repeat, or name a member in a key with an
// escape: the one pass agrees with the walk, and passes the valid ones.
func TestKeyAfter(t *testing.T) {
	v := onePassValidator(t)
	base := `"id":"id_00af","n":7`
	for _, tc := range []struct {
		name, text string
		clean      bool
	}{
		{"next member", `{` + base + `,"small":1,"price":2}`, true},
		{"one skipped", `{` + base + `,"price":2}`, true},
		{"four skipped", `{` + base + `,"name":"ab"}`, true},
		{"five skipped", `{` + base + `,"color":"red"}`, true},
		{"many skipped", `{` + base + `,"nested":{` + base + `},"flag":true}`, true},
		{"back again", `{` + base + `,"name":"ab","small":1,"flag":true,"d":1}`, true},
		{"out of order", `{"n":7,"id":"id_00af","f":1.5,"small":3}`, true},
		{"repeated after a skip", `{` + base + `,"price":2,"price":3}`, false},
		{"repeated in the window", `{` + base + `,"small":1,"price":2,"small":1}`, false},
		{"escaped name in the window", `{` + base + `,"pric\u0065":2}`, false},
		{"a longer name in the window", `{` + base + `,"pricey":2}`, false},
		{"a shorter name in the window", `{` + base + `,"pric":2}`, false},
		{"value fails after a skip", `{` + base + `,"price":200}`, false},
	} {
		got := sitesOf(v, tc.text) == 0
		if got != tc.clean {
			t.Errorf("%s: %s: one pass clean %v, want %v", tc.name, tc.text, got, tc.clean)
		}
		sameAsWalk(t, v, tc.name, tc.text)
	}
}

// TestNumTok checks what number learns of a token against the texts'
// own parses: t.int() is node.SmallInt of the text, and t.rangeOK is the
// exact comparison (node.ParseDecimal) with whole and fractional bounds.
func TestNumTok(t *testing.T) {
	tokens := []string{"0", "-0", "7", "-7", "10", "123456789012345678", "-123456789012345678", "1234567890123456789",
		"99999999999999999999", "0.0", "-0.0", "0.5", "-0.5", "9.99", "10.0", "10.01", "-1.0", "-1.5", "-3.0", "-3.01",
		"1.000", "0.9999999999999999999999", "12345678901234567.5", "123456789012345678.5", "1e3", "1.5e1", "-2E-1", "0e0", "100.50"}
	r := rand.New(rand.NewPCG(7, 9))
	for range 300 {
		tok := ""
		if r.IntN(2) == 0 {
			tok = "-"
		}
		tok += strconv.Itoa(r.IntN(40))
		if r.IntN(2) == 0 {
			tok += "." + strconv.Itoa(r.IntN(1000))
		}
		tokens = append(tokens, tok)
	}
	var rbs []*rangeBounds
	for _, b := range []string{"-3", "0", "1", "10", "39", "0.5", "10.01", "-2.5"} {
		d, err := node.ParseDecimal(b)
		if err != nil {
			t.Fatal(err)
		}
		iv, isInt := node.SmallInt(b)
		b0 := bound{dec: d, i: iv, isInt: isInt}
		rbs = append(rbs, &rangeBounds{hasMin: true, min: b0}, &rangeBounds{hasMax: true, max: b0})
		for _, c := range []string{"-1", "20", "10.5"} {
			d2, _ := node.ParseDecimal(c)
			iv2, isInt2 := node.SmallInt(c)
			rbs = append(rbs, &rangeBounds{hasMin: true, min: b0, hasMax: true, max: bound{dec: d2, i: iv2, isInt: isInt2}})
		}
	}
	q := onePass{}
	for _, tok := range tokens {
		q.onePassState = onePassState{s: tok, maxNum: 100}
		end, nt := q.number(0)
		if end != len(tok) {
			t.Fatalf("%s: number read %d bytes", tok, end)
		}
		gi, gok := nt.int()
		wi, wok := node.SmallInt(tok)
		if gok != wok || gok && gi != wi {
			t.Errorf("%s: int() %d %v, SmallInt %d %v", tok, gi, gok, wi, wok)
		}
		d, err := node.ParseDecimal(tok)
		if err != nil {
			t.Fatal(err)
		}
		for _, rb := range rbs {
			want := !(rb.hasMin && d.Cmp(rb.min.dec) < 0 || rb.hasMax && d.Cmp(rb.max.dec) > 0)
			if got := nt.rangeOK(rb, tok); got != want {
				t.Errorf("%s in %+v: rangeOK %v, exact %v", tok, rb, got, want)
			}
		}
	}
}

// TestUntaggedTakenIsAHint checks that the member an untagged union last
// went to (alloyPlan.taken, refuted last and, when every other member is
// refuted, not at all) changes the cost of the one pass alone: on every
// case of onePassCases, with every union's taken member set to each of
// its members in turn (and to none), the one pass decides as the case
// says, as it does from a fresh validator.
func TestUntaggedTakenIsAHint(t *testing.T) {
	// untaggedPlans lists the untagged unions v's root reaches.
	untaggedPlans := func(v *Validator) []*plan {
		var unions []*plan
		seen := map[*plan]bool{}
		var visit func(p *plan)
		visit = func(p *plan) {
			if p == nil || seen[p] {
				return
			}
			seen[p] = true
			if p.alloy != nil && p.alloy.untagged {
				unions = append(unions, p)
			}
			planEdges(p, func(c *plan, _ bool) { visit(c) })
		}
		visit(v.root)
		return unions
	}
	unions := untaggedPlans(onePassValidator(t))
	if len(unions) < 3 {
		t.Fatalf("p#Top reaches %d untagged unions, want the model's several", len(unions))
	}
	most := 0
	for _, u := range unions {
		most = max(most, len(u.members))
	}
	for _, tc := range onePassCases() {
		for hint := -1; hint < most; hint++ {
			v := onePassValidator(t)
			for _, u := range untaggedPlans(v) {
				switch {
				case hint < 0:
					u.alloy.taken.Store(int32(len(u.members))) // none
				default:
					u.alloy.taken.Store(int32(hint % len(u.members)))
				}
			}
			if got := v.onePassJSON(tc.text, &v.cfg.lim); got != tc.pass {
				t.Errorf("%s, taken member %d: one pass %v, want %v", tc.name, hint, got, tc.pass)
			}
		}
	}
}

// TestFollowIsAHint checks that the field order a structure's plan
// guesses (plan.first, memberPlan.next: learned from the last object)
// changes the cost of the one pass alone: on every case
// of onePassCases, with every structure's guesses preset to member order,
// reversed, rotated, out of range, or learned from the cases before, the
// one pass decides as the case says; and that a guess that missed is set
// to the member that came.
func TestFollowIsAHint(t *testing.T) {
	// guesses lists the guesses of the structures v's root reaches, each
	// structure's as first, then each member's next.
	guesses := func(v *Validator) [][]*atomic.Int32 {
		var out [][]*atomic.Int32
		seen := map[*plan]bool{}
		var visit func(p *plan)
		visit = func(p *plan) {
			if p == nil || seen[p] {
				return
			}
			seen[p] = true
			if p.typ == model.StructureType {
				g := []*atomic.Int32{&p.first}
				for k := range p.members {
					g = append(g, &p.members[k].next)
				}
				out = append(out, g)
			}
			planEdges(p, func(c *plan, _ bool) { visit(c) })
		}
		visit(v.root)
		return out
	}
	presets := map[string]func(k, n int) int{
		"member order": func(k, n int) int { return min(k, n) },
		"reversed":     func(k, n int) int { return n - k },
		"rotated":      func(k, n int) int { return (k + 3) % (n + 1) },
		"out of range": func(k, n int) int { return n + 7 },
	}
	learned := onePassValidator(t) // keeps what the cases before taught it
	for _, tc := range onePassCases() {
		for name, preset := range presets {
			v := onePassValidator(t)
			gs := guesses(v)
			if len(gs) < 5 {
				t.Fatalf("p#Top reaches %d structures, want the model's many", len(gs))
			}
			for _, g := range gs {
				for k, slot := range g {
					slot.Store(int32(preset(k, len(g)-1)))
				}
			}
			if got := v.onePassJSON(tc.text, &v.cfg.lim); got != tc.pass {
				t.Errorf("%s, guesses %s: one pass %v, want %v", tc.name, name, got, tc.pass)
			}
		}
		if got := learned.onePassJSON(tc.text, &learned.cfg.lim); got != tc.pass {
			t.Errorf("%s, guesses learned from the cases before: one pass %v, want %v", tc.name, got, tc.pass)
		}
	}

	// The root's fields out of member order: each guess that missed now
	// names the member whose field came.
	v := onePassValidator(t)
	if !v.onePassJSON(`{"n":7,"id":"id_00af"}`, &v.cfg.lim) {
		t.Fatal("the one pass gave up on a valid value")
	}
	idx := func(wire string) int32 {
		for k := range v.root.members {
			if v.root.members[k].wire == wire {
				return int32(k)
			}
		}
		t.Fatalf("p#Top has no member %q", wire)
		return -1
	}
	if got, want := v.root.first.Load(), idx("n"); got != want {
		t.Errorf("first field's guess %d, want %d (n)", got, want)
	}
	if got, want := v.root.members[idx("n")].next.Load(), idx("id"); got != want {
		t.Errorf("guess after n %d, want %d (id)", got, want)
	}
}

// TestUntaggedWaitingRefutations checks the refutations that wait for the
// check of an untagged union's last member (untaggedBounds.waits): Pick's
// Circle and Square each lack the other's required member, so with either
// as the member taken last the other's refutation waits. Under every hint
// and both unknown-member policies, the one pass decides as the case says
// and never passes what the walk reports: a field that names no member of
// the last one (the waiting member's own, or another) sends the waiting
// member back to its refutation, and a last member that fails its check
// leaves the decision to the others.
func TestUntaggedWaitingRefutations(t *testing.T) {
	const base = `{"id":"id_00af","n":7,`
	tests := []struct {
		name   string
		ignore bool
		pick   string
		pass   bool
	}{
		{"circle", false, `{"r":1}`, true},
		{"square", false, `{"side":2}`, true},
		{"both members' fields", false, `{"r":1,"side":2}`, false},
		{"neither", false, `{}`, false},
		{"circle, an unknown field", false, `{"r":1,"x":3}`, false},
		{"both members' fields, unknown ignored: both accept", true, `{"r":1,"side":2}`, false},
		{"the other's field first, unknown ignored: both accept", true, `{"side":2,"r":1}`, false},
		{"circle, an unknown field ignored", true, `{"r":1,"x":3}`, true},
		{"square, an unknown field ignored", true, `{"x":3,"side":2}`, true},
		{"circle failing, square's field: square accepts", true, `{"r":"1","side":2}`, true},
		{"square failing, circle's field: circle accepts", true, `{"r":1,"side":"2"}`, true},
		{"neither, unknown ignored", true, `{"x":1}`, false},
	}
	// Alt: both members accept {"note":"\u0061b","n":1} where unknown
	// fields are ignored (an ambiguity), but the one pass's check of esc
	// gives up on the escape: num's check, which passes, must not stand
	// for esc's refutation, since a field names none of num's members.
	tests2 := []struct {
		name   string
		ignore bool
		pick   string
		pass   bool
	}{
		{"alt: esc's check gives up, num's passes with esc's field", true, `"alt":{"note":"\u0061b","n":1}`, false},
		{"alt: num", true, `"alt":{"n":1}`, true},
		{"alt: esc", true, `"alt":{"note":"ab"}`, true},
		{"alt: esc with an escape, num refuted", true, `"alt":{"note":"\u0061b"}`, false},
		{"tri: c", false, `"tri":{"x":1}`, true},
		{"tri: c, unknown ignored", true, `"tri":{"x":1}`, true},
		{"tri: b's field beside c's, unknown ignored: both accept", true, `"tri":{"x":1,"z":2}`, false},
		{"tri: a", false, `"tri":{"x":1,"y":2}`, true},
		{"tri: b", true, `"tri":{"z":1}`, true},
		{"tri: c's field wrong", true, `"tri":{"x":"1"}`, false},
		{"quad: qc", false, `"quad":{"kind":"c","x":1}`, true},
		{"quad: qa", false, `"quad":{"kind":"a","x":1}`, true},
		{"quad: qc beside qb's field, unknown ignored: both accept", true, `"quad":{"kind":"c","x":1,"z":2}`, false},
		{"quint: qc's value, which qa takes too", false, `"quint":{"kind":"c","x":1}`, false},
		{"quint: qa", false, `"quint":{"kind":"a","x":1}`, true},
	}
	for _, tc := range tests {
		tc.pick = `"pick":` + tc.pick
		tests2 = append(tests2, tc)
	}
	for _, tc := range tests2 {
		for hint := range 3 { // the first member, the second, none
			var opts []Option
			if tc.ignore {
				opts = append(opts, IgnoreUnknownMembers(true))
			}
			v := onePassValidator(t, opts...)
			for _, name := range []string{"pick", "alt"} {
				u := v.root.members[v.root.lookup(name)].plan
				if u.alloy == nil || !u.alloy.untagged || len(u.members) != 2 {
					t.Fatalf("p#Top's %s is not an untagged union of two members", name)
				}
				if w := u.alloy.untaggedBoundsOf(u).waits; len(w) != 2 || w[0] != 1<<1 || w[1] != 1<<0 {
					t.Fatalf("%s's waits %v, want each member's refutation waiting for the other's check", name, w)
				}
				u.alloy.taken.Store(int32(hint))
			}
			tri := v.root.members[v.root.lookup("tri")].plan
			if w := tri.alloy.untaggedBoundsOf(tri).waits; len(w) != 3 || w[0] != 1<<1 || w[2] != 1<<0|1<<1 {
				t.Fatalf("tri's waits %v, want b waiting for a's check, a and b for c's", w)
			}
			tri.alloy.taken.Store(int32(hint))
			for _, name := range []string{"quad", "quint"} {
				u := v.root.members[v.root.lookup(name)].plan
				if w := u.alloy.untaggedBoundsOf(u).waits; len(w) != 3 || w[0] != 1<<1 || w[2] != 1<<1 {
					t.Fatalf("%s's waits %v, want qb waiting for qa's check and for qc's, qa for neither", name, w)
				}
				u.alloy.taken.Store(int32(hint))
			}
			text := base + tc.pick + `}`
			pass := v.onePassJSON(text, &v.cfg.lim)
			walk := walkFindings(t, v, text)
			if pass && len(walk.Findings) > 0 {
				t.Fatalf("%s, taken %d: the one pass passed a value the walk reports:\n%s", tc.name, hint, walk.Text())
			}
			if pass != tc.pass {
				t.Errorf("%s, taken %d: one pass %v, want %v (walk: %d findings)", tc.name, hint, pass, tc.pass, len(walk.Findings))
			}
		}
	}
}
