package openrpc_test

import (
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
)

// generatedModel has a member of every shape kind the export writes, bare
// and with each constraint trait it reads (on the member and on the
// target), every alloy union and member form, and the losses the export
// declares.
const generatedModel = head + `
use alloy#discriminated
use alloy#untagged
use alloy#nullable

@jsonRpc(versions: ["2.0"])
service G { version: "1", operations: [Op, Pos] }

@method(name: "op")
operation Op { input: In }

@method(name: "pos", params: "either", positional: ["a", "b"])
operation Pos { input: PosIn }

structure PosIn {
    @required
    a: Byte
    b: Code
}

structure In {
    flag: Boolean
    b: Byte
    s: Short
    i: Integer
    l: Long
    @range(min: -5, max: 5)
    small: Integer
    @range(min: 10)
    big: BigInteger
    @range(min: 0.5, max: 1e3)
    dec: BigDecimal
    f: Float
    @range(min: -1.5, max: 3.4028235e38)
    rf: Float
    d: Double
    @range(min: 0)
    rd: Double
    @range(max: 1e400)
    hd: Double
    str: String
    @length(min: 2, max: 4)
    len: String
    @pattern("^[a-z]+$")
    pat: String
    @pattern("^(?=.*[0-9])[a-z0-9]+$")
    look: String
    @pattern("(?<!x)y$")
    behind: String
    possessive: Possessive
    code: Code
    @length(min: 1)
    code2: Code
    color: Color
    level: Level
    when: Timestamp
    @timestampFormat("epoch-seconds")
    epoch: Timestamp
    @timestampFormat("http-date")
    http: Timestamp
    @timestampFormat("date-time")
    dt: Timestamp
    data: Blob
    @length(max: 5)
    sized: Blob
    doc: Document
    @idRef
    ref: String
    list: Codes
    @length(min: 1, max: 2)
    shortList: Codes
    uniq: UniqueInts
    sparse: SparseInts
    counts: Counts
    @length(max: 1)
    oneCount: Counts
    sparseMap: SparseMap
    nested: Nested
    @required
    must: Nested
    choice: Choice
    id: Id
    numOrText: NumOrText
    flagOrList: FlagOrList
    block: Block
}

@pattern("^[a-z]+$")
@length(max: 6)
string Code

@pattern("^a++$")
string Possessive

enum Color {
    RED
    GREEN = "green"
}

intEnum Level {
    LOW = 1
    HIGH = 10
}

list Codes { member: Code }

@uniqueItems
list UniqueInts { member: Integer }

@sparse
list SparseInts { member: Integer }

map Counts { key: Code, value: Long }

@sparse
map SparseMap { key: String, value: Byte }

structure Nested {
    @required
    name: String
    @nullable
    maybe: Integer
    @jsonName("n-count")
    count: Byte
    @required
    payload: Document
    docs: Docs
}

list Docs { member: Document }

union Choice { text: String, number: Integer }

@untagged
union Id { s: String, n: Integer }

@untagged
union NumOrText { d: Double, s: String }

@untagged
union FlagOrList { f: Boolean, l: UniqueInts }

@discriminated("type")
union Block { text: TextBlock, image: ImageBlock }

structure TextBlock { @required text: String }

structure ImageBlock { @required data: Blob }
`

// gval is a generated JSON value with the shapes and members whose
// schemas it exercises, so that a loss diagnostic about one of them
// excuses a difference in verdict.
type gval struct {
	text  string
	sites []shapeid.ID
}

// generator derives values from a member's shape kind and effective
// traits: each bound, one step inside and one outside it, the type's own
// limits, the forms a kind's wire encoding allows and a few it does not,
// and the aggregates built from their members' values.
type generator struct {
	m         *model.Model
	jsonNames bool
}

const maxGenDepth = 3

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func (g *generator) wire(mem *model.Shape) string {
	if g.jsonNames {
		if jn, ok := mem.Trait(preludeid.JSONName); ok {
			return jn.StringValue()
		}
	}
	return mem.MemberName()
}

