package node

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func mustParse(t testing.TB, s string) Node {
	t.Helper()
	n, err := ParseString(s, DuplicateKeys(KeepDuplicates))
	if err != nil {
		t.Fatalf("ParseString(%q): %v", s, err)
	}
	return n
}

// equalCases are pairs of documents with whether they are Equal.
var equalCases = []struct {
	name string
	a, b string
	want bool
}{
	{"null", `null`, `null`, true},
	{"null vs false", `null`, `false`, false},
	{"bools", `true`, `true`, true},
	{"bools differ", `true`, `false`, false},
	{"zero and negative zero", `0`, `-0`, true},
	{"zero spellings", `0.0`, `-0e10`, true},
	{"one spellings", `1`, `1.0`, true},
	{"one and 10e-1", `1`, `10e-1`, true},
	{"one and 0.1e1", `1.0`, `0.1e1`, true},
	{"numbers differ", `1`, `1.0000000000000000000001`, false},
	{"huge exponents", `1e400`, `10e399`, true},
	{"huge exponents differ", `1e400`, `9e399`, false},
	{"number vs string", `1`, `"1"`, false},
	{"strings", `"a\u00e9"`, `"aé"`, true},
	{"strings differ", `"a"`, `"A"`, false},
	{"empty string vs null", `""`, `null`, false},
	{"arrays", `[1,[2,"x"]]`, `[1.0,[2e0,"x"]]`, true},
	{"array order matters", `[1,2]`, `[2,1]`, false},
	{"array length", `[1]`, `[1,1]`, false},
	{"empty array vs object", `[]`, `{}`, false},
	{"objects any order", `{"a":1,"b":[true]}`, `{"b":[true],"a":1.0}`, true},
	{"object values differ", `{"a":1,"b":2}`, `{"a":1,"b":3}`, false},
	{"object keys differ", `{"a":1}`, `{"b":1}`, false},
	{"object sizes differ", `{"a":1}`, `{"a":1,"b":1}`, false},
	{"nested objects", `{"x":{"p":1,"q":2}}`, `{"x":{"q":2,"p":1}}`, true},
	{"duplicates same multiset", `{"a":1,"a":2,"b":3}`, `{"b":3,"a":2,"a":1.0}`, true},
	{"duplicates vs unique", `{"a":1,"a":1}`, `{"a":1,"b":1}`, false},
	{"duplicates counts differ", `{"a":1,"a":1,"a":2}`, `{"a":1,"a":2,"a":2}`, false},
	{"duplicates with nested", `{"a":{"x":1},"a":{"x":2}}`, `{"a":{"x":2.0},"a":{"x":1}}`, true},
	{"key with escapes", `{"\u0061":1}`, `{"a":1}`, true},
	{"keys that sort the same prefix", `{"a":1,"ab":2}`, `{"ab":2,"a":1}`, true},
	{"tricky canonical keys", `{"a\":1,\"b":1}`, `{"a":1,"b":1}`, false},
	{"large objects", largeObject(40, false), largeObject(40, true), true},
	{"large objects differ", largeObject(40, false), strings.Replace(largeObject(40, true), `"k7":7`, `"k7":8`, 1), false},
	{"large objects with duplicates", `{"d":0,` + largeObject(40, false)[1:], `{"d":0,` + largeObject(40, true)[1:], true},
}

