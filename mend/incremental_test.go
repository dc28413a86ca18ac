package mend

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// chunked feeds text to a new Incremental in the chunks that cuts gives
// (offsets, increasing) and returns it, unfinished.
func chunked(text []byte, cuts []int, opts Options) *Incremental {
	s := NewIncremental(opts)
	prev := 0
	for _, c := range cuts {
		s.Feed(text[prev:c])
		prev = c
	}
	s.Feed(text[prev:])
	return s
}

// randomCuts returns up to n random cut offsets of a text of length l.
func randomCuts(rng *rand.Rand, l, n int) []int {
	if l == 0 {
		return nil
	}
	seen := map[int]bool{}
	for k := 0; k < n; k++ {
		seen[rng.Intn(l+1)] = true
	}
	var cuts []int
	for c := 0; c <= l; c++ {
		if seen[c] {
			cuts = append(cuts, c)
		}
	}
	return cuts
}

func everyByte(l int) []int {
	cuts := make([]int, l)
	for k := range cuts {
		cuts[k] = k
	}
	return cuts
}

// outcome renders a result or an error for comparison: every field,
// positions included.
func outcome(res *Result, err error) string {
	if err != nil {
		e, ok := err.(*Error)
		if !ok {
			return "error: " + err.Error()
		}
		b, _ := json.Marshal(e)
		return "error: " + string(b)
	}
	b, _ := json.Marshal(res)
	return string(b)
}

