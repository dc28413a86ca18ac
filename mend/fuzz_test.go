package mend

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"unicode/utf8"
)

func fuzzSeeds(f *testing.F) {
	for _, s := range []string{
		`{"a":1}`, `[1,2,{"b":[true,false,null]}]`, `"x\u00e9\"y"`, `-0.5e+3`, ` {} `,
		`{'a':'b',}`, `{a:1 b:2}`, "```json\n{\"a\":1}\n```", `{"a":"b`, `[1,2`, `True`, `{"a":"x"y"}`,
		`{"a": hello world}`, "{\"a\":1}\n{\"b\":2}", `/* c */ [1] // d`, `[+1, .5, 2., 0789]`, `"a\qb"`,
		"\"a\nb\"", `{"a":NaN}`, `Here: {"a":[1,` + "\xff" + `]}`, `{"a":"b,"c":"d"}`, `["x]`,
		`{\"a\": \"b \\\"c\\\"\", \"d\": [1,\n2]}`, `\"x\\"y\"`, `[\"a\",`,
	} {
		f.Add([]byte(s))
	}
}

// FuzzReaderAgainstEncodingJSON: the reader and encoding/json agree on
// what is valid JSON, and valid JSON comes back byte for byte, exact.
// (Text that is not UTF-8 is valid for encoding/json and repaired here:
// RFC 8259 requires UTF-8.)
func FuzzReaderAgainstEncodingJSON(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		p := Analyze(in, Options{Profile: ProfileStrict})
		valid := json.Valid(in) && utf8.Valid(in)
		if p.ValidJSON != valid {
			t.Fatalf("%q: valid_json %v, encoding/json says %v (repairs %+v)", in, p.ValidJSON, valid, p.Repairs)
		}
		if valid && (p.Text != string(in) || p.Exactness != Exact || p.Decision != DecisionExecute) {
			t.Fatalf("%q: valid JSON came back as %q, %s, %s", in, p.Text, p.Exactness, p.Decision)
		}
	})
}

// FuzzRepairIsJSON: whatever the input, a repair is valid UTF-8 JSON, or
// an error with a code; nothing panics.
func FuzzRepairIsJSON(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, o := range []Options{{Profile: ProfileLenient}, {Profile: ProfileLenient, SkipProse: true}} {
			res, err := Repair(in, o)
			if err != nil {
				if e, ok := err.(*Error); !ok || e.Code == "" || e.RetryHint == "" {
					t.Fatalf("%q: error without a code or hint: %v", in, err)
				}
				continue
			}
			if !json.Valid([]byte(res.Text)) || !utf8.ValidString(res.Text) {
				t.Fatalf("%q (skip_prose %v): repair is not JSON: %q", in, o.SkipProse, res.Text)
			}
			if res.Exactness == Exact && res.Text != string(in) {
				t.Fatalf("%q: exact but changed to %q", in, res.Text)
			}
			// A repair of a repair changes nothing.
			again, err := Repair([]byte(res.Text), Options{Profile: ProfileStrict})
			if err != nil || again.Text != res.Text {
				t.Fatalf("%q: the repair %q is not stable: %v", in, res.Text, err)
			}
		}
		_ = Analyze(in, Options{})
	})
}

// FuzzReadinessPrefixes: on every prefix of a valid value, readiness never
// decreases and reaches 1000 only at the end of the value.
func FuzzReadinessPrefixes(f *testing.F) {
	fuzzSeeds(f)
	d, err := ParseCompact(`{!a:integer,!b:string,c:any}`)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 512 || !json.Valid(in) || !utf8.Valid(in) {
			return
		}
		end := len(in)
		for end > 0 && isSpace(in[end-1]) {
			end--
		}
		if isDigit(in[end-1]) {
			return // a top-level number: every prefix of it is a whole value (README.md, "Readiness")
		}
		prev := ReadinessResult{}
		for n := 0; n <= len(in); n++ {
			r, err := Readiness(in[:n], Options{Declaration: d})
			if err != nil {
				t.Fatal(err)
			}
			if r.SyntaxPermille < prev.SyntaxPermille || r.SchemaPermille < prev.SchemaPermille || r.SettledPermille < prev.SettledPermille {
				t.Fatalf("%q: prefix %d decreases: %+v after %+v", in, n, r, prev)
			}
			if (r.SyntaxPermille == 1000) != (n >= end) {
				t.Fatalf("%q: prefix %d of %d: syntax_permille %d", in, n, end, r.SyntaxPermille)
			}
			prev = *r
		}
	})
}

