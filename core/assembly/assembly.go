// Package assembly merges Smithy model files (JSON AST and IDL documents)
// and the smithy.api prelude into one [model.Model].
//
// It follows the specification's "Merging model files" rules: metadata keys
// merge (arrays concatenate, equal values are kept once, anything else is a
// conflict); a shape defined in several files must have the same type,
// members and properties, and its traits merge as if applied with `apply`;
// conflicting trait values merge when both are arrays and are otherwise an
// error unless equal. It also resolves elided members, upgrades Smithy 1.0
// documents as the reference loader does (a set becomes a list with
// @uniqueItems; primitive members and unboxed numbers and booleans get the
// @default their 1.0 zero value implied, a @box member gets
// @default(null): see upgrade.go), applies mixins and
// reports unresolved references.
//
// Prelude shapes are immutable, as in the reference: a model may add new
// shapes to the smithy.api namespace (JSON AST or `namespace smithy.api`),
// and a model restating a prelude shape (as JSON AST exports do) leaves the
// prelude's definition as it is. An identical restatement, or one leaving
// traits out, is silent; one that would add a trait or change a trait's
// value gets a WARNING Model.IgnoredPreludeRedefinition at the definition
// (the reference drops those traits without an event); one with another
// type, members or properties is the ERROR Model of any shape conflict; an
// `apply` to a prelude shape from a model is an ERROR Model.
//
// Problems with the model are returned as [model.Event]s in the [Result]
// (ERROR events make the model unusable); a file that cannot be read or
// parsed is an error from [Assembler.AddPath] or [Assembler.AddSource].
package assembly

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// An Option configures an [Assembler]. Options are plain values, as in
// every module of this repository: pass several to [New], or combine them
// with [JoinOptions]; when two set the same thing the later one wins (JSON
// reader options accumulate, in order). The zero Option changes nothing.
// They are resolved in one place (readOptions).
type Option struct {
	setPrelude bool
	noPrelude  bool
	setOnce    bool
	once       bool
	node       []node.Option
}

// options is the resolved configuration.
type options struct {
	noPrelude bool
	once      bool
	node      []node.Option
}

// WithoutPrelude, on, leaves the smithy.api prelude out (to assemble the
// prelude itself, or in tests). Off (the default), every model sees it.
func WithoutPrelude(on bool) Option { return Option{setPrelude: true, noPrelude: on} }

// Once, on, makes an assembler that assembles once: [Assembler.Assemble]
// lowers each IDL file with [idl.File.LowerOnce], dropping the file's
// parse tree statement by statement as it is lowered, and drops every
// file and document it was given once they are merged, so that none of
// them is alive beside the model being built. A second Assemble returns
// [ErrAssembled]; so do the Add methods after Assemble. Off (the default),
// an assembler keeps what it was given and may assemble again (after more
// files, for example). A command that loads one model uses it: on a large
// IDL model the parse tree is as large as the lowered document
// (docs/performance.md, issue 27 goal 4).
func Once(on bool) Option { return Option{setOnce: true, once: on} }

// ErrAssembled is the error of using an assembler made with [Once] after
// its Assemble.
var ErrAssembled = errors.New("assembly: the assembler was made with Once and has assembled")

// NodeOptions sets the JSON reader's options (limits) used for JSON AST
// files.
func NodeOptions(opts ...node.Option) Option {
	return Option{node: append([]node.Option(nil), opts...)}
}

// JoinOptions returns one option with the effect of opts in order.
func JoinOptions(opts ...Option) Option {
	var j Option
	for _, o := range opts {
		if o.setPrelude {
			j.setPrelude, j.noPrelude = true, o.noPrelude
		}
		if o.setOnce {
			j.setOnce, j.once = true, o.once
		}
		if len(o.node) > 0 {
			j.node = append(append([]node.Option(nil), j.node...), o.node...)
		}
	}
	return j
}

// readOptions is the only place that resolves options.
func readOptions(opts []Option) options {
	j := JoinOptions(opts...)
	return options{noPrelude: j.noPrelude, once: j.once, node: j.node}
}

// Assembler collects model files and assembles them. It is not safe for
// concurrent use; the model it builds is.
type Assembler struct {
	opts    options
	docs    []*model.Document
	sources []source
	// fallbackDocs are JSON AST documents from AddFallbackSource.
	fallbackDocs []*model.Document
	// decoded are the JSON AST documents AddSource decoded, with Once:
	// the assembler's own, which Assemble may change.
	decoded map[*model.Document]bool
	// assembled is set by the Assemble of an assembler made with Once.
	assembled bool
}

// New returns an empty assembler.
func New(opts ...Option) *Assembler {
	return &Assembler{opts: readOptions(opts)}
}

// AddDocument adds a loaded document with absolute shape IDs. An assembler
// made with [Once] ignores documents added after its Assemble (which
// returns [ErrAssembled] again).
//
// The document stays the caller's, with or without Once: Assemble writes
// nothing into it (not its definitions, trait lists, trait values or the
// spare capacity of its lists), so a document, like the shared prelude,
// may be given to several assemblers, also at the same time. What
// assembly changes (coerced annotation trait values, merged and applied
// traits, implied members and properties) it changes in its own copies,
// made when it first writes. The model built keeps the document's trait
// lists and values that assembly did not change (as [model.New] does):
// the caller must not modify the document while it uses the model.
// Once owns, and may merge in place, only what the assembler made itself:
// the documents it lowered from IDL and, with Once, the JSON AST documents
// AddSource decoded.
func (a *Assembler) AddDocument(doc *model.Document) {
	if a.assembled {
		return
	}
	a.docs = append(a.docs, doc)
}

// Result is an assembled model and the events found on the way. Model is nil
// when ERROR events made it impossible to build.
type Result struct {
	Model  *model.Model
	Events []model.Event
}

// HasErrors reports whether an ERROR event was found.
func (r *Result) HasErrors() bool {
	for _, e := range r.Events {
		if e.Severity == model.ErrorSeverity {
			return true
		}
	}
	return false
}

