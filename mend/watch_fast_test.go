package mend

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// watchTrace feeds text in the chunks cuts gives to a watcher (without
// deltas when skip) and renders everything it returns: each feed with
// the bytes kept and the step, the finish.
func watchTrace(text []byte, cuts []int, opts Options, skip bool) string {
	var b []byte
	w := NewWatcher(opts)
	if skip {
		w.SkipDeltas()
	}
	prev := 0
	for _, c := range append(cuts, len(text)) {
		f, _ := json.Marshal(w.Feed(text[prev:c]))
		b = append(b, f...)
		b = append(b, fmt.Sprintf(" kept=%d retried=%d syntax=%d\n", w.s.Kept(), w.s.retried, w.s.r.syntaxMax)...)
		prev = c
	}
	fin, _ := json.Marshal(w.Finish())
	return string(append(b, fin...))
}

// pathsAgree reports where the fast path, the exact steps alone and the
// general reader part on text, "" when all three agree. The three let the
// input go at different sizes (trimBatch): the fast path once 24 bytes
// are let go (short inputs see the input moved out and let go without
// being moved), the exact steps at every chunk, the general reader at
// the size it has outside tests.
func pathsAgree(text []byte, cuts []int, opts Options, skip bool) string {
	defer func(b int) { fastOff, exactOff, trimBatch = false, false, b }(trimBatch)
	general0 := trimBatch
	trimBatch = 24
	fast := watchTrace(text, cuts, opts, skip)
	fastOff, trimBatch = true, 1
	exact := watchTrace(text, cuts, opts, skip)
	exactOff, trimBatch = true, general0
	general := watchTrace(text, cuts, opts, skip)
	if fast == exact && exact == general {
		return ""
	}
	return fmt.Sprintf("fast path:\n%s\nexact steps:\n%s\ngeneral reader:\n%s", fast, exact, general)
}

// TestFastStepsAreTheExactSteps: the watcher's fast path (watch_fast.go),
// the exact steps without it and the general reader give the same feeds,
// deltas, events, bytes kept, syntax progress and final results, with
// and without deltas, on every input of the incremental tests and on
// values built to stop the fast path at each of its exits (a root
// member, a comma before a closer, a repair deep in the value, the depth
// limit, a chunk ending in each kind of token), in one chunk, a byte at a
// time and at random cuts.
func TestFastStepsAreTheExactSteps(t *testing.T) {
	rng := rand.New(rand.NewSource(25))
	doc := validDoc()
	ins := append(incrementalInputs(t), string(doc[:3000]),
		`[{"a~/b": {"c\"d": [1, "x\u00e9\ud83d\ude00", {"e": null}]}, "f": -1.5e3, "g": [[], {}, [{}]]}]`,
		"[{\"k\": \"caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac\", \"l\": [\"\xf0\x9f\x98\x80\"],\n\"m\" :\r\n true\t,\"n\":false }]",
		`[{"a": 1, "b": 01}, {"c": 1.e5}, {"d": -}, {"e": tru}, {"f": "x\q"}, {"g": ""x""}, {"h": "a" + "b"}]`,
		`{"a": {"b": [1, {"c": [true, "x"]}], "d": {}}, "e": [[1], {"f": null}]}`,
		`[[1,2,], {"a":1,}, {"a" 1}, [1 2], {"a":[}, {"a":1]}, [{"a":1}}, [nul], [true x], [1x], [-]]`,
		`[[[[[[[[[[[[1]]]]]]]]]]]]`, `[{"a":[{"b":[{"c":[{"d":"deep"}]}]}]}]`,
		`[1, 2] [3]`, `[{"a": "b"}, "c\nd", "e`, `[{"a": 1}, {"a": 2`, `[ "x" , 1.5 , true , null , {} , [] ]`)
	for n, in := range ins {
		text := []byte(in)
		for _, depth := range []int{0, 6} {
			opts := Options{Profile: ProfileLenient, MaxDepth: depth}
			chunkings := [][]int{nil, randomCuts(rng, len(text), 4), randomCuts(rng, len(text), 30)}
			if len(text) <= 300 {
				chunkings = append(chunkings, everyByte(len(text))[min(1, len(text)):])
			}
			for _, cuts := range chunkings {
				for _, skip := range []bool{false, true} {
					if d := pathsAgree(text, cuts, opts, skip); d != "" {
						t.Fatalf("case %d %q, depth %d, cuts %v, skip %v:\n%s", n, in, depth, cuts, skip, d)
					}
				}
			}
		}
	}
}

