package conformance

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
)

// mutation is one change to a message below params or result.
type mutation struct {
	what string // "delete PATH", "wrongtype PATH", "unknown PATH"
	msg  []byte
}

// mutations returns copies of msg, each with one change below params or
// result: every member deleted, every value replaced by one of another
// JSON type, an unknown member added to every object.
func mutations(msg map[string]any) []mutation {
	var out []mutation
	emit := func(what string) {
		b, _ := json.Marshal(msg)
		out = append(out, mutation{what, b})
	}
	var walk func(v any, path string, set func(any))
	walk = func(v any, path string, set func(any)) {
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				old := x[k]
				delete(x, k)
				emit("delete " + path + "/" + k)
				x[k] = old
				walk(old, path+"/"+k, func(n any) { x[k] = n })
			}
			x["zzUnknown"] = 1
			emit("unknown " + path)
			delete(x, "zzUnknown")
			set(7)
			emit("wrongtype " + path)
			set(x)
		case []any:
			for i := range x {
				walk(x[i], fmt.Sprintf("%s/%d", path, i), func(n any) { x[i] = n })
			}
			set("x")
			emit("wrongtype " + path)
			set(x)
		case string:
			set(42)
			emit("wrongtype " + path)
			set(x)
		default: // numbers and booleans
			set("x")
			emit("wrongtype " + path)
			set(x)
		}
	}
	for _, k := range []string{"params", "result"} {
		if v, ok := msg[k]; ok && v != nil {
			walk(v, "/"+k, func(n any) { msg[k] = n })
		}
	}
	return out
}

// TestMCPImportAtLeastAsStrict: the imported MCP model (examples/mcp)
// against the hand-written model it replaced (testdata/mcp-handwritten,
// kept for this test), on every single mutation of the specification's
// example transcripts. Wherever the hand-written model reports an error,
// the imported one must too, with no exception; where
// the hand-written model only warned of an unknown member, the imported
// one may accept (the schema leaves those objects open).
func TestMCPImportAtLeastAsStrict(t *testing.T) {
	id := shapeid.MustParse("io.modelcontextprotocol#Mcp")
	old, err := rpc.Prepare(rpcModelFiles(t, filepath.Join("testdata", "mcp-handwritten", "mcp.smithy")), id, rpc.Version(rpc.V2_0))
	if err != nil {
		t.Fatal(err)
	}
	imp := exampleService(t, "mcp", id.String())
	files, _ := filepath.Glob(filepath.Join("..", "examples", "mcp", "transcripts", "*.jsonl"))
	var lessError []string
	total, lessWarning, stricter := 0, 0, 0
	for _, f := range files {
		lines := readLines(t, f)
		complete := !strings.HasSuffix(f, ".open.jsonl")
		for li, l := range lines {
			var line map[string]any
			if err := json.Unmarshal(l, &line); err != nil {
				t.Fatal(err)
			}
			msg, _ := line["message"].(map[string]any)
			if msg == nil {
				continue
			}
			for _, m := range mutations(msg) {
				var b strings.Builder
				for j, l2 := range lines {
					if j == li {
						line["message"] = json.RawMessage(m.msg)
						nb, _ := json.Marshal(line)
						b.Write(nb)
						line["message"] = msg
					} else {
						b.Write(l2)
					}
					b.WriteByte('\n')
				}
				ro, err1 := old.ValidateTranscript(strings.NewReader(b.String()), complete)
				rn, err2 := imp.ValidateTranscript(strings.NewReader(b.String()), complete)
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				total++
				oe, ne := len(errorTexts(ro)), len(errorTexts(rn))
				switch {
				case oe > 0 && ne == 0:
					lessError = append(lessError, filepath.Base(f)+" "+m.what)
				case len(loud(ro)) > 0 && len(loud(rn)) == 0:
					if !strings.HasPrefix(m.what, "unknown ") {
						t.Errorf("%s %s: the hand-written model warns %q, the imported one says nothing", filepath.Base(f), m.what, loud(ro))
					}
					lessWarning++
				case oe == 0 && ne > 0:
					stricter++
				}
			}
		}
	}
	sort.Strings(lessError)
	// Nothing the hand-written model rejects may be accepted: the
	// related-task _meta key, typed only in prose, is typed by the
	// mapping's "meta" entry (scripts/mcp-mapping.json).
	if len(lessError) != 0 {
		t.Errorf("%d mutations the hand-written model rejects and the import accepts:\n%s", len(lessError), strings.Join(lessError, "\n"))
	}
	if total < 900 {
		t.Errorf("%d mutations; the transcripts give more than 900", total)
	}
	t.Logf("%d mutations: %d rejected only by the hand-written model, %d unknown members it warned of and the import accepts, %d rejected only by the import", total, len(lessError), lessWarning, stricter)
}
