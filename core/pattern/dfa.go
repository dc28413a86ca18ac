package pattern

import (
	"regexp/syntax"
	"sort"
	syncatomic "sync/atomic" // (this package has a function named atomic)
)

// A dfa runs a pattern's RE2 translation over ASCII text one byte at a
// time, one table lookup a byte: the deterministic automaton of the
// translation's program, built once when the pattern is compiled. Go's
// regexp package has none (it backtracks on short inputs, or runs a
// Pike VM), which made a pattern such as ^[^@ ]+@[^@ ]+\.[a-z]{2,}$
// cost several times what the sequence matcher costs on the same text.
//
// The automaton answers what regexp.MatchString answers (a match
// somewhere in the text, Java's find()) for text that is all ASCII; on a
// byte at or above 0x80 it stops and the caller asks the regexp. It is
// built only for programs whose empty-width tests are \A and \z (the
// translation's ^ and $), and only while it stays small (dfaMaxStates);
// otherwise the pattern has none and runs as before.
type dfa struct {
	// classOf maps an ASCII byte to its class: bytes that every
	// instruction of the program treats alike share one.
	classOf [128]uint8
	nclass  int
	// next[state*nclass+class] is the state after a byte of the class.
	next []uint16
	// flags[state]: dfaMatched (a match has ended: the answer is yes
	// whatever follows), dfaAtEnd (a match ends here if the text ends).
	flags []uint8
	start uint16
}

// dfaPointer holds a pattern's automaton once built.
type dfaPointer = syncatomic.Pointer[dfa]

// noDFA marks a pattern whose automaton was not built.
var noDFA = &dfa{}

const (
	dfaMatched = 1 << iota
	dfaAtEnd
)

// Bounds of construction: beyond them a pattern keeps the regexp alone.
const (
	dfaMaxStates = 512
	dfaMaxInsts  = 4096
	// dfaMaxWork bounds the instructions visited while building (about a
	// millisecond): an automaton that needs more is not built.
	dfaMaxWork = 1 << 18
)

// match runs the automaton on s: the answer, and false for ok when s has
// a byte beyond ASCII (then the answer is unknown).
func (d *dfa) match(s string) (matched, ok bool) {
	st := int(d.start)
	if d.flags[st]&dfaMatched != 0 {
		return true, true
	}
	next, classOf, n := d.next, &d.classOf, d.nclass
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b >= 0x80 {
			return false, false
		}
		st = int(next[st*n+int(classOf[b])])
		if d.flags[st]&dfaMatched != 0 {
			return true, true
		}
	}
	return d.flags[st]&dfaAtEnd != 0, true
}

// newDFA builds the automaton of the RE2 expression expr (as
// regexp.Compile reads it), or returns nil when the program uses an
// empty-width test other than \A and \z, or the automaton would be too
// large.
func newDFA(expr string) *dfa {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil || len(prog.Inst) > dfaMaxInsts {
		return nil
	}
	b := dfaBuilder{prog: prog, mark: make([]uint32, len(prog.Inst))}
	for _, in := range prog.Inst {
		if in.Op == syntax.InstEmptyWidth && syntax.EmptyOp(in.Arg)&^(syntax.EmptyBeginText|syntax.EmptyEndText) != 0 {
			return nil
		}
	}
	b.classes()
	return b.build()
}

type dfaBuilder struct {
	prog *syntax.Prog
	// mark and gen make a set of instructions without clearing it.
	mark []uint32
	gen  uint32
	work int // instructions visited so far (dfaMaxWork)
	// accepts[pc] is the set of ASCII bytes the rune instruction pc
	// takes.
	accepts [][2]uint64
	rep     []byte // a byte of each class
	d       *dfa
}

func isRuneInst(op syntax.InstOp) bool {
	return op == syntax.InstRune || op == syntax.InstRune1 || op == syntax.InstRuneAny || op == syntax.InstRuneAnyNotNL
}

