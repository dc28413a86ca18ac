package smithyvalidate

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"unsafe"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// Validate validates one value against the prepared shape, collecting
// findings with the validator's options. Bad data gives findings, never an
// error; the error is an [*InternalError] only.
func (v *Validator) Validate(val ValueView) (Result, error) {
	c := newCollectorConfig(v.cfg)
	if err := v.Check(c, Path{}, val); err != nil {
		return Result{}, err
	}
	return c.result(), nil
}

// ValidateNode validates a core/node tree (see [NodeView]).
func (v *Validator) ValidateNode(n node.Node) (Result, error) {
	return v.Validate(NodeView(&n))
}

// Check validates val into c, with every path under at (for example
// Root().Key("params"), or InDocument(n) for a transcript message). It uses
// the validator's policies and c's run options and limits. It returns an
// [*InternalError] only; findings go to c.
func (v *Validator) Check(c *Collector, at Path, val ValueView) error {
	return v.check(c, at, val, nil, nil)
}

// check is Check; with sites, val is a tape's top-level value and only
// the sites under it are walked (onepass_sites.go), or, with q, the one
// site sites[0], val being its value read alone and its path in q.
func (v *Validator) check(c *Collector, at Path, val ValueView, sites []onePassSite, q *onePass) (err error) {
	if c.stopped {
		return nil
	}
	// The collector's walker, or a pooled one; it is kept (in c) only
	// when the check left it fit for reuse: after a panic its state is
	// unknown, and huge scratch space is dropped. Because a walker that
	// panicked is discarded, the walk itself needs no deferred cleanup
	// (enter and leave are plain calls): this defer is the only one on
	// the path of a check.
	w := c.w
	if w == nil {
		w = walkerPool.Get().(*walker)
	}
	c.w = nil
	w.init(v, c, at, val)
	defer func() {
		if r := recover(); r != nil {
			err = &InternalError{Value: r, Stack: debug.Stack()}
			c.complete = false
		}
	}()
	switch {
	case sites == nil:
		w.root(val)
	case q != nil:
		// One site, val its value read alone, its path in q.
		w.walkSite(val, q, &sites[0])
	default:
		w.walkSites(val.(tapeView).e, sites)
	}
	if w.release() {
		c.w = w
	}
	return nil
}

// root validates the root value; a null root selected as a member is
// judged as that member's value (rootNull).
func (w *walker) root(val ValueView) {
	k := val.Kind()
	if k != KindNull || w.v.rootNull == rootNullRejected {
		w.valueK(w.v.root, val, k)
		return
	}
	w.rootNull(val, k)
}

func (w *walker) rootNull(val ValueView, k Kind) {
	v := w.v
	if !w.isNullK(val, k) {
		w.valueK(v.root, val, k)
		return
	}
	switch v.rootNull {
	case rootNullRequired:
		w.memberNull(v.root, val, v.rootName, true)
	case rootNullOptional:
		w.memberNull(v.root, val, v.rootName, false)
	case rootNullSparse:
		w.typedNull(v.root, val)
	default:
		if v.root.isNullable() {
			w.typedNull(v.root, val)
			return
		}
		w.report(CodeNull, v.root.id, val.Pos(), "", nullText(val),
			fmt.Sprintf("%s is not allowed in the %s of a collection that is not @sparse", nullText(val), v.rootName))
	}
}

// walker holds the state of one validation. Walkers are pooled: their
// scratch storage grows to the values' needs once and is reused, so a valid
// value costs no allocation per node.
type walker struct {
	v    *Validator
	pol  *config // policies (the validator's)
	run  *config // run options and limits (the collector's)
	col  *Collector
	base Path
	// segs[:nseg] is the path from base to the value being checked; the
	// slots beyond nseg held segments of earlier, deeper values. len(segs)
	// is the high-water mark of the check, so release clears only the
	// slots a check used (their keys may point into the caller's input),
	// not the whole grown capacity.
	segs []Segment
	nseg int

	depth int
	// json is set when every view of the value is a JSON view (the tape, a
	// core/node tree, or a LocatedObject over them): no annotations, no
	// Ion-only kinds, so those checks are skipped.
	json bool

	bits  []uint64           // seen-member sets of open structures beyond their first 64 members
	maps  []map[string]int32 // free key sets for duplicate detection
	canon []byte             // canonical encodings for uniqueItems
	spans []span
	order []int32
	// digests memoizes the digest of each container under a @uniqueItems
	// list (see [walker.digest]) for the current check.
	digests map[digestKey][digestSize]byte
	// tries is the product of the member counts of the @untagged unions
	// being tried around the current value (0: none; see untagged.go).
	tries int
	// onSite is set while walkSite walks a site read alone, at offset
	// siteOff of the text, lines being where that is: the positions a
	// message quotes are moved to the whole text's (textPos); those of
	// the findings themselves are moved after the walk.
	onSite  bool
	siteOff int
	lines   linePos
}