func incrementalInputs(t testing.TB) []string {
	var ins []string
	for _, c := range loadCorpus(t) {
		ins = append(ins, c.Input)
	}
	for _, s := range []string{
		`{"a":1}`, `[1,2,{"b":[true,false,null]}]`, `"x\u00e9\"y"`, `-0.5e+3`, ` {} `,
		`{'a':'b',}`, `{a:1 b:2}`, "```json\n{\"a\":1}\n```", `{"a":"b`, `[1,2`, `True`, `{"a":"x"y"}`,
		`{"a": hello world}`, "{\"a\":1}\n{\"b\":2}", `/* c */ [1] // d`, `[+1, .5, 2., 0789]`, `"a\qb"`,
		"\"a\nb\"", `{"a":NaN}`, `Here: {"a":[1,` + "\xff" + `]}`, `{"a":"b,"c":"d"}`, `["x]`,
		`{\"a\": \"b \\\"c\\\"\", \"d\": [1,\n2]}`, `\"x\\"y\"`, `[\"a\",`, "{\"é\u2028\":\"\u201cq\u201d\", b:`t´}",
		"{\"query\": \"smithy\", \"limit\": 10, \"tags\": [\"a\", \"b\",], // done\n}", `[1 2 3] [4]`, `{"a":[1,,2],}`,
		`{"a":"line\` + "\n" + `two"}`, `Sure! Here it is: {"a": 1} Hope this helps.`, "\xef\xbb\xbf{\"a\":1}",
		`{"a": "24" screen", "b": 2}`, `{"x": 1e5, "y": -, "z": tru`, `{"k": "\ud83d\ude00 \u12`,
		"[\"a\" /* x */ + \"b\", \"c\" // y\n+ \"d\", \"e\" + // z\n\"f\"]", `{"_id": ObjectId("5f1d"), "n": NumberLong("2")}`,
		"[\"s\" + /* long " + strings.Repeat("comment ", 40) + "*/ \"t\", 1 // " + strings.Repeat("c", 300) + "\n]",
		`{"_id": ObjectId("5f1d"), "n": NumberLong( '7' ), "i": NumberInt(-5e2), "s": "a" + /* c */ 'b' +` + "\n" + ` "c"}`,
	} {
		ins = append(ins, s)
	}
	return ins
}

// TestIncrementalEqualsRepair: whatever the chunking (one chunk, a byte
// at a time, random cuts), Finish returns what Repair returns for the
// concatenated text, in every profile, and after each chunk Snapshot
// returns what Repair returns for the text so far.
func TestIncrementalEqualsRepair(t *testing.T) {
	rng := rand.New(rand.NewSource(25))
	profiles := []Options{{Profile: ProfileLenient}, {Profile: ProfileExecution}, {Profile: ProfileLenient, SkipProse: true}}
	for n, in := range incrementalInputs(t) {
		text := []byte(in)
		for pi, opts := range profiles {
			want := outcome(Repair(text, opts))
			chunkings := map[string][]int{"whole": nil, "bytes": everyByte(len(text))}
			for k := 0; k < 3; k++ {
				chunkings[fmt.Sprintf("random%d", k)] = randomCuts(rng, len(text), 1+rng.Intn(8))
			}
			for name, cuts := range chunkings {
				s := chunked(text, cuts, opts)
				if got := outcome(s.Finish()); got != want {
					t.Fatalf("case %d %q, options %d, chunking %s %v:\n got %s\nwant %s", n, in, pi, name, cuts, got, want)
				}
			}
		}
	}
}

// TestIncrementalSnapshots: after every byte, the value so far is what
// Repair reads in the text so far.
func TestIncrementalSnapshots(t *testing.T) {
	opts := Options{Profile: ProfileLenient}
	for n, in := range incrementalInputs(t) {
		if len(in) > 300 {
			continue
		}
		text := []byte(in)
		s := NewIncremental(opts)
		for k := 0; k < len(text); k++ {
			s.Feed(text[k : k+1])
			want := outcome(Repair(text[:k+1], opts))
			if got := outcome(s.Snapshot()); got != want {
				t.Fatalf("case %d %q after %d bytes:\n got %s\nwant %s", n, in, k+1, got, want)
			}
		}
		if got, want := outcome(s.Finish()), outcome(Repair(text, opts)); got != want {
			t.Fatalf("case %d %q: finish after snapshots:\n got %s\nwant %s", n, in, got, want)
		}
	}
}

// TestIncrementalKeepsLittle: fed a large value in 64-byte chunks, the
// reader holds the unfinished token, not the text consumed.
func TestIncrementalKeepsLittle(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"items": [`)
	for k := 0; k < 20000; k++ {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"id": %d, "name": "item number %d", "tags": ["a", "b"], "ok": true}`, k, k)
	}
	b.WriteString(`], "long": "` + strings.Repeat("x", 5000) + `"}`)
	text := []byte(b.String())
	s := NewIncremental(Options{})
	most := 0
	for k := 0; k < len(text); k += 64 {
		end := min(k+64, len(text))
		s.Feed(text[k:end])
		if s.Kept() > most {
			most = s.Kept()
		}
		if k < len(text)-6000 && s.Kept() > 200 {
			t.Fatalf("after %d bytes the reader keeps %d bytes of input", end, s.Kept())
		}
		// the input let go leaves the buffer in batches of trimBatch
		if held := len(s.r.in); held > s.Kept()+trimBatch+64 {
			t.Fatalf("after %d bytes the reader's buffer holds %d bytes for %d kept", end, held, s.Kept())
		}
	}
	// The 5000-byte string is kept whole until its closing quote.
	if most < 4900 || most > 5200 {
		t.Fatalf("the most kept was %d bytes, want about the long string's 5000 (a chunk more at most)", most)
	}
	res, err := s.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if res.Text != string(text) || res.Exactness != Exact {
		t.Fatalf("valid JSON came back changed (%s)", res.Exactness)
	}
}

// TestIncrementalLimits: the size and depth limits are Repair's.
func TestIncrementalLimits(t *testing.T) {
	big := []byte(`["` + strings.Repeat("a", 100) + `"]`)
	opts := Options{MaxSize: 50}
	s := chunked(big, []int{10, 60}, opts)
	if s.Err() == nil || s.Err().Code != CodeLimit {
		t.Fatalf("over the size limit: Err %v", s.Err())
	}
	if got, want := outcome(s.Finish()), outcome(Repair(big, opts)); got != want {
		t.Fatalf("size: got %s want %s", got, want)
	}
	deep := []byte(strings.Repeat("[", 40))
	opts = Options{MaxDepth: 30, Profile: ProfileLenient}
	s = chunked(deep, everyByte(len(deep)), opts)
	if s.Err() == nil || s.Err().Code != CodeLimit || s.Err().Offset != 30 {
		t.Fatalf("over the depth limit: Err %v", s.Err())
	}
	if got, want := outcome(s.Finish()), outcome(Repair(deep, opts)); got != want {
		t.Fatalf("depth: got %s want %s", got, want)
	}
	if _, err := s.Finish(); err == nil {
		t.Fatal("a second Finish succeeded")
	}
}