type assembler struct {
	prelude *model.Document          // nil when assembling without the prelude
	owned   map[*model.Document]bool // documents whose definitions are merged in place
	// apart are the definitions of the IDL files lowered for this
	// assembly with idl.File.LowerOnceApart, by document (whose Shapes is
	// nil): each made on its own, so that model.NewFrom frees each once
	// read, where one array stays whole until the last is.
	apart map[*model.Document][]*model.ShapeDef
	// shared are the merged definitions whose trait lists (their own and
	// their members') are still those of a document the assembler does not
	// own: [assembler.ownTraits] copies them before the first write.
	shared map[*model.ShapeDef]bool
	wasSet map[shapeid.ID]bool
	defs   []*model.ShapeDef
	byID   defIndex // the definitions of defs by ID
	// v10 are the shapes whose definition (the first one merged) comes
	// from a 1.0 document: the only version assembly asks about. A map of
	// every shape's version cost the chain of 100,000 structures 8 MB,
	// alive while the model was built (docs/performance.md, "Where a
	// model's bytes go").
	v10      map[shapeid.ID]bool
	metadata []model.MetadataEntry
	// metaIndex is the index in metadata of each key: a search of the
	// list for each entry made n distinct keys n² (32,000 keys in one
	// file took 1.5 s to load).
	metaIndex map[string]int
	events    []model.Event
	// grown are the arrays mergeTrait built, by their first element: the
	// whole slice, whose capacity past the array's length is the
	// assembler's own, so that the next array merged into that trait is
	// appended in place (amortized) rather than copied with everything
	// merged before it. n applications of @tags to one shape were n²
	// (16.8 s for 32,000; docs/performance.md, "Model loading").
	grown map[*node.Node][]node.Node
	// traitAt and memberAt index the trait lists and the member lists
	// that apply statements search, once one has indexMin entries: a
	// search of the list for each statement made n distinct traits
	// applied to one shape n² (7.98 s for 32,000), and so n statements
	// applying to n members of one shape (4.32 s).
	traitAt  map[*[]model.Trait]*listIndex[model.Trait, shapeid.ID]
	memberAt map[*model.ShapeDef]*listIndex[model.MemberDef, string]
	// memberLists are the trait lists of members that mergeMemberTrait
	// merges into, with their spare capacity: a MemberDef keeps only its
	// list's first element and length (88 bytes, where a slice made it
	// 104), so that appending to what it gives copies the list; n distinct
	// traits applied to one member would copy it n times (n²). A list is
	// the member's as long as the MemberDef still holds its elements (see
	// memberList); its address keys traitAt.
	memberLists map[*model.MemberDef]*[]model.Trait
}

// indexMin is the length from which a list that apply searches is
// indexed; below it the search is as cheap.
const indexMin = 16

// listIndex is the position of the first element of each key in a list,
// for the list whose first element and length it recorded: a list
// replaced or grown by anyone else no longer matches and is indexed
// again, and a position is checked before it is used (a list sorted in
// place keeps its keys, not their positions).
type listIndex[E any, K comparable] struct {
	first *E
	n     int
	at    map[K]int
}

// find returns the position of the first element of list whose key is k,
// or -1, through an index kept in *idx once the list has indexMin
// elements.
func find[E any, K comparable](idx **listIndex[E, K], list []E, key func(*E) K, k K) int {
	if len(list) < indexMin {
		for i := range list {
			if key(&list[i]) == k {
				return i
			}
		}
		return -1
	}
	x := *idx
	if x == nil || x.first != &list[0] || x.n != len(list) {
		x = &listIndex[E, K]{first: &list[0], n: len(list), at: make(map[K]int, len(list))}
		for i := range list {
			if _, dup := x.at[key(&list[i])]; !dup {
				x.at[key(&list[i])] = i
			}
		}
		*idx = x
	}
	i, ok := x.at[k]
	if !ok {
		return -1
	}
	if key(&list[i]) != k {
		// Reordered in place: index it again.
		*idx = nil
		return find(idx, list, key, k)
	}
	return i
}

// appended records in *idx, when it indexes list[:len(list)-1], the
// element appended last, so that a list grown by n statements is not
// indexed n times.
func appended[E any, K comparable](idx *listIndex[E, K], list []E, key func(*E) K) {
	if idx == nil || len(list) < 2 || idx.n != len(list)-1 {
		return
	}
	if idx.first != &list[0] {
		// Moved by append: the positions are the same.
		idx.first = &list[0]
	}
	idx.n = len(list)
	if _, dup := idx.at[key(&list[len(list)-1])]; !dup {
		idx.at[key(&list[len(list)-1])] = len(list) - 1
	}
}

func traitKey(t *model.Trait) shapeid.ID  { return t.ID }
func memberKey(m *model.MemberDef) string { return m.Name }

func (s *assembler) event(sev model.Severity, id string, shape shapeid.ID, loc model.SourceLocation, format string, args ...any) {
	s.events = append(s.events, model.Event{Severity: sev, ID: id, Shape: shape, Source: loc, Message: fmt.Sprintf(format, args...)})
}

// Assemble merges everything added so far with the prelude.
func (a *Assembler) Assemble() (*Result, error) {
	if a.assembled {
		return nil, ErrAssembled
	}
	docs, fallback, owned, apart, err := a.documents()
	if a.opts.once {
		// What the assembler was given is in docs (and, for the IDL
		// files, nowhere else: their parse trees went as they were
		// lowered).
		a.assembled = true
		a.docs, a.sources, a.fallbackDocs, a.decoded = nil, nil, nil, nil
	}
	if err != nil {
		return nil, err
	}
	// The index and the list of definitions are made at the number of
	// definitions given (restatements make it an upper bound), not grown:
	// grown, they were 20 MB allocated on the chain of 100,000 structures
	// for 9 MB kept, while the lowered documents are whole
	// (docs/performance.md, "Where a model's bytes go", eighth round).
	n := 0
	for _, d := range docs {
		n += len(d.Shapes) + len(apart[d])
	}
	s := &assembler{owned: owned, apart: apart, shared: map[*model.ShapeDef]bool{}, byID: newDefIndex(n),
		defs: make([]*model.ShapeDef, 0, n), v10: map[shapeid.ID]bool{}, wasSet: map[shapeid.ID]bool{}}
	if !a.opts.noPrelude && len(docs) > 0 {
		s.prelude = docs[0]
	}
	for _, d := range docs {
		if fallback[d] {
			continue
		}
		s.events = append(s.events, d.Events...)
		s.addMetadata(d)
		s.eachShape(d, func(def *model.ShapeDef) { s.addShape(d, def) })
	}
	// Fallback definitions fill in only the shapes no other file defines.
	for _, d := range docs {
		if !fallback[d] {
			continue
		}
		s.events = append(s.events, d.Events...)
		s.addMetadata(d)
		s.eachShape(d, func(def *model.ShapeDef) {
			if _, defined := s.def(def.ID); !defined {
				s.addShape(d, def)
			}
		})
	}
	if assembleStage != nil {
		assembleStage("merged")
	}
	for _, d := range docs {
		for _, ap := range d.Applies {
			s.apply(d, ap)
		}
	}
	// The documents are merged: what this assembly keeps of them is in
	// s.defs (and only there: model.NewFrom frees each definition apart
	// once it has read it).
	s.owned, s.apart = nil, nil
	s.checkMixins()
	s.checkCollectionMembers()
	s.dropUnusableMixins()
	s.resolveElided()
	s.upgradeMembers10()
	s.checkMemberConflicts()
	s.coerceOmittedTraitValues()
	s.fillImplicitValues()
	// model.NewFrom takes the merged definitions and clears each one as
	// it builds its shape, so that the collector can take back what the
	// model does not keep (the definitions and their member lists) while
	// the model is built; copying them for model.New was 17 MB more on
	// the chain of 100,000 structures of docs/performance.md. Nothing
	// after this point reads them, nor the index to them, nor the other
	// indexes of the definitions (checkReferences reads the model).
	defs := s.defs
	s.defs, s.byID = nil, defIndex{}
	s.shared, s.wasSet, s.v10 = nil, nil, nil
	if assembleStage != nil {
		assembleStage("given")
	}
	m, err := model.NewFrom(defs, s.metadata)
	if err != nil {
		if me, ok := err.(*model.Error); ok {
			s.event(model.ErrorSeverity, "Model", me.ShapeID, me.Source, "%s", me.Msg)
		} else {
			s.event(model.ErrorSeverity, "Model", shapeid.ID{}, model.SourceLocation{}, "%v", err)
		}
		model.SortEvents(s.events)
		return &Result{Events: s.events}, nil
	}
	s.checkReferences(m)
	model.SortEvents(s.events)
	return &Result{Model: m, Events: s.events}, nil
}

