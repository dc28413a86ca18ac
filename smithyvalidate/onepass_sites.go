package smithyvalidate

import (
	"strings"

	"github.com/smithy-validation/go/core/node"
)

// Values with findings: the one pass narrows the walk to the sites.
//
// A value the one pass does not pass used to be read into a tape and
// walked whole, though its findings usually sit in one or two scalars
// (a pattern that fails, a number out of range) or one small structure
// (a member missing). Walking the whole value again is most of what such
// a value costs. So the one pass, when it runs for ValidateJSON and
// CheckJSON, goes on past a member, item or map value that fails its
// check: it keeps the value as a site (where it starts and ends, its plan
// and its path from the root, read from the containers the pass has open),
// finds where it ends and checks the rest of the text as before. If the
// whole text reads and only sites failed, each site's text alone is read
// into a tape and walked under the path and depth the whole walk would
// give it, in text order, the positions of its findings moved to the
// whole text's; a container that fails as a whole (a member missing, a
// repeated key, a @length, a union with two members) becomes one site
// that replaces the sites inside it.
//
// That the walks of the sites report exactly what the walk of the whole
// value does rests on what the one pass already guarantees of every value
// it passes, now of every part it passes: the walk of that part under the
// same plan reports nothing. The rest is the walk's order: it visits
// members, items and entries in text order and reports a container's own
// findings either before its children (a @length) or after them (a
// missing member, a union's count), and a container with findings of its
// own is one site, walked whole. The walk's context is the path, the
// depth and nothing else outside @untagged unions and @uniqueItems lists,
// where the one pass keeps no sites: an untagged union's trials and a
// list's comparison of its items look at failing values too.
//
// Anything else gives up as before, and the value is walked whole: a
// syntax error or a limit anywhere (the walk of a tape that cannot be
// read is the reader's one finding), a failing root, more sites than the
// pass holds (the enclosing value is then the site), or finding the end
// of values that failed part-way costing more than one more read of the
// text (so a hostile text costs at most about three reads before the
// whole walk). TestSitesAgreeWithWalk and FuzzOnePass compare the two
// results, finding by finding.

// onePassSites is how many sites the one pass keeps; one more makes the
// value enclosing the last one a site.
const onePassSites = 16

// onePassSite is a value whose walk reports the findings there are: the
// value s[off:end] of the text, checked against p; or, with unknown, the
// value of a field that names no member of the structure p, whose one
// finding is the structure's (unknownMember). Its path from the root is
// the pass's segs[seg:seg+depth]: a key's span in the text, or an index
// (start -1, end the index).
type onePassSite struct {
	off, end   int32
	seg, depth int16
	unknown    bool
	p          *plan
}

// fail notes that the value s[a:b] fails its check after it was read
// whole, the pass's counts up to date, and returns -1.
func (q *onePass) fail(a, b int) int {
	q.failA, q.failB = a, b
	return -1
}

// whole passes on end, the result of a check that does not note its
// failures (an @untagged or @discriminated union, whose trials may leave
// other counts).
func (q *onePass) whole(end int) int {
	if end < 0 {
		q.failA = -1
	}
	return end
}

// passCounts are the pass's counts before a value, for site: a member's,
// item's or map value's check is
//
//	c := q.counts()
//	if i = q.value(p, a); i < 0 {
//		i = q.site(p, a, c)
//	}
//
// (written out at each container, not as a function: the call would cost
// every value of every text).
type passCounts struct{ elems, depth, nm int }

// counts returns the pass's counts and forgets the last failure.
func (q *onePass) counts() passCounts {
	q.failA = -1
	return passCounts{q.elems, q.depth, q.nm}
}

// site is called when the value at s[i] failed against p, a member's,
// item's or map value's plan, c being the counts before it. When sites
// are kept, the value becomes one and site returns the offset past it;
// else, or when there is no room or the rest of the text cannot be read,
// -1 (the enclosing value fails).
func (q *onePass) site(p *plan, i int, c passCounts) int {
	if !q.sitesOn || q.dead {
		return -1
	}
	end := q.failB
	if q.failA != i {
		// Failed part-way: read it again, unchecked, to its end.
		q.elems, q.depth, q.nm = c.elems, c.depth, c.nm
		if end = q.any(i, false); end < 0 {
			q.dead = true
			return -1
		}
		if q.reskip += end - i; q.reskip > len(q.s) {
			q.dead = true
			return -1
		}
	}
	return q.addSite(p, i, end, c.depth, false)
}

