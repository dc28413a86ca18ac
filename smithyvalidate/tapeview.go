package smithyvalidate

import (
	"errors"
	"strings"
	"sync"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/smithyvalidate/internal/jsontape"
)

// tapeView is the ValueView of the direct JSON reader: a pointer to one
// tape entry, so that it costs nothing in an interface.
type tapeView struct{ e *jsontape.Entry }

func (v tapeView) Kind() Kind {
	switch v.e.Kind {
	case jsontape.False, jsontape.True:
		return KindBool
	case jsontape.Number:
		if v.e.Int {
			return KindInteger
		}
		return KindDecimal
	case jsontape.String:
		return KindString
	case jsontape.Array:
		return KindList
	case jsontape.Object:
		return KindObject
	}
	return KindNull
}

func (v tapeView) Pos() node.Pos         { return v.e.Pos() }
func (v tapeView) Annotations() []string { return nil }

func (v tapeView) Scalar() Scalar {
	switch v.e.Kind {
	case jsontape.False:
		return Scalar{Kind: KindBool}
	case jsontape.True:
		return Scalar{Kind: KindBool, Bool: true}
	case jsontape.Number, jsontape.String:
		return Scalar{Kind: v.Kind(), Text: v.e.Text()}
	case jsontape.Null:
		return Scalar{Kind: KindNull}
	}
	return Scalar{Kind: v.Kind()}
}

// Text implements [TextView].
func (v tapeView) Text() (Kind, string) {
	switch v.e.Kind {
	case jsontape.Number:
		if v.e.Int {
			return KindInteger, v.e.Text()
		}
		return KindDecimal, v.e.Text()
	case jsontape.String:
		return KindString, v.e.Text()
	}
	return v.Kind(), ""
}

func (v tapeView) Len() int {
	if v.e.Kind == jsontape.Array || v.e.Kind == jsontape.Object {
		return int(v.e.B)
	}
	return 0
}

func (v tapeView) Elem(i int) ValueView { return tapeView{v.e.Elem(i)} }

func (v tapeView) Field(i int) Field {
	k, val := v.e.Key(i)
	return Field{Name: k.Text(), NamePos: k.Pos(), Value: tapeView{val}}
}

// Member implements [MemberView].
func (v tapeView) Member(i int) (string, ValueView) {
	k, val := v.e.Key(i)
	return k.Text(), tapeView{val}
}

var tapePool = sync.Pool{New: func() any { return new(jsontape.Tape) }}

// maxPooledEntries bounds the tapes kept for reuse.
const maxPooledEntries = 1 << 18

// checkJSONDirect validates JSON text through the tape. When the tape
// refuses the text, core/node reads it again and its error becomes the
// finding, so both readers report the same thing.
func (v *Validator) checkJSONDirect(c *Collector, at Path, src string) error {
	if len(src) > c.cfg.maxValue {
		c.Add(ReadErrorFinding(&node.LimitError{Pos: posAt(src, c.cfg.maxValue), Limit: node.LimitSize, Max: c.cfg.maxValue}, at))
		return nil
	}
	t := tapePool.Get().(*jsontape.Tape)
	defer func() {
		t.Reset()
		if cap(t.Entries) <= maxPooledEntries {
			tapePool.Put(t)
		}
	}()
	if err := t.Read(src, jsontape.Limits{MaxDepth: c.cfg.maxDepth, MaxNumberLength: c.cfg.maxNumber}); err != nil {
		n, err := node.ParseString(src, c.cfg.readerOptions()...)
		if err != nil {
			c.Add(ReadErrorFinding(err, at.Join(limitPath(t, err))))
			return nil
		}
		return v.Check(c, at, NodeView(&n))
	}
	return v.Check(c, at, tapeView{t.Root()})
}

// limitPath returns the path of the value where err, core/node's error for
// the text t has just refused with the same limits, says a depth or number
// limit stopped reading: the container that nests too deep or the number
// that is too long (see "Reader limits" in the package documentation). It
// is the root path for any other error, and when the two readers disagree
// on where they stopped (they do not: both read the same grammar with the
// same limits). Only the error path calls it, so it may allocate.
func limitPath(t *jsontape.Tape, err error) Path {
	var le *node.LimitError
	if !errors.As(err, &le) || le.Limit != node.LimitDepth && le.Limit != node.LimitNumberLength {
		return Path{}
	}
	var segs []Segment
	if !t.LimitPath(int(le.Pos.Offset), func(key string, index int, obj bool) {
		if obj {
			segs = append(segs, Key(strings.Clone(key)))
		} else {
			segs = append(segs, Index(index))
		}
	}) {
		return Path{}
	}
	return Path{}.Append(segs...)
}

// readLimitPath is limitPath for a text that the tape has not read: it
// reads src with the limits of cfg into a pooled tape first.
func readLimitPath(src string, cfg *config, err error) Path {
	var le *node.LimitError
	if !errors.As(err, &le) || le.Limit != node.LimitDepth && le.Limit != node.LimitNumberLength {
		return Path{}
	}
	t := tapePool.Get().(*jsontape.Tape)
	defer func() {
		t.Reset()
		if cap(t.Entries) <= maxPooledEntries {
			tapePool.Put(t)
		}
	}()
	if t.Read(src, jsontape.Limits{MaxDepth: cfg.maxDepth, MaxNumberLength: cfg.maxNumber}) == nil {
		return Path{}
	}
	return limitPath(t, err)
}

// posAt computes the position of byte offset off in s.
func posAt[T string | []byte](s T, off int) node.Pos {
	line, start := 1, 0
	for i := 0; i < off && i < len(s); i++ {
		switch s[i] {
		case '\n':
			line, start = line+1, i+1
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			line, start = line+1, i+1
		}
	}
	return node.Pos{Offset: int32(off), Line: int32(line), Column: int32(off - start + 1)}
}