// assembleStage, when set (by tests), is called at three points of
// Assemble: "lowering" (the IDL files parsed, the sets of the names they
// define made, none lowered yet), "merged" (every definition merged, the
// index by ID whole) and "given" (the definitions about to be given to
// model.NewFrom, their indexes dropped).
var assembleStage func(stage string)

func (s *assembler) addMetadata(d *model.Document) {
	for _, e := range d.Metadata {
		i, ok := s.metaIndex[e.Key]
		if !ok {
			if s.metaIndex == nil {
				s.metaIndex = map[string]int{}
			}
			s.metaIndex[e.Key] = len(s.metadata)
			s.metadata = append(s.metadata, e)
			continue
		}
		prev := s.metadata[i]
		switch {
		case prev.Value.Kind() == node.Array && e.Value.Kind() == node.Array:
			s.metadata[i].Value = node.NewArray(s.concat(prev.Value.Elems(), e.Value.Elems())...).At(prev.Value.Pos())
		case node.Equal(prev.Value, e.Value):
		default:
			s.event(model.ErrorSeverity, "Model", shapeid.ID{}, e.Source, "Metadata conflict for key `%s`. Defined in both `%s` and `%s`", e.Key, prev.Source, e.Source)
		}
	}
}

// eachShape calls f with each definition of d, in order: those of
// d.Shapes, or those lowered apart from d (see assembler.apart).
func (s *assembler) eachShape(d *model.Document, f func(*model.ShapeDef)) {
	if defs, ok := s.apart[d]; ok {
		// Each document is merged once: its list goes with it, not with
		// the last one (0.8 MB on the chain of 100,000 structures, at the
		// merged point, the load's largest: docs/performance.md, "Where a
		// model's bytes go", twelfth round).
		delete(s.apart, d)
		for _, def := range defs {
			f(def)
		}
		return
	}
	for i := range d.Shapes {
		f(&d.Shapes[i])
	}
}

// addShape merges the definition c of d (one of d's shapes).
func (s *assembler) addShape(d *model.Document, c *model.ShapeDef) {
	def := *c
	if def.Type == model.SetType {
		// Sets are Smithy 1.0 lists of unique items; 2.0 models see a list
		// with @uniqueItems, as the reference upgrades them.
		s.wasSet[def.ID] = true
		s.event(model.Warning, "ModelDeprecation", def.ID, def.Source, "Set shapes are deprecated and have been removed in Smithy IDL v2. Use a list shape with the @uniqueItems trait instead.")
		def.Type = model.ListType
		if !hasTrait(def.Traits, preludeid.UniqueItems) {
			def.Traits = append(append([]model.Trait(nil), def.Traits...), model.Trait{ID: preludeid.UniqueItems, Value: node.NewObject(), Source: def.Source})
		}
	}
	if d.Version == "2.0" {
		for _, t := range def.Traits {
			if t.ID == preludeid.Enum {
				// As the reference's loader warns about @enum in 2.0 files.
				s.event(model.Warning, "ModelDeprecation", def.ID, t.Source, "The enum trait is deprecated. Smithy 2.0 models should use the enum shape.")
			}
		}
	}
	if d.Version == "1.0" && def.ID.Namespace != shapeid.Prelude {
		upgradeRoot10(&def)
	}
	prev, ok := s.def(def.ID)
	if !ok {
		// A document lowered for this assembly is the assembler's: its
		// definition is merged in place (a copy of each was the largest
		// transient cost of loading a large IDL model), and so are, with
		// Once, the JSON AST documents AddSource decoded. The documents of
		// AddDocument, and the JSON AST sources of an assembler that may
		// assemble again, belong to the caller or are read again by the
		// next Assemble: they are copied, and so are their properties,
		// which assembly may set.
		sorted := s.owned[d] // sortOwnTraits sorts the assembler's own lists
		if sorted {
			*c = def
			sortOwnTraits(c)
		} else {
			c = new(model.ShapeDef)
			*c = def
			// Assembly writes members (traits merged, applied, implied):
			// the caller's list stays as it was. Their trait lists, and
			// the shape's, are copied when assembly first writes one
			// (ownTraits): most are only read.
			c.Members = slices.Clone(c.Members)
			s.shared[c] = true
			if e := c.Entity(); e != nil {
				// Assembly sets properties (an operation's Unit input and
				// output): the caller's document keeps its own.
				cp := *e
				c.SetEntity(&cp)
			}
		}
		if repeatsTrait(c.Traits, sorted) {
			s.mergeRepeatedTraits(c.ID, &c.Traits)
		}
		for i := range c.Members {
			if m := &c.Members[i]; repeatsTrait(m.Traits(), sorted) {
				ts := m.Traits()
				s.mergeRepeatedTraits(c.ID.WithMember(m.Name), &ts)
				m.SetTraits(ts)
			}
		}
		s.defs = append(s.defs, c)
		s.byID.add(s.defs, len(s.defs)-1)
		if d.Version == "1.0" {
			s.v10[def.ID] = true
		}
		return
	}
	if reason := conflict(prev, &def); reason != "" {
		s.event(model.ErrorSeverity, "Model", def.ID, def.Source, "Conflicting shape definition for `%s` found at `%s` and `%s`: %s", def.ID, prev.Source, def.Source, reason)
		return
	}
	if s.prelude != nil && d != s.prelude && def.ID.Namespace == shapeid.Prelude && s.preludeDefines(def.ID) {
		// Prelude shapes are immutable: a model restating one (as JSON
		// AST exports do) leaves the prelude's definition as it is, as the
		// reference keeps the prelude's shapes over any restatement. The
		// reference drops the restatement's traits without a word; a
		// restatement that would add or change a trait is reported, so
		// that a trait the model means to set is not lost silently.
		if added := preludeAdditions(prev, &def); len(added) > 0 {
			s.event(model.Warning, "Model.IgnoredPreludeRedefinition", def.ID, def.Source, "Ignoring the definition of prelude shape `%s`: prelude shapes are immutable, so its trait(s) %s (not in the prelude's definition at `%s`) are not applied", def.ID, traitList(added), prev.Source)
		}
		return
	}
	if sameTraits(prev.Traits, def.Traits) && sameMemberTraits(prev, &def) {
		s.event(model.Note, "Model.IgnoredDuplicateDefinition", def.ID, def.Source, "Ignoring duplicate but equivalent shape definition: %s defined at `%s` and `%s`", def.ID, prev.Source, def.Source)
		return
	}
	s.ownTraits(prev)
	for _, t := range def.Traits {
		s.mergeTrait(def.ID, &prev.Traits, t)
	}
	for i, m := range def.Members {
		for _, t := range m.Traits() {
			s.mergeMemberTrait(def.ID.WithMember(m.Name), &prev.Members[i], t)
		}
	}
}

