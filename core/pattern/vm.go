package pattern

import (
	"unicode"
	"unicode/utf8"
)

// The matching machine is a Pike VM: it advances every live thread of the
// program over the input together, one code point at a time, and keeps at
// most one thread per instruction and position. Its cost is
// O(len(input) × len(program)) whatever the pattern, with no backtracking.
//
// A lookaround is a zero-width assertion whose truth at each position is
// computed before the main pass, innermost first: a lookahead body's
// reversed program runs once backward over the whole input and marks
// every position from which the body matches; a lookbehind body's program
// runs once forward and marks every position where a match of it ends.
// Each pass starts a thread at every position, which the one-thread-per-
// instruction rule keeps linear. (This is the approach of "Linear
// Matching of JavaScript Regular Expressions", PLDI 2024.)

type threads struct {
	dense  []int32
	sparse []int32
}

func newThreads(n int) threads {
	return threads{dense: make([]int32, 0, n), sparse: make([]int32, n)}
}

func (t *threads) has(pc int) bool {
	i := t.sparse[pc]
	return int(i) < len(t.dense) && t.dense[i] == int32(pc)
}

func (t *threads) add(pc int) {
	t.sparse[pc] = int32(len(t.dense))
	t.dense = append(t.dense, int32(pc))
}

func (t *threads) clear() { t.dense = t.dense[:0] }

// input is what the assertions read.
type input struct {
	s     string
	looks [][]bool // per lookaround: holds at byte offset i
	word  []bool   // \b: the code point at byte offset i counts as a word character
	wordU []bool   // the same for \b under (?U)
	steps int      // instructions visited (for the linear-growth test)
}

type machine struct {
	in           *input
	p            *prog
	clist, nlist threads
	stack        []int
}

func newMachine(in *input, p *prog) *machine {
	return &machine{in: in, p: p, clist: newThreads(len(p.insts)), nlist: newThreads(len(p.insts))}
}

// addThread adds pc and what it reaches without consuming, at byte offset
// i, and reports whether the match instruction is among them.
func (m *machine) addThread(list *threads, pc0, i int) bool {
	matched := false
	m.stack = append(m.stack[:0], pc0)
	for len(m.stack) > 0 {
		pc := m.stack[len(m.stack)-1]
		m.stack = m.stack[:len(m.stack)-1]
		if list.has(pc) {
			continue
		}
		list.add(pc)
		m.in.steps++
		in := &m.p.insts[pc]
		switch in.op {
		case iJmp:
			m.stack = append(m.stack, in.x)
		case iSplit:
			m.stack = append(m.stack, in.y, in.x)
		case iAssert:
			if m.in.assert(assertKind(in.arg), i) {
				m.stack = append(m.stack, pc+1)
			}
		case iLook:
			if m.in.looks[in.arg][i] != in.neg {
				m.stack = append(m.stack, pc+1)
			}
		case iMatch:
			matched = true
		}
	}
	return matched
}

// forward runs the program from the left. With every set, a thread starts
// at every position (else only at 0), and mark receives each position
// where a match ends; forward stops at the first when mark is nil.
func (m *machine) forward(every bool, mark []bool) bool {
	s := m.in.s
	m.clist.clear()
	for i := 0; ; {
		if (every || i == 0) && m.addThread(&m.clist, 0, i) {
			if mark == nil {
				return true
			}
			mark[i] = true
		}
		if i >= len(s) || len(m.clist.dense) == 0 && !every {
			return false
		}
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		m.nlist.clear()
		matched := false
		for _, pc := range m.clist.dense {
			in := &m.p.insts[pc]
			if in.op == iSet && in.cls.has(r) && m.addThread(&m.nlist, int(pc)+1, i+size) {
				matched = true
			}
		}
		m.clist, m.nlist = m.nlist, m.clist
		i += size
		if matched {
			if mark == nil {
				return true
			}
			mark[i] = true
		}
	}
}

