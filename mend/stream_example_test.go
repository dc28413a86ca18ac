package mend_test

import (
	"encoding/json"
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/mend"
)

// An incremental reading fed a byte at a time ends where Repair of the
// whole text does.
func ExampleIncremental() {
	text := []byte(`{'query': "smithy", limit: 10,}`)
	s := mend.NewIncremental(mend.Options{})
	for i := range text {
		s.Feed(text[i : i+1])
	}
	res, err := s.Finish()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Text, res.Exactness)
	// Output: {"query": "smithy", "limit": 10} cosmetic
}

// A watcher reports a wrong member in the chunk where it became certain:
// here the '{' that begins an object where the declaration wants an
// integer.
func ExampleWatcher() {
	decl, _ := mend.ParseCompact(`{!query:string,!limit:integer}`)
	w := mend.NewWatcher(mend.Options{Declaration: decl})
	for _, chunk := range []string{`{"query": "smi`, `thy", "limit": {`, `"max": 10}}`} {
		f := w.Feed([]byte(chunk))
		for _, d := range f.Deltas {
			if d.Op == mend.OpAppend {
				fmt.Printf("delta %s %s %q\n", d.Op, d.Path, d.Text) // what the open string gained
				continue
			}
			fmt.Printf("delta %s %s %s\n", d.Op, d.Path, d.Value)
		}
		for _, e := range f.Events {
			fmt.Printf("event %s %s at %d", e.Kind, e.Path, e.At)
			if e.Finding != nil {
				fmt.Printf(": %s", e.Finding.Message)
			}
			fmt.Println()
		}
	}
	fin := w.Finish()
	fmt.Println(fin.Error.Code, fin.WatcherFinal.SyntaxPermille)
	// Output:
	// delta begin  {}
	// delta append /query "smi"
	// event member_started /query at 1
	// delta set /query "smithy"
	// delta begin /limit {}
	// event member_settled /query at 18
	// event member_started /limit at 20
	// event violation /limit at 29: expected an integer, found an object
	// delta set /limit/max 10
	// delta end /limit null
	// delta end  null
	// event member_started /limit/max at 30
	// event member_settled /limit/max at 39
	// event member_settled /limit at 40
	// event complete  at 41
	// E031 1000
}

// RunLLM decodes a provider's stream events into tool calls.
func ExampleRunLLM() {
	events := [][]byte{
		[]byte(`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[]}}`),
		[]byte(`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"search","input":{}}}`),
		[]byte(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"query\": \"smi"}}`),
		[]byte(`{"type":"ping"}`),
		[]byte(`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"thy\"}"}}`),
		[]byte(`{"type":"content_block_stop","index":0}`),
		[]byte(`{"type":"message_delta","delta":{"stop_reason":"tool_use"}}`),
		[]byte(`{"type":"message_stop"}`),
	}
	decl, _ := mend.ParseCompact(`{!query:string}`)
	res, _ := mend.RunLLM(mend.LLMOptions{Provider: mend.ProviderAnthropic, Tools: map[string]mend.Declaration{"search": decl}}, events)
	for _, c := range res.Calls {
		b, _ := json.Marshal(map[string]any{"name": c.Name, "done": c.Done, "end": c.End, "stop_reason": c.StopReason, "value": c.Value})
		fmt.Println(string(b))
	}
	fmt.Println("ignored:", res.IgnoredEvents)
	// Output:
	// {"done":true,"end":"complete","name":"search","stop_reason":"tool_use","value":{"query":"smithy"}}
	// ignored: 1
}

// The next Feed reuses the lists a feed returned: a caller that keeps
// feeds keeps their clones (or copies the records it wants).
func ExampleWatchFeed_Clone() {
	w := mend.NewWatcher(mend.Options{})
	var kept []*mend.WatchFeed
	for _, chunk := range []string{`{"a": 1, `, `"b": [true]}`} {
		kept = append(kept, w.Feed([]byte(chunk)).Clone())
	}
	w.Finish()
	for _, f := range kept {
		for _, e := range f.Events {
			fmt.Println(f.Bytes, e.Kind, e.Path)
		}
	}
	// Output:
	// 9 member_started /a
	// 9 member_settled /a
	// 21 member_started /b
	// 21 member_settled /b
	// 21 complete
}

// A feed's JSON form, as watch.feed answers it and smithy watch prints
// it, written straight from its records: the bytes encoding/json writes
// (without HTML escaping), without its reflection.
func ExampleWatchFeed_AppendJSON() {
	w := mend.NewWatcher(mend.Options{})
	var line []byte // reused from feed to feed
	for _, chunk := range []string{`{"q": "a<b`, `", "n": 1}`} {
		line = w.Feed([]byte(chunk)).AppendJSON(line[:0])
		fmt.Println(string(line))
	}
	// Output:
	// {"deltas":[{"path":"","op":"begin","value":{},"text":"{","at":0},{"path":"/q","op":"append","value":null,"text":"a<b","at":6}],"events":[{"kind":"member_started","path":"/q","at":1,"permille":500,"key":"q"}],"bytes":10}
	// {"deltas":[{"path":"/q","op":"set","value":"a<b","text":"","at":6},{"path":"/n","op":"set","value":1,"text":"","at":18},{"path":"","op":"end","value":null,"text":"}","at":19}],"events":[{"kind":"member_settled","path":"/q","at":11,"permille":857,"key":"q","value":"a<b"},{"kind":"member_started","path":"/n","at":13,"permille":928,"key":"n"},{"kind":"member_settled","path":"/n","at":19,"permille":947,"key":"n","value":1},{"kind":"complete","path":"","at":20,"permille":1000}],"bytes":20}
}

// A string below the root's members is judged while it arrives, as a
// root member's is: no SKU begins "aB", so the feed of the 'a' reports
// it, with the value engine's finding and the element's path.
func ExampleWatcher_nested() {
	a := assembly.New()
	_ = a.AddSource("order.smithy", []byte(`$version: "2"
namespace example.order
structure Order { items: Items }
list Items { member: Item }
structure Item { sku: Sku }
@pattern("^[A-Z]{3}-[0-9]+$")
string Sku
`))
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		panic(err)
	}
	decl, err := mend.NewShapeDeclaration(res.Model, shapeid.MustParse("example.order#Order"))
	if err != nil {
		panic(err)
	}
	w := mend.NewWatcher(mend.Options{Declaration: decl})
	text := `{"items": [{"sku": "ABC-1"}, {"sku": "aBC-2"}]}`
	for k := range len(text) {
		for _, e := range w.Feed([]byte(text[k : k+1])).Events {
			if e.Kind == mend.EventViolation {
				fmt.Printf("in the feed of byte %d (%q): %s at %s, %d: %s\n", k, text[k], e.Finding.Code, e.Path, e.At, e.Finding.Message)
			}
		}
	}
	// Output:
	// in the feed of byte 38 ('a'): pattern at /items/1/sku, 37: expected a string matching ^[A-Z]{3}-[0-9]+$, found "a"
}
