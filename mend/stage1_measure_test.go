package mend

import (
	"encoding/binary"
	"math/bits"
	"math/rand"
	"slices"
	"testing"
)

// A measurement, not a reader (issue 25, item 6, eleventh round;
// docs/streams.md, "Eleventh round"): what the first pass of a
// two-pass reader of JSON as written (simdjson's stage 1, in pure Go)
// costs on the 1 MB of BenchmarkWatchFeed fed in 64-byte chunks. The
// pass finds, chunk by chunk with its state carried across chunks, the
// offsets of the structural bytes outside strings ({ } [ ] : ,), of both
// quotes of every string, and of the first byte of every scalar (a
// maximal run of bytes that are none of those nor whitespace), into a
// reused array of offsets. A second pass would take the steps from that
// array. Two ways are measured against one byte-at-a-time reference
// (indexRef): a 256-entry class table with strings' interiors skipped
// eight bytes at a time (indexTable), and eight bytes at a time
// throughout (indexSWAR: equality masks, quotes' parity by a prefix
// xor, a word with a backslash or a control byte taken byte by byte).

// indexState is what a pass carries from one chunk to the next.
type indexState struct {
	inStr  bool // inside a string
	esc    bool // the byte before was a backslash inside a string
	inScal bool // inside a scalar
}

// byte classes of indexTable
const (
	clSpace  = iota // whitespace
	clStruct        // { } [ ] : ,
	clQuote         // "
	clScalar        // anything else outside a string
)

var indexClass = func() (t [256]uint8) {
	for c := range t {
		t[c] = clScalar
	}
	for _, c := range []byte(" \t\n\r") {
		t[c] = clSpace
	}
	for _, c := range []byte("{}[]:,") {
		t[c] = clStruct
	}
	t['"'] = clQuote
	return t
}()

// indexRef is the reference: one byte at a time.
func indexRef(st *indexState, in []byte, base uint32, idx []uint32) []uint32 {
	for i, c := range in {
		if st.inStr {
			switch {
			case st.esc:
				st.esc = false
			case c == '\\':
				st.esc = true
			case c == '"':
				st.inStr = false
				idx = append(idx, base+uint32(i))
			}
			continue
		}
		switch indexClass[c] {
		case clSpace:
			st.inScal = false
		case clStruct:
			st.inScal = false
			idx = append(idx, base+uint32(i))
		case clQuote:
			st.inScal = false
			st.inStr = true
			idx = append(idx, base+uint32(i))
		default:
			if !st.inScal {
				idx = append(idx, base+uint32(i))
			}
			st.inScal = true
		}
	}
	return idx
}

// indexTable: the class table outside strings, a scalar's run skipped
// in a loop of its own, a string's interior eight bytes at a time to
// its first quote or backslash.
func indexTable(st *indexState, in []byte, base uint32, idx []uint32) []uint32 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	n := len(in)
	i := 0
	if st.inScal {
		for i < n && indexClass[in[i]] == clScalar {
			i++
		}
		if i < n {
			st.inScal = false
		}
	}
	for {
		if st.inStr {
			// a string's interior, eight bytes at a time to its first
			// quote or backslash
			for {
				if st.esc {
					if i >= n {
						return idx
					}
					st.esc = false
					i++
				}
				for ; i+8 <= n; i += 8 {
					x := binary.LittleEndian.Uint64(in[i:])
					q, s := x^(ones*'"'), x^(ones*'\\')
					if m := ((q-ones)&^q | (s-ones)&^s) & highs; m != 0 {
						i += bits.TrailingZeros64(m) >> 3
						goto found
					}
				}
				for i < n && in[i] != '"' && in[i] != '\\' {
					i++
				}
			found:
				if i >= n {
					return idx
				}
				if in[i] == '"' {
					break
				}
				st.esc = true // a backslash: the next byte is taken as it is
				i++
			}
			st.inStr = false
			idx = append(idx, base+uint32(i))
			i++
		}
		if i >= n {
			return idx
		}
		switch indexClass[in[i]] {
		case clSpace:
			i++
		case clStruct:
			idx = append(idx, base+uint32(i))
			i++
		case clScalar:
			idx = append(idx, base+uint32(i))
			i++
			for i < n && indexClass[in[i]] == clScalar {
				i++
			}
			if i >= n {
				st.inScal = true
			}
		default: // an opening quote
			idx = append(idx, base+uint32(i))
			i++
			st.inStr = true
		}
	}
}

