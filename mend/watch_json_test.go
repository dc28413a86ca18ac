package mend

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// encodedFeed is f as an encoding/json Encoder with SetEscapeHTML(false)
// writes it (cli/gate's render, smithy watch's lines), by reflection.
func encodedFeed(t testing.TB, f *WatchFeed) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'})
}

// TestFeedAppendJSONIsEncodingJSON: WatchFeed.AppendJSON writes the bytes
// encoding/json writes for every feed of the watch tests' inputs (with
// and without a declaration, so violations with their findings; with and
// without deltas; one chunk, a byte at a time, random cuts), for feeds
// with nil lists, and for records whose strings hold every kind of byte
// encoding/json escapes (control bytes, quotes, invalid UTF-8, U+2028 and
// U+2029, HTML characters, which stay as they are).
func TestFeedAppendJSONIsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewSource(61))
	compact := mustCompact(t, toolDecl)
	doc := validDoc()
	ins := append(incrementalInputs(t), string(doc[:3000]),
		`{"query": "a<b>&c \u2028 \ud83d\ude00", "limit": "x", "tags": ["x", "y\n", 3]}`,
		"{\"query\": \"caf\xc3\xa9 \xff\xfe bad \xe2\x80\xa8 \x01\", \"limit\": 3}",
		`{"query": "abc"`, `[{"a": {"b": [1, 2]}}, "c\nd", "e`, `{"query": "ab\"c", "limit": 1e3}`)
	feeds := 0
	for n, in := range ins {
		text := []byte(in)
		for _, decl := range []Declaration{nil, compact} {
			for _, skip := range []bool{false, true} {
				chunkings := [][]int{nil, randomCuts(rng, len(text), 5)}
				if len(text) <= 300 {
					chunkings = append(chunkings, everyByte(len(text))[min(1, len(text)):])
				}
				for _, cuts := range chunkings {
					w := NewWatcher(Options{Profile: ProfileLenient, Declaration: decl})
					if skip {
						w.SkipDeltas()
					}
					prev := 0
					for _, c := range append(cuts, len(text)) {
						f := w.Feed(text[prev:c])
						prev = c
						want := encodedFeed(t, f)
						if got := f.AppendJSON([]byte("x")); !bytes.Equal(got[1:], want) || got[0] != 'x' {
							t.Fatalf("case %d %q, cuts %v: AppendJSON wrote\n%s\nencoding/json\n%s", n, in, cuts, got, want)
						}
						feeds++
					}
					w.Finish()
				}
			}
		}
	}
	// strings and values of every kind
	strs := []string{"", "plain", `q"uote\back`, "\b\f\n\r\t\x00\x01\x1f\x7f", "<a href='x'>&amp;</a>",
		"\u2028\u2029", "caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80", "\xff", "a\xc3", "\xed\xa0\x80", "\xe2\x80", "\xe2\x80\xa8x"}
	// around the plain short string's bound (32 bytes), with one byte to
	// escape at either end
	for _, n := range []int{31, 32, 33} {
		a := strings.Repeat("a/~ ", 9)[:n]
		strs = append(strs, a, a+"\n", "\n"+a, a[:n-1]+"\"", a+"\xc3\xa9", a[:n-1]+"\x7f", a[:n-1]+"\xe2\x80\xa8")
	}
	// every length the word-wise writer takes (0 to 16) and either side
	// of it, with a byte to escape (or a plain one) at every position
	for n := 0; n <= 18; n++ {
		for pos := 0; pos < max(n, 1); pos++ {
			for _, c := range []string{"x", "~", "\"", "\\", "\n", "\x1f", "\x7f", "\xc3\xa9", "\xff", "\xe2\x80\xa8"} {
				a := []byte(strings.Repeat("ab/~", 5)[:n])
				if n > 0 {
					a = append(append(a[:pos:pos], c...), a[pos+1:]...)
				}
				strs = append(strs, string(a))
			}
		}
	}
	for k := 0; k < 400; k++ {
		b := make([]byte, rng.Intn(12+k/5))
		for i := range b {
			b[i] = byte(rng.Intn(256))
		}
		strs = append(strs, string(b))
	}
	for _, s := range strs {
		v, _ := json.Marshal(s)
		tailed := "/x/" + s
		if s != "" && !isTail(tailed, tailed[3:]) {
			t.Fatal("isTail: a string's end is not its tail")
		}
		if s != "" && isTail(tailed, strings.Clone(s)) {
			t.Fatal("isTail: a copy is a tail")
		}
		f := &WatchFeed{
			Deltas: []Delta{{Path: s, Op: OpAppend, Text: s, At: 3}, {Path: "/a", Op: OpRevise, Value: v, Text: s},
				{Path: "/a", Op: OpEnd, Value: nil}, {Path: "/b", Op: OpSet, Value: json.RawMessage(" { \"k\" :\n [ 1 , \"x y\\\" \" ] }\t")}},
			// a key that is the end of its path in memory (as a plain
			// key's is) and one that is not
			Events: []Event{{Kind: EventMemberStarted, Path: s, Key: s, At: 1, Permille: 10}, {Kind: EventComplete, Value: v},
				{Kind: EventMemberSettled, Path: tailed, Key: tailed[3:], At: 1234567, Permille: 999},
				{Kind: EventMemberSettled, Path: "/x/" + s, Key: strings.Clone(s), At: 7, Permille: 0},
				{Kind: EventViolation, Path: "/x", Finding: &Finding{Message: s, Path: s}}},
			Bytes: len(s),
		}
		want := encodedFeed(t, f)
		if got := f.AppendJSON(nil); !bytes.Equal(got, want) {
			t.Fatalf("%q: AppendJSON wrote\n%s\nencoding/json\n%s", s, got, want)
		}
		// after a prefix, with spare room of every size up to and past
		// what the word-wise writer needs (18 bytes), and the string
		// alone
		for room := 0; room <= 40; room += 3 {
			pre := append(make([]byte, 0, 5+len(want)+room), "pre::"...)
			if got := f.AppendJSON(pre); !bytes.Equal(got[5:], want) || string(got[:5]) != "pre::" {
				t.Fatalf("%q, room %d: AppendJSON wrote\n%s\nencoding/json\n%s", s, room, got[5:], want)
			}
			var jb bytes.Buffer
			enc := json.NewEncoder(&jb)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(s); err != nil {
				t.Fatal(err)
			}
			js := bytes.TrimSuffix(jb.Bytes(), []byte{'\n'})
			dst := append(make([]byte, 0, 2+len(js)+room), "pq"...)
			if got := appendJSONString(dst, s); !bytes.Equal(got[2:], js) || string(got[:2]) != "pq" {
				t.Fatalf("%q, room %d: appendJSONString wrote %s, encoding/json %s", s, room, got[2:], js)
			}
		}
		feeds++
	}
	// offsets appendInt leaves to strconv (negative, 1e15 and over)
	for _, at := range []int{-1, -1 << 40, 1e15 - 1, 1e15, 1<<63 - 1} {
		f := &WatchFeed{Deltas: []Delta{{Path: "/a", Op: OpSet, Value: json.RawMessage("1"), At: at}},
			Events: []Event{{Kind: EventMemberSettled, Path: "/a", Key: "a", At: at, Permille: at}}, Bytes: 1}
		if got, want := f.AppendJSON(nil), encodedFeed(t, f); !bytes.Equal(got, want) {
			t.Fatalf("at %d: AppendJSON wrote\n%s\nencoding/json\n%s", at, got, want)
		}
	}
	if got, want := (&WatchFeed{}).AppendJSON(nil), encodedFeed(t, &WatchFeed{}); !bytes.Equal(got, want) {
		t.Fatalf("empty feed: %s, want %s", got, want)
	}
	if feeds < 1000 {
		t.Fatalf("only %d feeds compared", feeds)
	}
}

