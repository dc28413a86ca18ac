package smithyvalidate

import (
	"errors"
	"strings"
	"sync"

	"github.com/smithy-validation/go/core/node"
)

// tapeView is the ValueView of a core/node tape, the engine's direct
// reader: a pointer to one tape entry, so that it costs nothing in an
// interface.
type tapeView struct{ e *node.TapeEntry }

func (v tapeView) Kind() Kind {
	switch v.e.Kind() {
	case node.TapeFalse, node.TapeTrue:
		return KindBool
	case node.TapeNumber:
		if v.e.IsInteger() {
			return KindInteger
		}
		return KindDecimal
	case node.TapeString:
		return KindString
	case node.TapeArray:
		return KindList
	case node.TapeObject:
		return KindObject
	}
	return KindNull
}

func (v tapeView) Pos() node.Pos         { return v.e.Pos() }
func (v tapeView) Annotations() []string { return nil }

func (v tapeView) Scalar() Scalar {
	switch v.e.Kind() {
	case node.TapeFalse:
		return Scalar{Kind: KindBool}
	case node.TapeTrue:
		return Scalar{Kind: KindBool, Bool: true}
	case node.TapeNumber, node.TapeString:
		return Scalar{Kind: v.Kind(), Text: v.e.Text()}
	case node.TapeNull:
		return Scalar{Kind: KindNull}
	}
	return Scalar{Kind: v.Kind()}
}

// Text is the fast accessor stream.TextView names.
func (v tapeView) Text() (Kind, string) {
	switch v.e.Kind() {
	case node.TapeNumber:
		if v.e.IsInteger() {
			return KindInteger, v.e.Text()
		}
		return KindDecimal, v.e.Text()
	case node.TapeString:
		return KindString, v.e.Text()
	}
	return v.Kind(), ""
}

func (v tapeView) Len() int             { return v.e.Len() }
func (v tapeView) Elem(i int) ValueView { return tapeView{v.e.Elem(i)} }

func (v tapeView) Field(i int) Field {
	k, val := v.e.Member(i)
	return Field{Name: k.Text(), NamePos: k.Pos(), Value: tapeView{val}}
}

// Member is the fast accessor of memberView (stream.MemberView).
func (v tapeView) Member(i int) (string, ValueView) {
	k, val := v.e.Member(i)
	return k.Text(), tapeView{val}
}

var tapePool = sync.Pool{New: func() any { return new(node.Tape) }}

// maxPooledEntries bounds the tapes kept for reuse.
const maxPooledEntries = 1 << 18

func getTape() *node.Tape { return tapePool.Get().(*node.Tape) }

// putTape drops t's text and returns it to the pool, unless it grew too
// large to keep.
func putTape(t *node.Tape) {
	t.Reset()
	if t.Size() <= maxPooledEntries {
		tapePool.Put(t)
	}
}

// checkJSONDirect reads JSON text into a pooled tape and validates its
// views; a text the tape refuses is one finding, with core/node's error.
func (v *Validator) checkJSONDirect(c *Collector, at Path, src string) error {
	q := getPass()
	outcome := v.runOnePass(q, src, &c.cfg.lim, true)
	if outcome == passClean {
		putPass(q)
		return nil // nothing to report (see onepass.go)
	}
	err := v.checkJSONAfter(c, at, src, q, outcome)
	putPass(q)
	return err
}

// checkJSONAfter validates src into c after the one pass q did not pass
// it: the walks of its sites, or the whole walk.
func (v *Validator) checkJSONAfter(c *Collector, at Path, src string, q *onePass, outcome int) error {
	if outcome == passSites {
		return v.checkJSONSites(c, at, src, q)
	}
	return v.checkJSONTape(c, at, src)
}

// checkJSONTape is checkJSONDirect without the one-pass check.
func (v *Validator) checkJSONTape(c *Collector, at Path, src string) error {
	t := getTape()
	if err := t.Read(src, c.cfg.lim); err != nil {
		// The limit's finding is made before the prefix is read (the
		// tape's open containers give its path), and added after the
		// findings that came before it (limitprefix.go). The tape is let
		// go first: the prefix's tape may be as large.
		f := ReadErrorFinding(TapeError(t, err), at)
		putTape(t)
		if err := v.limitPrefixCheck(c, at, src, err); err != nil {
			return err
		}
		c.Add(f)
		return nil
	}
	defer putTape(t)
	return v.Check(c, at, tapeView{t.Root()})
}

// TapeView returns the view of the top-level value t read, for callers
// that read JSON with core/node's [node.Tape] themselves (the reader
// behind [Validator.ValidateJSON]): field names, strings without escapes
// and number tokens are substrings of the text, and every occurrence of a
// repeated key is kept. It is valid until t reads again or is reset; t
// must hold a value (its last Read succeeded).
func TapeView(t *node.Tape) ValueView { return tapeView{t.Root()} }

// TapeError returns err, the error of t's last Read, with the path of the
// value where a depth or number limit stopped it (see "Reader limits" in
// the package documentation): a [*ReadLimitError], which
// [ReadErrorFinding] turns into the finding ValidateJSON reports. Other
// errors are returned as they are. It may allocate (errors are rare).
func TapeError(t *node.Tape, err error) error {
	var le *node.LimitError
	if !errors.As(err, &le) || le.Limit != node.LimitDepth && le.Limit != node.LimitNumberLength {
		return err
	}
	var segs []Segment
	if !t.LimitPath(func(key string, index int, obj bool) {
		if obj {
			segs = append(segs, Key(strings.Clone(key)))
		} else {
			segs = append(segs, Index(index))
		}
	}) {
		return err
	}
	return &ReadLimitError{LimitError: le, Path: Path{}.Append(segs...)}
}
