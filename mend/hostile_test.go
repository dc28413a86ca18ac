package mend

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestHostile: inputs built to hurt get a clear error or a bounded
// result, never a panic or an unbounded list.
func TestHostile(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts Options
		code string // "" when it is read
	}{
		{"deep arrays", strings.Repeat("[", 1_000_000), Options{Profile: ProfileLenient}, CodeLimit},
		{"deep objects", strings.Repeat(`{"a":`, 200_000), Options{Profile: ProfileLenient}, CodeLimit},
		{"deep within the limit", strings.Repeat("[", 999), Options{Profile: ProfileLenient}, ""},
		{"over the size limit", strings.Repeat(" ", 1<<20) + "1", Options{MaxSize: 1 << 20}, CodeLimit},
		{"only a BOM and spaces", "\ufeff \u00a0 ", Options{}, CodeNoValue},
		{"unterminated comment", "/* never closed", Options{}, CodeNoValue},
		{"many brackets closing nothing", "{}" + strings.Repeat("]", 100_000), Options{}, ""},
		{"a lone quote", `"`, Options{Profile: ProfileLenient}, ""},
		{"NUL bytes", "[\x00\x00]", Options{Profile: ProfileLenient}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Repair([]byte(tt.in), tt.opts)
			var e *Error
			switch {
			case tt.code == "" && err != nil:
				t.Errorf("%s: %v", tt.name, err)
			case tt.code != "" && (!errors.As(err, &e) || e.Code != tt.code):
				t.Errorf("%s: got %v, want %s", tt.name, err, tt.code)
			case tt.code == "" && len(res.Repairs) > 1000:
				t.Errorf("%s: %d repairs listed", tt.name, len(res.Repairs))
			}
		})
	}
}

// TestRepairsTruncated: past MaxRepairs the list stops, the count and the
// classes do not, and a lossy repair past the list is still refused.
func TestRepairsTruncated(t *testing.T) {
	in := "[" + strings.Repeat("'a',", 3000) + "'b']"
	res, err := Repair([]byte(in), Options{})
	if err != nil || len(res.Repairs) != 1000 || !res.RepairsTruncated || res.Exactness != Cosmetic {
		t.Fatalf("got %v, %d repairs, truncated %v", err, len(res.Repairs), res.RepairsTruncated)
	}
	_, err = Repair([]byte(in[:len(in)-2]), Options{}) // cut: the truncation is repair 3002
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeLossy {
		t.Errorf("a lossy repair past the list: %v, want E010", err)
	}
}

// TestIncrementalLongUnfinishedStep: a long string with a repair near its
// start (no plain scan to resume) and long prose, fed in 64-byte chunks,
// cost work linear in their length, not quadratic.
func TestIncrementalLongUnfinishedStep(t *testing.T) {
	const n = 4 << 20
	for _, tc := range []struct{ name, head, body, tail string }{
		{"string with an invalid escape", `{"path": "C:\q`, "a", `"}`},
		{"string with a control character", "[\"\t", "b", `"]`},
		{"single-quoted string", `['`, "c", `']`},
		{"prose before the value", `Here it is`, " word", `{"a": 1}`},
	} {
		text := []byte(tc.head + strings.Repeat(tc.body, n/len(tc.body)) + tc.tail)
		s := NewIncremental(Options{Profile: ProfileLenient})
		for k := 0; k < len(text); k += 64 {
			s.Feed(text[k:min(k+64, len(text))])
		}
		if s.retried > 4*len(text)+retryBound*retryBound/64 {
			t.Errorf("%s: %d bytes taken again for %d bytes fed", tc.name, s.retried, len(text))
		}
		got, err := s.Finish()
		want, werr := Repair(text, Options{Profile: ProfileLenient})
		if (err == nil) != (werr == nil) || err == nil && got.Text != want.Text {
			t.Errorf("%s: finish differs from Repair", tc.name)
		}
	}
}

// TestLLMLongArguments: a call whose arguments run to 4 MB in 64-byte
// deltas is decoded in linear work: past 64 KiB a feed does not read the
// arguments again.
func TestLLMLongArguments(t *testing.T) {
	const n = 4 << 20
	s, _ := NewLLMStream(LLMOptions{Provider: ProviderOpenAIResponses})
	s.Feed([]byte(`{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":"fc","call_id":"c","name":"write","arguments":""}}`))
	args := `{"path": "C:\\q", "text": "` + strings.Repeat("x", n) + `"}`
	omitted := 0
	for k := 0; k < len(args); k += 64 {
		piece, _ := json.Marshal(args[k:min(k+64, len(args))])
		f := s.Feed([]byte(`{"type":"response.function_call_arguments.delta","item_id":"fc","output_index":0,"delta":` + string(piece) + `}`))
		if len(f.Calls) != 1 {
			t.Fatalf("feed %d touched %d calls", k, len(f.Calls))
		}
		if f.Calls[0].ValueOmitted {
			omitted++
		}
	}
	whole, _ := json.Marshal(args)
	s.Feed([]byte(`{"type":"response.function_call_arguments.done","item_id":"fc","output_index":0,"arguments":` + string(whole) + `}`))
	s.Feed([]byte(`{"type":"response.completed","response":{"status":"completed"}}`))
	res := s.Close()
	c := res.Calls[0]
	if omitted == 0 || !c.Done || c.End != EndComplete || c.ValueOmitted || len(c.Value) < n {
		t.Fatalf("omitted %d, call %s done=%v omitted=%v %d bytes, %v", omitted, c.End, c.Done, c.ValueOmitted, len(c.Value), c.Error)
	}
	if c.w.s.retried > 4*len(args)+retryBound*retryBound/64 {
		t.Fatalf("%d bytes taken again", c.w.s.retried)
	}
}

