package mend

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
)

// watchAll feeds text in the chunks cuts gives and finishes; it returns
// every feed, the final, and the events of all of them in order.
func watchAll(text []byte, cuts []int, opts Options) ([]*WatchFeed, *WatchFinal, []Event) {
	w := NewWatcher(opts)
	var feeds []*WatchFeed
	var events []Event
	prev := 0
	for _, c := range append(cuts, len(text)) {
		f := w.Feed(text[prev:c]).Clone() // the next Feed reuses the lists
		feeds = append(feeds, f)
		events = append(events, f.Events...)
		prev = c
	}
	fin := w.Finish()
	events = append(events, fin.Events...)
	return feeds, fin, events
}

func shapeDecl(t testing.TB, src, id string) Declaration {
	t.Helper()
	return declFrom(t, assembly.New(), "decl.smithy", src, id)
}

// declFrom adds src to the assembler a, assembles it and returns the
// declaration of the shape id; a test fails on any error.
func declFrom(t testing.TB, a *assembly.Assembler, file, src, id string) Declaration {
	t.Helper()
	if err := a.AddSource(file, []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatal(err, res.Events)
	}
	d, err := NewShapeDeclaration(res.Model, shapeid.MustParse(id))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

const watchSmithy = `$version: "2"
namespace example.watch

structure Order {
    @required
    sku: Sku
    @required
    quantity: Quantity
    note: String
    tags: Tags
}

@pattern("^[A-Z]{3}-[0-9]+$")
string Sku

@range(min: 1, max: 100)
integer Quantity

list Tags {
    member: String
}
`

// TestWatchViolationAt pins, for each kind of wrong value, the byte whose
// arrival makes the violation certain (fed a byte at a time: the feed
// that reports it) and the offset the event names (the value's start).
func TestWatchViolationAt(t *testing.T) {
	compact := mustCompact(t, toolDecl)
	order := shapeDecl(t, watchSmithy, "example.watch#Order")
	cases := []struct {
		name  string
		decl  Declaration
		text  string
		path  string
		code  string
		after string // the feed that reports it ends with the first byte of this marker
		at    string // the event's offset: where this marker begins
	}{
		// A quoted string is a string from its first byte on.
		{"string for an integer", compact, `{"query": "x", "limit": "10", "exact": true}`, "/limit", "type", `"10"`, `"10"`},
		// An object is an object from its '{' on.
		{"object for a string", compact, `{"query": {"q": 1}, "limit": 1}`, "/query", "type", `{"q"`, `{"q"`},
		{"array for a boolean", compact, `{"query": "x", "limit": 1, "exact": [true]}`, "/exact", "type", `[true`, `[true`},
		// A number is not certain until it ends: 12abc would be a string.
		{"number for a string", compact, `{"query": 12 , "limit": 1}`, "/query", "type", ` , "limit"`, `12 `},
		{"fraction for an integer", compact, `{"query": "x", "limit": 2.5}`, "/limit", "not-integer", `}`, `2.5`},
		// A word is not certain until it ends either: tru could be trust.
		{"literal for a string", compact, `{"query": true, "limit": 1}`, "/query", "type", `, "limit"`, `true`},
		// An open string is judged by its pattern as it arrives: no
		// string that begins with "a" matches ^[A-Z]{3}-[0-9]+$
		// (watch_open_test.go has the other cases).
		{"pattern", order, `{"sku": "abc-1", "quantity": 5}`, "/sku", "pattern", `abc-1"`, `"abc-1"`},
		// A number still arriving may still fall in range.
		{"range", order, `{"sku": "ABC-1", "quantity": 500}`, "/quantity", "range", `}`, `500`},
		// A nested wrong element is certain when it ends, as a root
		// member is (watch_nested_test.go has the other cases).
		{"nested element", order, `{"sku": "ABC-1", "quantity": 5, "tags": ["a", 7], "note": "n"}`, "/tags/1", "type", `], "note"`, `7]`},
		// A required member that never came is certain at the end of the object.
		{"missing required", order, `{"sku": "ABC-1"} `, "", "required", `} `, `} `},
	}
	for _, c := range cases {
		text := []byte(c.text)
		reportAt := strings.Index(c.text, c.after)
		wantAt := strings.Index(c.text, c.at)
		if c.code == "required" {
			wantAt++ // after the '}'
		}
		if reportAt < 0 || wantAt < 0 {
			t.Fatalf("%s: markers not found", c.name)
		}
		feeds, _, _ := watchAll(text, everyByte(len(text))[1:], Options{Declaration: c.decl, Profile: ProfileLenient})
		found := false
		for k, f := range feeds {
			for _, e := range f.Events {
				if e.Kind != EventViolation || e.Finding.Code != c.code || e.Path != c.path {
					continue
				}
				found = true
				if k != reportAt {
					t.Errorf("%s: reported by the feed of byte %d (%q), want byte %d (%q)", c.name, k, text[k], reportAt, text[reportAt])
				}
				if e.At != wantAt || e.Finding.Offset != wantAt || e.Finding.Column != wantAt+1 {
					t.Errorf("%s: at %d (finding offset %d, column %d), want %d", c.name, e.At, e.Finding.Offset, e.Finding.Column, wantAt)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s violation at %s", c.name, c.code, c.path)
		}
	}
}

// TestWatchChunkingInvariance: feeding a byte at a time, in random chunks
// or in one chunk gives the same events and the same final result, which
// is Repair's.
func TestWatchChunkingInvariance(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	compact := mustCompact(t, toolDecl)
	order := shapeDecl(t, watchSmithy, "example.watch#Order")
	texts := []struct {
		decl Declaration
		text string
	}{
		{compact, `{"query": "smithy", "limit": 10, "exact": false}`},
		{compact, `{"query": 12, "limit": "x", "exact": [1,{"a":"b"}]} trailing`},
		{compact, "```json\n{query: 'it''s', limit: 3, /* c */ exact: True,}\n```"},
		{compact, `{"limit": 5, "exact": false, "query": "the history of the Byzantine emp`},
		{order, `{"sku": "ABC-12", "quantity": 0, "tags": ["x", 3, "y"], "note": "hi"}`},
		{order, `{"sku": "ABC-12", "quantity": 7, "sku": 5}`},
		{nil, `[1, {"a": [true, null]}, "x"] [2]`},
		{nil, `"just a string`},
		// Strings long enough with repairs to be taken again only when
		// what is kept has doubled (retryBound, repairCost).
		{nil, `{"k": "` + strings.Repeat("\xc5", 20000) + `", "n": 1}`},
		{nil, `{"k": "\\q` + strings.Repeat("a", 40000) + `", "n": [1, 2]}`},
		{order, `{"note": "` + strings.Repeat("\xc5", 5000) + `", "quantity": 0, "sku": "ABC-1` + strings.Repeat("\xc5", 3000) + `", "tags": ["x", 3]}`},
		{order, `{"sku": "ab` + strings.Repeat("\xc5", 3000) + `", "quantity": 7}`},
	}
	for _, in := range loadCorpus(t)[:200] {
		texts = append(texts, struct {
			decl Declaration
			text string
		}{compact, in.Input})
	}
	for n, c := range texts {
		text := []byte(c.text)
		opts := Options{Declaration: c.decl, Profile: ProfileLenient}
		_, fin1, ev1 := watchAll(text, nil, opts)
		want := outcome(Repair(text, opts))
		var got string
		if fin1.Error != nil {
			got = outcome(nil, fin1.Error)
		} else {
			got = outcome(&fin1.Final.Result, nil)
		}
		if got != want {
			t.Fatalf("case %d %q: final\n got %s\nwant %s", n, c.text, got, want)
		}
		for _, cuts := range [][]int{everyByte(len(text))[min(1, len(text)):], randomCuts(rng, len(text), 5)} {
			_, fin2, ev2 := watchAll(text, cuts, opts)
			if !reflect.DeepEqual(ev1, ev2) {
				a, _ := json.Marshal(ev1)
				b, _ := json.Marshal(ev2)
				t.Fatalf("case %d %q, cuts %v: events\n one chunk %s\n   chunked %s", n, c.text, cuts, a, b)
			}
			// Which events come with the finish depends on the chunking
			// (their order over the whole stream does not): compare the rest.
			f1, f2 := *fin1, *fin2
			f1.Events, f2.Events, f1.Deltas, f2.Deltas = nil, nil, nil, nil
			a, _ := json.Marshal(f1)
			b, _ := json.Marshal(f2)
			if string(a) != string(b) {
				t.Fatalf("case %d %q: finish\n one chunk %s\n   chunked %s", n, c.text, a, b)
			}
		}
	}
}

// TestWatchDeltasRebuildValue: applying the deltas (begin, set, end,
// wrap; append and revise only preview an open string) rebuilds the final
// value, whatever the chunking.
func TestWatchDeltasRebuildValue(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for n, in := range incrementalInputs(t) {
		text := []byte(in)
		opts := Options{Profile: ProfileLenient}
		feeds, fin, _ := watchAll(text, randomCuts(rng, len(text), 6), opts)
		if fin.Final == nil {
			continue
		}
		var all []Delta
		for _, f := range feeds {
			all = append(all, f.Deltas...)
		}
		all = append(all, fin.Deltas...)
		got, err := applyDeltas(all)
		if err != nil {
			t.Fatalf("case %d %q: %v", n, in, err)
		}
		want := decodeValue(t, string(fin.Final.Value))
		if !reflect.DeepEqual(normNumbers(got), want) {
			t.Fatalf("case %d %q: deltas give %#v, final value %s", n, in, got, fin.Final.Value)
		}
	}
}

// applyDeltas builds the value the deltas describe.
func applyDeltas(ds []Delta) (any, error) {
	var root any
	set := func(path string, v any) error {
		if path == "" {
			root = v
			return nil
		}
		toks := strings.Split(path[1:], "/")
		cur := &root
		for k, tok := range toks {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			last := k == len(toks)-1
			switch c := (*cur).(type) {
			case map[string]any:
				if last {
					c[tok] = v // the last of duplicate keys, as encoding/json decodes the final value
					return nil
				}
				x := c[tok]
				cur = &x
				defer func(c map[string]any, tok string, x *any) { c[tok] = *x }(c, tok, cur)
			case *[]any:
				i, err := strconv.Atoi(tok)
				if err != nil {
					return err
				}
				if last {
					if i != len(*c) {
						return fmt.Errorf("element %d of %d at %s", i, len(*c), path)
					}
					*c = append(*c, v)
					return nil
				}
				x := any((*c)[i])
				cur = &x
			default:
				return fmt.Errorf("no container at %s (%T)", path, *cur)
			}
		}
		return nil
	}
	for _, d := range ds {
		var err error
		switch d.Op {
		case OpBegin:
			if string(d.Value) == "{}" {
				err = set(d.Path, map[string]any{})
			} else {
				err = set(d.Path, &[]any{})
			}
		case OpSet:
			dec := json.NewDecoder(strings.NewReader(string(d.Value)))
			dec.UseNumber()
			var v any
			if err := dec.Decode(&v); err != nil {
				return nil, err
			}
			err = set(d.Path, v)
		case OpWrap:
			root = &[]any{root}
		case OpEnd, OpAppend, OpRevise:
		default:
			return nil, fmt.Errorf("unknown op %q", d.Op)
		}
		if err != nil {
			return nil, err
		}
	}
	return unwrapSlices(root), nil
}

func unwrapSlices(v any) any {
	switch x := v.(type) {
	case *[]any:
		out := make([]any, len(*x))
		for i, e := range *x {
			out[i] = unwrapSlices(e)
		}
		return out
	case map[string]any:
		for k, e := range x {
			x[k] = unwrapSlices(e)
		}
	}
	return v
}

// TestWatchOpenString: an open string is previewed with append deltas as
// it arrives; the set delta is final.
func TestWatchOpenString(t *testing.T) {
	text := []byte(`{"q": "abc", "n": 1}`)
	feeds, _, _ := watchAll(text, everyByte(len(text))[1:], Options{})
	var got []string
	for _, f := range feeds {
		for _, d := range f.Deltas {
			if d.Path == "/q" && d.Op == OpSet {
				got = append(got, d.Op+":"+string(d.Value))
			} else if d.Path == "/q" {
				got = append(got, d.Op+":"+d.Text)
			}
		}
	}
	want := []string{"append:", "append:a", "append:b", "append:c", `set:"abc"`}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("deltas of /q: %q, want %q", got, want)
	}
}

// TestWatchCutToolCall: a tool call cut by max_tokens inside a string: the
// members already settled were reported, the final is lossy in the
// lenient profile and refused in the execution profile.
func TestWatchCutToolCall(t *testing.T) {
	d := mustCompact(t, toolDecl)
	cut := []byte(`{"limit": 5, "exact": false, "query": "the history of the Byzantine emp`)
	for _, p := range []Profile{ProfileLenient, ProfileExecution} {
		_, fin, events := watchAll(cut, randomCuts(rand.New(rand.NewSource(1)), len(cut), 9), Options{Declaration: d, Profile: p})
		var settled []string
		for _, e := range events {
			if e.Kind == EventMemberSettled {
				settled = append(settled, e.Key)
			}
			if e.Kind == EventComplete || e.Kind == EventSatisfied {
				t.Errorf("%s: a cut text reported %s", p, e.Kind)
			}
		}
		if strings.Join(settled, ",") != "limit,exact" {
			t.Errorf("%s: settled %v (query, cut, is not)", p, settled)
		}
		if fin.WatcherFinal == nil || fin.WatcherFinal.Step != "string" || fin.WatcherFinal.SettledPermille != 500 {
			t.Errorf("%s: watcher_final %+v", p, fin.WatcherFinal)
		}
		switch p {
		case ProfileLenient:
			if fin.Final == nil || fin.Final.Exactness != Lossy || fin.Final.Completeness != Partial {
				t.Errorf("lenient: %+v %v", fin.Final, fin.Error)
			}
		case ProfileExecution:
			if fin.Final != nil || fin.Error == nil || fin.Error.Code != CodeLossy {
				t.Errorf("execution: %+v %v", fin.Final, fin.Error)
			}
		}
	}
}

// TestWatchSatisfied: satisfied comes once every required member is
// settled and good, before the object closes.
func TestWatchSatisfied(t *testing.T) {
	d := mustCompact(t, toolDecl)
	text := []byte(`{"query": "x", "limit": 3, "exact": true}`)
	_, _, events := watchAll(text, everyByte(len(text))[1:], Options{Declaration: d})
	var kinds []string
	for _, e := range events {
		kinds = append(kinds, e.Kind+e.Path)
	}
	want := "member_started/query member_settled/query member_started/limit member_settled/limit satisfied member_started/exact member_settled/exact complete"
	if strings.Join(kinds, " ") != want {
		t.Fatalf("events %s\nwant %s", strings.Join(kinds, " "), want)
	}
	if events[4].At != strings.Index(string(text), `, "exact"`) {
		t.Errorf("satisfied at %d", events[4].At)
	}
}

// TestWatchSplitCharacter: a character whose bytes arrive in different
// chunks is not previewed as U+FFFD.
func TestWatchSplitCharacter(t *testing.T) {
	text := []byte(`{"a": "x★😀y"}`)
	feeds, fin, _ := watchAll(text, everyByte(len(text))[1:], Options{})
	for _, f := range feeds {
		for _, d := range f.Deltas {
			if d.Op == OpRevise || strings.Contains(d.Text, "\uFFFD") {
				t.Fatalf("delta %+v", d)
			}
		}
	}
	if fin.Final == nil || string(fin.Final.Value) != string(text) {
		t.Fatalf("final %+v", fin.Final)
	}
}

// TestWatchKeptRecordsStay: the next Feed reuses a feed's lists, but the
// strings and values in its records are never written again, so records
// copied out of a feed (WatchFeed.Clone) read the same after every later
// feed, the output frozen in blocks and thawed, and the finish; and the
// lists a feed returned are indeed reused (the contract is not idle).
func TestWatchKeptRecordsStay(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	compact := mustCompact(t, toolDecl)
	doc := validDoc()
	ins := append(incrementalInputs(t), string(doc[:4000]),
		`{"query": "a", "limit": 1, "x": [1, 2,, 3,], "y": {"z": "w",}} {"q": 2}`)
	defer func(w int) { outWindow = w }(outWindow)
	outWindow = 32
	reused := false
	for n, in := range ins {
		text := []byte(in)
		if len(text) == 0 {
			continue
		}
		for _, decl := range []Declaration{nil, compact} {
			for _, cuts := range [][]int{everyByte(len(text))[1:], randomCuts(rng, len(text), 40)} {
				w := NewWatcher(Options{Declaration: decl, Profile: ProfileLenient})
				var kept []*WatchFeed
				var then []string
				var last *WatchFeed
				prev := 0
				for _, c := range append(cuts, len(text)) {
					f := w.Feed(text[prev:c])
					prev = c
					if last != nil && len(last.Deltas)+len(last.Events) > 0 && f == last {
						reused = true
					}
					last = f
					k := f.Clone()
					b, _ := json.Marshal(k)
					kept, then = append(kept, k), append(then, string(b))
				}
				w.Finish()
				for i, k := range kept {
					if b, _ := json.Marshal(k); string(b) != then[i] {
						t.Fatalf("case %d %q: feed %d changed after later feeds:\nthen %s\nnow  %s", n, in, i, then[i], b)
					}
				}
			}
		}
	}
	if !reused {
		t.Error("no feed's result was reused by the next Feed: the contract of Feed is not what it says")
	}
}

// TestWatchFinalSharesOutput: the final result's Text and Value are the
// same bytes (the reader's output, not a copy), equal to Repair's text;
// Value's capacity is its length (an append copies it); and nothing after
// Finish writes to them: a later Feed, Snapshot (an error) and Finish (an
// error) leave them as they were. The output frozen in blocks is joined
// first (a small outWindow), or not.
func TestWatchFinalSharesOutput(t *testing.T) {
	defer func(w int) { outWindow = w }(outWindow)
	doc := string(validDoc()[:5000])
	cases := []struct{ name, text string }{
		{"valid", doc + "]"},
		{"cut", doc},
		{"repaired", `{"a": [1, 2,], 'b': "c`},
		{"two values", `[1, "x"] {"b": [true]}`},
		{"a string", `"abc"`},
		{"a number", `12`},
	}
	for _, tc := range cases {
		for _, window := range []int{64 << 10, 16} {
			outWindow = window
			t.Run(fmt.Sprintf("%s/window %d", tc.name, window), func(t *testing.T) {
				text := []byte(tc.text)
				want, err := Repair(text, Options{Profile: ProfileLenient})
				if err != nil {
					t.Fatal(err)
				}
				w := NewWatcher(Options{Profile: ProfileLenient})
				for k := 0; k < len(text); k += 7 {
					w.Feed(text[k:min(k+7, len(text))])
				}
				fin := w.Finish()
				if fin.Final == nil {
					t.Fatalf("no final: %v", fin.Error)
				}
				got := fin.Final
				if got.Text != want.Text || string(got.Value) != want.Text {
					t.Fatalf("text %q value %q, want %q", got.Text, got.Value, want.Text)
				}
				if cap(got.Value) != len(got.Value) {
					t.Errorf("value capacity %d, length %d", cap(got.Value), len(got.Value))
				}
				if len(got.Value) > 0 && unsafe.StringData(got.Text) != &got.Value[0] {
					t.Errorf("text and value are two copies")
				}
				w.Feed([]byte(`, "more", {"k": [1, "v`))
				if _, err := w.Snapshot(); err == nil {
					t.Errorf("Snapshot after Finish: no error")
				}
				if again := w.Finish(); again.Error == nil || again.Final != nil {
					t.Errorf("Finish after Finish: %+v", again)
				}
				if got.Text != want.Text || string(got.Value) != want.Text {
					t.Fatalf("after Finish: text %q value %q, want %q", got.Text, got.Value, want.Text)
				}
				s := NewIncremental(Options{Profile: ProfileLenient})
				s.Feed(text)
				res, err := s.Finish()
				if err != nil || res.Text != want.Text {
					t.Fatalf("Incremental: %v %v", res, err)
				}
				s.Feed([]byte(`]]]`))
				if _, err := s.Snapshot(); err == nil {
					t.Errorf("Incremental Snapshot after Finish: no error")
				}
				if res.Text != want.Text {
					t.Fatalf("Incremental after Finish: %q", res.Text)
				}
			})
		}
	}
}
