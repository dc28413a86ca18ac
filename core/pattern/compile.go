package pattern

import (
	"strings"
)

// The compiler turns the tree into programs for the matching machine
// (vm.go): one for the pattern and one for each lookaround body, in the
// direction its pass reads the input (a lookahead body reversed, for the
// backward pass).

type iop uint8

const (
	iSet    iop = iota // consume one code point of cls
	iSplit             // continue at x and at y
	iJmp               // continue at x
	iAssert            // continue if assertion arg holds here
	iLook              // continue if lookaround arg holds here (neg: does not)
	iMatch
)

type inst struct {
	op  iop
	neg bool
	arg int
	x   int
	y   int
	cls *charClass
}

type prog struct {
	insts    []inst
	wordB    bool // uses \b or \B
	anchored bool // can only match from position 0
}

// A lookaround: its program reads backward (lookahead) or forward
// (lookbehind) and marks each position where the body holds.
type look struct {
	p      *prog
	behind bool
	never  bool // Java never finds the body (a wrapped maximum length)
}

// tooLarge names programs beyond maxInsts; a pattern the fast paths run
// exactly for every input does not need them.
const tooLarge = "a repetition too large to run (more than 65536 steps)"

// maxInsts bounds the size of all programs of one pattern: a counted
// repetition is unrolled, and {1,100000} of a group would otherwise make
// the match cost grow with the count.
const maxInsts = 1 << 16

type compiler struct {
	insts []inst
	total int
	big   bool
	poss  []possCheck
	rev   bool
	// classes shares one class among the copies of an unrolled count
	// and among the nodes of one cached property set.
	classes map[*node]*charClass
	bySet   map[*rune]*charClass
}

// possCheck is a possessive repetition of a single code point set whose
// meaning is that of the greedy one when nothing after it can consume a
// member of its set nor test the position before the next consumption:
// giving back a code point can then never let the rest match.
type possCheck struct {
	exit int
	set  runeSet
}

// numberLooks gives each lookaround an index, innermost first, so that a
// body's program can refer to the lookarounds inside it.
func numberLooks(n *node, out *[]*node) {
	for _, s := range n.subs {
		numberLooks(s, out)
	}
	if n.op == opLook {
		n.idx = len(*out)
		*out = append(*out, n)
	}
}

// compileProgs compiles the pattern tree; a non-empty construct names
// what this package cannot run.
func compileProgs(root *node) (main *prog, looks []look, construct string, at int) {
	var nodes []*node
	numberLooks(root, &nodes)
	total := 0
	build := func(n *node, rev bool) (*prog, string, int) {
		c := &compiler{rev: rev, total: total}
		c.emit(n)
		c.add(inst{op: iMatch})
		total = c.total
		if c.big {
			return nil, tooLarge, n.at
		}
		p := &prog{insts: c.insts}
		for _, in := range p.insts {
			if in.op == iAssert && in.arg >= int(aWordB) && in.arg <= int(aNotWordBU) {
				p.wordB = true
			}
		}
		if !rev {
			for _, pc := range c.poss {
				if !p.followDisjoint(pc.exit, pc.set) {
					return nil, "a possessive quantifier that can give a different result than a greedy one", n.at
				}
			}
		}
		return p, "", 0
	}
	for _, ln := range nodes {
		body := ln.subs[0]
		fwd, what, where := build(body, false)
		if what != "" {
			return nil, nil, what, where
		}
		l := look{p: fwd, behind: ln.behind, never: ln.never}
		if !ln.behind {
			if l.p, what, where = build(body, true); what != "" {
				return nil, nil, what, where
			}
		}
		looks = append(looks, l)
	}
	main, what, where := build(root, false)
	if what != "" {
		return nil, nil, what, where
	}
	main.anchored = main.startsAnchored()
	return main, looks, "", 0
}

func (c *compiler) add(in inst) int {
	c.total++
	if c.total > maxInsts {
		c.big = true
	}
	c.insts = append(c.insts, in)
	return len(c.insts) - 1
}

