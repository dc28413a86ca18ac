package smithyvalidate

import (
	"fmt"
	"github.com/smithy-validation/go/core/validate"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/pattern"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/selector"
	"github.com/smithy-validation/go/core/shapeid"
)

// Validator is a prepared validator: the contract of one shape, with every
// contract reachable from it (effective member traits, compiled patterns,
// parsed ranges and lengths, enum sets, timestamp formats), compiled into a
// plan. It keeps no reference to a service and converts nothing into a
// schema.
//
// A Validator is immutable: one validator validates any number of values,
// from any number of goroutines at once.
type Validator struct {
	root  *plan
	id    shapeid.ID
	cfg   config
	model *model.Model // for @idRef(failWhenMissing) and selectors
	// rootNull says how a null root value is judged when the root is a
	// member: like a member of its container.
	rootNull rootNullRule
	rootName string
}

// rootNullRule is how a null root value is judged.
type rootNullRule uint8

const (
	rootNullRejected rootNullRule = iota // not a member: null is not a value of the shape
	rootNullRequired                     // a @required structure member
	rootNullOptional                     // an optional structure or union member
	rootNullSparse                       // the member of a @sparse list or map value
	rootNullDense                        // the member of a list or map that is not @sparse
)

// Shape returns the ID the validator was prepared for.
func (v *Validator) Shape() shapeid.ID { return v.id }

// Limits returns the run options the validator was prepared with (used by
// [Validator.Validate] and [Validator.NewCollector]).
func (v *Validator) Limits() Limits { return v.cfg.limits() }

// WireName returns the name a field uses on the wire for the member
// named member of the structure or union the validator was prepared for:
// its @jsonName under the [MatchJSONNames] policy, its member name
// otherwise. It reports false when the root has no such member.
func (v *Validator) WireName(member string) (string, bool) {
	if v.root == nil {
		return "", false
	}
	for i := range v.root.members {
		if m := &v.root.members[i]; m.plan != nil && m.plan.id.Member == member {
			return m.wire, true
		}
	}
	return "", false
}

// NewCollector returns an empty collector with the validator's run options,
// to validate several values into one result with one findings budget.
func (v *Validator) NewCollector() *Collector { return newCollectorConfig(v.cfg) }

// plan is the compiled contract of one shape or member. A model prepares
// one for every shape and member its payloads reach (836 for the MCP
// service), so its fields are ordered to leave no padding (272 bytes, the
// allocator's 288-byte class, was 360 in the 384-byte one:
// TestPlanSize): the flags and small fields first, beside first.
type plan struct {
	typ    model.ShapeType // the value's shape type (a member's target type)
	ts     tsFormat
	unique bool
	sparse bool
	// intBounded is set for a byte, short, integer, long or intEnum,
	// whose values intLo and intHi bound; intType for the integer types
	// (bigInteger included).
	intBounded bool
	intType    bool
	// nullable is alloy#nullable: null is a value here (nullable.go).
	nullable bool
	// closed is smithy.rpc#closed on a structure: a field that names no
	// member is an error whatever the unknown-member policy (closed.go).
	closed bool
	// reqHigh is set when a required member has an index of 64 or more
	// (see reqLow).
	reqHigh bool
	// first guesses a structure's first field and the field after one
	// that names no member, as memberPlan.next guesses the field after a
	// member's (the one pass, structure).
	first atomic.Int32

	id shapeid.ID // reported in findings: the member ID or the shape ID
	// targetShape is the shape that defines the type (the shape itself
	// for root shapes); its ID is named in some findings (targetID).
	targetShape *model.Shape

	length  *lengthBounds
	rng     *rangeBounds
	pattern *pattern.Regexp // its text (String) is the @pattern's value
	// strEnum holds the values of an enum shape or @enum trait; enumText
	// lists them for messages.
	strEnum map[string]struct{}
	// enumList holds the same values when they are few (smallEnum),
	// sorted: the one pass searches them without hashing.
	enumList []string
	intEnum  map[int64]struct{}
	enumText string
	idRef    *idRefPlan

	member     *plan // list member
	key, value *plan // map key and value
	members    []memberPlan
	byName     map[string]int32 // wire name -> index, for larger structures
	required   []int32
	// reqLow has bit i set for each required member i < 64 (reqHigh is
	// set when a required member has a higher index). A structure whose
	// first 64 members' seen set covers reqLow, with reqHigh unset, lacks
	// none.
	reqLow uint64

	// intLo and intHi bound the values of a byte, short, integer, long or
	// intEnum (intBounded); a bigInteger is unbounded. Computed once here,
	// not on every integer value.
	intLo, intHi int64

	// alloy holds the encodings of the alloy traits on a union or
	// structure (discriminated.go, untagged.go, jsonunknown.go); nil for
	// almost every shape.
	alloy *alloyPlan
}

