package smithyvalidate

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/core/ecmaregex"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
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

// NewCollector returns an empty collector with the validator's run options,
// to validate several values into one result with one findings budget.
func (v *Validator) NewCollector() *Collector { return newCollectorConfig(v.cfg) }

// Trait IDs the engine reads.
var (
	traitLength          = shapeid.New(shapeid.Prelude, "length")
	traitPattern         = shapeid.New(shapeid.Prelude, "pattern")
	traitRange           = shapeid.New(shapeid.Prelude, "range")
	traitEnum            = shapeid.New(shapeid.Prelude, "enum")
	traitEnumValue       = shapeid.New(shapeid.Prelude, "enumValue")
	traitUniqueItems     = shapeid.New(shapeid.Prelude, "uniqueItems")
	traitSparse          = shapeid.New(shapeid.Prelude, "sparse")
	traitRequired        = shapeid.New(shapeid.Prelude, "required")
	traitIDRef           = shapeid.New(shapeid.Prelude, "idRef")
	traitTimestampFormat = shapeid.New(shapeid.Prelude, "timestampFormat")
	traitJSONName        = shapeid.New(shapeid.Prelude, "jsonName")
	traitMixin           = shapeid.New(shapeid.Prelude, "mixin")
	traitTrait           = shapeid.New(shapeid.Prelude, "trait")
)

// tsFormat is a resolved timestamp format.
type tsFormat uint8

const (
	tsDefault tsFormat = iota // no @timestampFormat: AnyTimestampFormat decides
	tsDateTime
	tsHTTPDate
	tsEpochSeconds
)

// plan is the compiled contract of one shape or member.
type plan struct {
	typ    model.ShapeType // the value's shape type (a member's target type)
	id     shapeid.ID      // reported in findings: the member ID or the shape ID
	target shapeid.ID      // the shape that defines the type (id for root shapes)

	length  *lengthBounds
	rng     *rangeBounds
	pattern *ecmaregex.Regexp
	patText string
	// strEnum holds the values of an enum shape or @enum trait; enumText
	// lists them for messages.
	strEnum  map[string]struct{}
	intEnum  map[int64]struct{}
	enumText string
	ts       tsFormat
	idRef    *idRefPlan
	unique   bool
	sparse   bool

	member     *plan // list member
	key, value *plan // map key and value
	members    []memberPlan
	byName     map[string]int32 // wire name -> index, for larger structures
	required   []int32
	// reqLow has bit i set for each required member i < 64; reqHigh is set
	// when a required member has a higher index. A structure whose first
	// 64 members' seen set covers reqLow, with reqHigh unset, lacks none.
	reqLow  uint64
	reqHigh bool

	// intLo and intHi bound the values of a byte, short, integer, long or
	// intEnum (intBounded); a bigInteger is unbounded. Computed once here,
	// not on every integer value.
	intLo, intHi int64
	intBounded   bool
	// intType is set for the integer types (bigInteger included).
	intType bool
}

type memberPlan struct {
	wire     string // the name a field uses (member name or @jsonName)
	plan     *plan
	required bool
}

type lengthBounds struct {
	min, max       int64
	hasMin, hasMax bool
}

type rangeBounds struct {
	min, max       bound
	hasMin, hasMax bool
}

// bound is a @range bound: its exact decimal, its text for messages, and
// an int64 fast path when the bound is a whole number that fits.
type bound struct {
	text  string
	dec   node.Decimal
	i     int64
	isInt bool
	rat   *ratBound // built lazily for float comparisons; see floatCmp
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
	p := preparer{m: m, cfg: &cfg, cache: map[shapeid.ID]*plan{}}
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
	v = &Validator{root: root, id: id, cfg: cfg, model: m}
	if s, _ := m.Shape(id); s != nil && s.Container() != nil {
		v.rootName = s.MemberName()
		c := s.Container()
		switch c.Type() {
		case model.StructureType, model.UnionType:
			v.rootNull = rootNullOptional
			if c.Type() == model.StructureType && s.HasTrait(traitRequired) {
				v.rootNull = rootNullRequired
			}
		case model.ListType, model.SetType, model.MapType:
			v.rootNull = rootNullDense
			if c.HasTrait(traitSparse) && s.MemberName() != "key" {
				v.rootNull = rootNullSparse
			}
		}
	}
	return v, nil
}

