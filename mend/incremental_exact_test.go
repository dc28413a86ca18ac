package mend

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unsafe"
)

// feedTrace feeds text in the chunks cuts gives to a watcher and to a
// bare incremental reader, and renders everything either returns: each
// feed, the bytes kept and the step, the snapshot at the last cut, the
// finish.
func feedTrace(text []byte, cuts []int, opts Options) string {
	var b []byte
	w := NewWatcher(opts)
	s := NewIncremental(opts)
	prev := 0
	for _, c := range append(cuts, len(text)) {
		f, _ := json.Marshal(w.Feed(text[prev:c]))
		s.Feed(text[prev:c])
		b = append(b, f...)
		b = append(b, fmt.Sprintf(" kept=%d/%d retried=%d/%d\n", w.s.Kept(), s.Kept(), w.s.retried, s.retried)...)
		prev = c
	}
	b = append(b, outcome(s.Snapshot())...)
	b = append(b, s.Step()...)
	b = append(b, outcome(s.Finish())...)
	fin, _ := json.Marshal(w.Finish())
	return string(append(b, fin...))
}

// tracesAgree reports where the exact steps and the general reader part
// on text, "" when they agree; the general reader lets the input go at
// every chunk, the exact steps once 24 bytes are let go (trimBatch).
func tracesAgree(text []byte, cuts []int, opts Options) string {
	defer func(b int) { trimBatch = b }(trimBatch)
	exactOff, trimBatch = true, 1
	general := feedTrace(text, cuts, opts)
	exactOff, trimBatch = false, 24
	exact := feedTrace(text, cuts, opts)
	if general == exact {
		return ""
	}
	return fmt.Sprintf("general reader:\n%s\nexact steps:\n%s", general, exact)
}

// TestExactStepsAreTheReaders: the exact steps (incremental_exact.go)
// and the general reader's steps give the same feeds, events, deltas,
// bytes kept, snapshots and final results, on every input of the
// incremental tests, in one chunk, a byte at a time and at random cuts,
// with and without a declaration.
func TestExactStepsAreTheReaders(t *testing.T) {
	rng := rand.New(rand.NewSource(26))
	compact := mustCompact(t, toolDecl)
	doc := validDoc()
	ins := append(incrementalInputs(t), string(doc[:2500]),
		`{"a~/b": {"c\"d": [1, "x\u00e9\ud83d\ude00", {"e": null}]}, "f": -1.5e3, "g": [[], {}, [{}]]}`,
		"{\"k\": \"caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac\", \"l\": [\"\xf0\x9f\x98\x80\"],\n\"m\" :\r\n true\t,\"n\":false }",
		`{"a": 1, "b": 01, "c": 1.e5, "d": -, "e": tru, "f": "x\q", "g": ""x"", "h": "a" + "b"}`,
		`[1,2,]`, `{"a":1,}`, `{"a" 1}`, `[1 2]`, `{"a":[}`, `{"a":1]`, `[{"a":1}}`, `[nul]`, `[true x]`, `[1x]`, `[-]`)
	for n, in := range ins {
		text := []byte(in)
		for _, decl := range []Declaration{nil, compact} {
			opts := Options{Declaration: decl, Profile: ProfileLenient}
			chunkings := [][]int{nil, randomCuts(rng, len(text), 4), randomCuts(rng, len(text), 30)}
			if len(text) <= 300 {
				chunkings = append(chunkings, everyByte(len(text))[min(1, len(text)):])
			}
			for _, cuts := range chunkings {
				if d := tracesAgree(text, cuts, opts); d != "" {
					t.Fatalf("case %d %q, cuts %v:\n%s", n, in, cuts, d)
				}
			}
		}
	}
}

// FuzzExactSteps: on any text cut anywhere the fuzzer says, the exact
// steps and the general reader agree on everything (as in
// TestExactStepsAreTheReaders).
func FuzzExactSteps(f *testing.F) {
	fuzzSeeds(f)
	f.Add([]byte(`{"a": [1, -2.5e3, "x\u00e9", true, null], "b": {"c": ""}}`))
	decl, err := ParseCompact(`{!query:string,limit:integer,tags:[string]}`)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 2048 {
			return
		}
		cuts := fuzzCuts(in, 3)
		if d := tracesAgree(in, cuts, Options{Declaration: decl, Profile: ProfileLenient}); d != "" {
			t.Fatalf("%q cuts %v:\n%s", in, cuts, d)
		}
	})
}

// TestWatchFeedAllocations: in steady state, feeding valid JSON in
// 64-byte chunks allocates a fraction of an allocation per chunk (the
// blocks the paths and keys are carved from, the output's frozen
// blocks; a feed's lists are reused), not one per token; without
// deltas, less still. Measured: 0.27 and 0.011.
func TestWatchFeedAllocations(t *testing.T) {
	doc := validDoc()
	const chunks = 2048
	for _, c := range []struct {
		name string
		skip bool
		max  float64 // allocations per chunk
	}{
		{"deltas", false, 0.4},
		{"events only", true, 0.05},
	} {
		w := NewWatcher(Options{})
		if c.skip {
			w.SkipDeltas()
		}
		at := 0
		feed := func() {
			for k := 0; k < chunks; k++ {
				w.Feed(doc[at : at+64])
				at += 64
			}
		}
		feed() // steady state: the stack and the buffers have their size
		perRun := testing.AllocsPerRun(3, feed)
		per := perRun / chunks
		t.Logf("%s: %.3f allocations per chunk", c.name, per)
		if per > c.max {
			t.Errorf("%s: %.3f allocations per 64-byte chunk, want at most %v", c.name, per, c.max)
		}
	}
}