type span struct{ start, end int32 }

var walkerPool = sync.Pool{New: func() any { return new(walker) }}

func (w *walker) init(v *Validator, c *Collector, at Path, val ValueView) {
	w.v, w.pol, w.run, w.col, w.base = v, &v.cfg, &c.cfg, c, at
	w.nseg, w.depth, w.tries = 0, 0, 0
	w.onSite = false
	w.json = isJSONView(val)
	if len(w.digests) > 0 {
		clear(w.digests) // offsets name values of one document only
	}
}

// isJSONView reports whether val and everything under it are views of
// JSON text (see jsonView).
func isJSONView(val ValueView) bool {
	switch v := val.(type) { // the commonest views by their concrete types
	case tapeView:
		return true
	case *LocatedObject:
		return v.allJSON()
	}
	j, ok := val.(jsonView)
	return ok && j.allJSON()
}

// release drops w's references to the last check and reports whether w
// may be kept for reuse (huge scratch space is not kept).
func (w *walker) release() bool {
	w.v, w.pol, w.run, w.col, w.base = nil, nil, nil, nil, Path{}
	for i := range w.segs {
		w.segs[i].key = "" // the only reference a segment holds
	}
	w.segs = w.segs[:0]
	w.nseg = 0
	w.bits = w.bits[:0]
	if cap(w.canon) > 1<<20 {
		w.canon = nil
	}
	if len(w.digests) > 1<<12 {
		w.digests = nil
	} else if len(w.digests) > 0 {
		clear(w.digests) // a call even when empty: most checks fill none
	}
	return cap(w.segs) <= 1<<12 && cap(w.spans) <= 1<<16
}

// push enters the path segment s (the child being checked); pop leaves
// it.
func (w *walker) push(s Segment) {
	if w.nseg < len(w.segs) {
		w.segs[w.nseg] = s
	} else {
		w.segs = append(w.segs, s)
	}
	w.nseg++
}

func (w *walker) pop() { w.nseg-- }

// path materializes the current path (only when a finding is reported).
// Keys are cloned: they may point into the caller's input.
func (w *walker) path() Path {
	segs := w.segs[:w.nseg]
	p := Path{doc: w.base.doc, segs: make([]Segment, 0, len(w.base.segs)+len(segs))}
	p.segs = append(p.segs, w.base.segs...)
	for _, s := range segs {
		s.key = strings.Clone(s.key)
		p.segs = append(p.segs, s)
	}
	return p
}

// report records a finding at the current path with the catalogue's class
// and default severity for code.
func (w *walker) report(code Code, shape shapeid.ID, pos node.Pos, want, got, msg string) {
	info, _ := code.Info()
	w.reportSev(info.Severity, code, shape, pos, want, got, msg)
}

// reportSev records a finding. Every string is cloned: texts from the
// value may point into the caller's input, which the result must not keep.
func (w *walker) reportSev(sev Severity, code Code, shape shapeid.ID, pos node.Pos, want, got, msg string) {
	info, _ := code.Info()
	w.col.Add(Finding{Severity: sev, Class: info.Class, Code: code, Path: w.path(), Shape: shape, Pos: pos,
		Want: strings.Clone(want), Got: strings.Clone(got), Message: strings.Clone(msg)})
}

// typeMismatch reports a value of the wrong kind.
func (w *walker) typeMismatch(p *plan, v ValueView, k Kind, want string) {
	switch k {
	case KindSymbol, KindClob, KindSexp:
		w.report(CodeUnsupported, p.id, v.Pos(), want, k.String(),
			fmt.Sprintf("expected %s, found %s (%s)", want, k.article(), policyFor(k)))
		return
	}
	w.report(CodeType, p.id, v.Pos(), want, k.String(), fmt.Sprintf("expected %s, found %s", want, k.article()))
}

func policyFor(k Kind) string {
	switch k {
	case KindSymbol:
		return "a symbol for a string or enum is accepted only with the SymbolsAsStrings option"
	case KindClob:
		return "a clob for a blob is accepted only with the ClobsAsBlobs option"
	case KindSexp:
		return "an s-expression for a list is accepted only with the SexpsAsLists option"
	}
	return "this mapping"
}

// value validates v against p. Callers have handled a null value when its
// context allows one (sparse collections, optional members).
func (w *walker) value(p *plan, v ValueView) { w.valueK(p, v, v.Kind()) }