// TestFastStepsTaken: on a long valid value the fast path takes the
// steps of nine bytes in ten at least (were it never taken, TestFastStepsAreTheExactSteps would
// compare the exact steps with themselves).
func TestFastStepsTaken(t *testing.T) {
	doc := validDoc()[:64<<10]
	for _, skip := range []bool{false, true} {
		w := NewWatcher(Options{})
		if skip {
			w.SkipDeltas()
		}
		for k := 0; k < len(doc); k += 64 {
			w.Feed(doc[k:min(k+64, len(doc))])
		}
		w.Finish()
		// all but the root's brackets and the ends of chunks
		if want := len(doc) * 9 / 10; w.s.fastTaken < want {
			t.Errorf("skip %v: the fast path took %d bytes, want at least %d", skip, w.s.fastTaken, want)
		}
	}
}

// FuzzFastSteps: on any text cut anywhere the fuzzer says, with and
// without deltas, the fast path, the exact steps and the general reader
// agree on everything (as in TestFastStepsAreTheExactSteps), and so do
// the watcher with and without previewClosed, with and without a
// declaration (as in TestPreviewClosedIsThePreview).
func FuzzFastSteps(f *testing.F) {
	fuzzSeeds(f)
	fuzzDecl, err := ParseCompact(`{!query:string,limit:integer,tags:[string]}`)
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(`[{"a": [1, -2.5e3, "x\u00e9", true, null], "b": {"c": ""}}, [[]], {}]`))
	f.Add([]byte(`{"a": {"b": [1, {"c": [true, "x"]}], "d": {}}, "e": [[1], {"f": null}]}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 2048 {
			return
		}
		cuts := fuzzCuts(in, 3)
		for _, skip := range []bool{false, true} {
			if d := pathsAgree(in, cuts, Options{Profile: ProfileLenient, MaxDepth: 8}, skip); d != "" {
				t.Fatalf("%q cuts %v skip %v:\n%s", in, cuts, skip, d)
			}
			for _, decl := range []Declaration{nil, fuzzDecl} {
				if d := previewsAgree(in, cuts, Options{Profile: ProfileLenient, Declaration: decl}, skip); d != "" {
					t.Fatalf("%q cuts %v skip %v decl %v:\n%s", in, cuts, skip, decl != nil, d)
				}
			}
		}
	})
}

// TestPreviewClosedIsThePreview: a string whose closing quote is the last
// byte fed is previewed from the input (previewClosed) with the deltas,
// events and final results the preview's reading of the text so far gives,
// with and without a declaration and deltas, on the inputs of
// TestFastStepsAreTheExactSteps and strings closed at a chunk's end, in
// one chunk, a byte at a time and at random cuts; and it is taken.
func TestPreviewClosedIsThePreview(t *testing.T) {
	rng := rand.New(rand.NewSource(27))
	compact := mustCompact(t, toolDecl)
	doc := validDoc()
	ins := append(incrementalInputs(t), string(doc[:3000]),
		`{"query": "abc", "limit": 3, "tags": ["x", "y\n", "z"]}`,
		`{"query": "abc"`, `{"query": "abc"x}`, `{"query": "abc" "d"}`, `{"query": "ab\"c"}`,
		`["a", "b"] "c"`, `"abc"`, `{"tags": ["a"]}`, `[{"a": "b"}, "c\nd", "e`,
		"{\"query\": \"caf\xc3\xa9\"}", `{"query": ""}`, `{"query": "a"}} `)
	closedTaken.Store(0)
	for n, in := range ins {
		text := []byte(in)
		for _, decl := range []Declaration{nil, compact} {
			opts := Options{Profile: ProfileLenient, Declaration: decl}
			chunkings := [][]int{nil, randomCuts(rng, len(text), 4), randomCuts(rng, len(text), 30)}
			if len(text) <= 300 {
				chunkings = append(chunkings, everyByte(len(text))[min(1, len(text)):])
			}
			for _, cuts := range chunkings {
				for _, skip := range []bool{false, true} {
					if d := previewsAgree(text, cuts, opts, skip); d != "" {
						t.Fatalf("case %d %q, decl %v, cuts %v, skip %v:\n%s", n, in, decl != nil, cuts, skip, d)
					}
				}
			}
		}
	}
	if closedTaken.Load() == 0 {
		t.Fatal("previewClosed was never taken")
	}
}

// previewsAgree reports where the watcher with previewClosed and without
// it part on text, "" when they agree.
func previewsAgree(text []byte, cuts []int, opts Options, skip bool) string {
	defer func() { previewClosedOff = false }()
	with := watchTrace(text, cuts, opts, skip)
	previewClosedOff = true
	without := watchTrace(text, cuts, opts, skip)
	if with == without {
		return ""
	}
	return fmt.Sprintf("with previewClosed:\n%s\nwithout:\n%s", with, without)
}

// TestQuickStringIsExactString checks the fast loop's shortcut for a
// string against exactString on random strings of the bytes that
// matter (quotes, escapes, '~' and '/' for keys, delimiters, spaces,
// control and non-ASCII bytes): where quickString finds the string
// closed, exactString finds it closed at the same offset, and a key it
// takes has only keyPlain bytes; and it takes the plain strings of the
// benchmark's tool-call objects.
func TestQuickStringIsExactString(t *testing.T) {
	alphabet := []byte("abn~/\\\\\"  ,:}]\n\t\x01\xc3\xa9u0")
	rng := rand.New(rand.NewSource(25))
	taken, opened := 0, 0
	for range 300000 {
		in := make([]byte, 1+rng.Intn(24))
		in[0] = '"'
		for i := 1; i < len(in); i++ {
			in[i] = alphabet[rng.Intn(len(alphabet))]
		}
		for _, key := range []bool{false, true} {
			e := quickString(in, 0, key)
			if e == quickOpen {
				// open at the end: exactString finds it open, its scan
				// resumable there
				s := NewIncremental(Options{})
				s.r.in = in
				if got, st := s.exactString(0); st != strOpen || got != len(in) {
					t.Fatalf("%q (key %v): quickString open, exactString %d (status %d)", in, key, got, st)
				}
				opened++
				continue
			}
			if e < 0 {
				continue
			}
			taken++
			s := NewIncremental(Options{})
			s.r.in = in
			want, st := s.exactString(0)
			if st != strClosed || want != e {
				t.Fatalf("%q (key %v): quickString %d, exactString %d (status %d)", in, key, e, want, st)
			}
			for _, b := range in[1 : e-1] {
				if key && !keyPlain[b] {
					t.Fatalf("%q: key taken with %q in it", in, b)
				}
			}
		}
	}
	if taken == 0 || opened == 0 {
		t.Fatalf("quickString took %d strings and found %d open", taken, opened)
	}
	for _, c := range []string{`"`, `"abc`, `"the history of the Byz`, `"b\n`} {
		if e := quickString([]byte(c), 0, false); e != quickOpen {
			t.Errorf("%q: quickString %d, want it open", c, e)
		}
	}
	for _, c := range []string{`"query": `, `"the history of the Byzantine empire", `, `"a",`, `"k"}`, `"x"]`} {
		if e := quickString([]byte(c), 0, true); e != strings.IndexByte(c[1:], '"')+2 {
			t.Errorf("%q: quickString %d", c, e)
		}
	}
	for _, c := range []string{`"a/b": `, `"~0":`, `"a\"b",`, `""`, `"a" ,`, `"é",`, `"open`} {
		if e := quickString([]byte(c), 0, true); e >= 0 {
			t.Errorf("%q: quickString took it (%d)", c, e)
		}
	}
	// a value's two-byte escapes are read on; a \u escape, one cut
	// after its backslash and a bad one are exactString's
	for _, c := range []string{`"b\n",`, `"\"q\"\\"]`, `"a\/b\t"}`} {
		if e := quickString([]byte(c), 0, false); e != len(c)-1 {
			t.Errorf("%q: quickString %d", c, e)
		}
		if e := quickString([]byte(c), 0, true); e >= 0 {
			t.Errorf("%q as a key: quickString took it (%d)", c, e)
		}
	}
	for _, c := range []string{`"\u0041",`, `"ab\`, `"a\x",`} {
		if e := quickString([]byte(c), 0, false); e >= 0 {
			t.Errorf("%q: quickString took it (%d)", c, e)
		}
	}
}