// TestAppendIntIsStrconv: appendInt writes what strconv.AppendInt
// writes, at every power of ten and its neighbours, at every power of
// two, and on random numbers of every length, negative ones and those
// past 1e15 (which strconv writes) included, after a prefix it must keep.
func TestAppendIntIsStrconv(t *testing.T) {
	ns := []int{0, 1, 9, 10, 11, 99, 100, 101, -1, -10, 1e15, 1e15 - 1, 1<<63 - 1, -1 << 63}
	for p := 1; p <= 1e18; p *= 10 {
		ns = append(ns, p-1, p, p+1)
	}
	for b := 0; b < 63; b++ {
		ns = append(ns, 1<<b-1, 1<<b, 1<<b+1)
	}
	rng := rand.New(rand.NewSource(7))
	for range 100000 {
		ns = append(ns, int(rng.Int63()>>rng.Intn(63)))
	}
	for n := range 2000 {
		ns = append(ns, n) // every permille, and either side of 1000
	}
	// a feed's offsets: runs of near numbers (digitCache keeps the
	// digits above the last three) across thousands and powers of ten,
	// and jumps
	var ds digitCache
	for k := range 200000 {
		n := ns[k%len(ns)]
		if k%3 != 0 {
			n = 999_000 + k%5000
		}
		if k%7 == 0 {
			n = 1e14 - 3000 + k%6000
		}
		for _, pre := range [][]byte{nil, []byte("x"), make([]byte, 3, 4), make([]byte, 5, 20)} {
			want := strconv.AppendInt(append([]byte(nil), pre...), int64(n), 10)
			if got := ds.appendInt(append([]byte(nil), pre...), n); !bytes.Equal(got, want) {
				t.Fatalf("%d after %q: digitCache.appendInt %q, strconv %q", n, pre, got, want)
			}
			if got := ds.appendInt(pre[:len(pre):len(pre)], n); !bytes.Equal(got, want) {
				t.Fatalf("%d after %q at capacity: digitCache.appendInt %q, strconv %q", n, pre, got, want)
			}
			if got := appendSmall(append([]byte(nil), pre...), n); !bytes.Equal(got, want) {
				t.Fatalf("%d after %q: appendSmall %q, strconv %q", n, pre, got, want)
			}
			if got := appendSmall(pre[:len(pre):len(pre)], n); !bytes.Equal(got, want) {
				t.Fatalf("%d after %q at capacity: appendSmall %q, strconv %q", n, pre, got, want)
			}
		}
	}
	for _, n := range ns {
		for _, pre := range [][]byte{nil, []byte("x"), make([]byte, 3, 4)} {
			want := strconv.AppendInt(append([]byte(nil), pre...), int64(n), 10)
			if got := appendInt(append([]byte(nil), pre...), n); !bytes.Equal(got, want) {
				t.Fatalf("%d after %q: appendInt %q, strconv %q", n, pre, got, want)
			}
			if got := appendInt(pre[:len(pre):len(pre)], n); !bytes.Equal(got, want) {
				t.Fatalf("%d after %q at capacity: appendInt %q, strconv %q", n, pre, got, want)
			}
		}
	}
}