// valueK is value for a view whose kind k the caller already has.
func (w *walker) valueK(p *plan, v ValueView, k Kind) {
	if w.col.stopped || p == nil {
		return
	}
	if k == KindInteger && p.intType && w.json {
		// The commonest value of a message: an integer token of JSON
		// text for an integer shape, checked without asking for its text
		// twice (a JSON value has no annotations and is no Ion kind).
		// The tape's view is asked first: a concrete type test costs a
		// comparison, an interface assertion a cache probe.
		if t, ok := v.(tapeView); ok {
			w.integerText(p, v, k, t.e.Text())
			return
		}
		if t, ok := v.(jsonView); ok {
			w.integerText(p, v, k, t.text())
			return
		}
	}
	if !w.json && len(v.Annotations()) > 0 && !w.pol.on(ignoreAnnotations) {
		w.report(CodeAnnotation, p.id, v.Pos(), "", strings.Join(v.Annotations(), "::"),
			fmt.Sprintf("annotated value %s:: is not accepted (the IgnoreAnnotations option would validate the bare value)", strings.Join(v.Annotations(), "::")))
		return
	}
	if k == KindNull {
		if p.typ == model.DocumentType {
			w.documentNull(p, v)
			return
		}
		if p.nullable {
			w.typedNull(p, v)
			return
		}
		w.report(CodeNull, p.id, v.Pos(), wantFor(p), nullText(v), "expected "+wantFor(p)+", found "+nullText(v))
		return
	}
	if !w.json && w.unsupportedScalar(p, v, k) {
		return
	}
	switch p.typ {
	case model.BooleanType:
		if k != KindBool {
			w.typeMismatch(p, v, k, "a boolean")
		}
	case model.StringType, model.EnumType:
		w.stringValue(p, v, k)
	case model.ByteType, model.ShortType, model.IntegerType, model.LongType, model.BigIntegerType, model.IntEnumType:
		w.integerValue(p, v, k)
	case model.FloatType, model.DoubleType:
		w.floatValue(p, v, k)
	case model.BigDecimalType:
		w.decimalValue(p, v, k)
	case model.BlobType:
		w.blobValue(p, v, k)
	case model.TimestampType:
		w.timestampValue(p, v, k)
	case model.DocumentType:
		w.document(p, v, k)
	case model.ListType, model.SetType:
		w.list(p, v, k)
	case model.MapType:
		w.mapValue(p, v, k)
	case model.StructureType:
		w.structure(p, v, k, 0)
	case model.UnionType:
		w.union(p, v, k)
	}
}

// isNull reports whether v is a null the context may accept: a null
// without annotations (or with annotations the policy ignores).
func (w *walker) isNull(v ValueView) bool { return w.isNullK(v, v.Kind()) }

func (w *walker) isNullK(v ValueView, k Kind) bool {
	return k == KindNull && (w.json || w.pol.on(ignoreAnnotations) || len(v.Annotations()) == 0)
}

// memberNull judges a null structure or union member: an error for a
// @required member or under RejectNullMembers, the member's absence otherwise
// (a typed null must still fit the member's type).
func (w *walker) memberNull(p *plan, v ValueView, name string, required bool) {
	switch {
	case p.isNullable():
		w.typedNull(p, v)
	case required:
		w.report(CodeNull, p.idOr(shapeid.ID{}), v.Pos(), "", nullText(v),
			fmt.Sprintf("member %s is @required and cannot be %s", name, nullText(v)))
	case w.pol.on(rejectNullMembers):
		w.report(CodeNull, p.idOr(shapeid.ID{}), v.Pos(), "", nullText(v),
			fmt.Sprintf("member %s cannot be %s (the RejectNullMembers option)", name, nullText(v)))
	default:
		w.typedNull(p, v)
	}
}

// typedNull checks an accepted null: a typed (Ion) null keeps its kind, so
// null.int is no null for a string.
func (w *walker) typedNull(p *plan, v ValueView) {
	nk := v.Scalar().NullOf
	if nk == KindNull || p == nil || w.kindFits(p, nk) {
		return
	}
	if p.typ == model.DocumentType {
		w.documentNull(p, v)
		return
	}
	w.report(CodeType, p.id, v.Pos(), wantFor(p)+" or null", nullText(v),
		fmt.Sprintf("expected %s or null, found %s", wantFor(p), nullText(v)))
}

// documentNull accepts JSON's one null in a document; a typed null has no
// JSON form.
func (w *walker) documentNull(p *plan, v ValueView) {
	if v.Scalar().NullOf != KindNull {
		w.report(CodeUnsupported, p.id, v.Pos(), "a JSON-shaped document value", nullText(v),
			fmt.Sprintf("a document holds JSON-shaped values; %s is a typed null", nullText(v)))
	}
}