// TestFrozenOutputIsTheSame: with the output frozen every few bytes
// (incremental_exact.go), the feeds, events, deltas, snapshots, final
// results and LLM calls are those of one buffer, for every input of the
// incremental tests, chunkings and declarations, and the fixtures'
// streams.
func TestFrozenOutputIsTheSame(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	compact := mustCompact(t, toolDecl)
	order := shapeDecl(t, watchSmithy, "example.watch#Order")
	doc := validDoc()
	ins := append(incrementalInputs(t), string(doc[:3000]), `{"sku": "ABC-12", "quantity": 7, "tags": [`+strings.Repeat(`"x", `, 40)+`"y"], "note": "`+strings.Repeat("n", 200)+`"}`,
		`[1, 2] [3, `+strings.Repeat("4, ", 50)+`5] {"a": 1}`, `{"a": [1, 2, 3,`+strings.Repeat(" ", 100)+`], "b": "`+strings.Repeat("b", 100)+`"}`)
	defer func(w, b int) { outWindow, trimBatch = w, b }(outWindow, trimBatch)
	trimBatch = 1 // the output is frozen as the input is let go, at every chunk
	for n, in := range ins {
		text := []byte(in)
		for _, decl := range []Declaration{nil, compact, order} {
			opts := Options{Declaration: decl, Profile: ProfileLenient}
			for _, cuts := range [][]int{nil, randomCuts(rng, len(text), 6), randomCuts(rng, len(text), 60)} {
				outWindow = 1 << 30
				one := feedTrace(text, cuts, opts)
				outWindow = 16
				frozen := feedTrace(text, cuts, opts)
				if one != frozen {
					t.Fatalf("case %d %q cuts %v:\none buffer:\n%s\nfrozen:\n%s", n, in, cuts, one, frozen)
				}
			}
		}
	}
	for _, name := range []string{"anthropic_parallel.jsonl", "openai_parallel.jsonl", "responses_function_call.jsonl", "anthropic_max_tokens.jsonl"} {
		events := loadEvents(t, name)
		run := func() string {
			var b []byte
			s, _ := NewLLMStream(LLMOptions{Provider: providerOf(name), Tools: llmTools(t)})
			for _, e := range events {
				f, _ := json.Marshal(s.Feed(e))
				b = append(b, f...)
			}
			c, _ := json.Marshal(s.Close())
			return string(append(b, c...))
		}
		outWindow = 1 << 30
		one := run()
		outWindow = 16
		if frozen := run(); frozen != one {
			t.Fatalf("%s:\none buffer:\n%s\nfrozen:\n%s", name, one, frozen)
		}
	}
}

// TestFrozenBlocksShareArrays: freezing the output costs no allocation
// while its array has room: the reader goes on in the rest of the same
// array, so consecutive frozen blocks lie end to end in memory, and a
// new array (two windows) is taken only when one is nearly full. A 1 MB
// feed in 64-byte chunks then uses about one array for each two windows
// of output (a fresh array at every freeze before: one per window), and
// the blocks read the same after the finish (TestWatchKeptRecordsStay
// checks the records pointing into them).
func TestFrozenBlocksShareArrays(t *testing.T) {
	doc := validDoc()
	w := NewWatcher(Options{})
	for k := 0; k < len(doc); k += 64 {
		w.Feed(doc[k:min(k+64, len(doc))])
	}
	s := w.s
	if len(s.frozen) < 8 {
		t.Fatalf("%d frozen blocks for %d bytes of output: the test needs several", len(s.frozen), s.outBase)
	}
	arrays := 1
	var copies []string
	for i, b := range s.frozen {
		copies = append(copies, string(b))
		if i > 0 {
			prev := s.frozen[i-1]
			if unsafe.SliceData(b) != (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(prev)), len(prev))) {
				arrays++
			}
		}
	}
	// the first array is the one the buffer doubled into before the
	// first freeze; each later one holds at least 2*outWindow - outWindow/8
	most := 2 + s.outBase/(2*outWindow-outWindow/8)
	t.Logf("%d frozen blocks in %d arrays for %d bytes", len(s.frozen), arrays, s.outBase)
	if arrays > most {
		t.Errorf("%d frozen blocks in %d arrays for %d bytes of output, want at most %d", len(s.frozen), arrays, s.outBase, most)
	}
	fin := w.Finish()
	if fin.Final == nil || fin.Final.Text != string(doc) {
		t.Fatalf("final: %v", fin.Error)
	}
	for i, b := range s.frozen {
		if string(b) != copies[i] {
			t.Fatalf("frozen block %d changed after the finish", i)
		}
	}
}

// providerOf names the provider of a fixture by its file name.
func providerOf(name string) Provider {
	switch {
	case strings.HasPrefix(name, "anthropic"):
		return ProviderAnthropic
	case strings.HasPrefix(name, "responses"):
		return ProviderOpenAIResponses
	}
	return ProviderOpenAI
}

// TestPlainEnd: the eight-bytes-at-a-time scan of a string's plain run
// stops where the byte-at-a-time one does, for every byte value at
// every place in and after a word, from every start.
func TestPlainEnd(t *testing.T) {
	for c := 0; c < 256; c++ {
		for at := 0; at < 19; at++ {
			b := []byte(strings.Repeat("a", 19))
			b[at] = byte(c)
			for from := 0; from <= at; from++ {
				want := at
				if plain[c] {
					want = len(b)
				}
				if got := plainEnd(b, from); got != want {
					t.Fatalf("byte %#x at %d, from %d: plainEnd %d, want %d", c, at, from, got, want)
				}
			}
		}
	}
}