// sortOwnTraits sorts by trait ID, in place, the trait lists of a
// definition of a document the assembler owns (its lists are no one
// else's), as the model keeps them: model.NewFrom copied each list out
// of order (a documentation comment is read after the traits written),
// 78 KB of the 1.38 MB that loading examples/mcp/mcp.smithy allocated
// (docs/performance.md, "Where a model's bytes go", twelfth round).
// Stable, so that two traits of one ID stay in the order written, for the
// error that reports them; what assembly merges into a list later is
// appended, and sorted by the model as before.
func sortOwnTraits(def *model.ShapeDef) {
	sortTraits(def.Traits)
	for i := range def.Members {
		sortTraits(def.Members[i].Traits())
	}
}

func sortTraits(ts []model.Trait) {
	if len(ts) > 1 && !slices.IsSortedFunc(ts, compareTraits) {
		slices.SortStableFunc(ts, compareTraits)
	}
}

func compareTraits(a, b model.Trait) int { return shapeid.Compare(a.ID, b.ID) }

// preludeDefines says whether the prelude (not a model adding a shape to
// its namespace) defines id.
func (s *assembler) preludeDefines(id shapeid.ID) bool {
	for i := range s.prelude.Shapes {
		if s.prelude.Shapes[i].ID == id {
			return true
		}
	}
	return false
}

// preludeBoxed are the prelude shapes the reference's prelude gives a
// synthetic @box for Smithy 1.0 compatibility: a 1.0 export restates them
// with it.
var preludeBoxed = []shapeid.ID{
	preludeid.Boolean, preludeid.Byte, preludeid.Short, preludeid.Integer,
	preludeid.Long, preludeid.Float, preludeid.Double,
}

// preludeAdditions lists, in the order written, the traits (of the shape or
// of a member, member traits as `member: trait`) that a restatement def of
// the prelude shape prev has and prev does not, or has with another value.
// Traits prev has and def leaves out are not additions (a Smithy 1.0 export
// has no @default, for one).
func preludeAdditions(prev, def *model.ShapeDef) []string {
	var added []string
	missing := func(have []model.Trait, t model.Trait) bool {
		for _, u := range have {
			if u.ID == t.ID && (node.Equal(u.Value, t.Value) || omittedEquivalent(u.Value, t.Value)) {
				return false
			}
		}
		return true
	}
	for _, t := range def.Traits {
		if t.ID == preludeid.Box && slices.Contains(preludeBoxed, def.ID) {
			continue
		}
		if missing(prev.Traits, t) {
			added = append(added, "`"+t.ID.String()+"`")
		}
	}
	for i, m := range def.Members {
		for _, t := range m.Traits() {
			if missing(prev.Members[i].Traits(), t) {
				added = append(added, "`"+m.Name+": "+t.ID.String()+"`")
			}
		}
	}
	return added
}

// traitList joins quoted trait names with commas.
func traitList(names []string) string { return strings.Join(names, ", ") }

func hasTrait(list []model.Trait, id shapeid.ID) bool {
	for _, t := range list {
		if t.ID == id {
			return true
		}
	}
	return false
}

// conflict says why two definitions of one shape ID cannot be merged, or
// returns "".
func conflict(a, b *model.ShapeDef) string {
	if a.Type != b.Type {
		return fmt.Sprintf("the shape types differ (%s and %s)", a.Type, b.Type)
	}
	if len(a.Members) != len(b.Members) {
		return "the members differ"
	}
	for i := range a.Members {
		if a.Members[i].Name != b.Members[i].Name || a.Members[i].Target != b.Members[i].Target || a.Members[i].Elided() != b.Members[i].Elided() {
			return fmt.Sprintf("member `%s` differs", a.Members[i].Name)
		}
	}
	pa, pb := a.Props(), b.Props()
	if !slices.Equal(a.Mixins(), b.Mixins()) || pa.Version != pb.Version || !slices.Equal(pa.Operations, pb.Operations) ||
		!slices.Equal(pa.Resources, pb.Resources) || !slices.Equal(pa.Errors, pb.Errors) || pa.Input != pb.Input || pa.Output != pb.Output ||
		!slices.Equal(pa.Identifiers, pb.Identifiers) || !slices.Equal(pa.Properties, pb.Properties) || !slices.Equal(pa.Rename, pb.Rename) ||
		pa.Create != pb.Create || pa.Put != pb.Put || pa.Read != pb.Read || pa.Update != pb.Update || pa.Delete != pb.Delete || pa.List != pb.List ||
		!slices.Equal(pa.CollectionOperations, pb.CollectionOperations) {
		return "the shape properties differ"
	}
	return ""
}