// targetID is the ID of the shape that defines the plan's type (the
// plan's own for root shapes).
func (p *plan) targetID() shapeid.ID { return p.targetShape.ID() }

type memberPlan struct {
	wire     string // the name a field uses (member name or @jsonName)
	plan     *plan
	required bool
	// plain is set when wire, written between quotes, is a JSON key
	// without escapes (valid UTF-8, no quote, backslash or control
	// character): the one pass then compares a key's text with it in
	// place (keyIs).
	plain bool
	// next is, in a structure, the member whose field the one pass
	// guesses after this member's when the next member's is not there:
	// at first the next member, then the one that came after this
	// member's field in the last object where neither was right (set by
	// the check, and by the refutations of an untagged union's members,
	// which try it first; plan.first is the guess of the first field).
	// A hint for the cost alone: a field's member is the one its name
	// names whatever was guessed. It fits in the struct's padding (32
	// bytes with or without it).
	next atomic.Int32
}

// Prepare compiles the contract of the shape id (a root shape or a member,
// ns#S$m) of m. Options set the policies and limits the validator uses
// (see [Option]). A model that cannot be validated against returns a
// [*ModelError] listing every problem found.
//
// Services, operations, resources and @mixin shapes are never validation
// targets.
func Prepare(m *model.Model, id shapeid.ID, opts ...Option) (v *Validator, err error) {
	defer recoverInternal(&err)
	cfg := readOptions(opts)
	p := preparer{m: m, cfg: &cfg, cache: map[*model.Shape]*plan{}}
	root := p.prepareRoot(id)
	if len(p.problems) > 0 {
		sort.SliceStable(p.problems, func(i, j int) bool {
			a, b := p.problems[i], p.problems[j]
			if c := shapeid.Compare(a.Shape, b.Shape); c != 0 {
				return c < 0
			}
			return shapeid.Compare(a.Trait, b.Trait) < 0
		})
		return nil, &ModelError{Root: id, Problems: p.problems}
	}
	return newValidator(m, id, root, cfg), nil
}

// newValidator is the validator of the shape id of m, whose plan is root.
func newValidator(m *model.Model, id shapeid.ID, root *plan, cfg config) *Validator {
	v := &Validator{root: root, id: id, cfg: cfg, model: m}
	if s, _ := m.Shape(id); s != nil && s.Container() != nil {
		v.rootName = s.MemberName()
		c := s.Container()
		switch c.Type() {
		case model.StructureType, model.UnionType:
			v.rootNull = rootNullOptional
			if c.Type() == model.StructureType && s.HasTrait(preludeid.Required) {
				v.rootNull = rootNullRequired
			}
		case model.ListType, model.SetType, model.MapType:
			v.rootNull = rootNullDense
			if c.HasTrait(preludeid.Sparse) && s.MemberName() != "key" {
				v.rootNull = rootNullSparse
			}
		}
	}
	return v
}