func trait(ts []model.Trait, id shapeid.ID) (node.Node, bool) {
	for _, t := range ts {
		if t.ID == id {
			return t.Value, true
		}
	}
	return node.Node{}, false
}

func traitNum(ts []model.Trait, id shapeid.ID, key string) (string, bool) {
	t, ok := trait(ts, id)
	if !ok {
		return "", false
	}
	v, ok := t.Get(key)
	if !ok || v.Kind() != node.Number {
		return "", false
	}
	return v.NumberText(), true
}

func rat(tok string) *big.Rat {
	r, ok := new(big.Rat).SetString(tok)
	if !ok {
		panic("not a number token: " + tok)
	}
	return r
}

// around returns b itself, b±1 and b±1/1000, exactly.
func around(b string) []string {
	r := rat(b)
	out := []string{b}
	for _, d := range []string{"1", "-1", "0.001", "-0.001"} {
		x := new(big.Rat).Add(r, rat(d))
		if x.IsInt() {
			out = append(out, x.Num().String())
		} else {
			out = append(out, x.FloatString(3))
		}
	}
	return out
}

// member generates values for a member from its effective traits.
func (g *generator) member(mem *model.Shape, depth int) []gval {
	target, ok := g.m.Target(mem)
	if !ok {
		panic("no target: " + mem.ID().String())
	}
	vals := g.shape(target, g.m.EffectiveTraits(mem), depth)
	for i := range vals {
		vals[i].sites = append(vals[i].sites, mem.ID())
	}
	return vals
}

func scalars(site shapeid.ID, texts ...string) []gval {
	out := make([]gval, len(texts))
	for i, t := range texts {
		out[i] = gval{text: t, sites: []shapeid.ID{site}}
	}
	return out
}

var (
	floatLimit  = "340282356779733661637539395458142568448"
	doubleLimit = "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792"
)