// kindFits reports whether a non-null value of kind k could stand for p's
// type under the current policies (constraints aside).
func (w *walker) kindFits(p *plan, k Kind) bool {
	switch p.typ {
	case model.BooleanType:
		return k == KindBool
	case model.StringType, model.EnumType:
		return k == KindString || k == KindSymbol && w.pol.on(symbolsAsStrings)
	case model.ByteType, model.ShortType, model.IntegerType, model.LongType, model.BigIntegerType, model.IntEnumType:
		return k == KindInteger || k == KindDecimal && w.pol.on(acceptIntegralDecimals)
	case model.FloatType, model.DoubleType:
		return k == KindInteger || k == KindDecimal || k == KindFloat
	case model.BigDecimalType:
		return k == KindInteger || k == KindDecimal
	case model.BlobType:
		return k == KindBlob || k == KindClob && w.pol.on(clobsAsBlobs)
	case model.TimestampType:
		return k == KindTimestamp || k == KindString || k == KindInteger || k == KindDecimal
	case model.ListType, model.SetType:
		return k == KindList || k == KindSexp && w.pol.on(sexpsAsLists)
	case model.DocumentType:
		return false
	}
	return k == KindObject
}

// nullText names a null as its source wrote it: "null", or an Ion typed
// null such as "null.int".
func nullText(v ValueView) string {
	switch v.Scalar().NullOf {
	case KindBool:
		return "null.bool"
	case KindInteger:
		return "null.int"
	case KindDecimal:
		return "null.decimal"
	case KindFloat:
		return "null.float"
	case KindString:
		return "null.string"
	case KindSymbol:
		return "null.symbol"
	case KindTimestamp:
		return "null.timestamp"
	case KindBlob:
		return "null.blob"
	case KindClob:
		return "null.clob"
	case KindList:
		return "null.list"
	case KindSexp:
		return "null.sexp"
	case KindObject:
		return "null.struct"
	}
	return "null"
}

// unsupportedScalar reports a value whose view says it has no faithful
// payload ([Scalar.Unsupported]); only the kinds JSON does not have are
// asked, so JSON views pay nothing for it.
func (w *walker) unsupportedScalar(p *plan, v ValueView, k Kind) bool {
	switch k {
	case KindSymbol, KindTimestamp, KindFloat, KindBlob, KindClob:
	default:
		return false
	}
	msg := v.Scalar().Unsupported
	if msg == "" {
		return false
	}
	w.report(CodeUnsupported, p.id, v.Pos(), "", k.String(), msg)
	return true
}

// wantFor names what a shape type expects, for messages.
func wantFor(p *plan) string {
	switch p.typ {
	case model.BooleanType:
		return "a boolean"
	case model.StringType, model.EnumType:
		return "a string"
	case model.ByteType, model.ShortType, model.IntegerType, model.LongType, model.BigIntegerType, model.IntEnumType:
		return "an integer"
	case model.FloatType, model.DoubleType, model.BigDecimalType:
		return "a number"
	case model.BlobType:
		return "a blob"
	case model.TimestampType:
		return "a timestamp"
	case model.DocumentType:
		return "a document"
	case model.ListType, model.SetType:
		return "an array"
	}
	return "an object"
}

// enter opens a container level and reports whether the depth limit
// allows it. Every enter that returns true is matched by a leave on each
// return path; no defer is needed (see Checker.Check).
func (w *walker) enter(p *plan, v ValueView) bool {
	w.depth++
	if w.depth > w.run.lim.MaxDepth {
		w.depthLimit(p, v)
		return false
	}
	return true
}

// depthLimit reports a container beyond MaxDepth (outside enter, so that
// enter stays small enough to inline).
func (w *walker) depthLimit(p *plan, v ValueView) {
	id := shapeid.ID{}
	if p != nil {
		id = p.id
	}
	w.col.Add(Finding{Severity: SeverityWarning, Class: ClassLimit, Code: CodeDepthLimit, Path: w.path(), Shape: id, Pos: v.Pos(),
		Want: fmt.Sprint(w.run.lim.MaxDepth), Message: fmt.Sprintf("the value nests deeper than %d levels (the MaxDepth limit); validation stopped", w.run.lim.MaxDepth)})
	w.depth--
}

func (w *walker) leave() { w.depth-- }

// fieldSeg returns the path segment of field f.
func fieldSeg(f *Field) Segment {
	if f.At.kind != 0 {
		return f.At
	}
	return Segment{key: f.Name, kind: segKey}
}