// indexTight is indexTable with its state in locals and the offsets
// written by index into room reserved once per chunk (a chunk of n
// bytes has at most n offsets), the loop's shape as gotos so that no
// flag is tested at each byte.
func indexTight(st *indexState, in []byte, base uint32, idx []uint32) []uint32 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	n := len(in)
	k := len(idx)
	idx = slices.Grow(idx, n)
	out := idx[k : k+n]
	w, i := 0, 0
	var c byte
	var x, q, s, m uint64
	if st.inScal {
		for i < n && indexClass[in[i]] == clScalar {
			i++
		}
		if i < n {
			st.inScal = false
		}
	}
	if st.inStr {
		st.inStr = false
		if st.esc {
			goto esc
		}
		goto str
	}
top:
	if i >= n {
		return idx[:k+w]
	}
	c = in[i]
	switch indexClass[c] {
	case clSpace:
		i++
		goto top
	case clStruct:
		out[w] = base + uint32(i)
		w++
		i++
		goto top
	case clScalar:
		out[w] = base + uint32(i)
		w++
		i++
		for i < n && indexClass[in[i]] == clScalar {
			i++
		}
		if i >= n {
			st.inScal = true
		}
		goto top
	}
	// an opening quote
	out[w] = base + uint32(i)
	w++
	i++
str:
	for ; i+8 <= n; i += 8 {
		x = binary.LittleEndian.Uint64(in[i:])
		q, s = x^(ones*'"'), x^(ones*'\\')
		if m = ((q-ones)&^q | (s-ones)&^s) & highs; m != 0 {
			i += bits.TrailingZeros64(m) >> 3
			goto found
		}
	}
	for i < n && in[i] != '"' && in[i] != '\\' {
		i++
	}
found:
	if i >= n {
		st.inStr = true
		return idx[:k+w]
	}
	if in[i] == '"' {
		out[w] = base + uint32(i)
		w++
		i++
		goto top
	}
	i++ // a backslash: the next byte is taken as it is
esc:
	if i >= n {
		st.inStr, st.esc = true, true
		return idx[:k+w]
	}
	st.esc = false
	i++
	goto str
}

// eqMask has the high bit of each byte of x equal to c set (exactly:
// no borrow from a lower byte).
func eqMask(x uint64, c byte) uint64 {
	const ones, lows = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f
	t := x ^ (ones * uint64(c))
	return ^((t&lows + lows) | t | lows)
}

// indexSWAR: eight bytes at a time outside strings as well. A word with
// a backslash, or whose first byte follows a backslash, goes byte by
// byte (indexRef); so does the tail of a chunk shorter than a word.
func indexSWAR(st *indexState, in []byte, base uint32, idx []uint32) []uint32 {
	const ones, lows, highs = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	n := len(in)
	i := 0
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(in[i:])
		bs := eqMask(x, '\\')
		if bs != 0 || st.esc {
			idx = indexRef(st, in[i:i+8], base+uint32(i), idx)
			continue
		}
		q := eqMask(x, '"')
		// inside: from an opening quote up to its closing quote
		// (excluded), by the prefix xor of the quotes' bits
		p := q
		p ^= p << 8
		p ^= p << 16
		p ^= p << 32
		if st.inStr {
			p = ^p & highs
		}
		inside := p &^ q
		y := x | ones*0x20 // [ ] to { }; , and : unchanged
		s := (eqMask(y, '{') | eqMask(y, '}') | eqMask(x, ',') | eqMask(x, ':')) &^ inside
		// whitespace: the bytes up to the space (a control byte outside
		// a string is whitespace here only for measuring; JSON has none)
		sp := ^((x&lows + (lows - ones*0x20)) | x) & highs
		other := highs &^ (s | sp | q | inside)
		prev := other << 8
		if st.inScal {
			prev |= 0x80
		}
		m := s | q | (other &^ prev)
		for m != 0 {
			idx = append(idx, base+uint32(i)+uint32(bits.TrailingZeros64(m)>>3))
			m &= m - 1
		}
		st.inStr = p>>63 != 0
		st.inScal = other>>63 != 0
	}
	if i < n {
		idx = indexRef(st, in[i:], base+uint32(i), idx)
	}
	return idx
}