func (g *generator) shape(s *model.Shape, traits []model.Trait, depth int) []gval {
	id := s.ID()
	var texts []string
	add := func(ts ...string) { texts = append(texts, ts...) }
	rangeEdges := func() {
		if v, ok := traitNum(traits, preludeid.Range, "min"); ok {
			add(around(v)...)
		}
		if v, ok := traitNum(traits, preludeid.Range, "max"); ok {
			add(around(v)...)
		}
	}
	switch s.Type() {
	case model.BooleanType:
		add("true", "false", `"true"`, "0")
	case model.ByteType, model.ShortType, model.IntegerType, model.LongType, model.BigIntegerType:
		bounds := map[model.ShapeType][2]string{
			model.ByteType: {"-128", "127"}, model.ShortType: {"-32768", "32767"},
			model.IntegerType: {"-2147483648", "2147483647"}, model.LongType: {"-9223372036854775808", "9223372036854775807"},
		}[s.Type()]
		lo, hi := bounds[0], bounds[1]
		if lo != "" {
			add(around(lo)[:3]...)
			add(around(hi)[:3]...)
		} else {
			add("123456789012345678901234567890", "-123456789012345678901234567890")
		}
		rangeEdges()
		add("0", "7", "-0", "1.5", `"1"`, "null")
	case model.FloatType, model.DoubleType, model.BigDecimalType:
		add("0", "-0.0", "1.5", "1e-400", `"1.5"`, `"NaN"`, `"Infinity"`, `"-Infinity"`, `"nan"`, "true")
		switch s.Type() {
		case model.FloatType:
			for _, x := range []string{floatLimit, "-" + floatLimit} {
				add(around(x)[:3]...)
			}
			add("3.4028235e38", "3.4028234663852886e38", "3.4028235677973366e38", "3.4028235677973367e38", "-3.4028235677973367e38", "1e39")
		case model.DoubleType:
			for _, x := range []string{doubleLimit, "-" + doubleLimit} {
				add(around(x)[:3]...)
			}
			add("1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e309", "-1e309")
		default:
			add("1e400", "-1e400")
		}
		rangeEdges()
	case model.StringType:
		pool := []string{"abc", "ab", "a", "", "ABC", "a1", "1a", "abc1", "y", "xy", "ay", "aaa", "aab", "abcdefg", "é", "a\n", "\u2028", "example#In", "example#Nope"}
		if v, ok := traitNum(traits, preludeid.Length, "min"); ok {
			n := int(rat(v).Num().Int64())
			for _, k := range []int{n - 1, n} {
				if k >= 0 {
					pool = append(pool, strings.Repeat("a", k))
				}
			}
		}
		if v, ok := traitNum(traits, preludeid.Length, "max"); ok {
			n := int(rat(v).Num().Int64())
			pool = append(pool, strings.Repeat("a", n), strings.Repeat("a", n+1), strings.Repeat("é", n+1))
		}
		for _, p := range pool {
			add(quote(p))
		}
		add("1", "null")
	case model.EnumType:
		for _, mem := range s.Members() {
			v := mem.MemberName()
			if ev, ok := mem.Trait(preludeid.EnumValue); ok {
				v = ev.StringValue()
			}
			add(quote(v), quote(strings.ToUpper(v)), quote(strings.ToLower(v)))
		}
		add(`""`, "1")
	case model.IntEnumType:
		for _, mem := range s.Members() {
			if ev, ok := mem.Trait(preludeid.EnumValue); ok {
				add(around(ev.NumberText())[:3]...)
			}
		}
		add(`"1"`, "1.5")
	case model.TimestampType:
		add(`"1985-04-12T23:20:50.52Z"`, `"1985-04-12T23:20:50Z"`, `"0001-01-01T00:00:00Z"`, `"9999-12-31T23:59:59.999Z"`,
			`"0000-12-31T23:59:59Z"`, `"1985-04-12T23:20:50+01:00"`, `"1985-04-12t23:20:50z"`, `"1985-02-30T23:20:50Z"`,
			`"Tue, 29 Apr 2014 18:30:38 GMT"`, `"Tue, 29 Apr 2014 18:30:38 UTC"`, `"Tue, 31 Apr 2014 18:30:38 GMT"`,
			"-62135596800", "-62135596800.001", "-62135596801", "253402300799.999", "253402300800", "1e12", "0", "1515531081.123",
			`"1515531081"`, "true")
	case model.BlobType:
		add(`""`, `"aGVsbG8="`, `"aGVsbG8"`, `"not base64!"`, `"aGVs"`, `"aGVsbA=="`, `"aGVsbG8gd29ybGQ="`, "1")
	case model.DocumentType:
		add("1", `"x"`, "null", "{}", "[]", `{"a":[1,"x",null]}`)
	case model.ListType, model.SetType:
		return g.list(s, traits, depth)
	case model.MapType:
		return g.mapValues(s, traits, depth)
	case model.StructureType:
		return g.structure(s, depth)
	case model.UnionType:
		return g.union(s, depth)
	default:
		panic(fmt.Sprintf("%s: no generator for %s", id, s.Type()))
	}
	return scalars(id, texts...)
}

func join(parts []string) string { return strings.Join(parts, ",") }

// pick returns up to n of vals, spread over the list.
func pick(vals []gval, n int) []gval {
	if len(vals) <= n {
		return vals
	}
	out := make([]gval, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, vals[i*len(vals)/n])
	}
	return out
}

func sitesOf(id shapeid.ID, vs ...gval) []shapeid.ID {
	out := []shapeid.ID{id}
	for _, v := range vs {
		out = append(out, v.sites...)
	}
	return out
}