func (c *compiler) emit(n *node) {
	if c.big {
		return
	}
	switch n.op {
	case opSet:
		cls := c.classes[n]
		if cls == nil && len(n.set) > 32 {
			cls = c.bySet[&n.set[0]]
		}
		if cls == nil {
			cc := newClass(n.set.withoutSurrogates())
			cls = &cc
			if c.classes == nil {
				c.classes, c.bySet = map[*node]*charClass{}, map[*rune]*charClass{}
			}
			c.classes[n] = cls
			if len(n.set) > 32 {
				c.bySet[&n.set[0]] = cls
			}
		}
		c.add(inst{op: iSet, cls: cls})
	case opConcat:
		if c.rev {
			for i := len(n.subs) - 1; i >= 0; i-- {
				c.emit(n.subs[i])
			}
		} else {
			for _, s := range n.subs {
				c.emit(s)
			}
		}
	case opAlt:
		var jumps []int
		for i, s := range n.subs {
			if i < len(n.subs)-1 {
				split := c.add(inst{op: iSplit})
				c.insts[split].x = split + 1
				c.emit(s)
				jumps = append(jumps, c.add(inst{op: iJmp}))
				c.insts[split].y = len(c.insts)
			} else {
				c.emit(s)
			}
		}
		for _, j := range jumps {
			c.insts[j].x = len(c.insts)
		}
	case opRepeat:
		c.repeat(n)
	case opAssert:
		c.add(inst{op: iAssert, arg: int(n.assert)})
	case opLook:
		c.add(inst{op: iLook, arg: n.idx, neg: n.neg})
	}
}

func (c *compiler) repeat(n *node) {
	sub := n.subs[0]
	for range n.min {
		c.emit(sub)
		if c.big {
			return
		}
	}
	if n.max < 0 {
		loop := c.add(inst{op: iSplit})
		c.insts[loop].x = loop + 1
		c.emit(sub)
		c.add(inst{op: iJmp, x: loop})
		c.insts[loop].y = len(c.insts)
	} else {
		var splits []int
		for range n.max - n.min {
			s := c.add(inst{op: iSplit})
			c.insts[s].x = s + 1
			splits = append(splits, s)
			c.emit(sub)
			if c.big {
				return
			}
		}
		for _, s := range splits {
			c.insts[s].y = len(c.insts)
		}
	}
	if n.possessive && n.min != n.max && !c.rev {
		if sub.op != opSet {
			// Marks a failed check: the exit's follow set is everything.
			c.poss = append(c.poss, possCheck{exit: len(c.insts), set: setAll})
			return
		}
		c.poss = append(c.poss, possCheck{exit: len(c.insts), set: sub.set})
	}
}

// followDisjoint reports whether every path from pc reaches the end of
// the program, or a consumption of a code point outside set, without a
// position test on the way.
func (p *prog) followDisjoint(pc int, set runeSet) bool {
	if len(set) == 2 && set[0] == 0 && set[1] == 0x10FFFF {
		return false
	}
	cls := newClass(set.withoutSurrogates())
	seen := make([]bool, len(p.insts))
	stack := []int{pc}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] {
			continue
		}
		seen[pc] = true
		in := &p.insts[pc]
		switch in.op {
		case iJmp:
			stack = append(stack, in.x)
		case iSplit:
			stack = append(stack, in.x, in.y)
		case iAssert, iLook:
			return false
		case iSet:
			if !disjoint(&cls, in.cls) {
				return false
			}
		}
	}
	return true
}

// startsAnchored reports whether every path from the start tests \A (or
// ^) before it consumes anything or matches.
func (p *prog) startsAnchored() bool {
	seen := make([]bool, len(p.insts))
	stack := []int{0}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] {
			continue
		}
		seen[pc] = true
		in := &p.insts[pc]
		switch in.op {
		case iJmp:
			stack = append(stack, in.x)
		case iSplit:
			stack = append(stack, in.x, in.y)
		case iAssert:
			if in.arg != int(aBegin) {
				stack = append(stack, pc+1)
			}
		case iLook:
			stack = append(stack, pc+1)
		default:
			return false
		}
	}
	return true
}