// FuzzIncrementalChunks: fed in chunks cut where the fuzzer says, the
// incremental reader ends where Repair of the whole text does, and its
// snapshot at the last cut is Repair of the text so far.
func FuzzIncrementalChunks(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 4096 {
			return
		}
		// The cuts come from the text itself, so that the fuzzer can
		// move them: every byte whose value is odd ends a chunk.
		for _, opts := range []Options{{Profile: ProfileLenient}, {}} {
			s := NewIncremental(opts)
			prev := 0
			for k := range in {
				if in[k]&1 == 1 {
					s.Feed(in[prev : k+1])
					prev = k + 1
				}
			}
			if got, want := outcome(s.Snapshot()), outcome(Repair(in[:prev], opts)); got != want {
				t.Fatalf("%q: snapshot after %d bytes:\n got %s\nwant %s", in, prev, got, want)
			}
			s.Feed(in[prev:])
			if got, want := outcome(s.Finish()), outcome(Repair(in, opts)); got != want {
				t.Fatalf("%q:\n got %s\nwant %s", in, got, want)
			}
		}
	})
}

// FuzzWatchChunks: fed in the chunks the fuzzer cuts, a watcher reports
// the same events and final result as fed in one chunk, its deltas
// rebuild the final value, and nothing panics.
func FuzzWatchChunks(f *testing.F) {
	fuzzSeeds(f)
	decl, err := ParseCompact(`{!query:string,limit:integer,tags:[string]}`)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 2048 {
			return
		}
		feeds, fin2 := chunkingAgrees(t, in, Options{Profile: ProfileLenient, Declaration: decl})
		if fin2.Final == nil {
			return
		}
		var all []Delta
		for _, f := range feeds {
			all = append(all, f.Deltas...)
			// the wire form: AppendJSON writes encoding/json's bytes
			if got, want := f.AppendJSON(make([]byte, 0, 64)), encodedFeed(t, f); !bytes.Equal(got, want) {
				t.Fatalf("%q: AppendJSON wrote\n%s\nencoding/json\n%s", in, got, want)
			}
		}
		all = append(all, fin2.Deltas...)
		got, err := applyDeltas(all)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		want := decodeValue(t, string(fin2.Final.Value))
		if !reflect.DeepEqual(normNumbers(got), want) {
			t.Fatalf("%q: deltas give %#v, final %s", in, got, fin2.Final.Value)
		}
	})
}

// chunkingAgrees watches in as one chunk and cut where fuzzCuts says,
// fails the test when the events or the final texts differ, and
// returns the cut run's feeds and final.
func chunkingAgrees(t *testing.T, in []byte, opts Options) ([]*WatchFeed, *WatchFinal) {
	t.Helper()
	cuts := fuzzCuts(in, 1)
	_, fin1, ev1 := watchAll(in, nil, opts)
	feeds, fin2, ev2 := watchAll(in, cuts, opts)
	a, _ := json.Marshal(ev1)
	b, _ := json.Marshal(ev2)
	if string(a) != string(b) {
		t.Fatalf("%q cuts %v: events\n one %s\n  cut %s", in, cuts, a, b)
	}
	if (fin1.Final == nil) != (fin2.Final == nil) || fin1.Final != nil && fin1.Final.Text != fin2.Final.Text {
		t.Fatalf("%q: finals differ", in)
	}
	return feeds, fin2
}

// FuzzLLMEvents: any sequence of payloads (the fuzzer's text split at
// newlines), for every provider, is decoded without a panic, and run
// gives what open, feed and close give.
func FuzzLLMEvents(f *testing.F) {
	for _, name := range []string{"anthropic_parallel.jsonl", "openai_parallel.jsonl", "responses_function_call.jsonl", "anthropic_max_tokens.jsonl"} {
		b, err := os.ReadFile("testdata/llm/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 8192 {
			return
		}
		events := bytes.Split(in, []byte("\n"))
		for _, p := range []Provider{ProviderAnthropic, ProviderOpenAI, ProviderOpenAIResponses} {
			o := LLMOptions{Provider: p, MaxCalls: 8}
			s, err := NewLLMStream(o)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range events {
				s.Feed(e)
			}
			a, _ := json.Marshal(s.Close())
			res, err := RunLLM(o, events)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(res)
			if string(a) != string(b) {
				t.Fatalf("%s: run differs from open/feed/close", p)
			}
		}
	})
}

// fuzzCuts cuts the fuzzer's input in after every byte b with b&mask == 1
// (but not at its end), so that the input itself says where its chunks
// end.
func fuzzCuts(in []byte, mask byte) []int {
	var cuts []int
	for k := range in {
		if in[k]&mask == 1 {
			cuts = append(cuts, k+1)
		}
	}
	if n := len(cuts); n > 0 && cuts[n-1] == len(in) {
		cuts = cuts[:n-1]
	}
	return cuts
}
