package jsontape

import (
	"encoding/json"
	"testing"
)

// rpcMessages are the three shapes of the rpc module's benchmark
// transcript (about 54 bytes each): a call with positional params, a call
// with named params and a result. Reading them is the tape's share of
// validating one JSON-RPC message.
var rpcMessages = []struct{ name, text string }{
	{"positional", `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":7}`},
	{"named", `{"jsonrpc":"2.0","method":"subtract","params":{"minuend":42,"subtrahend":23},"id":7}`},
	{"result", `{"jsonrpc":"2.0","result":19,"id":7}`},
}

// benchLimits are the engine's default limits.
var benchLimits = Limits{MaxDepth: 1000, MaxNumberLength: 4096}

// BenchmarkRead reads each message into one reused tape: once warm it
// must not allocate.
//
//	go test -run '^$' -bench . -benchmem ./internal/jsontape
func BenchmarkRead(b *testing.B) {
	for _, m := range rpcMessages {
		b.Run(m.name, func(b *testing.B) {
			var t Tape
			b.SetBytes(int64(len(m.text)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if err := t.Read(m.text, benchLimits); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkJSONValid is encoding/json.Valid on the same bytes: the floor
// the rpc module compares its whole check with.
func BenchmarkJSONValid(b *testing.B) {
	for _, m := range rpcMessages {
		b.Run(m.name, func(b *testing.B) {
			data := []byte(m.text)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if !json.Valid(data) {
					b.Fatal("invalid")
				}
			}
		})
	}
}