// classes splits the ASCII bytes into classes that every rune
// instruction takes or refuses together.
func (b *dfaBuilder) classes() {
	b.accepts = make([][2]uint64, len(b.prog.Inst))
	var pcs []int
	for pc := range b.prog.Inst {
		in := &b.prog.Inst[pc]
		if !isRuneInst(in.Op) {
			continue
		}
		var set [2]uint64
		for c := rune(0); c < 0x80; c++ {
			if in.MatchRune(c) {
				set[c>>6] |= 1 << (c & 63)
			}
		}
		b.accepts[pc] = set
		pcs = append(pcs, pc)
	}
	b.d = &dfa{}
	byKey := map[string]uint8{}
	key := make([]byte, 0, len(pcs))
	for c := 0; c < 0x80; c++ {
		key = key[:0]
		for _, pc := range pcs {
			set := b.accepts[pc]
			key = append(key, byte(set[c>>6]>>(c&63)&1))
		}
		id, ok := byKey[string(key)]
		if !ok {
			id = uint8(len(byKey))
			byKey[string(key)] = id
			b.rep = append(b.rep, byte(c))
		}
		b.d.classOf[c] = id
	}
	b.d.nclass = len(byKey)
}

// closure adds to set the instructions reachable from pc without reading
// a byte (rune instructions, Match, and \z tests not yet decided), at the
// start of the text or not, at its end or not.
func (b *dfaBuilder) closure(set []int, pc uint32, atStart, atEnd bool) []int {
	if b.mark[pc] == b.gen {
		return set
	}
	b.mark[pc] = b.gen
	b.work++
	in := &b.prog.Inst[pc]
	switch in.Op {
	case syntax.InstAlt, syntax.InstAltMatch:
		set = b.closure(set, in.Out, atStart, atEnd)
		return b.closure(set, in.Arg, atStart, atEnd)
	case syntax.InstCapture, syntax.InstNop:
		return b.closure(set, in.Out, atStart, atEnd)
	case syntax.InstEmptyWidth:
		op := syntax.EmptyOp(in.Arg)
		if op&syntax.EmptyBeginText != 0 && !atStart {
			return set
		}
		if op&syntax.EmptyEndText != 0 && !atEnd {
			return append(set, int(pc)) // decided when the text ends
		}
		return b.closure(set, in.Out, atStart, atEnd)
	case syntax.InstFail:
		return set
	}
	return append(set, int(pc)) // a rune instruction or Match
}

func (b *dfaBuilder) build() *dfa {
	d, prog := b.d, b.prog
	type state struct{ pcs []int }
	var states []state
	index := map[string]int{}
	var key []byte
	add := func(begin bool, pcs []int) (int, bool) {
		sort.Ints(pcs)
		key = key[:0]
		if begin {
			key = append(key, 1) // the start state is never shared: \A holds only there
		}
		for _, pc := range pcs {
			key = append(key, byte(pc), byte(pc>>8))
		}
		if i, ok := index[string(key)]; ok {
			return i, true
		}
		k := string(key)
		if len(states) == dfaMaxStates {
			return 0, false
		}
		index[k] = len(states)
		states = append(states, state{pcs})
		flags := uint8(0)
		b.gen++
		var end []int
		for _, pc := range pcs {
			switch prog.Inst[pc].Op {
			case syntax.InstMatch:
				flags |= dfaMatched
			case syntax.InstEmptyWidth:
				end = b.closure(end, prog.Inst[pc].Out, begin, true)
			}
		}
		for _, pc := range end {
			if prog.Inst[pc].Op == syntax.InstMatch {
				flags |= dfaAtEnd
			}
		}
		if flags&dfaMatched != 0 {
			flags |= dfaAtEnd
		}
		d.flags = append(d.flags, flags)
		return len(states) - 1, true
	}
	b.gen++
	start, _ := add(true, b.closure(nil, uint32(prog.Start), true, false))
	d.start = uint16(start)
	for s := 0; s < len(states); s++ {
		row := make([]uint16, d.nclass)
		if d.flags[s]&dfaMatched == 0 {
			for c, rep := range b.rep {
				b.gen++
				var pcs []int
				b.work += len(states[s].pcs)
				for _, pc := range states[s].pcs {
					in := &prog.Inst[pc]
					if isRuneInst(in.Op) && b.accepts[pc][rep>>6]&(1<<(rep&63)) != 0 {
						pcs = b.closure(pcs, in.Out, false, false)
					}
				}
				// A match may also start at the next byte (find()).
				pcs = b.closure(pcs, uint32(prog.Start), false, false)
				t, ok := add(false, pcs)
				if !ok || b.work > dfaMaxWork {
					return nil
				}
				row[c] = uint16(t)
			}
		}
		d.next = append(d.next, row...)
	}
	return d
}