// indexSWAR2 is indexSWAR with its state in locals (the carries as
// words), the offsets written by index into room reserved once per
// chunk, and the mask of the structural bytes from one table-free
// expression per byte kind.
func indexSWAR2(st *indexState, in []byte, base uint32, idx []uint32) []uint32 {
	const ones, lows, highs = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	n := len(in)
	k := len(idx)
	idx = slices.Grow(idx, n)
	out := idx[k : k+n]
	w, i := 0, 0
	var inStr, inScal uint64 // all ones or zero; 0x80 or zero
	if st.inStr {
		inStr = ^uint64(0)
	}
	if st.inScal {
		inScal = 0x80
	}
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(in[i : i+8])
		t := x ^ (ones * '\\')
		if ^((t&lows+lows)|t|lows) != 0 || st.esc {
			st.inStr, st.inScal = inStr != 0, inScal != 0
			w = len(indexRef(st, in[i:i+8], base+uint32(i), out[:w]))
			inStr, inScal = 0, 0
			if st.inStr {
				inStr = ^uint64(0)
			}
			if st.inScal {
				inScal = 0x80
			}
			continue
		}
		t = x ^ (ones * '"')
		q := ^((t&lows + lows) | t | lows)
		p := q ^ q<<8
		p ^= p << 16
		p ^= p << 32
		p = (p ^ inStr) & highs
		inside := p &^ q
		y := x | ones*0x20 // [ ] to { }; , and : unchanged
		a, b, c, d := y^(ones*'{'), y^(ones*'}'), x^(ones*','), x^(ones*':')
		s := ^((a&lows + lows) | a | lows) | ^((b&lows + lows) | b | lows) |
			^((c&lows + lows) | c | lows) | ^((d&lows + lows) | d | lows)
		sp := ^((x&lows + (lows - ones*0x20)) | x) & highs
		other := highs &^ (s | sp | q | inside)
		m := (s&^inside | q | other&^(other<<8|inScal)) >> 7
		for m != 0 {
			out[w] = base + uint32(i) + uint32(bits.TrailingZeros64(m)>>3)
			w++
			m &= m - 1
		}
		inStr = -(p >> 63)
		inScal = other >> 63 << 7
	}
	st.inStr, st.inScal = inStr != 0, inScal != 0
	if i < n {
		return indexRef(st, in[i:], base+uint32(i), idx[:k+w])
	}
	return idx[:k+w]
}

// indexChunks runs one of the passes over doc in chunks of size k, the
// array reused for each chunk as a second pass would reuse it, and
// returns the number of offsets.
func indexChunks(pass func(*indexState, []byte, uint32, []uint32) []uint32, doc []byte, k int, idx []uint32) (int, []uint32) {
	var st indexState
	count := 0
	for j := 0; j < len(doc); j += k {
		idx = pass(&st, doc[j:min(j+k, len(doc))], uint32(j), idx[:0])
		count += len(idx)
	}
	return count, idx
}

// walkIndex is the least a second pass does with the offsets of one
// chunk: the byte at each, a dispatch on it, the depth, and a string's
// closing quote taken with its opening one (no state of the reader, no
// path, no record; a string cut by the chunk's end is not paired: a floor,
// not a reader). It returns the depth and a sum of what it saw.
func walkIndex(in []byte, base uint32, idx []uint32, depth int) (int, int) {
	sum := 0
	for k := 0; k < len(idx); k++ {
		o := idx[k] - base
		switch in[o] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case ':', ',':
			sum++
		case '"':
			if k+1 < len(idx) {
				k++
				sum += int(idx[k] - idx[k-1])
			}
		default:
			sum += 2
		}
	}
	return depth, sum
}

