package mend

import (
	"encoding/json"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// TestWatchRefusedEvent: a text that meets the size or the depth limit
// says so in the feed where it met it (a refused event, once, at the
// first byte past the limit), whatever the chunking; the events before
// it are those of the text up to the limit; Finish still refuses the
// whole text with E020.
func TestWatchRefusedEvent(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, tc := range []struct {
		name    string
		text    string
		opts    Options
		at      int    // the refused event's at
		message string // its error's message
		fedAt   int    // the byte whose arrival makes it certain
	}{
		{"over the size limit in a string", `{"a": 1, "b": "` + strings.Repeat("x", 40) + `"}`, Options{MaxSize: 32},
			32, "the text is longer than the size limit of 32 bytes", 33},
		{"over the size limit between members", `{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}`, Options{MaxSize: 20},
			20, "the text is longer than the size limit of 20 bytes", 21},
		{"exactly at the size limit is not over", `{"a": 1}`, Options{MaxSize: 8}, -1, "", 0},
		{"deeper than the depth limit", `{"a": {"b": [[1]]}, "c": 2}`, Options{MaxDepth: 3},
			13, "nesting deeper than the depth limit of 3", 14},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := []byte(tc.text)
			_, fin1, ev1 := watchAll(text, nil, tc.opts)
			refused := -1
			for i, e := range ev1 {
				if e.Kind == EventRefused {
					if refused >= 0 {
						t.Fatalf("two refused events: %+v", ev1)
					}
					refused = i
				}
			}
			if tc.at < 0 {
				if refused >= 0 || fin1.Error != nil {
					t.Fatalf("refused within the limit: %+v, %v", ev1[refused], fin1.Error)
				}
				return
			}
			if refused < 0 {
				t.Fatalf("no refused event: %+v", ev1)
			}
			e := ev1[refused]
			if e.At != tc.at || e.Path != "" || e.Error == nil || e.Error.Code != CodeLimit || e.Error.Exit != ExitRefused || e.Error.Message != tc.message {
				t.Fatalf("refused event %+v (error %+v), want at %d, E020, %q", e, e.Error, tc.at, tc.message)
			}
			if fin1.Error == nil || fin1.Error.Code != CodeLimit {
				t.Fatalf("finish: %+v, want the E020 refusal", fin1.Error)
			}
			// Fed a byte at a time, the event comes in the feed of the
			// byte that met the limit, not before and not after.
			feeds, _, _ := watchAll(text, everyByte(len(text))[1:], tc.opts)
			for i, f := range feeds {
				has := false
				for _, e := range f.Events {
					has = has || e.Kind == EventRefused
				}
				if has != (i+1 == tc.fedAt) {
					t.Fatalf("feed of byte %d: refused %v, want it in the feed of byte %d", i+1, has, tc.fedAt)
				}
			}
			// The same events, in the same order, whatever the chunking.
			for _, cuts := range [][]int{everyByte(len(text))[1:], randomCuts(rng, len(text), 4), {tc.at - 1}, {tc.at + 1}} {
				_, _, ev2 := watchAll(text, cuts, tc.opts)
				if !reflect.DeepEqual(ev1, ev2) {
					a, _ := json.Marshal(ev1)
					b, _ := json.Marshal(ev2)
					t.Fatalf("cuts %v: events\n one chunk %s\n   chunked %s", cuts, a, b)
				}
			}
			// The JSON form as encoding/json writes the record.
			w := NewWatcher(tc.opts)
			f := w.Feed(text)
			got := f.AppendJSON(nil)
			want, _ := json.Marshal(f)
			if string(got) != string(want) || !strings.Contains(string(got), `"kind":"refused","path":"","at":`) || !strings.Contains(string(got), `"error":{"code":"E020"`) {
				t.Fatalf("JSON form\n got %s\nwant %s", got, want)
			}
		})
	}
}
