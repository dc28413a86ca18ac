package mend

import (
	"fmt"
	"strings"
	"testing"
)

// TestLLMCallConflicts: a stream that says two things about one call (a
// second tool name or call ID for it, its block begun again, arguments
// after it was complete, a second .done that disagrees) is read
// differently by different accumulators: the SDKs append a block begun
// again, concatenate or replace a name, keep appending deltas. The gate
// cannot know which call the runtime will execute, so the call gets a
// call-conflict violation when the stream says it, and at close the
// error E011 (exit 5) in every profile, its value null. Before, the
// second name, block or arguments were dropped without a word (a second
// .done even turned the arguments into {}), and the call was reported
// complete and clean.
func TestLLMCallConflicts(t *testing.T) {
	const (
		aStart = `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"%s","name":"%s","input":{}}}`
		aDelta = `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":%q}}`
		aStop  = `{"type":"content_block_stop","index":0}`
		aEnd   = `{"type":"message_stop"}`
		oChunk = `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"%s","function":{"name":"%s","arguments":%q}}]}}]}`
		oEnd   = `{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`
		rAdded = `{"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","id":"fc","call_id":"%s","name":"%s","arguments":""}}`
		rDelta = `{"type":"response.function_call_arguments.delta","item_id":"fc","output_index":0,"delta":%q}`
		rDone  = `{"type":"response.function_call_arguments.done","item_id":"fc","output_index":0,"arguments":%q}`
		rEnd   = `{"type":"response.completed","response":{}}`
	)
	f := fmt.Sprintf
	for _, tc := range []struct {
		name     string
		provider Provider
		events   []string
		conflict bool
		at       int // the conflict's At: the arguments' bytes read before it
	}{
		{"anthropic well formed", ProviderAnthropic,
			[]string{f(aStart, "t1", "search"), f(aDelta, `{"q":1}`), aStop, aEnd}, false, 0},
		{"anthropic block begun again, another tool", ProviderAnthropic,
			[]string{f(aStart, "t1", "search"), f(aDelta, `{"q":`), f(aStart, "t2", "delete"), f(aDelta, `1}`), aStop, aEnd}, true, 5},
		{"anthropic block begun again after its stop", ProviderAnthropic,
			[]string{f(aStart, "t1", "search"), f(aDelta, `{"q":1}`), aStop, f(aStart, "t1", "search"), f(aDelta, `{"r":2}`), aStop, aEnd}, true, 7},
		{"anthropic delta after the block's stop", ProviderAnthropic,
			[]string{f(aStart, "t1", "search"), f(aDelta, `{"q":1`), f(aDelta, `}`), aStop, f(aDelta, `,"drop":true}`), aEnd}, true, 7},
		{"openai well formed", ProviderOpenAI,
			[]string{f(oChunk, "c1", "search", `{"q":`), f(oChunk, "", "", `1}`), oEnd, "[DONE]"}, false, 0},
		{"openai a second name", ProviderOpenAI,
			[]string{f(oChunk, "c1", "search", `{"q":`), f(oChunk, "", "delete", `1}`), oEnd, "[DONE]"}, true, 5},
		{"openai a second call id", ProviderOpenAI,
			[]string{f(oChunk, "c1", "search", `{"q":`), f(oChunk, "c2", "", `1}`), oEnd, "[DONE]"}, true, 5},
		{"openai arguments after finish_reason", ProviderOpenAI,
			[]string{f(oChunk, "c1", "search", `{"q":1}`), oEnd, f(oChunk, "", "", `{"r":2}`), "[DONE]"}, true, 7},
		{"responses well formed, .done repeating the deltas", ProviderOpenAIResponses,
			[]string{f(rAdded, "c1", "search"), f(rDelta, `{"q":1}`), f(rDone, `{"q":1}`), rEnd}, false, 0},
		{"responses item added again, another tool", ProviderOpenAIResponses,
			[]string{f(rAdded, "c1", "search"), f(rDelta, `{"q":1}`), f(rAdded, "c1", "delete"), f(rDone, `{"q":1}`), rEnd}, true, 7},
		{"responses a second .done that disagrees", ProviderOpenAIResponses,
			[]string{f(rAdded, "c1", "search"), f(rDelta, `{"q":1}`), f(rDone, `{"q":1}`), f(rDone, `{"q":2}`), rEnd}, true, 7},
	} {
		for _, profile := range []Profile{ProfileExecution, ProfileLenient} {
			t.Run(tc.name+"/"+profile.String(), func(t *testing.T) {
				s, err := NewLLMStream(LLMOptions{Provider: tc.provider, Options: Options{Profile: profile}})
				if err != nil {
					t.Fatal(err)
				}
				seen := false
				for _, e := range tc.events {
					for _, c := range s.Feed([]byte(e)).Calls {
						for _, ev := range c.Events {
							if ev.Kind == EventViolation && ev.Finding.Code == "call-conflict" {
								seen = true
								if ev.At != tc.at {
									t.Errorf("the conflict at %d, want %d (the arguments read before it)", ev.At, tc.at)
								}
							}
						}
					}
				}
				res := s.Close()
				if len(res.Calls) != 1 {
					t.Fatalf("%d calls, want 1", len(res.Calls))
				}
				c := res.Calls[0]
				if !tc.conflict {
					if c.Error != nil || seen {
						t.Fatalf("a conflict in a well-formed stream: %s", callLine(c))
					}
					return
				}
				if !seen {
					t.Errorf("no call-conflict violation while the stream was read")
				}
				if c.Error == nil || c.Error.Code != CodeAmbiguous || c.Error.Exit != ExitRefused || string(c.Value) != "null" {
					t.Fatalf("at close: %s", callLine(c))
				}
				if !strings.Contains(c.Error.Message, "accumulators") {
					t.Errorf("message %q", c.Error.Message)
				}
			})
		}
	}
}