func (w *walker) list(p *plan, v ValueView, k Kind) {
	if k != KindList && !(k == KindSexp && w.pol.on(sexpsAsLists)) {
		w.typeMismatch(p, v, k, "an array")
		return
	}
	if !w.enter(p, v) {
		return
	}
	n := v.Len()
	w.checkLength(p, v.Pos(), n, "items")
	for i := 0; i < n && !w.col.stopped; i++ {
		e := v.Elem(i)
		ek := e.Kind()
		w.push(Index(i))
		if w.isNullK(e, ek) {
			if !p.sparse && !p.member.isNullable() {
				w.report(CodeNull, p.member.idOr(p.id), e.Pos(), "", nullText(e),
					fmt.Sprintf("%s is not allowed in %s (it is not @sparse)", nullText(e), describeColl(p, "list")))
			} else {
				w.typedNull(p.member, e)
			}
		} else {
			w.valueK(p.member, e, ek)
		}
		w.pop()
	}
	if p.unique && n > 1 && !w.col.stopped {
		w.uniqueItems(p, v, n)
	}
	w.leave()
}

func (pl *plan) idOr(id shapeid.ID) shapeid.ID {
	if pl == nil {
		return id
	}
	return pl.id
}

func describeColl(p *plan, what string) string {
	return "the " + what + " " + p.id.String()
}

func (w *walker) mapValue(p *plan, v ValueView, k Kind) {
	if k != KindObject {
		w.typeMismatch(p, v, k, "an object")
		return
	}
	if !w.enter(p, v) {
		return
	}
	n := v.Len()
	w.checkLength(p, v.Pos(), n, "entries")
	keys := w.keySet(n)
	for i := 0; i < n && !w.col.stopped; i++ {
		f := v.Field(i)
		w.push(fieldSeg(&f))
		if f.NoText {
			w.report(CodeUnsupported, p.key.idOr(p.id), f.NamePos, "a string key", "a symbol without text",
				fmt.Sprintf("field name %s is a symbol without text", f.Name))
			w.pop()
			continue
		}
		if w.duplicate(keys, v, i, f.Name) {
			w.pop()
			continue
		}
		w.keyString(p.key, f.Name, f.NamePos)
		fk := f.Value.Kind()
		if w.isNullK(f.Value, fk) {
			if !p.sparse && !p.value.isNullable() {
				w.report(CodeNull, p.value.idOr(p.id), f.Value.Pos(), "", nullText(f.Value),
					fmt.Sprintf("%s is not allowed in %s (it is not @sparse)", nullText(f.Value), describeColl(p, "map")))
			} else {
				w.typedNull(p.value, f.Value)
			}
		} else {
			w.valueK(p.value, f.Value, fk)
		}
		w.pop()
	}
	w.releaseKeySet(keys)
	w.leave()
}

// keySet returns a key set for duplicate detection in an object of n
// fields: nil for small objects (searched linearly), a pooled map
// otherwise.
func (w *walker) keySet(n int) map[string]int32 {
	if n <= linearKeys {
		return nil
	}
	if k := len(w.maps); k > 0 {
		m := w.maps[k-1]
		w.maps = w.maps[:k-1]
		return m
	}
	return make(map[string]int32, n)
}

func (w *walker) releaseKeySet(m map[string]int32) {
	if m == nil {
		return
	}
	if len(m) > 1<<12 {
		return
	}
	clear(m)
	w.maps = append(w.maps, m)
}

const linearKeys = 16

// duplicate checks field i's name against the earlier fields of v (in keys,
// or by a linear search when keys is nil). Unless AllowDuplicateKeys a
// repeat is reported and true returned, so that only the first occurrence
// is validated.
func (w *walker) duplicate(keys map[string]int32, v ValueView, i int, name string) bool {
	first := -1
	if keys != nil {
		if j, ok := keys[name]; ok {
			first = int(j)
		} else {
			keys[name] = int32(i)
		}
	} else if j := w.firstField(v, i, name); j < i {
		first = j
	}
	if first < 0 || w.pol.on(allowDuplicateKeys) {
		return false
	}
	w.reportDuplicate(v, first, i, name)
	return true
}

func (w *walker) reportDuplicate(v ValueView, first, i int, name string) {
	fp, sp := v.Field(first).NamePos, v.Field(i).NamePos
	where := ""
	if fp.IsValid() {
		where = " (first at " + w.textPos(fp).String() + ")"
	}
	w.col.Add(Finding{Severity: SeverityError, Class: ClassInstance, Code: CodeDuplicateKey, Path: w.path(), Pos: sp, Related: fp,
		Got: strings.Clone(name), Message: fmt.Sprintf("duplicate key %q%s", name, where)})
}