// backward runs a reversed program from the right, a thread starting at
// every position, and marks each position where it matches.
func (m *machine) backward(mark []bool) {
	s := m.in.s
	m.clist.clear()
	for i := len(s); ; {
		if m.addThread(&m.clist, 0, i) {
			mark[i] = true
		}
		if i == 0 {
			return
		}
		r, size := rune(s[i-1]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeLastRuneInString(s[:i])
		}
		m.nlist.clear()
		matched := false
		for _, pc := range m.clist.dense {
			in := &m.p.insts[pc]
			if in.op == iSet && in.cls.has(r) && m.addThread(&m.nlist, int(pc)+1, i-size) {
				matched = true
			}
		}
		m.clist, m.nlist = m.nlist, m.clist
		i -= size
		if matched {
			mark[i] = true
		}
	}
}

// run reports whether the pattern matches somewhere in s (Java's find()).
func run(main *prog, looks []look, in *input) bool {
	if main.wordB || anyWordB(looks) {
		in.word = wordTable(in.s, false)
		in.wordU = wordTable(in.s, true)
	}
	in.looks = make([][]bool, len(looks))
	for k, l := range looks {
		mark := make([]bool, len(in.s)+1)
		if l.never {
			in.looks[k] = mark
			continue
		}
		m := newMachine(in, l.p)
		if l.behind {
			m.forward(true, mark)
		} else {
			m.backward(mark)
		}
		in.looks[k] = mark
	}
	return newMachine(in, main).forward(!main.anchored, nil)
}

func anyWordB(looks []look) bool {
	for _, l := range looks {
		if l.p.wordB {
			return true
		}
	}
	return false
}

// wordTable marks, at the byte offset of each code point, whether Java's
// \b counts it as a word character: '_', a letter or digit, or a
// non-spacing mark that follows (through other such marks) a letter or
// digit.
//
// Under (?U) a word character is one of Unicode's \w instead.
func wordTable(s string, u bool) []bool {
	w := make([]bool, len(s)+1)
	base := false
	var word runeSet
	if u {
		word, _ = unicodeProperty("WORD")
	}
	for i, r := range s {
		lod := unicode.IsLetter(r) || unicode.IsDigit(r)
		mn := unicode.Is(unicode.Mn, r)
		base = lod || mn && base
		if u {
			w[i] = word.has(r) || mn && base
		} else {
			w[i] = lod || r == '_' || mn && base
		}
	}
	return w
}

func isTerm(r rune) bool { return r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029 }

// assert evaluates a position test at byte offset i as Java's matcher
// does on the whole input.
func (in *input) assert(k assertKind, i int) bool {
	s, n := in.s, len(in.s)
	switch k {
	case aBegin:
		return i == 0
	case aEnd:
		return i == n
	case aDollar:
		if i == n {
			return true
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if i+size == n {
			if r == '\n' {
				return !(i > 0 && s[i-1] == '\r')
			}
			return isTerm(r)
		}
		return i+2 == n && s[i:] == "\r\n"
	case aDollarML:
		if i == n {
			return true
		}
		r, _ := utf8.DecodeRuneInString(s[i:])
		if r == '\n' {
			return !(i > 0 && s[i-1] == '\r')
		}
		return isTerm(r)
	case aUnixDollar:
		return i == n || i == n-1 && s[i] == '\n'
	case aUnixDollarML:
		return i == n || s[i] == '\n'
	case aCaretML:
		if i == n {
			return false
		}
		if i > 0 {
			r, _ := utf8.DecodeLastRuneInString(s[:i])
			if !isTerm(r) || r == '\r' && s[i] == '\n' {
				return false
			}
		}
		return true
	case aNotBeforeLF:
		return i == n || s[i] != '\n'
	case aUnixCaretML:
		return i < n && (i == 0 || s[i-1] == '\n')
	case aWordB, aNotWordB, aWordBU, aNotWordBU:
		w := in.word
		if k >= aWordBU {
			w = in.wordU
		}
		left := false
		if i > 0 {
			_, size := utf8.DecodeLastRuneInString(s[:i])
			left = w[i-size]
		}
		right := i < n && w[i]
		return (left != right) == (k == aWordB || k == aWordBU)
	}
	return false
}