func (g *generator) list(s *model.Shape, traits []model.Trait, depth int) []gval {
	out := []gval{{text: "[]", sites: []shapeid.ID{s.ID()}}, {text: "{}", sites: []shapeid.ID{s.ID()}}}
	if depth >= maxGenDepth {
		return out
	}
	mem, _ := s.Member("member")
	elems := g.member(mem, depth+1)
	for _, e := range pick(elems, 12) {
		out = append(out, gval{text: "[" + e.text + "]", sites: sitesOf(s.ID(), e)})
	}
	out = append(out, gval{text: "[null]", sites: []shapeid.ID{s.ID(), mem.ID()}})
	a, b := elems[0], elems[1]
	out = append(out,
		gval{text: "[" + join([]string{a.text, a.text}) + "]", sites: sitesOf(s.ID(), a)},
		gval{text: "[" + join([]string{a.text, b.text}) + "]", sites: sitesOf(s.ID(), a, b)},
		gval{text: "[" + join([]string{a.text, "null", b.text}) + "]", sites: sitesOf(s.ID(), a, b)})
	for _, k := range []string{"min", "max"} {
		if v, ok := traitNum(traits, preludeid.Length, k); ok {
			n := int(rat(v).Num().Int64())
			for _, size := range []int{n - 1, n, n + 1} {
				if size < 0 {
					continue
				}
				parts := make([]string, size)
				for i := range parts {
					parts[i] = a.text
				}
				out = append(out, gval{text: "[" + join(parts) + "]", sites: sitesOf(s.ID(), a)})
			}
		}
	}
	return out
}

func (g *generator) mapValues(s *model.Shape, traits []model.Trait, depth int) []gval {
	out := []gval{{text: "{}", sites: []shapeid.ID{s.ID()}}, {text: "[]", sites: []shapeid.ID{s.ID()}}}
	if depth >= maxGenDepth {
		return out
	}
	km, _ := s.Member("key")
	vm, _ := s.Member("value")
	var keys []gval
	for _, k := range g.member(km, depth+1) {
		if strings.HasPrefix(k.text, `"`) {
			keys = append(keys, k)
		}
	}
	vals := g.member(vm, depth+1)
	for _, k := range pick(keys, 8) {
		out = append(out, gval{text: "{" + k.text + ":" + vals[0].text + "}", sites: sitesOf(s.ID(), k, vals[0])})
	}
	for _, v := range pick(vals, 10) {
		out = append(out, gval{text: "{" + keys[0].text + ":" + v.text + "}", sites: sitesOf(s.ID(), keys[0], v)})
	}
	out = append(out, gval{text: "{" + keys[0].text + ":null}", sites: sitesOf(s.ID(), keys[0], vals[0])})
	if v, ok := traitNum(traits, preludeid.Length, "max"); ok {
		n := int(rat(v).Num().Int64())
		var parts []string
		for i := 0; i <= n && i < len(keys); i++ {
			parts = append(parts, keys[i].text+":"+vals[0].text)
			out = append(out, gval{text: "{" + join(parts) + "}", sites: sitesOf(s.ID(), keys[:i+1]...)})
		}
	}
	return out
}

// structure generates an object with every member at its first value,
// then each member's values one at a time in that object, each member
// missing, null, and an unknown member.
func (g *generator) structure(s *model.Shape, depth int) []gval {
	if depth >= maxGenDepth {
		return []gval{{text: "{}", sites: []shapeid.ID{s.ID()}}, {text: "[]", sites: []shapeid.ID{s.ID()}}}
	}
	var out []gval
	mems := s.Members()
	per := make([][]gval, len(mems))
	base := make([]string, len(mems))
	for i, mem := range mems {
		per[i] = g.member(mem, depth+1)
		base[i] = quote(g.wire(mem)) + ":" + per[i][0].text
	}
	whole := func(i int, field string) string {
		parts := append([]string(nil), base...)
		parts[i] = field
		var kept []string
		for _, p := range parts {
			if p != "" {
				kept = append(kept, p)
			}
		}
		return "{" + join(kept) + "}"
	}
	out = append(out, gval{text: "{" + join(base) + "}", sites: sitesOf(s.ID(), firstOf(per)...)})
	for i, mem := range mems {
		n := 6
		if depth == 0 {
			n = len(per[i])
		}
		for _, v := range pick(per[i], n) {
			out = append(out, gval{text: whole(i, quote(g.wire(mem))+":"+v.text), sites: sitesOf(s.ID(), v)})
		}
		out = append(out,
			gval{text: whole(i, ""), sites: []shapeid.ID{s.ID(), mem.ID()}},
			gval{text: whole(i, quote(g.wire(mem))+":null"), sites: []shapeid.ID{s.ID(), mem.ID()}})
	}
	out = append(out, gval{text: whole(0, base[0]+`,"unknown-field":1`), sites: []shapeid.ID{s.ID()}},
		gval{text: "[]", sites: []shapeid.ID{s.ID()}})
	return out
}