type preparer struct {
	m        *model.Model
	cfg      *config
	cache    map[shapeid.ID]*plan
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
	if pl, ok := p.cache[s.ID()]; ok {
		return pl
	}
	target := s
	traits := s.Traits()
	if s.Type() == model.MemberType {
		t, ok := p.m.Target(s)
		if !ok {
			p.problem(s, shapeid.ID{}, model.SourceLocation{}, "member target %s is not defined", s.Target())
			return nil
		}
		target = t
		traits = p.m.EffectiveTraits(s)
	}
	pl := &plan{typ: target.Type(), id: s.ID(), target: target.ID()}
	pl.intLo, pl.intHi, pl.intBounded = intTypeRange(pl.typ)
	pl.intType = pl.intBounded || pl.typ == model.BigIntegerType
	p.cache[s.ID()] = pl
	switch {
	case target.Type().IsService():
		p.problem(target, shapeid.ID{}, model.SourceLocation{}, "a %s is not a validation target: select a structure, a member or a simple shape", target.Type())
		return pl
	case target.HasTrait(traitMixin):
		p.problem(target, traitMixin, model.SourceLocation{}, "a @mixin shape is never a validation target")
		return pl
	case target.Type() == model.MemberType || target.Type() == model.InvalidType:
		p.problem(target, shapeid.ID{}, model.SourceLocation{}, "a member cannot be a member's target")
		return pl
	}
	for _, t := range traits {
		p.trait(pl, s, t)
	}
	p.children(pl, target)
	return pl
}