// modelPreparer prepares the validators of many shapes of one model with
// the same options, as the model validators need (one for each example's
// input, output and error, each @default, each trait): the plans of the
// shapes they share (members' targets, the prelude's simple shapes) are
// compiled once for all of them, not once per Prepare. While every shape
// prepared so far was without problems, plans are shared; once one has a
// problem (its plans may be incomplete, and a shared plan would not
// report again what a fresh preparation reports), that shape and every
// later one are prepared alone with [Prepare], so the results are always
// Prepare's.
type modelPreparer struct {
	m    *model.Model
	opts []Option
	p    *preparer // nil once a shape had a problem
}

func newModelPreparer(m *model.Model, opts []Option) *modelPreparer {
	cfg := readOptions(opts)
	return &modelPreparer{m: m, opts: opts, p: &preparer{m: m, cfg: &cfg, cache: map[*model.Shape]*plan{}}}
}

// modelValuesBound returns opts and a bound on the @idRef selectors of
// everything prepared with them, the size of core/validate's for the
// model's other selectors: the model validators' (a model's values, each
// a shape of it checked against its selectors); application data is not
// bounded so (Preparer).
func modelValuesBound(m *model.Model, opts []Option) []Option {
	return append(opts[:len(opts):len(opts)], selectorBudgetOption(selector.NewBudget(validate.DefaultSelectorLimit(m))))
}

// prepare is Prepare(m, id, opts...).
func (mp *modelPreparer) prepare(id shapeid.ID) (*Validator, error) {
	if mp.p != nil {
		if v := mp.shared(id); v != nil {
			return v, nil
		}
		mp.p = nil
	}
	return Prepare(mp.m, id, mp.opts...)
}

// shared prepares id with the shared plans, or returns nil when that
// found a problem (or failed).
func (mp *modelPreparer) shared(id shapeid.ID) (v *Validator) {
	defer func() {
		if recover() != nil {
			v = nil
		}
	}()
	root := mp.p.prepareRoot(id)
	if len(mp.p.problems) > 0 {
		return nil
	}
	return newValidator(mp.m, id, root, *mp.p.cfg)
}

type preparer struct {
	m   *model.Model
	cfg *config
	// cache holds the plan of each shape (root or member) of m compiled
	// so far, by its *model.Shape: one shape, one pointer, hashed as a
	// word instead of the three strings of its ID.
	cache    map[*model.Shape]*plan
	problems []ModelProblem
	// selectors evaluates @idRef selectors against m (made on first use).
	selectors *selector.Evaluator
}

func (p *preparer) problem(s *model.Shape, trait shapeid.ID, src model.SourceLocation, format string, args ...any) {
	if src.File == "" && !src.Pos.IsValid() && s != nil {
		src = s.Source()
	}
	id := shapeid.ID{}
	if s != nil {
		id = s.ID()
	}
	p.problems = append(p.problems, ModelProblem{Shape: id, Trait: trait, Source: src, Message: fmt.Sprintf(format, args...)})
}

func (p *preparer) prepareRoot(id shapeid.ID) *plan {
	s, ok := p.m.Shape(id)
	if !ok {
		p.problems = append(p.problems, ModelProblem{Shape: id, Message: "shape not found in the model"})
		return nil
	}
	return p.planFor(s)
}