// mergeTrait adds t to list with the specification's trait conflict
// resolution: arrays concatenate, equal values are kept once, anything else
// is a conflict.
func (s *assembler) mergeTrait(owner shapeid.ID, list *[]model.Trait, t model.Trait) {
	var idx *listIndex[model.Trait, shapeid.ID]
	if len(*list) >= indexMin {
		idx = s.traitAt[list]
	}
	if i := find(&idx, *list, traitKey, t.ID); i >= 0 {
		if idx != nil {
			s.keepTraitIndex(list, idx)
		}
		s.combineTrait(owner, &(*list)[i], t)
		return
	}
	*list = append(*list, t)
	if idx != nil {
		appended(idx, *list, traitKey)
		s.keepTraitIndex(list, idx)
	}
}

// combineTrait merges t into prev, a trait of the same ID, by the conflict
// resolution of mergeTrait.
func (s *assembler) combineTrait(owner shapeid.ID, prev *model.Trait, t model.Trait) {
	switch {
	case prev.Value.Kind() == node.Array && t.Value.Kind() == node.Array:
		prev.Value = node.NewArray(s.concat(prev.Value.Elems(), t.Value.Elems())...).At(prev.Value.Pos())
	case node.Equal(prev.Value, t.Value):
	case omittedEquivalent(prev.Value, t.Value):
		if prev.Value.IsNull() {
			*prev = t
		}
	default:
		s.event(model.ErrorSeverity, "Model", owner, t.Source, "Conflicting `%s` trait found on shape `%s`. The previous trait was defined at `%s`, and a conflicting trait was defined at `%s`.", t.ID, owner, prev.Source, t.Source)
	}
}

// mergeRepeatedTraits merges the traits of one ID that a single definition
// applies more than once (`@suppress(["A"]) @suppress(["B"])` before one
// shape, or a documentation comment beside @documentation), in the order
// written, by the conflict resolution of mergeTrait: the reference's IDL
// loader applies each trait of a statement on its own, as an apply
// statement does, so a repeated trait is merged there, not refused. The
// list is replaced, never written, so a caller's list stays as it was;
// the caller first asks repeatsTrait, which nearly every list answers no.
func (s *assembler) mergeRepeatedTraits(owner shapeid.ID, list *[]model.Trait) {
	ts := *list
	out := make([]model.Trait, 0, len(ts)-1)
	for _, t := range ts {
		j := slices.IndexFunc(out, func(o model.Trait) bool { return o.ID == t.ID })
		if j < 0 {
			out = append(out, t)
			continue
		}
		s.combineTrait(owner, &out[j], t)
	}
	*list = out
}

// repeatsTrait reports whether two traits of ts have one ID: for a list
// sorted by ID (the assembler's own, sortOwnTraits) two neighbours, else
// any two (trait lists are short).
func repeatsTrait(ts []model.Trait, sorted bool) bool {
	if len(ts) < 2 {
		return false
	}
	if sorted {
		for i := 1; i < len(ts); i++ {
			if ts[i].ID == ts[i-1].ID {
				return true
			}
		}
		return false
	}
	for i := 1; i < len(ts); i++ {
		for j := 0; j < i; j++ {
			if ts[i].ID == ts[j].ID {
				return true
			}
		}
	}
	return false
}

// mergeMemberTrait is mergeTrait into the traits of member m.
func (s *assembler) mergeMemberTrait(owner shapeid.ID, m *model.MemberDef, t model.Trait) {
	list := s.memberList(m)
	s.mergeTrait(owner, list, t)
	m.SetTraits(*list)
}

// memberList returns the list of m's traits that mergeMemberTrait grows:
// the one it grew before while m still holds its elements, else a new one
// of m's traits.
func (s *assembler) memberList(m *model.MemberDef) *[]model.Trait {
	ts := m.Traits()
	if list, ok := s.memberLists[m]; ok && len(*list) == len(ts) && (len(ts) == 0 || &(*list)[0] == &ts[0]) {
		return list
	}
	list := &ts
	if s.memberLists == nil {
		s.memberLists = map[*model.MemberDef]*[]model.Trait{}
	}
	s.memberLists[m] = list
	return list
}

func (s *assembler) keepTraitIndex(list *[]model.Trait, idx *listIndex[model.Trait, shapeid.ID]) {
	if s.traitAt == nil {
		s.traitAt = map[*[]model.Trait]*listIndex[model.Trait, shapeid.ID]{}
	}
	s.traitAt[list] = idx
}

// concat returns the elements of a followed by those of b in a slice of
// the assembler's own. When a is the latest array concat returned for its
// elements (its backing array, with room past its length, is no one
// else's), b is appended in place, so that merging n arrays into one trait
// costs their total length, not n times it. Nodes already holding a keep
// their length and see no change: only elements past it are written.
func (s *assembler) concat(a, b []node.Node) []node.Node {
	if len(b) == 0 && len(a) > 0 {
		return a
	}
	var out []node.Node
	if len(a) > 0 {
		if own, ok := s.grown[&a[0]]; ok && len(own) == len(a) {
			delete(s.grown, &a[0])
			out = append(own, b...)
		}
	}
	if out == nil {
		out = append(append(make([]node.Node, 0, len(a)+len(b)), a...), b...)
	}
	if len(out) == 0 {
		return out
	}
	if s.grown == nil {
		s.grown = map[*node.Node][]node.Node{}
	}
	s.grown[&out[0]] = out
	return out
}

