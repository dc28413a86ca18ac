package rpc

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/smithy-validation/go/core/node"
)

// TestIncDecimal: the index's digits incremented are strconv's of the
// next number, carries included.
func TestIncDecimal(t *testing.T) {
	d := []byte("0")
	for i := 1; i <= 100_000; i++ {
		d = incDecimal(d)
		if string(d) != strconv.Itoa(i) {
			t.Fatalf("after %d: %q", i-1, d)
		}
	}
}

// TestSpoolRecordsTruncatedAndDamaged: every proper prefix of a stream of
// records asks for more bytes (n 0) or renders whole records only, and
// bytes that are not records never make the renderer panic nor take more
// bytes than it was given.
func TestSpoolRecordsTruncatedAndDamaged(t *testing.T) {
	var names spoolNames
	var recs []byte
	ms := []MessageSummary{
		{Index: 0, Element: -1, Kind: KindRequest, ID: PresentID(node.NewString(string(make([]byte, 300)))), Method: "a", HasMethod: true},
		{Index: 1, Element: -1, Kind: KindNotification, Method: "b", HasMethod: true},
		{Index: 1, Element: 3, Kind: KindErrorResponse, ID: PresentID(node.NewString("x")), RPCError: -32601},
		{Index: 7, Element: -1, Kind: Kind(9)},
	}
	next := 0
	for i := range ms {
		recs = names.appendRecord(recs, &ms[i], next)
		next = ms[i].Index + 1
	}
	for _, f := range []Format{FormatJSON, FormatText} {
		var whole []byte
		r := newSpoolRenderer(f, &names)
		for p := 0; p < len(recs); {
			var n int
			whole, n = r.render(whole, recs[p:])
			if n <= 0 {
				t.Fatalf("%s: the whole stream stops at %d of %d (n %d)", f, p, len(recs), n)
			}
			p += n
		}
		var want []byte
		for i := range ms {
			want = appendMessage(want, f, &ms[i], i == 0)
		}
		if string(whole) != string(want) {
			t.Errorf("%s: rendered\n%s\nwant\n%s", f, whole, want)
		}
		for cut := 0; cut < len(recs); cut++ {
			r := newSpoolRenderer(f, &names)
			p := 0
			for {
				_, n := r.render(nil, recs[p:cut])
				if n < 0 {
					t.Fatalf("%s: a prefix of %d bytes is damaged at %d", f, cut, p)
				}
				if n == 0 {
					break
				}
				p += n
			}
			if p > cut {
				t.Fatalf("%s: a prefix of %d bytes rendered %d", f, cut, p)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20_000; i++ {
		b := make([]byte, rng.IntN(24))
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		r := newSpoolRenderer(Format(i%2), &names)
		for p := 0; p < len(b); {
			_, n := r.render(nil, b[p:])
			if n > len(b)-p {
				t.Fatalf("%x: took %d of %d bytes", b, n, len(b)-p)
			}
			if n <= 0 {
				break
			}
			p += n
		}
	}
}