// planFor returns the plan of a root shape or member, compiling it once
// (recursive shapes reuse the plan under construction).
func (p *preparer) planFor(s *model.Shape) *plan {
	if pl, ok := p.cache[s]; ok {
		return pl
	}
	target := s
	// A member's effective traits are its own and its target's
	// (eachEffectiveTrait).
	traits, inherited := s.Traits(), []model.Trait(nil)
	if s.Type() == model.MemberType {
		t, ok := p.m.Target(s)
		if !ok {
			p.problem(s, shapeid.ID{}, model.SourceLocation{}, "member target %s is not defined", s.Target())
			return nil
		}
		target = t
		inherited = t.Traits()
	}
	pl := &plan{typ: target.Type(), id: s.ID(), targetShape: target}
	pl.intLo, pl.intHi, pl.intBounded = intTypeRange(pl.typ)
	pl.intType = pl.intBounded || pl.typ == model.BigIntegerType
	p.cache[s] = pl
	switch {
	case target.Type().IsService():
		p.problem(target, shapeid.ID{}, model.SourceLocation{}, "a %s is not a validation target: select a structure, a member or a simple shape", target.Type())
		return pl
	case target.HasTrait(preludeid.Mixin):
		p.problem(target, preludeid.Mixin, model.SourceLocation{}, "a @mixin shape is never a validation target")
		return pl
	case target.Type() == model.MemberType || target.Type() == model.InvalidType:
		p.problem(target, shapeid.ID{}, model.SourceLocation{}, "a member cannot be a member's target")
		return pl
	}
	eachEffectiveTrait(traits, inherited, func(t *model.Trait) { p.trait(pl, s, *t) })
	p.children(pl, target)
	if pl.alloy != nil {
		p.checkUnionEncoding(pl, s, target)
	}
	return pl
}

// eachEffectiveTrait calls f on each of a member's effective traits in
// the order of model.EffectiveTraits (by trait ID): its own traits, own
// sorted by ID, and those of its target's traits, inherited sorted by ID,
// whose IDs it does not apply (a member's trait replaces the target's as
// a whole). Walking the two lists spares the merged list that
// EffectiveTraits builds for a member with traits of its own and a target
// with traits: on examples/mcp a twelfth of the preparation's allocation
// (docs/performance.md, the evening of 2026-12-03). For a root shape,
// inherited is nil.
func eachEffectiveTrait(own, inherited []model.Trait, f func(*model.Trait)) {
	for i, j := 0, 0; i < len(own) || j < len(inherited); {
		// The lower trait ID first; of two with the same ID the member's
		// own, and the target's is skipped.
		c := -1
		switch {
		case i == len(own):
			c = 1
		case j < len(inherited):
			c = shapeid.Compare(own[i].ID, inherited[j].ID)
		}
		if c > 0 {
			f(&inherited[j])
			j++
			continue
		}
		f(&own[i])
		i++
		if c == 0 {
			j++
		}
	}
}

// A traitRule is how one trait constrains values: the shape types it
// applies to and its prepare step, which compiles the trait's value into
// the plan or says what is wrong with it. Each rule family has its file
// (length.go, range.go, ...) with its prepare step and its check; a new
// constraint trait adds one entry here, one prepare step and one check.
type traitRule struct {
	appliesTo func(model.ShapeType) bool
	prepare   func(p *preparer, pl *plan, v node.Node) (problem string)
}

var traitRules = map[shapeid.ID]traitRule{
	preludeid.Length:          {lengthAppliesTo, prepareLength},
	preludeid.Range:           {model.ShapeType.IsNumber, prepareRange},
	preludeid.Pattern:         {isString, preparePattern},
	preludeid.Enum:            {isPlainString, prepareLegacyEnum},
	preludeid.UniqueItems:     {isList, prepareUniqueItems},
	preludeid.Sparse:          {isCollection, prepareSparse},
	preludeid.TimestampFormat: {isTimestamp, prepareTimestampFormat},
	preludeid.IDRef:           {isString, (*preparer).prepareIDRef},
	preludeid.JSONName:        {anyType, prepareJSONName},
	NullableTrait:             {anyType, prepareNullable},
	DiscriminatedTrait:        {isUnion, prepareDiscriminated},
	UntaggedTrait:             {isUnion, prepareUntagged},
}

// trait compiles one effective trait into pl (traits without a rule do
// not constrain values).
func (p *preparer) trait(pl *plan, s *model.Shape, t model.Trait) {
	r, ok := traitRules[t.ID]
	if !ok {
		return
	}
	if !r.appliesTo(pl.typ) {
		p.problem(s, t.ID, t.Source, "the trait does not apply to a %s", pl.typ)
		return
	}
	if msg := r.prepare(p, pl, t.Value); msg != "" {
		p.problem(s, t.ID, t.Source, "%s", msg)
	}
}

