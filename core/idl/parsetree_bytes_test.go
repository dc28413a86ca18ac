package idl

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/smithy-validation/go/core/internal/testmodel"
	"github.com/smithy-validation/go/core/shapeid"
)

// TestParseTreeBytes: on the chain of structures of docs/performance.md
// ("Where a model's bytes go", twelfth round), the worst model per
// source byte, parsing allocates at most 8 bytes a byte of source: the
// parse tree is whole in memory when the lowering starts, and with the
// lowered definitions beside its last statements it was the load's
// largest live heap (47.1 MiB). A ref (a member's target, a trait's ID)
// is its text, 16 bytes: with the parsed ID and its position it was 64,
// a member statement 128 bytes, and parsing allocated 11.3 bytes a byte;
// 9.2 with refs of 16 bytes and the interned names in a Go map, 7.3 with
// them in a table of strings (nameTable), 6.5 with a statement's traits
// their first element and their number and the set of member names the
// parser's (a memberStmt 64 bytes, was 80; a shapeStmt 112, was 128;
// fourteenth round), 6.2 with a shape's members so too (a shapeStmt 96),
// 5.6 with a shape's mixins, `for` binding and properties behind one
// pointer (a shapeStmt 64) and 5.3 with a member's `= value` the last of
// its traits (a memberStmt 56; sixteenth round). The bytes two chains
// allocate are compared, in this run; the sizes of the statements are
// checked too.
func TestParseTreeBytes(t *testing.T) {
	if s := unsafe.Sizeof(ref{}); s > 16 {
		t.Errorf("a ref is %d bytes, want at most 16", s)
	}
	if s := unsafe.Sizeof(memberStmt{}); s > 56 {
		t.Errorf("a memberStmt is %d bytes, want at most 56", s)
	}
	if s := unsafe.Sizeof(shapeStmt{}); s > 64 {
		t.Errorf("a shapeStmt is %d bytes, want at most 64", s)
	}
	if s := unsafe.Sizeof(traitApp{}); s > 88 {
		t.Errorf("a traitApp is %d bytes, want at most 88", s)
	}
	if s := unsafe.Sizeof(value{}); s > 56 {
		t.Errorf("a value is %d bytes, want at most 56", s)
	}
	allocated := func(src []byte) uint64 {
		var ms0, ms1 runtime.MemStats
		runtime.ReadMemStats(&ms0)
		f, err := Parse("chain.smithy", src)
		runtime.ReadMemStats(&ms1)
		if err != nil {
			t.Fatal(err)
		}
		runtime.KeepAlive(f)
		return ms1.TotalAlloc - ms0.TotalAlloc
	}
	small, large := testmodel.Chain(20_000), testmodel.Chain(60_000)
	allocated(small) // the package's first use
	a, b := allocated(small), allocated(large)
	perByte := float64(b-a) / float64(len(large)-len(small))
	t.Logf("%d and %d bytes allocated; %.2f a byte of source", a, b, perByte)
	if perByte > 5.5 {
		t.Errorf("parsing allocated %.2f bytes a byte of source: at most 5.5", perByte)
	}
}

// TestRefRelative: a ref's shape ID, split from its text at lowering,
// is what shapeid.ParseRelative reads in the text the parser checked.
func TestRefRelative(t *testing.T) {
	for _, text := range []string{"S", "String", "S$m", "a.b#C", "smithy.api#String", "a.b#C$d", "ex#S$member_1"} {
		want, err := shapeid.ParseRelative(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got := (ref{text}).relative(); got != want {
			t.Errorf("ref{%q}.relative() = %+v, want %+v", text, got, want)
		}
	}
}