// structure validates an object against a structure's members; skip is 1
// + the index of a field to leave out (the discriminator of a
// @discriminated union's member, see discriminated.go), 0 for none.
//
// Fields usually come in member order, name each member once and have
// values that are not null: structMember keeps that case cheap (the next
// member is tried first, members 0..63 are tracked in a local set, the
// required check is one mask comparison when every required member is
// among the first 64); anything else about a field goes to structField.
// Fields are read through memberKinds when the view implements it (name,
// value and kind in one call), else through Member (memberView), else in
// place through fieldLister or through [ValueView.Field]. A field's name
// position is asked for only for a finding.
func (w *walker) structure(p *plan, v ValueView, k Kind, skip int) {
	if k != KindObject {
		w.typeMismatch(p, v, k, "an object")
		return
	}
	if !w.enter(p, v) {
		return
	}
	n := v.Len()
	st := structState{p: p, v: v, base: len(w.bits), n: n, skip: skip}
	for j := 64; j < len(p.members); j += 64 {
		w.bits = append(w.bits, 0) // members j..j+63: w.bits[base+j/64-1]
	}
	var mk memberKinds
	var mv memberView
	var fields []Field // read in place when the view holds them
	switch o := v.(type) {
	case tapeView: // the commonest views by their concrete types first
		mk = o
	case *LocatedObject:
		fields = o.Fields
	default:
		mk, _ = v.(memberKinds)
		mv, _ = v.(memberView)
		if fl, ok := v.(fieldLister); ok {
			fields = fl.fieldList()
		}
	}
	switch {
	case mk != nil:
		for i := 0; i < n && !w.col.stopped; i++ {
			name, val, vk := mk.memberKind(i)
			w.push(Segment{key: name, kind: segKey})
			w.structMember(&st, i, name, val, vk)
			w.pop()
		}
	case mv != nil:
		for i := 0; i < n && !w.col.stopped; i++ {
			name, val := mv.Member(i)
			w.push(Segment{key: name, kind: segKey})
			w.structMember(&st, i, name, val, val.Kind())
			w.pop()
		}
	default:
		var one Field
		for i := 0; i < n && !w.col.stopped; i++ {
			f := &one
			if fields != nil {
				f = &fields[i]
			} else {
				one = v.Field(i)
			}
			w.push(fieldSeg(f))
			if f.NoText {
				w.noTextField(p, f)
			} else {
				w.structMember(&st, i, f.Name, f.Value, f.Value.Kind())
			}
			w.pop()
		}
	}
	w.releaseKeySet(st.unknownKeys)
	if !w.pol.on(allowMissingRequired) && !w.col.stopped && (st.seen&p.reqLow != p.reqLow || p.reqHigh) {
		w.missingMembers(&st)
	}
	w.bits = w.bits[:st.base]
	w.leave()
}

// noTextField reports a field whose name is a symbol without text.
func (w *walker) noTextField(p *plan, f *Field) {
	w.report(CodeUnsupported, p.id, f.NamePos, "a member name", "a symbol without text",
		fmt.Sprintf("field name %s is a symbol without text", f.Name))
}

// missingMembers reports the required members the structure value lacks.
func (w *walker) missingMembers(st *structState) {
	p := st.p
	for _, ri := range p.required {
		if !w.seen(st, int(ri)) {
			m := &p.members[ri]
			w.report(CodeRequired, m.plan.idOr(p.id), st.v.Pos(), m.wire, "",
				fmt.Sprintf("missing required member %s", m.wire))
		}
	}
}

// structState is the state of one structure value being checked.
type structState struct {
	p           *plan
	v           ValueView
	seen        uint64 // the members 0..63 seen so far
	base        int    // w.bits[base:] holds the seen members beyond
	n           int    // the number of fields
	next        int    // the member the next field is tried against first
	unknownKeys map[string]int32
	// skip is 1 + the index of the field that the structure leaves out
	// (the discriminator of a @discriminated union's member), 0 for none.
	skip int
}

// structMember checks field i, named name (with text), its value val of
// kind fk, whose path segment is pushed.
func (w *walker) structMember(st *structState, i int, name string, val ValueView, fk Kind) {
	p := st.p
	// Fields usually come in member order: try the next member first.
	idx := st.next
	if idx >= len(p.members) || p.members[idx].wire != name {
		idx = p.lookup(name)
	}
	st.next = idx + 1
	if uint(idx) < 64 && st.seen&(1<<idx) == 0 && fk != KindNull {
		st.seen |= 1 << idx
		w.valueK(p.members[idx].plan, val, fk)
		return
	}
	w.structField(p, st.v, st, i, idx, name, val, fk)
}

// seen reports whether member idx was seen; seenWord returns the word of
// the seen set that holds it.
func (w *walker) seen(st *structState, idx int) bool {
	return *w.seenWord(st, idx)&(1<<(idx%64)) != 0
}

func (w *walker) seenWord(st *structState, idx int) *uint64 {
	if idx < 64 {
		return &st.seen
	}
	return &w.bits[st.base+idx/64-1]
}