// addSite keeps the value s[i:end], which d open containers enclose, as a
// site against p, dropping the sites inside it, and returns end; -1 when
// there is no room (the enclosing value becomes the site). With unknown,
// the value is that of a field named by no member of the structure p,
// whose finding (a member unknown) is the site's.
func (q *onePass) addSite(p *plan, i, end, d int, unknown bool) int {
	// The sites inside this value are its walk's: drop them.
	for q.ns > 0 && int(q.sites[q.ns-1].off) > i {
		q.ns--
	}
	q.nsegs = 0
	if q.ns > 0 {
		last := &q.sites[q.ns-1]
		q.nsegs = int(last.seg) + int(last.depth)
	}
	if q.ns == len(q.sites) || d >= len(q.frames) || q.nsegs+d > len(q.segs) || !q.sitePath(i, d) {
		return -1 // the enclosing value becomes the site
	}
	q.sites[q.ns] = onePassSite{off: int32(i), end: int32(end), seg: int16(q.nsegs), depth: int16(d), unknown: unknown, p: p}
	q.ns++
	q.nsegs += d
	return end
}

// sitePath notes at segs[nsegs:nsegs+d] the path from the root to the
// value at s[i], which d open containers enclose (frames[1:d+1]): the
// index of a list's item, or the key before a member's value (a key of
// the one pass has no escape, so no quote inside: its opening quote is
// the one before its closing quote). False when the text is not as
// expected (not reached: the pass read it).
func (q *onePass) sitePath(i, d int) bool {
	s := q.s
	for l := d; l >= 1; l-- {
		f := q.frames[l]
		seg := &q.segs[q.nsegs+l-1]
		if s[f.start] == '[' {
			*seg = span{-1, f.idx}
		} else {
			// Back from the value at i over the colon to the key.
			j := i - 1
			for j > 0 && isJSONSpace(s[j]) {
				j--
			}
			if j <= 0 || s[j] != ':' {
				return false
			}
			for j--; j > 0 && isJSONSpace(s[j]); j-- {
			}
			if j <= 0 || s[j] != '"' {
				return false
			}
			k := strings.LastIndexByte(s[:j], '"')
			if k < int(f.start) {
				return false
			}
			*seg = span{int32(k + 1), int32(j)}
		}
		i = int(f.start)
	}
	return true
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// checkJSONSites walks the sites of the one pass q (after runOnePass
// answered passSites over src), each from a tape of its own text: the
// walk under the site's path and depth, the positions of its findings
// moved from the site's text to src's (reading the whole text again cost
// more than the pass itself).
func (v *Validator) checkJSONSites(c *Collector, at Path, src string, q *onePass) error {
	t := getTape()
	defer putTape(t)
	lp := &q.lines
	*lp = linePos{}
	for k := range q.ns {
		if c.stopped {
			break
		}
		st := &q.sites[k]
		if st.unknown {
			// No value to read: the field's key is the finding's
			// position.
			lp.to(src, int(q.segs[st.seg+st.depth-1].start)-1)
			if err := v.check(c, at, nil, q.sites[k:k+1], q); err != nil {
				return err
			}
			continue
		}
		if err := t.Read(src[st.off:st.end], c.cfg.lim); err != nil {
			// Not expected (the one pass read the text, and a value of
			// it reads under the same limits): the rest as before.
			t.Reset()
			return v.checkJSONSitesWhole(c, at, src, q.sites[k:q.ns])
		}
		n := len(c.findings)
		lp.to(src, int(st.off))
		if err := v.check(c, at, tapeView{t.Root()}, q.sites[k:k+1], q); err != nil {
			return err
		}
		for f := n; f < len(c.findings); f++ {
			c.findings[f].Pos = lp.shift(c.findings[f].Pos, int(st.off))
			c.findings[f].Related = lp.shift(c.findings[f].Related, int(st.off))
		}
	}
	return nil
}

// checkJSONSitesWhole reads src into a tape and walks the sites from its
// root.
func (v *Validator) checkJSONSitesWhole(c *Collector, at Path, src string, sites []onePassSite) error {
	t := getTape()
	defer putTape(t)
	if err := t.Read(src, c.cfg.lim); err != nil {
		// Not expected (the one pass read the text); the walk of the
		// tape would report this.
		c.Add(ReadErrorFinding(TapeError(t, err), at))
		return nil
	}
	return v.check(c, at, tapeView{t.Root()}, sites, nil)
}

// walkSite walks the site st, val being its value read alone, under the
// path and depth the whole walk gives it (from q.segs).
func (w *walker) walkSite(val ValueView, q *onePass, st *onePassSite) {
	w.onSite, w.siteOff, w.lines = true, int(st.off), q.lines
	w.nseg = 0
	for _, g := range q.segs[st.seg : st.seg+st.depth] {
		if g.start < 0 {
			w.push(Index(int(g.end)))
		} else {
			w.push(Segment{key: q.s[g.start:g.end], kind: segKey})
		}
	}
	w.depth = int(st.depth)
	if st.unknown {
		// The field named by the last segment, its key at lines (a
		// position in the whole text).
		key := w.segs[w.nseg-1].key
		at := w.lines.at
		f := Field{Name: key, NamePos: node.Pos{Offset: int32(at), Line: int32(w.lines.line), Column: int32(at - w.lines.start + 1)}}
		w.onSite = false
		w.unknownMember(st.p, &f)
		w.nseg, w.depth = 0, 0
		return
	}
	w.valueK(st.p, val, val.Kind())
	w.nseg, w.depth = 0, 0
	w.onSite = false
}

// textPos returns p, a position in the value the walk reads, as a position
// in the whole text: the same but under walkSite.
func (w *walker) textPos(p node.Pos) node.Pos {
	if !w.onSite {
		return p
	}
	return w.lines.shift(p, w.siteOff)
}

// linePos follows the line and its start up to an offset of a text,
// counting line ends as the tape does (a '\n', a '\r\n' or a lone '\r';
// outside strings, which hold none).
type linePos struct{ at, line, start int }

// to moves lp to offset off of s.
func (lp *linePos) to(s string, off int) {
	if lp.line == 0 || off < lp.at {
		*lp = linePos{line: 1}
	}
	if r := s[lp.at:off]; strings.IndexByte(r, '\n') >= 0 || strings.IndexByte(r, '\r') >= 0 {
		for i := lp.at; i < off; i++ {
			switch s[i] {
			case '\r':
				if i+1 < off && s[i+1] == '\n' {
					i++
				}
				fallthrough
			case '\n':
				lp.line, lp.start = lp.line+1, i+1
			}
		}
	}
	lp.at = off
}

// shift turns p, a position in the text of the value at off (lp at off),
// into its position in the whole text.
func (lp *linePos) shift(p node.Pos, off int) node.Pos {
	if !p.IsValid() {
		return p
	}
	if p.Line == 1 {
		p.Column += int32(off - lp.start)
	}
	p.Line += int32(lp.line - 1)
	p.Offset += int32(off)
	return p
}

// walkSites walks each site under root, the tape's top-level value, as
// the walk of root would reach it: the path and depth of the containers
// from root to it.
func (w *walker) walkSites(root *node.TapeEntry, sites []onePassSite) {
	for _, s := range sites {
		if w.col.stopped {
			break
		}
		e, off := root, int(s.off)
		w.nseg, w.depth = 0, 0
		for e.Offset() != off {
			// The child that holds off: the last one that starts at or
			// before it (an object's members by their keys).
			obj := e.Kind() == node.TapeObject
			lo, hi := 0, e.Len()
			for lo < hi {
				m := int(uint(lo+hi) >> 1)
				var at int
				if obj {
					k, _ := e.Member(m)
					at = k.Offset()
				} else {
					at = e.Elem(m).Offset()
				}
				if at <= off {
					lo = m + 1
				} else {
					hi = m
				}
			}
			if obj {
				k, val := e.Member(lo - 1)
				w.push(Segment{key: k.Text(), kind: segKey})
				e = val
			} else {
				w.push(Index(lo - 1))
				e = e.Elem(lo - 1)
			}
			w.depth++
		}
		val := tapeView{e}
		w.valueK(s.p, val, val.Kind())
	}
	w.nseg, w.depth = 0, 0
}
