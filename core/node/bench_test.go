package node

import (
	"encoding/json"
	"fmt"
	"github.com/smithy-validation/go/core/limits"
	"math/rand/v2"
	"strconv"
	"testing"
)

// smallMessages are JSON-RPC messages of the sizes a server sees per call.
var smallMessages = []struct{ name, text string }{
	{"request-named", `{"jsonrpc":"2.0","method":"inventory.reserve","params":{"sku":"AB-1234-XL","quantity":3,"warehouse":"eu-west-1","expiresInSeconds":900,"dryRun":false},"id":"c0ffee-17"}`},
	{"request-positional", `{"jsonrpc":"2.0","method":"ledger.transfer","params":["acct-001","acct-002",1250.75,"EUR",-1e-2,true,null,["memo","sub\u00e9 \"q\""]],"id":1}`},
	{"notification", `{"jsonrpc":"2.0","method":"progress","params":{"token":"upload-7","done":1048576,"total":8388608,"message":"chunk 2 of 8 \u2014 \"ok\""}}`},
	{"response-result", `{"jsonrpc":"2.0","result":{"items":[{"id":1,"name":"widget","price":9.99,"tags":["a","b"]},{"id":2,"name":"gadget","price":19.5,"tags":[]}],"next":null,"total":2},"id":"req-42"}`},
	{"response-error", `{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params","data":{"path":"/params/quantity","expected":"integer in [1, 100]","found":"0"}},"id":9007199254740993}`},
}

// words feed the document generator.
var words = []string{
	"alpha", "beta", "gamma", "delta", "shape", "member", "trait", "service",
	"operation", "resource", "value", "smithy", "validation", "node", "reader",
}

// stringPieces mix plain text, escapes and raw non-ASCII.
var stringPieces = []string{
	"plain text", "with \\\"quotes\\\"", "tab\\there", "line\\nbreak", "back\\\\slash",
	"caf\\u00e9", "\\ud83d\\ude00 emoji", "naïve façade", "日本語のテキスト", "Ωmega ≤ ∞", "😀",
	"path\\/to\\/file", "ctrl\\u0001char",
}

// generateDocument returns a deterministic JSON document of about size
// bytes: an object holding an array of records made of nested objects,
// arrays, strings with escapes and non-ASCII, integers, decimals, booleans
// and nulls.
func generateDocument(size int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	b := []byte(`{"version":"1.0","generator":"node bench","records":[` + "\n")
	for i := 0; len(b) < size; i++ {
		if i > 0 {
			b = append(b, ",\n"...)
		}
		b = genObject(b, r, 0)
	}
	return append(b, "\n]}\n"...)
}

func genValue(b []byte, r *rand.Rand, depth int) []byte {
	k := r.IntN(10)
	if depth >= 4 && k >= 8 {
		k = r.IntN(8)
	}
	switch k {
	case 0, 1:
		return genString(b, r)
	case 2:
		return strconv.AppendInt(b, r.Int64N(2_000_000)-1_000_000, 10)
	case 3:
		return strconv.AppendInt(b, r.Int64N(100), 10)
	case 4:
		return fmt.Appendf(b, "%d.%02d", r.IntN(10000), r.IntN(100))
	case 5:
		return fmt.Appendf(b, "-%d.%de%d", r.IntN(10), r.IntN(1000), r.IntN(40)-20)
	case 6:
		if r.IntN(2) == 0 {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case 7:
		return append(b, "null"...)
	case 8:
		return genObject(b, r, depth+1)
	default:
		n := r.IntN(6)
		b = append(b, '[')
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			b = genValue(b, r, depth+1)
		}
		return append(b, ']')
	}
}

func genString(b []byte, r *rand.Rand) []byte {
	b = append(b, '"')
	if r.IntN(3) == 0 {
		b = append(b, stringPieces[r.IntN(len(stringPieces))]...)
	} else {
		for i := range 1 + r.IntN(4) {
			if i > 0 {
				b = append(b, ' ')
			}
			b = append(b, words[r.IntN(len(words))]...)
		}
	}
	return append(b, '"')
}