// structField checks field i (named name, its value val of kind fk) of
// the structure value v, which names member idx (-1: none): everything
// but the common case of structure's loop. The field's path segment is
// pushed.
func (w *walker) structField(p *plan, v ValueView, st *structState, i, idx int, name string, val ValueView, fk Kind) {
	if idx < 0 {
		if st.unknownKeys == nil {
			st.unknownKeys = w.keySet(st.n)
		}
		switch {
		case w.duplicate(st.unknownKeys, v, i, name):
		case i+1 == st.skip:
			// the discriminator, checked by the union
		case p.alloy != nil && p.alloy.unknown != nil:
			w.unknownField(p, v, i, name, val, fk)
		default:
			f := v.Field(i)
			w.unknownMember(p, &f)
		}
		return
	}
	word, bit := w.seenWord(st, idx), uint64(1)<<(idx%64)
	if *word&bit != 0 && !w.pol.on(allowDuplicateKeys) {
		w.reportDuplicate(v, w.firstField(v, i, name), i, name)
		return
	}
	m := &p.members[idx]
	if w.isNullK(val, fk) {
		if m.required || w.pol.on(rejectNullMembers) {
			*word |= bit
		}
		// Without RejectNullMembers an optional null member is absent.
		w.memberNull(m.plan, val, m.wire, m.required)
		return
	}
	*word |= bit
	w.valueK(m.plan, val, fk)
}

// firstField returns the index of the first field before i named name.
func (w *walker) firstField(v ValueView, i int, name string) int {
	for j := 0; j < i; j++ {
		if f := v.Field(j); !f.NoText && f.Name == name {
			return j
		}
	}
	return i
}

func (w *walker) unknownMember(p *plan, f *Field) {
	sev := SeverityWarning
	switch {
	case p.closed:
		// A closed structure decides for itself (closed.go).
		w.reportSev(SeverityError, CodeUnknownMember, p.targetID(), f.NamePos, "", f.Name,
			fmt.Sprintf("closed structure %s has no member named %q", p.targetID(), f.Name))
		return
	case w.pol.on(ignoreUnknownMembers):
		return
	case w.pol.on(rejectUnknownMembers):
		sev = SeverityError
	}
	kind := "structure"
	if p.typ == model.UnionType {
		kind = "union"
	}
	w.reportSev(sev, CodeUnknownMember, p.targetID(), f.NamePos, "", f.Name,
		fmt.Sprintf("%s %s has no member named %q", kind, p.targetID(), f.Name))
}

func (w *walker) union(p *plan, v ValueView, k Kind) {
	if a := p.alloy; a != nil {
		switch {
		case a.disc != "":
			w.discriminated(p, v, k)
			return
		case a.untagged:
			w.untagged(p, v, k)
			return
		}
	}
	if k != KindObject {
		w.typeMismatch(p, v, k, "an object")
		return
	}
	if !w.enter(p, v) {
		return
	}
	n := v.Len()
	set := 0
	var first string
	var names []string // only when more than one member is set
	keys := w.keySet(n)
	for i := 0; i < n && !w.col.stopped; i++ {
		f := v.Field(i)
		w.push(fieldSeg(&f))
		if f.NoText {
			w.report(CodeUnsupported, p.id, f.NamePos, "a member name", "a symbol without text",
				fmt.Sprintf("field name %s is a symbol without text", f.Name))
			w.pop()
			continue
		}
		if w.duplicate(keys, v, i, f.Name) {
			w.pop()
			continue
		}
		idx := p.lookup(f.Name)
		if idx < 0 && (p.alloy == nil || p.alloy.unknown == nil) {
			w.unknownMember(p, &f)
			w.pop()
			continue
		}
		m := p.unionMember(idx, f.Name)
		if w.isNull(f.Value) {
			w.memberNull(m.plan, f.Value, m.wire, false)
			w.pop()
			continue
		}
		set++
		switch set {
		case 1:
			first = m.wire
		case 2:
			names = append(names, first, m.wire)
		default:
			names = append(names, m.wire)
		}
		w.value(m.plan, f.Value)
		w.pop()
	}
	w.releaseKeySet(keys)
	w.leave()
	if w.col.stopped {
		return
	}
	switch {
	case set == 0:
		w.report(CodeUnion, p.id, v.Pos(), "exactly one member", "0",
			"a union value must set exactly one member, found none")
	case set > 1:
		w.report(CodeUnion, p.id, v.Pos(), "exactly one member", fmt.Sprint(set),
			fmt.Sprintf("a union value must set exactly one member, found %d: %s", set, strings.Join(names, ", ")))
	}
}

