package smithyvalidate

import (
	"errors"

	"github.com/smithy-validation/go/core/node"
)

// Findings before a reader limit.
//
// A reader limit (depth, elements, number length, string length) stops
// the JSON reader at the value that goes over it, and validation stops
// there. What the text held before that point was read, and a finding
// about a value that ended before it is as certain as it would be without
// the limit: `{"name": 5, "arguments": [[[...` deeper than MaxDepth has a
// wrong name whatever follows. Those findings are reported beside the
// limit's, so that the result is invalid (exit 1) when an error came
// before the limit, and incomplete only (exit 5) when none did, as the
// walker over a tree ([Validator.ValidateNode]) reports them when its own
// depth limit stops it.
//
// The text read before the limit is validated as a value of its own: the
// prefix up to the last value that ended in the innermost open container,
// each open container then closed (closedPrefix). A finding is kept only
// when no continuation of the text could change it:
//   - none about an open container or one of its ancestors (a missing
//     @required member, a list's length, a union's member count: the
//     rest of the container was never read), that is none at a path that
//     begins the innermost open container's path;
//   - none at or below an open container whose verdict depends on what
//     follows (an @untagged union, whose member is chosen from the whole
//     value; a @discriminated union, whose discriminator may come later; a
//     value the plan cannot follow): see uncertainFrom.
// Whatever is kept, the limit's finding stays, and the result is not
// complete. The size limit is met before anything is read: nothing comes
// before it.

// limitPrefixCheck validates into c what src held before the reader limit
// err stopped reading it, keeping only the findings that are certain (see
// above). It adds nothing when err is not such a limit, when the limit was
// met at the root, or when c has stopped.
func (v *Validator) limitPrefixCheck(c *Collector, at Path, src string, err error) error {
	if c.stopped {
		return nil
	}
	text, depth := ClosedPrefix(src, err)
	if depth == 0 {
		return nil // not such a limit, or the value over it is the root: nothing before it
	}
	t := getTape()
	defer putTape(t)
	if t.Read(text, c.cfg.lim) != nil {
		return nil // not expected (a prefix of what was read, closed): keep to the limit alone
	}
	open, ok := OpenPath(tapeView{t.Root()}, depth)
	if !ok {
		return nil
	}
	return v.CheckBeforeLimit(c, at, tapeView{t.Root()}, open)
}

// ClosedPrefix returns the JSON text that src held before the reader
// limit err (a [*node.LimitError], or an error that wraps one, such as
// [*ReadLimitError]) stopped reading it: src up to the end of the last
// value that ended in the innermost open container, then a closing
// bracket for each open container, innermost first; and how many
// containers were open. It returns "", 0 when err is no such limit, when
// it is the size limit (met before anything is read), or when the value
// over the limit is the root (nothing came before it). Read the prefix
// and give it to [OpenPath] for the open containers' path; a reader that
// validates what came before a limit (as [Validator.ValidateJSON] does)
// checks the prefix with [Validator.CheckBeforeLimit].
func ClosedPrefix(src string, err error) (prefix string, open int) {
	var le *node.LimitError
	if !errors.As(err, &le) || le.Limit == node.LimitSize {
		return "", 0
	}
	stop := int(le.Pos.Offset)
	if stop <= 0 || stop > len(src) {
		return "", 0
	}
	return closedPrefix(src, stop)
}

// OpenPath returns the path, relative to v, of the innermost container
// that a limit left open, when v is the value read from a [ClosedPrefix]
// with depth open containers: each open container is the last child of
// the one around it. It reports false when v does not have that shape.
func OpenPath(v ValueView, depth int) (Path, bool) {
	open := make([]Segment, 0, max(depth-1, 0))
	for range depth - 1 {
		n := v.Len()
		if n == 0 {
			return Path{}, false
		}
		switch v.Kind() {
		case KindObject:
			f := v.Field(n - 1)
			open = append(open, Key(f.Name))
			v = f.Value
		case KindList:
			open = append(open, Index(n-1))
			v = v.Elem(n - 1)
		default:
			return Path{}, false
		}
	}
	return Path{segs: open}, true
}

