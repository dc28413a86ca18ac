package mend

import (
	"bytes"
	"encoding/json"
	"math/rand"
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
	for k := 0; k < 200; k++ {
		b := make([]byte, rng.Intn(12))
		for i := range b {
			b[i] = byte(rng.Intn(256))
		}
		strs = append(strs, string(b))
	}
	for _, s := range strs {
		v, _ := json.Marshal(s)
		f := &WatchFeed{
			Deltas: []Delta{{Path: s, Op: OpAppend, Text: s, At: 3}, {Path: "/a", Op: OpRevise, Value: v, Text: s},
				{Path: "/a", Op: OpEnd, Value: nil}, {Path: "/b", Op: OpSet, Value: json.RawMessage(" { \"k\" :\n [ 1 , \"x y\\\" \" ] }\t")}},
			Events: []Event{{Kind: EventMemberStarted, Path: s, Key: s, At: 1, Permille: 10}, {Kind: EventComplete, Value: v},
				{Kind: EventViolation, Path: "/x", Finding: &Finding{Message: s, Path: s}}},
			Bytes: len(s),
		}
		if got, want := f.AppendJSON(nil), encodedFeed(t, f); !bytes.Equal(got, want) {
			t.Fatalf("%q: AppendJSON wrote\n%s\nencoding/json\n%s", s, got, want)
		}
		feeds++
	}
	if got, want := (&WatchFeed{}).AppendJSON(nil), encodedFeed(t, &WatchFeed{}); !bytes.Equal(got, want) {
		t.Fatalf("empty feed: %s, want %s", got, want)
	}
	if feeds < 1000 {
		t.Fatalf("only %d feeds compared", feeds)
	}
}