func sameTraits(a, b []model.Trait) bool {
	if len(a) != len(b) {
		return false
	}
	for _, t := range a {
		found := false
		for _, u := range b {
			if u.ID == t.ID && (node.Equal(u.Value, t.Value) || omittedEquivalent(u.Value, t.Value)) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func sameMemberTraits(a, b *model.ShapeDef) bool {
	for i := range a.Members {
		if !sameTraits(a.Members[i].Traits(), b.Members[i].Traits()) {
			return false
		}
	}
	return true
}

// checkCollectionMembers reports list and map shapes with other members than
// `member` (lists) or `key` and `value` (maps), and those missing one that
// no mixin supplies. Extra members are left out; a shape missing a member is
// left out of the model, as the reference leaves it out (shapes that mix it
// in then report that).
func (s *assembler) checkCollectionMembers() {
	for _, def := range append([]*model.ShapeDef(nil), s.defs...) {
		var want []string
		var kind string
		switch def.Type {
		case model.ListType:
			want, kind = []string{"member"}, "List shapes may only have a `member` member"
			if s.wasSet[def.ID] {
				kind = "Set shapes may only have a `member` member"
			}
		case model.MapType:
			want, kind = []string{"key", "value"}, "Map shapes may only have `key` and `value` members"
		default:
			continue
		}
		// An extra member is reported and left out; the shape stays.
		kept := def.Members[:0:0]
		for _, m := range def.Members {
			if !slices.Contains(want, m.Name) {
				s.event(model.ErrorSeverity, "Model", def.ID, def.MemberSource(&m), "%s, but found `%s`", kind, m.Name)
				continue
			}
			kept = append(kept, m)
		}
		def.Members = kept
		bad := false
		var missing []string
		for _, w := range want {
			if !hasMember(def, w) && (len(def.Mixins()) == 0 || !s.mixinHasMember(def, w)) {
				missing = append(missing, w)
			}
		}
		if len(missing) > 0 && (len(def.Mixins()) == 0 || s.mixinsExist(def)) {
			word := "member"
			if len(missing) > 1 {
				word = "members"
			}
			s.event(model.ErrorSeverity, "Model", def.ID, def.Source, "Missing required %s of shape `%s`: %s", word, def.ID, strings.Join(missing, ", "))
			bad = true
		}
		if bad {
			s.drop(def.ID)
		}
	}
}

func hasMember(def *model.ShapeDef, name string) bool {
	for _, m := range def.Members {
		if m.Name == name {
			return true
		}
	}
	return false
}

func (s *assembler) mixinHasMember(def *model.ShapeDef, name string) bool {
	_, ok := s.mixinMemberTarget(def, name, map[shapeid.ID]bool{})
	return ok
}

// mixinsExist reports whether every mixin of def (transitively) is defined;
// when one is not, dropUnusableMixins reports it instead.
func (s *assembler) mixinsExist(def *model.ShapeDef) bool {
	for _, mid := range def.Mixins() {
		mx, ok := s.def(mid)
		if !ok || !s.mixinsExist(mx) {
			return false
		}
	}
	return true
}

// drop removes a shape that cannot be part of the model.
func (s *assembler) drop(id shapeid.ID) {
	kept := s.defs[:0]
	for _, d := range s.defs {
		if d.ID != id {
			kept = append(kept, d)
		}
	}
	clear(s.defs[len(kept):])
	s.defs = kept
	s.byID.rebuild(s.defs, len(s.defs))
}

// dropUnusableMixins reports mixin cycles and shapes whose mixins are not
// in the model (undefined, or dropped for their own errors), and drops
// those shapes in turn, until every remaining mixin resolves.
func (s *assembler) dropUnusableMixins() {
	for _, cycle := range s.mixinCycles() {
		for _, id := range cycle {
			var others []string
			for _, o := range cycle {
				if o != id {
					others = append(others, o.String())
				}
			}
			def := s.defOf(id)
			s.event(model.ErrorSeverity, "Model", id, def.Source, "Unable to resolve mixins; cycles detected between this shape and [%s]", strings.Join(others, ", "))
		}
		for _, id := range cycle {
			s.drop(id)
		}
	}
	for changed := true; changed; {
		changed = false
		for _, def := range append([]*model.ShapeDef(nil), s.defs...) {
			for _, mid := range def.Mixins() {
				if _, ok := s.def(mid); ok {
					continue
				}
				target := def.ID
				for _, m := range def.Members {
					if m.Elided() {
						target = def.ID.WithMember(m.Name)
						break
					}
				}
				s.event(model.ErrorSeverity, "Model", def.ID, def.Source, "Cannot apply mixin to %s: %s not found", target, mid)
				s.drop(def.ID)
				changed = true
				break
			}
		}
	}
}

// mixinCycles returns the shapes of each mixin cycle (strongly connected
// components of the mixin graph with a cycle), each sorted by shape ID, in
// a deterministic order.
func (s *assembler) mixinCycles() [][]shapeid.ID {
	index := map[shapeid.ID]int{}
	low := map[shapeid.ID]int{}
	onStack := map[shapeid.ID]bool{}
	var stack []shapeid.ID
	var out [][]shapeid.ID
	next := 0
	var visit func(id shapeid.ID)
	visit = func(id shapeid.ID) {
		index[id], low[id] = next, next
		next++
		stack = append(stack, id)
		onStack[id] = true
		for _, mid := range s.defOf(id).Mixins() {
			if _, ok := s.def(mid); !ok {
				continue
			}
			if _, seen := index[mid]; !seen {
				visit(mid)
				low[id] = min(low[id], low[mid])
			} else if onStack[mid] {
				low[id] = min(low[id], index[mid])
			}
		}
		if low[id] != index[id] {
			return
		}
		var comp []shapeid.ID
		for {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[top] = false
			comp = append(comp, top)
			if top == id {
				break
			}
		}
		self := false
		for _, mid := range s.defOf(id).Mixins() {
			self = self || mid == id
		}
		if len(comp) > 1 || self {
			sort.Slice(comp, func(i, j int) bool { return shapeid.Compare(comp[i], comp[j]) < 0 })
			out = append(out, comp)
		}
	}
	for _, def := range s.defs {
		// A shape without mixins is in no cycle: only shapes that mix
		// something in start a search.
		if _, seen := index[def.ID]; !seen && len(def.Mixins()) > 0 {
			visit(def.ID)
		}
	}
	return out
}

// omittedEquivalent reports whether one value is an omitted IDL trait value
// (null) and the other the value it stands for ({}, [] or true), as when an
// IDL file and its JSON AST define the same shape.
func omittedEquivalent(a, b node.Node) bool {
	if b.IsNull() {
		a, b = b, a
	}
	if !a.IsNull() {
		return false
	}
	switch b.Kind() {
	case node.Object, node.Array:
		return b.Len() == 0
	case node.Bool:
		return b.BoolValue()
	}
	return false
}

func (s *assembler) apply(d *model.Document, ap model.Apply) {
	def, ok := s.def(ap.Target.Root())
	if !ok {
		s.event(model.ErrorSeverity, "Model", shapeid.ID{}, ap.Source, "Trait `%s` applied to unknown shape `%s`", traitNames(ap.Traits), ap.Target)
		return
	}
	if ap.Target.Namespace == shapeid.Prelude && d != s.prelude && s.prelude != nil {
		for _, t := range ap.Traits {
			s.event(model.ErrorSeverity, "Model", ap.Target, ap.Source, "Cannot apply `%s` to an immutable prelude shape defined in `smithy.api`.", t.ID)
		}
		return
	}
	s.ownTraits(def)
	if !ap.Target.HasMember() {
		for _, t := range ap.Traits {
			s.mergeTrait(def.ID, &def.Traits, t)
		}
		return
	}
	name := ap.Target.Member
	i, idx := s.member(def, name)
	if i >= 0 {
		for _, t := range ap.Traits {
			s.mergeMemberTrait(ap.Target, &def.Members[i], t)
		}
		return
	}
	// A member the shape gets from a mixin: applying traits to it redefines
	// it locally with the same target, as the specification allows.
	if target, ok := s.mixinMemberTarget(def, name, map[shapeid.ID]bool{}); ok {
		md := model.NewMemberDef(name, target, append([]model.Trait(nil), ap.Traits...))
		md.Pos = ap.Source.Pos
		def.Members = append(def.Members, md)
		def.SetMemberFile(name, ap.Source.File)
		appended(idx, def.Members, memberKey)
		return
	}
	s.event(model.ErrorSeverity, "Model", shapeid.ID{}, ap.Source, "Trait `%s` applied to unknown shape `%s`", traitNames(ap.Traits), ap.Target)
}

// member returns the position of def's first member named name, or -1,
// and the index of def's members when they have one (see indexMin).
func (s *assembler) member(def *model.ShapeDef, name string) (int, *listIndex[model.MemberDef, string]) {
	var idx *listIndex[model.MemberDef, string]
	if len(def.Members) >= indexMin {
		idx = s.memberAt[def]
	}
	i := find(&idx, def.Members, memberKey, name)
	if idx != nil {
		if s.memberAt == nil {
			s.memberAt = map[*model.ShapeDef]*listIndex[model.MemberDef, string]{}
		}
		s.memberAt[def] = idx
	}
	return i, idx
}

func traitNames(ts []model.Trait) string {
	if len(ts) == 0 {
		return ""
	}
	return ts[0].ID.Name
}

// mixinMemberTarget finds the target of member name in def's mixins.
func (s *assembler) mixinMemberTarget(def *model.ShapeDef, name string, seen map[shapeid.ID]bool) (shapeid.ID, bool) {
	for _, mid := range def.Mixins() {
		if seen[mid] {
			continue
		}
		seen[mid] = true
		mx, ok := s.def(mid)
		if !ok {
			continue
		}
		// The first member of that name with a target: found through
		// the index (a search for each of n statements applying to n
		// members of one mixin was n², 6.44 s at 32,000).
		if i, _ := s.member(mx, name); i >= 0 {
			for _, m := range mx.Members[i:] {
				if m.Name == name && !m.Target.IsZero() {
					return m.Target, true
				}
			}
		}
		if t, ok := s.mixinMemberTarget(mx, name, seen); ok {
			return t, true
		}
	}
	return shapeid.ID{}, false
}

// resolveElided gives each `$name` member its target: the identifier or
// property of the same name of the resource named by `for`, else the mixin
// member of that name. An elided member that only restates a mixin member
// (same target, no traits of its own) stays the mixin's member; with traits
// it redefines the member, as an apply statement would.
func (s *assembler) resolveElided() {
	for _, def := range s.defs {
		if def.Props().ForResource.IsZero() {
			continue
		}
		res, ok := s.def(def.Props().ForResource)
		if !ok || res.Type != model.ResourceType {
			found := "no shape"
			if ok {
				found = "a " + res.Type.String() + " shape"
			}
			s.event(model.ErrorSeverity, "Model", def.ID, def.Source, "The target of the `for` production must be a resource shape, but found %s: %s", found, def.Props().ForResource)
			def.SetProps().ForResource = shapeid.ID{}
			continue
		}
		if res.ID.Namespace != def.ID.Namespace && hasTrait(res.Traits, preludeid.Private) {
			// As the reference's ApplyResourceBasedTargets: `for` is no
			// relationship, so PrivateAccess cannot see it; a DANGER, so
			// that it can be suppressed.
			s.event(model.Danger, "PrivateAccess", def.ID, def.Source, "This shape has an invalid for relationship that targets a private shape, `%s`, in another namespace.", res.ID)
		}
	}
	// Mixins may themselves elide members: resolve until nothing changes.
	for changed := true; changed; {
		changed = false
		for _, def := range s.defs {
			for i := range def.Members {
				m := &def.Members[i]
				if !m.Elided() || !m.Target.IsZero() {
					continue
				}
				if t, ok := s.resourceTarget(def, m.Name); ok {
					m.Target, changed = t, true
				} else if t, ok := s.mixinMemberTarget(def, m.Name, map[shapeid.ID]bool{}); ok {
					m.Target, changed = t, true
				}
			}
		}
	}
	for _, def := range s.defs {
		if !slices.ContainsFunc(def.Members, func(m model.MemberDef) bool { return m.Elided() }) {
			continue // nothing to change: the list stays, and is not copied
		}
		kept := def.Members[:0:0]
		for _, m := range def.Members {
			if !m.Elided() {
				kept = append(kept, m)
				continue
			}
			if m.Target.IsZero() {
				s.event(model.ErrorSeverity, "Model", def.ID.WithMember(m.Name), def.MemberSource(&m), "Member target was elided, but no bound resource or mixin contained a matching identifier or member name.")
				continue
			}
			if mt, ok := s.mixinMemberTarget(def, m.Name, map[shapeid.ID]bool{}); ok && mt == m.Target && len(m.Traits()) == 0 {
				continue // the mixin's member, unchanged
			}
			m.SetElided(false)
			kept = append(kept, m)
		}
		def.Members = kept
	}
}

// checkMemberConflicts reports each member a shape declares (or elides from
// a resource) with another target than the mixin member of the same name,
// and leaves the shape's own member out so the mixin's stands.
func (s *assembler) checkMemberConflicts() {
	for _, def := range s.defs {
		if len(def.Mixins()) == 0 {
			continue
		}
		kept := def.Members[:0:0]
		for _, m := range def.Members {
			conflict := false
			for _, mid := range def.Mixins() {
				mx, ok := s.def(mid)
				if !ok {
					continue
				}
				t, ok := s.memberTarget(mx, m.Name)
				if ok && t != m.Target {
					s.event(model.ErrorSeverity, "Model", def.ID.WithMember(m.Name), def.MemberSource(&m), "Member conflicts with an inherited mixin member: `%s`", mid.WithMember(m.Name))
					conflict = true
				}
			}
			if !conflict {
				kept = append(kept, m)
			}
		}
		def.Members = kept
	}
}

// memberTarget finds the target of member name of def, declared or mixed in.
func (s *assembler) memberTarget(def *model.ShapeDef, name string) (shapeid.ID, bool) {
	if i, _ := s.member(def, name); i >= 0 {
		for _, m := range def.Members[i:] {
			if m.Name == name && !m.Target.IsZero() {
				return m.Target, true
			}
		}
	}
	return s.mixinMemberTarget(def, name, map[shapeid.ID]bool{})
}

func (s *assembler) resourceTarget(def *model.ShapeDef, name string) (shapeid.ID, bool) {
	res, ok := s.def(def.Props().ForResource)
	if !ok {
		return shapeid.ID{}, false
	}
	for _, list := range [][]model.NamedTarget{res.Props().Identifiers, res.Props().Properties} {
		for _, nt := range list {
			if nt.Name == name {
				return nt.Target, true
			}
		}
	}
	return shapeid.ID{}, false
}

// checkMixins reports mixins that cannot be applied (and drops them, so the
// rest of the model still assembles): a mixin of another shape type, an
// operation mixin with input or output, a resource mixin with identifiers
// or properties.
func (s *assembler) checkMixins() {
	for _, def := range s.defs {
		if hasTrait(def.Traits, preludeid.Mixin) {
			switch {
			case def.Type == model.OperationType && (!isUnitOrZero(def.Props().Input) || !isUnitOrZero(def.Props().Output)):
				s.event(model.ErrorSeverity, "Model", def.ID, def.Source, "Operation shapes with the mixin trait MUST target `smithy.api#Unit` for their input and output. Operation mixin shape `%s` defines one or both of these properties.", def.ID)
			case def.Type == model.ResourceType && (len(def.Props().Identifiers) > 0 || len(def.Props().Properties) > 0):
				s.event(model.ErrorSeverity, "Model", def.ID, def.Source, "Resource shapes with the mixin trait may not define any properties. Resource mixin shape `%s` defines one or more properties.", def.ID)
			}
		}
		var bad []string
		kept := def.Mixins()[:0:0]
		for _, mid := range def.Mixins() {
			if mx, ok := s.def(mid); ok && mx.Type != def.Type {
				bad = append(bad, "`"+mid.String()+"`")
				continue
			}
			kept = append(kept, mid)
		}
		if len(bad) > 0 {
			s.event(model.ErrorSeverity, "Model", def.ID, def.Source, "Mixins may only be mixed into shapes of the same type. The following mixins were applied to the %s shape `%s` which are not %s shapes: [%s]", def.Type, def.ID, def.Type, strings.Join(bad, ", "))
			def.SetMixins(kept)
		}
	}
}

func isUnitOrZero(id shapeid.ID) bool { return id.IsZero() || id == preludeid.Unit }

// fillImplicitValues sets what the specification implies when a model does
// not say it: an operation without input or output has smithy.api#Unit, and
// an enum member without @enumValue has its own name as value.
func (s *assembler) fillImplicitValues() {
	for _, def := range s.defs {
		switch def.Type {
		case model.OperationType:
			if p := def.Props(); p.Input.IsZero() || p.Output.IsZero() {
				p := def.SetProps()
				if p.Input.IsZero() {
					p.Input = preludeid.Unit
				}
				if p.Output.IsZero() {
					p.Output = preludeid.Unit
				}
			}
		case model.EnumType:
			for i := range def.Members {
				m := &def.Members[i]
				if !hasTrait(m.Traits(), preludeid.EnumValue) {
					s.ownTraits(def)
					m.SetTraits(append(m.Traits(), model.Trait{ID: preludeid.EnumValue, Value: node.NewString(m.Name), Source: def.MemberSource(m)}))
				}
			}
		}
	}
}

// coerceOmittedTraitValues gives a trait applied without a value (`@foo` in
// the IDL, read as null and marked Omitted) the value the specification
// assumes from the trait's shape: {} for a structure or map, [] for a
// list. Any other trait keeps its null, which its trait-value check
// rejects, as the reference implementation does (a bare `@foo` for a
// boolean, string or union trait is an error); so does an explicit null.
func (s *assembler) coerceOmittedTraitValues() {
	// coerced returns the value an omitted trait value takes, if any.
	coerced := func(t model.Trait) (node.Node, bool) {
		if !t.Omitted || !t.Value.IsNull() {
			return node.Node{}, false
		}
		def, ok := s.def(t.ID)
		if !ok {
			return node.Node{}, false
		}
		switch def.Type {
		case model.StructureType, model.MapType:
			return node.NewObject().At(t.Value.Pos()), true
		case model.ListType, model.SetType:
			return node.NewArray().At(t.Value.Pos()), true
		}
		return node.Node{}, false
	}
	for _, def := range s.defs {
		fix := func(list *[]model.Trait) {
			for i := range *list {
				if v, ok := coerced((*list)[i]); ok {
					// The list may be a caller's: ownTraits copies it
					// (and moves *list, which points into def, along).
					s.ownTraits(def)
					(*list)[i].Value = v
				}
			}
		}
		fix(&def.Traits)
		for i := range def.Members {
			// A member's list is its first element and its length:
			// written through m once ownTraits has copied it.
			m := &def.Members[i]
			for j, t := range m.Traits() {
				if v, ok := coerced(t); ok {
					s.ownTraits(def)
					m.Traits()[j].Value = v
				}
			}
		}
	}
}

// ownTraits makes the trait lists of def, its own and its members', the
// assembly's before it writes one: a definition taken from a document the
// assembler does not own (one of AddDocument, the shared prelude) still
// has the document's lists, which assembly must neither change nor append
// to in their spare capacity (concurrent assemblies share the prelude).
func (s *assembler) ownTraits(def *model.ShapeDef) {
	if !s.shared[def] {
		return
	}
	delete(s.shared, def)
	def.Traits = slices.Clone(def.Traits)
	for i := range def.Members {
		def.Members[i].SetTraits(slices.Clone(def.Members[i].Traits()))
	}
}

// checkReferences reports every reference to a shape the model does not
// define.
func (s *assembler) checkReferences(m *model.Model) {
	var sg *suggester
	suggest := func(id shapeid.ID) string {
		if sg == nil {
			sg = newSuggester(m)
		}
		return sg.text(id)
	}
	for _, sh := range m.Shapes() {
		for _, mem := range sh.Members() {
			if _, ok := m.Target(mem); !ok {
				s.event(model.ErrorSeverity, "Target", mem.ID(), mem.Source(), "member shape targets an unresolved shape `%s`%s", mem.Target(), suggest(mem.Target()))
			}
		}
		// The model resolved every reference when it was built.
		sh.RelatedShapes(func(r model.RelationshipType, id shapeid.ID, target *model.Shape) {
			if target != nil || r == model.RelMember || r == model.RelMemberTarget {
				return
			}
			rel := r.String()
			if r == model.RelCollectionOperation {
				rel = "collection_operation"
			}
			s.event(model.ErrorSeverity, "Target", sh.ID(), sh.Source(), "%s shape has a%s `%s` relationship to an unresolved shape `%s`%s", sh.Type(), an(rel), rel, id, suggest(id))
		})
	}
}

func an(word string) string {
	switch word[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "n"
	}
	return ""
}