func firstOf(per [][]gval) []gval {
	out := make([]gval, len(per))
	for i, vs := range per {
		out[i] = vs[0]
	}
	return out
}

func (g *generator) union(s *model.Shape, depth int) []gval {
	empty := []gval{{text: "{}", sites: []shapeid.ID{s.ID()}}, {text: "null", sites: []shapeid.ID{s.ID()}}}
	if depth >= maxGenDepth {
		return empty
	}
	var out []gval
	untagged := s.HasTrait(openrpc.AlloyUntagged)
	disc, discriminated := s.Trait(openrpc.AlloyDiscriminated)
	var firsts []gval
	for _, mem := range s.Members() {
		vals := g.member(mem, depth+1)
		firsts = append(firsts, vals[0])
		for _, v := range pick(vals, 10) {
			switch {
			case untagged:
				out = append(out, gval{text: v.text, sites: sitesOf(s.ID(), v)})
			case discriminated:
				if strings.HasPrefix(v.text, "{") && v.text != "{}" {
					tagged := "{" + quote(disc.StringValue()) + ":" + quote(g.wire(mem)) + "," + v.text[1:]
					out = append(out, gval{text: tagged, sites: sitesOf(s.ID(), v)}, gval{text: v.text, sites: sitesOf(s.ID(), v)})
				}
			default:
				out = append(out, gval{text: "{" + quote(g.wire(mem)) + ":" + v.text + "}", sites: sitesOf(s.ID(), v)})
			}
		}
		if discriminated {
			out = append(out, gval{text: "{" + quote(disc.StringValue()) + ":" + quote(g.wire(mem)) + "}", sites: []shapeid.ID{s.ID(), mem.ID()}})
		}
	}
	if !untagged && !discriminated && len(firsts) > 1 {
		a, b := s.Members()[0], s.Members()[1]
		out = append(out,
			gval{text: "{" + quote(g.wire(a)) + ":" + firsts[0].text + "," + quote(g.wire(b)) + ":" + firsts[1].text + "}", sites: sitesOf(s.ID(), firsts[0], firsts[1])},
			gval{text: "{" + quote(g.wire(a)) + ":" + firsts[0].text + "," + quote(g.wire(b)) + ":null}", sites: sitesOf(s.ID(), firsts[0])})
	}
	return append(out, empty...)
}