func genObject(b []byte, r *rand.Rand, depth int) []byte {
	n := 1 + r.IntN(7)
	start := r.IntN(len(words))
	b = append(b, '{')
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		// Distinct keys: consecutive words, numbered past the list's end.
		j := start + i
		b = append(b, '"')
		b = append(b, words[j%len(words)]...)
		if j >= len(words) {
			b = strconv.AppendInt(b, int64(j), 10)
		}
		b = append(b, `":`...)
		b = genValue(b, r, depth+1)
	}
	return append(b, '}')
}

func TestGeneratedDocument(t *testing.T) {
	doc := generateDocument(4<<20, 1)
	if !json.Valid(doc) {
		t.Fatal("generated document is not valid JSON")
	}
	t.Logf("generated document: %d bytes", len(doc))
	if len(doc) < 4<<20 || len(doc) > 4<<20+4096 {
		t.Errorf("generated %d bytes, want about 4 MiB", len(doc))
	}
	if string(generateDocument(1<<16, 1)) != string(generateDocument(1<<16, 1)) {
		t.Error("generator is not deterministic")
	}
	n, err := Parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	recs, _ := n.Get("records")
	if want := len(v.(map[string]any)["records"].([]any)); recs.Len() != want {
		t.Errorf("records: %d, encoding/json sees %d", recs.Len(), want)
	}
}

// TestFewerAllocsThanUnmarshal guards the allocation goal of the benchmarks
// in a deterministic test: Parse allocates less than json.Unmarshal into
// any on every message.
func TestFewerAllocsThanUnmarshal(t *testing.T) {
	for _, m := range smallMessages {
		data := []byte(m.text)
		parse := testing.AllocsPerRun(50, func() { Parse(data) })
		unmarshal := testing.AllocsPerRun(50, func() {
			var v any
			json.Unmarshal(data, &v)
		})
		if parse >= unmarshal {
			t.Errorf("%s: Parse allocates %v times, json.Unmarshal %v", m.name, parse, unmarshal)
		}
	}
}

// benchCompare runs json.Valid, json.Unmarshal into any and Parse on the
// same bytes.
func benchCompare(b *testing.B, data []byte) {
	b.Run("json.Valid", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for range b.N {
			if !json.Valid(data) {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("json.Unmarshal", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for range b.N {
			var v any
			if err := json.Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("node.Parse", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for range b.N {
			if _, err := Parse(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkSmall(b *testing.B) {
	for _, m := range smallMessages {
		b.Run(m.name, func(b *testing.B) { benchCompare(b, []byte(m.text)) })
	}
}

func BenchmarkLarge(b *testing.B) {
	benchCompare(b, generateDocument(4<<20, 1))
}

func BenchmarkMarshal(b *testing.B) {
	n, err := Parse(generateDocument(4<<20, 1))
	if err != nil {
		b.Fatal(err)
	}
	size := len(Marshal(n))
	b.SetBytes(int64(size))
	b.ReportAllocs()
	buf := make([]byte, 0, size)
	for range b.N {
		buf = AppendJSON(buf[:0], n)
	}
}

// rpcMessages are the three shapes of the rpc module's benchmark
// transcript (about 54 bytes each): a call with positional params, a call
// with named params and a result. Reading them is the tape's share of
// validating one JSON-RPC message.
var rpcMessages = []struct{ name, text string }{
	{"positional", `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":7}`},
	{"named", `{"jsonrpc":"2.0","method":"subtract","params":{"minuend":42,"subtrahend":23},"id":7}`},
	{"result", `{"jsonrpc":"2.0","result":19,"id":7}`},
}

// BenchmarkTapeRead reads each message into one reused tape, with the
// default limits: once warm it must not allocate.
//
//	go test -run '^$' -bench TapeRead -benchmem ./node
func BenchmarkTapeRead(b *testing.B) {
	lim := limits.Default()
	for _, m := range rpcMessages {
		b.Run(m.name, func(b *testing.B) {
			var t Tape
			b.SetBytes(int64(len(m.text)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if err := t.Read(m.text, lim); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
