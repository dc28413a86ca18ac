package rpc

import (
	"math/rand/v2"
	"testing"

	"github.com/smithy-validation/go/core/node"
)

// plainEndSlow is plainEnd a byte at a time.
func plainEndSlow(s string, i int) int {
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			return i
		}
	}
	return i
}

// TestPlainEnd: the word-at-a-time scan finds the byte a byte-at-a-time
// one finds, for every byte value at every position of a word and
// beyond, after every other byte value below it, and from every start.
func TestPlainEnd(t *testing.T) {
	cases := []struct {
		name string
		s    string
	}{
		{"empty", ""},
		{"plain", "notifications/progress"},
		{"quote", `tools/call"x`},
		{"backslash", `a\u0041bcdefghij`},
		{"control", "abcdefgh\x1fxyz"},
		{"high", "abcdefghijklmn\xc3\xa9"},
		{"DEL is plain", "abcdefgh\x7fijklmnop"},
		{"space is plain", "a b c d e f g h i j"},
		{"borrow below a plain byte", "\x00\x20\x21\x22"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for i := 0; i <= len(c.s); i++ {
				if got, want := plainEnd(c.s, i), plainEndSlow(c.s, i); got != want {
					t.Errorf("plainEnd(%q, %d) = %d, want %d", c.s, i, got, want)
				}
			}
		})
	}
	// Every byte value at every offset of a 20-byte run, after each of a
	// few bytes that borrow or not just below it.
	buf := []byte("abcdefghijklmnopqrst")
	for pos := range buf {
		for b := 0; b < 256; b++ {
			for _, before := range []byte{'a', 0x00, 0x1f, 0x20, 0x21, 0x7f, 0x80, 0xff} {
				s := append([]byte(nil), buf...)
				if pos > 0 {
					s[pos-1] = before
				}
				s[pos] = byte(b)
				if got, want := plainEnd(string(s), 0), plainEndSlow(string(s), 0); got != want {
					t.Fatalf("plainEnd(%q) = %d, want %d", s, got, want)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(27, 2))
	for range 20000 {
		s := make([]byte, r.IntN(40))
		for i := range s {
			s[i] = byte(0x20 + r.IntN(0x60))
			if r.IntN(30) == 0 {
				s[i] = byte(r.IntN(256))
			}
		}
		from := r.IntN(len(s) + 1)
		if got, want := plainEnd(string(s), from), plainEndSlow(string(s), from); got != want {
			t.Fatalf("plainEnd(%q, %d) = %d, want %d", s, from, got, want)
		}
	}
}

// TestAppendStringAsNode: the output's strings and ids are the bytes
// node.AppendJSON writes, plain or not.
func TestAppendStringAsNode(t *testing.T) {
	for _, s := range []string{"", "tools/call", `a"b`, `a\b`, "tab\there", "é", "\xff", "\u2028", "<&>", "\x7f", "s-123456789"} {
		if got, want := string(appendString([]byte("x"), s)), "x"+string(node.AppendJSON(nil, node.NewString(s))); got != want {
			t.Errorf("appendString(%q) = %s, want %s", s, got, want)
		}
	}
	for _, id := range []RequestID{PresentID(node.NewString("s-3")), PresentID(node.NewString("a\"\n")), PresentID(node.NewNumber("-12")),
		PresentID(node.NewNumber("1.5e3")), PresentID(node.NewNull()), PresentID(node.NewBool(true))} {
		if got, want := string(appendID(nil, id)), id.String(); got != want {
			t.Errorf("appendID(%s) = %s", want, got)
		}
	}
}