// TestGeneratedAgreement generates values for every member of
// generatedModel (every shape kind, each bound and one step on each side
// of it) under three policy sets, and holds the value engine (rpc, from
// the model) and JSON Schema (openrpc/jsonschema against the
// exported document) to the same verdict on each, except where a loss
// diagnostic of the export names a shape or member the value exercises.
// It also holds the generator to its job: every top-level member gets at
// least one value each verdict accepts and one it rejects.
func TestGeneratedAgreement(t *testing.T) {
	m := assemble(t, map[string]string{"alloy.smithy": alloyDefs, "model.smithy": generatedModel})
	for _, cfg := range []struct {
		name string
		cfg  openrpc.Config
	}{
		{"defaults", openrpc.Config{}},
		{"strict", openrpc.Config{RejectUnknownMembers: true, RejectNullMembers: true, MatchJSONNames: true}},
		{"lenient", openrpc.Config{IgnoreUnknownMembers: true, AllowMissingRequired: true, AnyTimestampFormat: true, BlobsAsText: true, AcceptIntegralDecimals: true}},
	} {
		t.Run(cfg.name, func(t *testing.T) {
			res, err := openrpc.Convert(m, shapeid.MustParse("example#G"), cfg.cfg)
			if err != nil {
				t.Fatal(err)
			}
			check, err := openrpc.NewChecker(res.JSON)
			if err != nil {
				t.Fatal(err)
			}
			lossAt := map[shapeid.ID]string{}
			for _, d := range res.Diagnostics {
				if d.Code == openrpc.CodeLoss && !d.Shape.IsZero() {
					lossAt[d.Shape] = d.Message
				}
			}
			in, _ := m.Shape(shapeid.MustParse("example#In"))
			g := &generator{m: m, jsonNames: cfg.cfg.MatchJSONNames}
			total, excused := 0, 0
			var unexcused []string
			// Each value goes in an object that has the first generated
			// value of every required member.
			base := map[string]string{}
			for _, mem := range in.Members() {
				if mem.HasTrait(preludeid.Required) {
					base[mem.MemberName()] = quote(g.wire(mem)) + ":" + g.member(mem, 0)[0].text
				}
			}
			// compare holds the two verdicts on a call's params to each
			// other and reports the engine's.
			compare := func(method, params string, sites []shapeid.ID) bool {
				total++
				r := res.Service.ValidateRequest([]byte(`{"jsonrpc":"2.0","method":"` + method + `","params":` + params + `,"id":1}`))
				cerr := check.CheckParams(method, []byte(params))
				if r.Valid == (cerr == nil) {
					return r.Valid
				}
				for _, site := range sites {
					// A loss said of a prelude shape names no place in the
					// model the user wrote: it excuses nothing.
					if _, ok := lossAt[site]; ok && site.Namespace != shapeid.Prelude {
						excused++
						return r.Valid
					}
				}
				unexcused = append(unexcused, fmt.Sprintf("%s %s: engine valid=%v %v; schema: %v", method, params, r.Valid, r.Findings, cerr))
				return r.Valid
			}
			for _, mem := range in.Members() {
				accepted, rejected := 0, 0
				var others []string
				for n, f := range base {
					if n != mem.MemberName() {
						others = append(others, f)
					}
				}
				sort.Strings(others)
				for _, v := range g.member(mem, 0) {
					params := "{" + join(append(append([]string(nil), others...), quote(g.wire(mem))+":"+v.text)) + "}"
					if compare("op", params, v.sites) {
						accepted++
					} else {
						rejected++
					}
				}
				if target, _ := m.Target(mem); accepted == 0 || rejected == 0 && target.Type() != model.DocumentType {
					t.Errorf("%s: the generator made %d values the engine accepts and %d it rejects; want both", mem.ID(), accepted, rejected)
				}
			}
			// Positional params, and more of them than the method has.
			pos, _ := m.Shape(shapeid.MustParse("example#PosIn"))
			pa, _ := pos.Member("a")
			pb, _ := pos.Member("b")
			as, bs := g.member(pa, 0), g.member(pb, 0)
			type call struct {
				params string
				sites  []shapeid.ID
			}
			var calls []call
			for _, a := range as {
				calls = append(calls, call{"[" + a.text + "]", a.sites}, call{`{"a":` + a.text + `}`, a.sites})
			}
			for _, b := range bs {
				sites := sitesOf(pos.ID(), as[0], b)
				calls = append(calls, call{"[" + as[0].text + "," + b.text + "]", sites}, call{`{"a":` + as[0].text + `,"b":` + b.text + `}`, sites})
			}
			first := sitesOf(pos.ID(), as[0], bs[0])
			calls = append(calls, call{"[]", nil}, call{"{}", nil}, call{"[" + as[0].text + ",null]", first},
				call{"[" + as[0].text + "," + bs[0].text + ",1]", first}, call{"[" + as[0].text + "," + bs[0].text + ",null]", first})
			posAccepted := 0
			for _, c := range calls {
				if compare("pos", c.params, c.sites) {
					posAccepted++
				}
			}
			if posAccepted == 0 || posAccepted == len(calls) {
				t.Errorf("pos: the engine accepts %d of %d calls; want some of each verdict", posAccepted, len(calls))
			}
			sort.Strings(unexcused)
			for _, u := range unexcused {
				t.Error(u)
			}
			t.Logf("%d values, %d differ where a loss diagnostic says so", total, excused)
			if excused*10 > total {
				t.Errorf("%d values, %d excused: the generator exercises the losses more than the schemas", total, excused)
			}
		})
	}
}
