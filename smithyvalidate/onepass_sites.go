package smithyvalidate

import (
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
// check: it keeps the value as a site (where it starts and its plan),
// finds where it ends and checks the rest of the text as before. If the
// whole text reads and only sites failed, the text is read into a tape
// and the walk visits the sites alone, each under the path and depth the
// whole walk would give it, in text order; a container that fails as a
// whole (a member missing, a repeated key, a @length, a union with two
// members) becomes one site that replaces the sites inside it.
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
// value at offset off of the text, checked against p.
type onePassSite struct {
	off int32
	p   *plan
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
	// The sites inside this value are its walk's: drop them.
	for q.ns > 0 && int(q.sites[q.ns-1].off) > i {
		q.ns--
	}
	if q.ns == len(q.sites) {
		return -1 // the enclosing value becomes the site
	}
	q.sites[q.ns] = onePassSite{off: int32(i), p: p}
	q.ns++
	return end
}

// checkJSONSites reads src into a tape and walks the sites of the one
// pass (q.sites[:q.ns] after runOnePass answered passSites).
func (v *Validator) checkJSONSites(c *Collector, at Path, src string, sites []onePassSite) error {
	t := getTape()
	defer putTape(t)
	if err := t.Read(src, c.cfg.lim); err != nil {
		// Not expected (the one pass read the text); the walk of the
		// tape would report this.
		c.Add(ReadErrorFinding(TapeError(t, err), at))
		return nil
	}
	return v.check(c, at, tapeView{t.Root()}, sites)
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