// minMax reads the "min" and "max" members of a trait value object with
// read (absent or null members are unset); ok is false when v is not an
// object or read refuses a member.
func minMax[T any](v node.Node, read func(node.Node) (T, bool)) (lo, hi T, hasLo, hasHi, ok bool) {
	if v.Kind() != node.Object {
		return lo, hi, false, false, false
	}
	get := func(key string) (T, bool, bool) {
		var zero T
		m, has := v.Get(key)
		if !has || m.IsNull() {
			return zero, false, true
		}
		x, ok := read(m)
		return x, ok, ok
	}
	if lo, hasLo, ok = get("min"); !ok {
		return
	}
	hi, hasHi, ok = get("max")
	return
}

// The shape types rules apply to.
func isString(t model.ShapeType) bool      { return t == model.StringType || t == model.EnumType }
func isPlainString(t model.ShapeType) bool { return t == model.StringType }
func isList(t model.ShapeType) bool        { return t == model.ListType || t == model.SetType }
func isCollection(t model.ShapeType) bool  { return isList(t) || t == model.MapType }
func isTimestamp(t model.ShapeType) bool   { return t == model.TimestampType }
func anyType(model.ShapeType) bool         { return true }
func isUnion(t model.ShapeType) bool       { return t == model.UnionType }

// prepareSparse marks a list or map whose values may be null.
func prepareSparse(_ *preparer, pl *plan, _ node.Node) string {
	pl.sparse = true
	return ""
}

// prepareJSONName checks the value of @jsonName (the naming itself is
// compiled with the members, see children).
func prepareJSONName(_ *preparer, _ *plan, v node.Node) string {
	if v.Kind() != node.String {
		return "the value must be a string, found " + describeNode(v)
	}
	return ""
}

// children compiles the members of target into pl.
func (p *preparer) children(pl *plan, target *model.Shape) {
	switch target.Type() {
	case model.ListType, model.SetType:
		if target.Type() == model.SetType {
			pl.unique = true
		}
		if m, ok := target.Member("member"); ok {
			pl.member = p.planFor(m)
		} else {
			p.problem(target, shapeid.ID{}, model.SourceLocation{}, "a list needs a member")
		}
	case model.MapType:
		k, ok1 := target.Member("key")
		v, ok2 := target.Member("value")
		if !ok1 || !ok2 {
			p.problem(target, shapeid.ID{}, model.SourceLocation{}, "a map needs a key and a value")
			return
		}
		pl.key, pl.value = p.planFor(k), p.planFor(v)
		if pl.key != nil && pl.key.typ != model.StringType && pl.key.typ != model.EnumType {
			p.problem(k, shapeid.ID{}, model.SourceLocation{}, "a map key must target a string, found a %s", pl.key.typ)
		}
	case model.StructureType, model.UnionType:
		members := p.jsonUnknown(pl, target)
		p.prepareClosed(pl, target)
		pl.members = make([]memberPlan, len(members))
		for i, m := range members {
			mp := &pl.members[i] // built in place: it holds an atomic
			mp.wire, mp.plan = p.wireName(m), p.planFor(m)
			mp.plain = plainKey(mp.wire)
			mp.next.Store(int32(i + 1))
			if target.Type() == model.StructureType && m.HasTrait(preludeid.Required) {
				mp.required = true
				pl.required = append(pl.required, int32(i))
				if i < 64 {
					pl.reqLow |= 1 << i
				} else {
					pl.reqHigh = true
				}
			}
		}
		// A wire name used before is a problem naming the last member
		// before that uses it: found by a scan among few members, else
		// through byName (which ends with the last index of each name).
		if len(members) > linearMembers {
			pl.byName = make(map[string]int32, len(members))
			for i := range pl.members {
				mp := &pl.members[i]
				if j, dup := pl.byName[mp.wire]; dup {
					p.wireNameUsed(members, mp.wire, i, int(j))
				}
				pl.byName[mp.wire] = int32(i)
			}
		} else {
			for i := 1; i < len(pl.members); i++ {
				for j := i - 1; j >= 0; j-- {
					if pl.members[j].wire == pl.members[i].wire {
						p.wireNameUsed(members, pl.members[i].wire, i, j)
						break
					}
				}
			}
		}
	case model.EnumType:
		set := map[string]struct{}{}
		for _, m := range target.Members() {
			val := m.MemberName()
			if ev, ok := m.Trait(preludeid.EnumValue); ok {
				if ev.Kind() != node.String {
					p.problem(m, preludeid.EnumValue, model.SourceLocation{}, "an enum value must be a string, found %s", describeNode(ev))
					continue
				}
				val = ev.StringValue()
			}
			set[val] = struct{}{}
		}
		pl.setStrEnum(set)
	case model.IntEnumType:
		set := map[int64]struct{}{}
		var vals []int64
		for _, m := range target.Members() {
			ev, ok := m.Trait(preludeid.EnumValue)
			var iv int64
			if ok && ev.Kind() == node.Number {
				if d, err := node.ParseDecimal(ev.NumberText()); err == nil {
					iv, ok = d.Int64()
				}
			} else {
				ok = false
			}
			if !ok || iv < math.MinInt32 || iv > math.MaxInt32 {
				p.problem(m, preludeid.EnumValue, model.SourceLocation{}, "an intEnum value must be a 32-bit integer, found %s", describeNode(ev))
				continue
			}
			set[iv] = struct{}{}
			vals = append(vals, iv)
		}
		sort.Slice(vals, func(i, j int) bool { return vals[i] < vals[j] })
		parts := make([]string, len(vals))
		for i, v := range vals {
			parts[i] = strconv.FormatInt(v, 10)
		}
		pl.intEnum, pl.enumText = set, strings.Join(parts, ", ")
	}
}

