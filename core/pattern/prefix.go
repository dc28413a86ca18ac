package pattern

import "unicode/utf8"

// CanStillMatch reports whether some string that begins with prefix (the
// prefix itself included) could match the pattern, as [Regexp.MatchString]
// answers. A false answer is certain: no continuation of prefix matches.
// A true answer may be a guess: it is given whenever the machine cannot
// tell, which is for a pattern that can begin a match anywhere (not
// anchored by ^ without MULTILINE, or \A), one with a lookaround or a
// word boundary (\b, \B), and one only the fast paths run (too large for
// the machine). prefix must be valid UTF-8.
//
// A stream checks with it whether a string still arriving is already
// doomed ("^[A-Z]{3}-" can never match a string that begins with "ab").
//
// How: the machine runs over prefix from position 0 only (the pattern is
// anchored there), and the prefix can still be extended to a match when
// some thread is alive at its end. At the end of prefix, where what comes
// next is unknown, every position test is taken to hold (an
// over-approximation: more threads, never fewer); before it, each test
// already reads what it would read in any longer string, except the
// tests of the end ('$', \Z, \z), which can only hold near the end, so
// reading them on prefix adds threads and removes none.
func (r *Regexp) CanStillMatch(prefix string) bool {
	if r.MatchString(prefix) {
		return true
	}
	p := r.main
	if p == nil || !p.anchored || p.wordB || len(r.looks) > 0 {
		return true
	}
	in := &input{s: prefix}
	m := newMachine(in, p)
	n := len(prefix)
	m.clist.clear()
	prefixThread(m, &m.clist, 0, 0, n)
	for i := 0; i < n; {
		if len(m.clist.dense) == 0 {
			return false
		}
		c, size := rune(prefix[i]), 1
		if c >= utf8.RuneSelf {
			c, size = utf8.DecodeRuneInString(prefix[i:])
		}
		m.nlist.clear()
		for _, pc := range m.clist.dense {
			if ins := &p.insts[pc]; ins.op == iSet && ins.cls.has(c) {
				prefixThread(m, &m.nlist, int(pc)+1, i+size, n)
			}
		}
		m.clist, m.nlist = m.nlist, m.clist
		i += size
	}
	// alive: a thread that can consume a code point, or a match
	for _, pc := range m.clist.dense {
		if op := p.insts[pc].op; op == iSet || op == iMatch {
			return true
		}
	}
	return false
}

// prefixThread is [machine.addThread] on a prefix of length n: at n every
// position test holds.
func prefixThread(m *machine, list *threads, pc0, i, n int) {
	m.stack = append(m.stack[:0], pc0)
	for len(m.stack) > 0 {
		pc := m.stack[len(m.stack)-1]
		m.stack = m.stack[:len(m.stack)-1]
		if list.has(pc) {
			continue
		}
		list.add(pc)
		in := &m.p.insts[pc]
		switch in.op {
		case iJmp:
			m.stack = append(m.stack, in.x)
		case iSplit:
			m.stack = append(m.stack, in.y, in.x)
		case iAssert:
			if i == n || m.in.assert(assertKind(in.arg), i) {
				m.stack = append(m.stack, pc+1)
			}
		}
	}
}