// largeObject returns an object with n members, in reverse order if asked.
func largeObject(n int, reverse bool) string {
	parts := make([]string, n)
	for i := range n {
		j := i
		if reverse {
			j = n - 1 - i
		}
		parts[i] = fmt.Sprintf(`"k%d":%d`, j, j)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func TestEqual(t *testing.T) {
	for _, tt := range equalCases {
		a, b := mustParse(t, tt.a), mustParse(t, tt.b)
		if got := Equal(a, b); got != tt.want {
			t.Errorf("%s: Equal(%s, %s) = %v, want %v", tt.name, tt.a, tt.b, got, tt.want)
		}
		if got := Equal(b, a); got != tt.want {
			t.Errorf("%s: Equal reversed = %v, want %v", tt.name, got, tt.want)
		}
		if !Equal(a, a) {
			t.Errorf("%s: Equal(a, a) = false", tt.name)
		}
	}
}

func TestCanonicalMatchesEqual(t *testing.T) {
	for _, tt := range equalCases {
		a, b := mustParse(t, tt.a), mustParse(t, tt.b)
		ca, cb := AppendCanonical(nil, a), AppendCanonical(nil, b)
		if got := bytes.Equal(ca, cb); got != tt.want {
			t.Errorf("%s: canonical %s vs %s: equal = %v, want %v", tt.name, ca, cb, got, tt.want)
		}
	}
	// Every pair across all cases: Equal iff canonical forms match.
	var nodes []Node
	for _, tt := range equalCases {
		nodes = append(nodes, mustParse(t, tt.a), mustParse(t, tt.b))
	}
	for i := range nodes {
		for j := range nodes {
			eq := Equal(nodes[i], nodes[j])
			can := bytes.Equal(AppendCanonical(nil, nodes[i]), AppendCanonical(nil, nodes[j]))
			if eq != can {
				t.Errorf("%s vs %s: Equal = %v but canonical equality = %v", Marshal(nodes[i]), Marshal(nodes[j]), eq, can)
			}
		}
	}
}

func TestCanonicalForm(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"numbers", `[1.0,-0,10e-1,1e21,0.000001,1e-7,-2.50e2]`, `[1,0,1,1e+21,0.000001,1e-7,-250]`},
		{"sorted keys", `{"b":1,"a":{"d":2,"c":3}}`, `{"a":{"c":3,"d":2},"b":1}`},
		{"duplicates sorted by value", `{"a":2,"a":10,"a":"x","a":1}`, `{"a":"x","a":1,"a":10,"a":2}`},
		{"whitespace gone", " [ true , null ] ", `[true,null]`},
		{"strings minimal", `"\u00e9\/\n"`, `"é/\n"`},
	}
	for _, tt := range tests {
		got := string(AppendCanonical(nil, mustParse(t, tt.in)))
		if got != tt.want {
			t.Errorf("%s: AppendCanonical(%s) = %s, want %s", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestCanonicalBuiltNodes(t *testing.T) {
	// Injectivity holds for nodes built in code, which the reader would
	// never produce: invalid UTF-8 and invalid number text.
	tests := []struct {
		name string
		a, b Node
		want bool
	}{
		{"distinct invalid bytes", NewString("\xff"), NewString("\xfe"), false},
		{"invalid byte vs replacement", NewString("\xff"), NewString("\uFFFD"), false},
		{"invalid number vs string", NewNumber(`"a"`), NewString("a"), false},
		{"same invalid number", NewNumber("01"), NewNumber("01"), true},
		{"invalid vs valid number", NewNumber("01"), NewNumber("1"), false},
		{"nil vs empty array", NewArray(), mustParse(t, `[]`), true},
		{"zero node vs null", Node{}, NewNull(), true},
	}
	for _, tt := range tests {
		eq := Equal(tt.a, tt.b)
		can := bytes.Equal(AppendCanonical(nil, tt.a), AppendCanonical(nil, tt.b))
		if eq != tt.want || can != tt.want {
			t.Errorf("%s: Equal = %v, canonical equal = %v, want %v", tt.name, eq, can, tt.want)
		}
	}
}

// randomNode builds a random small tree from a few choices, so that
// equal-but-differently-spelled pairs occur often.
func randomNode(r *rand.Rand, depth int) Node {
	k := r.IntN(7)
	if depth > 3 {
		k = r.IntN(4)
	}
	switch k {
	case 0:
		return NewNull()
	case 1:
		return NewBool(r.IntN(2) == 0)
	case 2:
		return NewNumber([]string{"0", "-0", "1", "1.0", "10e-1", "2", "1e400", "10e399"}[r.IntN(8)])
	case 3:
		return NewString([]string{"", "a", "b"}[r.IntN(3)])
	case 4:
		elems := make([]Node, r.IntN(3))
		for i := range elems {
			elems[i] = randomNode(r, depth+1)
		}
		return NewArray(elems...)
	default:
		fields := make([]Field, r.IntN(4))
		for i := range fields {
			fields[i] = Field{Key: []string{"a", "b", "c"}[r.IntN(3)], Value: randomNode(r, depth+1)}
		}
		return NewObject(fields...)
	}
}

// shuffled returns n with every object's members in a random order.
func shuffled(r *rand.Rand, n Node) Node {
	switch n.Kind() {
	case Array:
		elems := make([]Node, n.Len())
		for i, e := range n.Elems() {
			elems[i] = shuffled(r, e)
		}
		return NewArray(elems...)
	case Object:
		fields := make([]Field, n.Len())
		for i, f := range n.Fields() {
			fields[i] = Field{Key: f.Key, Value: shuffled(r, f.Value)}
		}
		r.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
		return NewObject(fields...)
	}
	return n
}

func TestCanonicalRandomTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var nodes []Node
	for range 300 {
		n := randomNode(r, 0)
		nodes = append(nodes, n, shuffled(r, n))
	}
	equalPairs := 0
	for i := range nodes {
		for j := range nodes {
			eq := Equal(nodes[i], nodes[j])
			can := bytes.Equal(AppendCanonical(nil, nodes[i]), AppendCanonical(nil, nodes[j]))
			if eq != can {
				t.Fatalf("%s vs %s: Equal = %v, canonical equal = %v", Marshal(nodes[i]), Marshal(nodes[j]), eq, can)
			}
			if eq && i != j {
				equalPairs++
			}
		}
	}
	if equalPairs < len(nodes) {
		t.Errorf("only %d equal pairs: the generator does not exercise equality", equalPairs)
	}
}