// toRE2 writes the tree in Go's RE2 syntax when it has the same meaning
// there, for every input that does not end with a line terminator (where
// Java's '$' is RE2's \z). atEnd says that nothing can follow n.
func toRE2(n *node, atEnd bool, b *strings.Builder) bool {
	switch n.op {
	case opEmpty:
		b.WriteString(`(?:)`)
	case opSet:
		if b.Len() > maxRE2 {
			return false
		}
		n.set.re2(b)
	case opConcat:
		b.WriteString(`(?:`)
		for i, s := range n.subs {
			if !toRE2(s, atEnd && i == len(n.subs)-1, b) {
				return false
			}
		}
		b.WriteString(`)`)
	case opAlt:
		b.WriteString(`(?:`)
		for i, s := range n.subs {
			if i > 0 {
				b.WriteByte('|')
			}
			if !toRE2(s, atEnd, b) {
				return false
			}
		}
		b.WriteString(`)`)
	case opRepeat:
		if n.min > 1000 || n.max > 1000 {
			return false
		}
		b.WriteString(`(?:`)
		if !toRE2(n.subs[0], false, b) {
			return false
		}
		b.WriteString(`)`)
		switch {
		case n.max < 0 && n.min == 0:
			b.WriteByte('*')
		case n.max < 0 && n.min == 1:
			b.WriteByte('+')
		case n.max < 0:
			b.WriteString("{" + itoa(n.min) + ",}")
		case n.min == n.max:
			b.WriteString("{" + itoa(n.min) + "}")
		default:
			b.WriteString("{" + itoa(n.min) + "," + itoa(n.max) + "}")
		}
	case opAssert:
		switch n.assert {
		case aBegin:
			b.WriteString(`\A`)
		case aEnd:
			b.WriteString(`\z`)
		case aDollar, aUnixDollar:
			if !atEnd {
				return false
			}
			b.WriteString(`\z`)
		default:
			return false
		}
	default:
		return false
	}
	return true
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}

// seqFromTree returns a seqMatcher for a tree of the form
// \A item... ($|\z) where each item is a set or a repetition of one, or nil.
func seqFromTree(n *node) *seqMatcher {
	if n.op != opConcat || len(n.subs) < 2 {
		return nil
	}
	first, last := n.subs[0], n.subs[len(n.subs)-1]
	if first.op != opAssert || first.assert != aBegin || last.op != opAssert ||
		(last.assert != aEnd && last.assert != aDollar && last.assert != aUnixDollar) {
		return nil
	}
	m := &seqMatcher{}
	for _, it := range n.subs[1 : len(n.subs)-1] {
		switch {
		case it.op == opSet:
			m.items = append(m.items, seqItem{class: newClass(it.set.withoutSurrogates()), min: 1, max: 1})
		case it.op == opRepeat && it.subs[0].op == opSet:
			m.items = append(m.items, seqItem{class: newClass(it.subs[0].set.withoutSurrogates()), min: it.min, max: it.max})
		default:
			return nil
		}
	}
	if !m.greedyExact() {
		return nil
	}
	return m
}

// progFacts reports what decides whether compileProgs names a construct
// for a parsed pattern (the only two reasons it refuses one): whether its
// programs stay within maxInsts, and whether it has a possessive
// repetition to check. It counts the instructions emit would make instead
// of making them: [Check]'s verdict on most patterns, counted
// repetitions such as [a-z]{1,4096} included, allocates no program.
func progFacts(root *node) (fits, possessive bool) {
	total, possessive := countInsts(root)
	return total <= maxInsts, possessive
}

// countInsts is the number of instructions of all programs compileProgs
// builds for root (at most maxInsts+1), and whether root has a possessive
// repetition compileProgs checks.
func countInsts(root *node) (total int, possessive bool) {
	var looks []*node
	var count func(n *node) int
	count = func(n *node) int {
		switch n.op {
		case opSet, opAssert:
			return 1
		case opLook:
			looks = append(looks, n)
			return 1
		case opConcat, opAlt:
			t := 0
			for _, s := range n.subs {
				t = capInsts(t + count(s))
			}
			if n.op == opAlt && len(n.subs) > 1 {
				t = capInsts(t + 2*(len(n.subs)-1))
			}
			return t
		case opRepeat:
			if n.possessive && n.min != n.max {
				possessive = true
			}
			sub := count(n.subs[0])
			t := mulInsts(n.min, sub)
			if n.max < 0 {
				return capInsts(t + 2 + sub)
			}
			return capInsts(t + mulInsts(n.max-n.min, 1+sub))
		}
		return 0
	}
	total = capInsts(count(root) + 1)
	for i := 0; i < len(looks); i++ { // count appends the nested ones
		ln := looks[i]
		body := capInsts(count(ln.subs[0]) + 1)
		if !ln.behind {
			body *= 2 // a lookahead has a backward program too
		}
		total = capInsts(total + body)
	}
	return total, possessive
}

// capInsts and mulInsts keep a count of instructions at most maxInsts+1.
func capInsts(n int) int { return min(n, maxInsts+1) }

func mulInsts(a, b int) int {
	if a <= 0 || b <= 0 {
		return 0
	}
	if a > (maxInsts+1)/b {
		return maxInsts + 1
	}
	return capInsts(a * b)
}