// TestStructuralIndexIsTheReference compares the two passes with the
// byte-at-a-time reference on the benchmark's document and on the
// corpus of the incremental tests, each in chunks of 1 to 70 bytes and
// in random chunkings: every offset, in order.
func TestStructuralIndexIsTheReference(t *testing.T) {
	docs := [][]byte{
		validDoc()[:1<<14],
		[]byte(`{"a\"b":"c\\","d":[1,-2.5e3,true,null,"x\\\"y"],"e":{"f":"\u00e9\n"}}`),
		[]byte("  \t{\"k\" :\r\n [ \"\\\\\\\\\" , 12 ,false ]  ,\"z\":\"\\\"\"}  "),
		[]byte(`"lone string with a \" quote and a \\"`),
		[]byte(`[[[[{}]]]],,::{"":""}`),
	}
	rng := rand.New(rand.NewSource(11))
	for k := 0; k < 200; k++ {
		b := make([]byte, rng.Intn(200))
		for i := range b {
			const alphabet = "{}[]:,\" \\abc01-e\n\t"
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		docs = append(docs, b)
	}
	passes := []struct {
		name string
		fn   func(*indexState, []byte, uint32, []uint32) []uint32
	}{{"table", indexTable}, {"tight", indexTight}, {"swar", indexSWAR}, {"swar2", indexSWAR2}}
	for d, doc := range docs {
		var st indexState
		want := indexRef(&st, doc, 0, nil)
		for _, p := range passes {
			cuts := [][]int{}
			for k := 1; k <= 70; k++ {
				var c []int
				for j := k; j < len(doc); j += k {
					c = append(c, j)
				}
				cuts = append(cuts, c)
			}
			for r := 0; r < 20; r++ {
				var c []int
				for j := 1 + rng.Intn(30); j < len(doc); j += 1 + rng.Intn(30) {
					c = append(c, j)
				}
				cuts = append(cuts, c)
			}
			for _, c := range cuts {
				var st indexState
				var got []uint32
				from := 0
				for _, to := range append(c, len(doc)) {
					got = p.fn(&st, doc[from:to], uint32(from), got)
					from = to
				}
				if !slices.Equal(got, want) {
					t.Fatalf("doc %d (%.40q), %s, cuts %v: got %v, want %v", d, doc, p.name, c[:min(len(c), 5)], got, want)
				}
			}
		}
	}
}

// BenchmarkStructuralIndex runs each pass over the 1 MB of
// BenchmarkWatchFeed in 64-byte chunks (and the reference), for
// counting instructions: one call is the difference of 3x and 2x.
//
//	go test -c -o /tmp/mend.test . && for n in 2 3; do GOMAXPROCS=1 GOGC=off valgrind --tool=callgrind \
//	    --callgrind-out-file=/dev/null /tmp/mend.test -test.run '^$' -test.bench 'StructuralIndex/table$' \
//	    -test.benchtime ${n}x 2>&1 | grep refs; done
func BenchmarkStructuralIndex(b *testing.B) {
	doc := validDoc()
	for _, p := range []struct {
		name string
		fn   func(*indexState, []byte, uint32, []uint32) []uint32
	}{{"reference", indexRef}, {"table", indexTable}, {"tight", indexTight}, {"swar", indexSWAR}, {"swar2", indexSWAR2}} {
		b.Run(p.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			idx := make([]uint32, 0, 64)
			for i := 0; i < b.N; i++ {
				var count int
				count, idx = indexChunks(p.fn, doc, 64, idx)
				benchSink += count
				b.ReportMetric(float64(count), "offsets")
			}
		})
	}
	// the tight pass and the least a second pass does with its offsets
	b.Run("tight+walk", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		idx := make([]uint32, 0, 64)
		for i := 0; i < b.N; i++ {
			var st indexState
			depth, sum := 0, 0
			for j := 0; j < len(doc); j += 64 {
				chunk := doc[j:min(j+64, len(doc))]
				idx = indexTight(&st, chunk, uint32(j), idx[:0])
				var s int
				depth, s = walkIndex(chunk, uint32(j), idx, depth)
				sum += s
			}
			benchSink += depth + sum
		}
	})
}