// unionMember returns member idx of a union, or for -1 a member that a
// union with an @alloy#jsonUnknown member takes as that document.
func (p *plan) unionMember(idx int, name string) *memberPlan {
	if idx >= 0 {
		return &p.members[idx]
	}
	return &memberPlan{wire: name, plan: p.alloy.unknown}
}

// document checks that a document value is JSON-shaped: null, booleans,
// numbers, strings, arrays and objects (with the duplicate key policy),
// within the depth limit.
func (w *walker) document(p *plan, v ValueView, k Kind) {
	if w.unsupportedScalar(p, v, k) {
		return
	}
	switch k {
	case KindNull:
		w.documentNull(p, v)
	case KindBool, KindInteger, KindDecimal:
		w.checkNumberLen(p, v, k)
	case KindString:
		w.checkStringSize(p, v, textOf(v))
	case KindSymbol:
		if !w.pol.on(symbolsAsStrings) {
			w.typeMismatch(p, v, k, "a JSON-shaped document value")
		}
	case KindFloat:
		f := v.Scalar().Float
		if f != f || f > maxFloat64 || f < -maxFloat64 {
			w.report(CodeUnsupported, p.id, v.Pos(), "a finite number", formatFloat(f),
				fmt.Sprintf("a document holds JSON-shaped values; the float %s has no JSON number", formatFloat(f)))
		}
	case KindList, KindSexp:
		if k == KindSexp && !w.pol.on(sexpsAsLists) {
			w.typeMismatch(p, v, k, "a JSON-shaped document value")
			return
		}
		if !w.enter(p, v) {
			return
		}
		n := v.Len()
		for i := 0; i < n && !w.col.stopped; i++ {
			w.push(Index(i))
			w.documentChild(p, v.Elem(i))
			w.pop()
		}
		w.leave()
	case KindObject:
		if !w.enter(p, v) {
			return
		}
		n := v.Len()
		keys := w.keySet(n)
		for i := 0; i < n && !w.col.stopped; i++ {
			f := v.Field(i)
			w.push(fieldSeg(&f))
			switch {
			case f.NoText:
				w.report(CodeUnsupported, p.id, f.NamePos, "a string key", "a symbol without text",
					fmt.Sprintf("field name %s is a symbol without text", f.Name))
			default:
				if !w.duplicate(keys, v, i, f.Name) {
					w.documentChild(p, f.Value)
				}
			}
			w.pop()
		}
		w.releaseKeySet(keys)
		w.leave()
	default:
		w.report(CodeUnsupported, p.id, v.Pos(), "a JSON-shaped document value", k.String(),
			fmt.Sprintf("a document holds JSON-shaped values, found %s", k.article()))
	}
}

func (w *walker) documentChild(p *plan, v ValueView) {
	if len(v.Annotations()) > 0 && !w.pol.on(ignoreAnnotations) {
		w.report(CodeAnnotation, p.id, v.Pos(), "", strings.Join(v.Annotations(), "::"),
			fmt.Sprintf("annotated value %s:: is not accepted (the IgnoreAnnotations option would validate the bare value)", strings.Join(v.Annotations(), "::")))
		return
	}
	w.document(p, v, v.Kind())
}

// ValidateJSON validates JSON text: it is read with the validator's limits
// (MaxValueSize, MaxDepth, MaxNumberLength) and every duplicate key kept
// for the DuplicateKeys policy; text that is not JSON is a syntax finding
// at its position, a reader limit a ClassLimit finding.
func (v *Validator) ValidateJSON(data []byte) (Result, error) {
	return v.ValidateJSONString(unsafe.String(unsafe.SliceData(data), len(data)))
}

// CheckJSON is [Validator.ValidateJSON] into a collector, under the path
// at, with c's limits.
func (v *Validator) CheckJSON(c *Collector, at Path, data []byte) error {
	if c.stopped {
		return nil
	}
	if len(data) == 0 {
		return v.checkJSONDirect(c, at, "")
	}
	// The text is read in place, not copied: every string a finding keeps
	// is cloned when the finding is made (see walker.path and
	// walker.report), so nothing refers to data after the call.
	return v.checkJSONDirect(c, at, unsafe.String(&data[0], len(data)))
}

// ValidateJSONString is [Validator.ValidateJSON] for a string (no copy).
func (v *Validator) ValidateJSONString(s string) (Result, error) {
	q := getPass()
	outcome := v.runOnePass(q, s, &v.cfg.lim, true)
	if outcome == passClean {
		// Nothing to report (see onepass.go): no collector either, so a
		// valid value costs no allocation.
		putPass(q)
		return Result{Valid: true, Complete: true}, nil
	}
	c := newCollectorConfig(v.cfg)
	err := v.checkJSONAfter(c, Path{}, s, q, outcome)
	putPass(q)
	if err != nil {
		return Result{}, err
	}
	return c.result(), nil
}