// TestWatchLongUnfinishedStep: the watcher's previews of a long string
// with a repair in it stay linear too.
func TestWatchLongUnfinishedStep(t *testing.T) {
	text := []byte(`{"path": "C:\q` + strings.Repeat("a", 4<<20) + `"}`)
	w := NewWatcher(Options{Profile: ProfileLenient})
	for k := 0; k < len(text); k += 64 {
		w.Feed(text[k:min(k+64, len(text))])
	}
	if fin := w.Finish(); fin.Final == nil || w.s.retried > 4*len(text)+retryBound*retryBound/64 {
		t.Fatalf("final %v, %d bytes taken again", fin.Error, w.s.retried)
	}
}

// TestRetriedStringsCostLittle: an open string with repairs in it (the
// retryCases: invalid UTF-8 as key and value, an invalid escape, a
// control character, single quotes) fed a byte at a time is taken again
// at each chunk, but a try allocates no more than a repair's message once
// the first has grown the buffers (the whole feed allocates at most 4
// times what one chunk does plus 128 bytes a byte: a try grew the
// output's and the repairs' arrays again, 573 MB for a 2 KiB key, 280 KB
// a byte), and past retryBound the doubling rule
// holds even when the string's first bytes were plain (64 KiB read
// 2.1 G bytes again; now at most retryBound²/2 plus a few times the
// text); a string with a repair at every byte is taken again at every
// chunk only up to about retryBound/repairCost bytes (16 KiB of invalid
// UTF-8 read 134 M bytes again, 64 times what 2 KiB did; now 494 K).
func TestRetriedStringsCostLittle(t *testing.T) {
	feed := func(text []byte, chunk int) *Incremental {
		s := NewIncremental(Options{Profile: ProfileLenient})
		for k := 0; k < len(text); k += chunk {
			s.Feed(text[k:min(k+chunk, len(text))])
		}
		s.Finish()
		return s
	}
	for _, tc := range retryCases {
		small := retryText(tc.head, tc.body, tc.tail, 2<<10)
		one := allocated(func() { feed(small, len(small)) })
		bytewise := allocated(func() { feed(small, 1) })
		if bytewise > 4*one+128*uint64(len(small)) {
			t.Errorf("%s: %d bytes allocated a byte at a time, %d in one chunk", tc.name, bytewise, one)
		}
		if tc.dense {
			// a repair a byte: taken again at every chunk only up to
			// about retryBound/repairCost, so 8 times the text is read
			// again about as often (quadratic: 64 times)
			mid := retryText(tc.head, tc.body, tc.tail, 16<<10)
			if a, b := feed(small, 1).retried, feed(mid, 1).retried; b > 4*a {
				t.Errorf("%s: %d bytes taken again for 16 KiB fed a byte at a time, %d for 2 KiB", tc.name, b, a)
			}
		}
		large := retryText(tc.head, tc.body, tc.tail, 64<<10)
		if s := feed(large, 1); s.retried > 4*len(large)+retryBound*retryBound/2 {
			t.Errorf("%s: %d bytes taken again for %d fed a byte at a time", tc.name, s.retried, len(large))
		}
	}
}

// TestLLMArgumentsOverLimitNotKept: a call's arguments that pass the size
// limit are refused (E020, the bytes fed counted) and no longer kept: the
// stream kept every delta of them (a 300 MB stream of deltas took 1.3 GB,
// an endless one grew until memory ran out). A .done that repeats a text
// after the limit does not bring the call back.
func TestLLMArgumentsOverLimitNotKept(t *testing.T) {
	const limit, piece, pieces = 64 << 10, 1 << 10, 1024 // 1 MiB fed, 16 times the limit
	cases := []struct {
		name string
		done bool // a .done repeats a short text at the end
	}{
		{name: "deltas only"},
		{name: "deltas then a short .done", done: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := NewLLMStream(LLMOptions{Provider: ProviderOpenAIResponses, Options: Options{MaxSize: limit}})
			s.Feed([]byte(`{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":"fc","call_id":"c","name":"write","arguments":""}}`))
			delta := func(text string) []byte {
				js, _ := json.Marshal(text)
				return []byte(`{"type":"response.function_call_arguments.delta","item_id":"fc","output_index":0,"delta":` + string(js) + `}`)
			}
			s.Feed(delta(`{"text": "`))
			body := delta(strings.Repeat("x", piece))
			kept := 0
			for i := 0; i < pieces; i++ {
				s.Feed(body)
				for _, c := range s.calls {
					kept = max(kept, len(c.text))
				}
			}
			if tc.done {
				s.Feed([]byte(`{"type":"response.function_call_arguments.done","item_id":"fc","output_index":0,"arguments":"{\"text\": \"short\"}"}`))
			}
			s.Feed([]byte(`{"type":"response.completed","response":{"status":"completed"}}`))
			res := s.Close()
			if len(res.Calls) != 1 {
				t.Fatalf("%s: %d calls", tc.name, len(res.Calls))
			}
			c := res.Calls[0]
			if kept > limit+piece {
				t.Errorf("%s: %d bytes of arguments kept, the limit is %d", tc.name, kept, limit)
			}
			if c.Error == nil || c.Error.Code != CodeLimit || !strings.Contains(c.Error.Message, "the text is "+itoa(len(`{"text": "`)+pieces*piece)+" bytes") {
				t.Errorf("%s: error %v, want E020 counting every byte fed", tc.name, c.Error)
			}
		})
	}
}