// trait compiles one effective trait into pl.
func (p *preparer) trait(pl *plan, s *model.Shape, t model.Trait) {
	typ := pl.typ
	bad := func(format string, args ...any) { p.problem(s, t.ID, t.Source, format, args...) }
	notFor := func() { bad("the trait does not apply to a %s", typ) }
	switch t.ID {
	case traitLength:
		if !(typ == model.StringType || typ == model.EnumType || typ == model.BlobType || typ == model.ListType || typ == model.SetType || typ == model.MapType) {
			notFor()
			return
		}
		lb := &lengthBounds{}
		ok := t.Value.Kind() == node.Object
		if ok {
			lb.min, lb.hasMin, ok = lengthMember(t.Value, "min")
		}
		if ok {
			var ok2 bool
			lb.max, lb.hasMax, ok2 = lengthMember(t.Value, "max")
			ok = ok2
		}
		if !ok {
			bad("the value must be an object with non-negative integer min and max, found %s", describeNode(t.Value))
			return
		}
		if lb.hasMin && lb.hasMax && lb.min > lb.max {
			bad("min %d is greater than max %d", lb.min, lb.max)
			return
		}
		pl.length = lb
	case traitRange:
		if !typ.IsNumber() {
			notFor()
			return
		}
		rb := &rangeBounds{}
		ok := t.Value.Kind() == node.Object
		if ok {
			rb.min, rb.hasMin, ok = rangeMember(t.Value, "min")
		}
		if ok {
			var ok2 bool
			rb.max, rb.hasMax, ok2 = rangeMember(t.Value, "max")
			ok = ok2
		}
		if !ok {
			bad("the value must be an object with number min and max, found %s", describeNode(t.Value))
			return
		}
		if rb.hasMin && rb.hasMax && rb.min.dec.Cmp(rb.max.dec) > 0 {
			bad("min %s is greater than max %s", rb.min.text, rb.max.text)
			return
		}
		if typ == model.FloatType || typ == model.DoubleType {
			// Native binary floats (Ion) are compared with exact rationals.
			for _, b := range []*bound{&rb.min, &rb.max} {
				if b.text == "" {
					continue
				}
				if i := strings.IndexAny(b.text, "eE"); i >= 0 && len(strings.TrimLeft(b.text[i+1:], "+-0")) > 3 {
					bad("bound %s has an exponent too large to compare with a binary float", b.text)
					return
				}
				r, ok := new(big.Rat).SetString(b.text)
				if !ok {
					bad("bound %s cannot be compared with a binary float", b.text)
					return
				}
				b.rat = &ratBound{r: r}
			}
		}
		pl.rng = rb
	case traitPattern:
		if typ != model.StringType && typ != model.EnumType {
			notFor()
			return
		}
		if t.Value.Kind() != node.String {
			bad("the value must be a string, found %s", describeNode(t.Value))
			return
		}
		re, err := ecmaregex.Cached(t.Value.StringValue())
		if err != nil {
			bad("%v", err)
			return
		}
		pl.pattern, pl.patText = re, t.Value.StringValue()
	case traitEnum:
		if typ != model.StringType {
			notFor()
			return
		}
		set, ok := legacyEnum(t.Value)
		if !ok {
			bad("the value must be a non-empty array of objects with a string value, found %s", describeNode(t.Value))
			return
		}
		pl.setStrEnum(set)
	case traitUniqueItems:
		if typ != model.ListType && typ != model.SetType {
			notFor()
			return
		}
		pl.unique = true
	case traitSparse:
		if typ != model.ListType && typ != model.SetType && typ != model.MapType {
			notFor()
			return
		}
		pl.sparse = true
	case traitTimestampFormat:
		if typ != model.TimestampType {
			notFor()
			return
		}
		switch t.Value.StringValue() {
		case "date-time":
			pl.ts = tsDateTime
		case "http-date":
			pl.ts = tsHTTPDate
		case "epoch-seconds":
			pl.ts = tsEpochSeconds
		default:
			bad("the value must be \"date-time\", \"http-date\" or \"epoch-seconds\", found %s", describeNode(t.Value))
		}
	case traitIDRef:
		if typ != model.StringType && typ != model.EnumType {
			notFor()
			return
		}
		ir, msg := p.prepareIDRef(t.Value)
		if msg != "" {
			bad("%s", msg)
			return
		}
		pl.idRef = ir
	case traitJSONName:
		if t.Value.Kind() != node.String {
			bad("the value must be a string, found %s", describeNode(t.Value))
		}
	}
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
		members := target.Members()
		pl.members = make([]memberPlan, len(members))
		for i, m := range members {
			mp := memberPlan{wire: m.MemberName(), plan: p.planFor(m)}
			if p.cfg.on(matchJSONNames) {
				if jn, ok := m.Trait(traitJSONName); ok && jn.Kind() == node.String {
					mp.wire = jn.StringValue()
				}
			}
			if target.Type() == model.StructureType && m.HasTrait(traitRequired) {
				mp.required = true
				pl.required = append(pl.required, int32(i))
				if i < 64 {
					pl.reqLow |= 1 << i
				} else {
					pl.reqHigh = true
				}
			}
			pl.members[i] = mp
		}
		seen := make(map[string]int, len(members))
		for i, mp := range pl.members {
			if j, dup := seen[mp.wire]; dup {
				p.problem(members[i], traitJSONName, model.SourceLocation{}, "wire name %q is also used by member %s", mp.wire, members[j].MemberName())
			}
			seen[mp.wire] = i
		}
		if len(members) > linearMembers {
			pl.byName = make(map[string]int32, len(members))
			for i, mp := range pl.members {
				pl.byName[mp.wire] = int32(i)
			}
		}
	case model.EnumType:
		set := map[string]struct{}{}
		for _, m := range target.Members() {
			val := m.MemberName()
			if ev, ok := m.Trait(traitEnumValue); ok {
				if ev.Kind() != node.String {
					p.problem(m, traitEnumValue, model.SourceLocation{}, "an enum value must be a string, found %s", describeNode(ev))
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
			ev, ok := m.Trait(traitEnumValue)
			var iv int64
			if ok && ev.Kind() == node.Number {
				if d, err := node.ParseDecimal(ev.NumberText()); err == nil {
					iv, ok = d.Int64()
				}
			} else {
				ok = false
			}
			if !ok || iv < math.MinInt32 || iv > math.MaxInt32 {
				p.problem(m, traitEnumValue, model.SourceLocation{}, "an intEnum value must be a 32-bit integer, found %s", describeNode(ev))
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

// linearMembers is how many members a structure may have before field
// names are looked up in a map instead of a linear scan.
const linearMembers = 8

func (pl *plan) setStrEnum(set map[string]struct{}) {
	vals := make([]string, 0, len(set))
	for v := range set {
		vals = append(vals, strconv.Quote(v))
	}
	sort.Strings(vals)
	pl.strEnum, pl.enumText = set, strings.Join(vals, ", ")
}

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

func lengthMember(v node.Node, key string) (int64, bool, bool) {
	m, ok := v.Get(key)
	if !ok || m.IsNull() {
		return 0, false, true
	}
	if m.Kind() != node.Number {
		return 0, false, false
	}
	d, err := node.ParseDecimal(m.NumberText())
	if err != nil {
		return 0, false, false
	}
	n, ok := d.Int64()
	if !ok || n < 0 {
		return 0, false, false
	}
	return n, true, true
}

func rangeMember(v node.Node, key string) (bound, bool, bool) {
	m, ok := v.Get(key)
	if !ok || m.IsNull() {
		return bound{}, false, true
	}
	if m.Kind() != node.Number {
		return bound{}, false, false
	}
	text := m.NumberText()
	d, err := node.ParseDecimal(text)
	if err != nil {
		return bound{}, false, false
	}
	b := bound{text: text, dec: d}
	b.i, b.isInt = d.Int64()
	return b, true, true
}

func legacyEnum(v node.Node) (map[string]struct{}, bool) {
	if v.Kind() != node.Array || v.Len() == 0 {
		return nil, false
	}
	set := make(map[string]struct{}, v.Len())
	for _, e := range v.Elems() {
		val, ok := e.Get("value")
		if e.Kind() != node.Object || !ok || val.Kind() != node.String {
			return nil, false
		}
		set[val.StringValue()] = struct{}{}
	}
	return set, true
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