// wireNameUsed is the problem of members[i], whose wire name members[j]
// uses too.
func (p *preparer) wireNameUsed(members []*model.Shape, wire string, i, j int) {
	p.problem(members[i], preludeid.JSONName, model.SourceLocation{}, "wire name %q is also used by member %s", wire, members[j].MemberName())
}

// wireName is the name a field uses for member m under the naming policy.
func (p *preparer) wireName(m *model.Shape) string {
	if p.cfg.on(matchJSONNames) {
		if jn, ok := m.Trait(preludeid.JSONName); ok && jn.Kind() == node.String {
			return jn.StringValue()
		}
	}
	return m.MemberName()
}

// linearMembers is how many members a structure may have before field
// names are looked up in a map instead of a linear scan.
const linearMembers = 8

// lookup returns the index of the member a field name names, or -1.
func (pl *plan) lookup(name string) int {
	if pl.byName != nil {
		if i, ok := pl.byName[name]; ok {
			return int(i)
		}
		return -1
	}
	for i := range pl.members {
		if pl.members[i].wire == name {
			return i
		}
	}
	return -1
}

// describeNode names a node's kind and, for scalars, its text, for model
// problems.
func describeNode(n node.Node) string {
	switch n.Kind() {
	case node.String:
		return strconv.Quote(short(n.StringValue()))
	case node.Number:
		return short(n.NumberText())
	case node.Bool:
		return strconv.FormatBool(n.BoolValue())
	case node.Null:
		return "null"
	}
	return "an " + n.Kind().String()
}

// short truncates long texts quoted in messages.
func short(s string) string {
	const max = 64
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "..."
}

// plainKey reports whether the JSON key "name" needs no escape: name is
// valid UTF-8 without a quote, a backslash or a control character.
func plainKey(name string) bool {
	for _, c := range []byte(name) {
		if c == '"' || c == '\\' || c < 0x20 {
			return false
		}
	}
	return utf8.ValidString(name)
}