// CheckBeforeLimit validates into c, under the path at, a value that a
// reader limit cut short: val holds what was read before the limit, and
// open is the path (relative to val) of the innermost container the limit
// left open, whose ancestors are open too; each open container holds the
// values read before the limit (its last one may be the next open
// container, or the value that went over the limit). Only the findings
// that no continuation of the input could change are added: none about an
// open container (a missing required member, a length, a union's member
// count), none at or below an open @untagged or @discriminated union, and
// no limit finding (the caller adds its own). A reader that meets a limit
// calls it before adding the limit's finding, so that an error that came
// before the limit makes the result invalid; [Validator.ValidateJSON] does
// so for JSON text, the Ion adapter for Ion. The error is an
// [*InternalError] only.
func (v *Validator) CheckBeforeLimit(c *Collector, at Path, val ValueView, open Path) error {
	if c.stopped {
		return nil
	}
	upTo := v.uncertainFrom(open.segs)
	// The value is checked without fail-fast (a finding dropped below
	// must not hide a later one); c applies it, and its findings budget,
	// as the kept findings are added.
	sub := newCollectorConfig(c.cfg)
	sub.cfg.policy &^= failFast
	if err := v.Check(sub, at, val); err != nil {
		return err
	}
	base := at.Len()
	for _, f := range sub.findings {
		if f.Class == ClassLimit || !certainBeforeLimit(f.Path, base, open.segs, upTo) {
			continue
		}
		if !c.Add(f) {
			break
		}
	}
	return nil
}

// certainBeforeLimit reports whether a finding at p (under the base
// segments of the check's path) is certain: p does not begin the open
// containers' path (it is not about one of them) and does not go through
// the open container at depth upTo (whose verdict waits for the rest).
func certainBeforeLimit(p Path, base int, open []Segment, upTo int) bool {
	rel := Path{segs: p.segs[min(base, len(p.segs)):]}
	if (Path{segs: open}).HasPrefix(rel) {
		return false // about an open container
	}
	// Not at or below the open container at depth upTo.
	return upTo > len(open) || !rel.HasPrefix(Path{segs: open[:upTo]})
}

// uncertainFrom returns the depth (the number of segments of open that
// lead to it) of the outermost open container whose findings depend on
// what follows the limit, or len(open)+1 when none does. The open
// containers are the root (depth 0) and the values at open[:1],
// open[:2], ... open[:len(open)].
func (v *Validator) uncertainFrom(open []Segment) int {
	p := v.root
	for d := 0; d <= len(open); d++ {
		if p == nil || p.alloy != nil && (p.alloy.untagged || p.alloy.disc != "") {
			return d
		}
		if d == len(open) {
			break
		}
		s := open[d]
		switch {
		case s.IsIndex():
			p = p.member
			if p == nil {
				return d + 1
			}
		case p.key != nil:
			p = p.value
		case len(p.members) > 0:
			i := p.lookup(s.Key())
			if i < 0 {
				// A field that names no member: its value is judged by
				// nothing below (an unknown member), or by a
				// @jsonUnknown map's value plan.
				if p.alloy != nil && p.alloy.unknown != nil && p.alloy.unknown.key != nil {
					p = p.alloy.unknown.value
					continue
				}
				return d + 1
			}
			p = p.members[i].plan
		default:
			// A document, or a value of a kind the plan does not open:
			// nothing below is judged.
			return d + 1
		}
	}
	return len(open) + 1
}

// closedPrefix returns the JSON text that src held before offset stop,
// where a reader limit refused a value, key or container: src up to the
// end of the last value that ended in the innermost open container (or
// its opening bracket), then a closing bracket for each open container,
// innermost first; and how many containers were open (0 when stop is at
// the root value). src[:stop] must be text the reader accepted. Linear in
// stop; the stack is one entry per open container (at most MaxDepth).
func closedPrefix(src string, stop int) (string, int) {
	type frame struct {
		obj  bool
		last int // the offset after the last value that ended in it
	}
	var stack []frame
	expectKey := false // in an object, the next string is a key
	i := 0
	if len(src) >= 3 && src[:3] == "\xEF\xBB\xBF" {
		i = 3
	}
	ended := func(end int) {
		if n := len(stack); n > 0 {
			stack[n-1].last = end
		}
	}
	for i < stop {
		switch c := src[i]; c {
		case '{', '[':
			stack = append(stack, frame{obj: c == '{', last: i + 1})
			expectKey = c == '{'
			i++
		case '}', ']':
			stack = stack[:len(stack)-1]
			i++
			ended(i)
			expectKey = false
		case ',':
			expectKey = len(stack) > 0 && stack[len(stack)-1].obj
			i++
		case ':', ' ', '\t', '\n', '\r':
			i++
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j++ // past the closing quote
			if !expectKey {
				ended(j)
			}
			expectKey = false
			i = j
		default:
			// A number or a word: it ends at a delimiter.
			j := i + 1
			for j < len(src) {
				switch src[j] {
				case ',', '}', ']', ' ', '\t', '\n', '\r':
				default:
					j++
					continue
				}
				break
			}
			ended(j)
			i = j
		}
	}
	if len(stack) == 0 {
		return "", 0
	}
	b := make([]byte, 0, stack[len(stack)-1].last+len(stack))
	b = append(b, src[:stack[len(stack)-1].last]...)
	for k := len(stack) - 1; k >= 0; k-- {
		if stack[k].obj {
			b = append(b, '}')
		} else {
			b = append(b, ']')
		}
	}
	return string(b), len(stack)
}
