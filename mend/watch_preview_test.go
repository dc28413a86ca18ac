package mend

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

// TestWatchPreviewIsAPrefix: the append and revise deltas of an open
// string, applied in order, always give a prefix of the string's final
// content, whatever the chunking: no part is reported twice, none is
// skipped. (A string first previewed by the slow preview, a cut escape
// or character, then by the plain one, once reported its start again.)
func TestWatchPreviewIsAPrefix(t *testing.T) {
	rng := rand.New(rand.NewSource(27))
	texts := []string{
		`{"a": "ab\nmore and more", "b": 1}`,
		`{"a": "caf` + "\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac" + ` \u00e9\ud83d\ude00 end", "b": [1]}`,
		`["x\"y\\z\/w", "\t\u0041BC", {"k": "v\u12"}]`,
		`{"a": "it's \"quoted\" and \\ slashed", "b": "` + strings.Repeat("long ", 40) + `"}`,
	}
	for _, text := range texts {
		var final map[string]string
		{
			_, fin, _ := watchAll([]byte(text), nil, Options{Profile: ProfileLenient})
			final = map[string]string{}
			collectStrings("", decodeValue(t, string(fin.Final.Value)), final)
		}
		chunkings := [][]int{everyByte(len(text))[1:]}
		for k := 0; k < 20; k++ {
			chunkings = append(chunkings, randomCuts(rng, len(text), 1+rng.Intn(12)))
		}
		for _, cuts := range chunkings {
			feeds, _, _ := watchAll([]byte(text), cuts, Options{Profile: ProfileLenient})
			preview := map[string]string{}
			for k, f := range feeds {
				for _, d := range f.Deltas {
					switch d.Op {
					case OpAppend:
						preview[d.Path] += d.Text
					case OpRevise:
						preview[d.Path] = d.Text
					case OpSet:
						delete(preview, d.Path)
					}
				}
				for p, got := range preview {
					if want, ok := final[p]; !ok || !strings.HasPrefix(want, got) {
						t.Fatalf("%q cuts %v, after feed %d: preview of %s is %q, not a prefix of %q", text, cuts, k, p, got, want)
					}
				}
			}
		}
	}
}

// collectStrings maps the JSON Pointer of every string in v to it.
func collectStrings(path string, v any, out map[string]string) {
	switch x := v.(type) {
	case string:
		out[path] = x
	case map[string]any:
		for k, e := range x {
			collectStrings(path+"/"+escapePointer(k), e, out)
		}
	case []any:
		for i, e := range x {
			b, _ := json.Marshal(i)
			collectStrings(path+"/"+string(b), e, out)
		}
	}
}
