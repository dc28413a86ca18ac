package mend

import (
	"math/rand"
	"testing"
)

// TestWatchLineColReleased pins the line and column of violations
// reported after the input where the value began was let go: a root
// member's value judged when it settles, and a field read before a
// discriminated union's discriminator.
func TestWatchLineColReleased(t *testing.T) {
	compact, err := ParseCompact(`{!query:string,limit:integer,tags:[string]}`)
	if err != nil {
		t.Fatal(err)
	}
	union := unionDecl(t)
	for _, c := range []struct {
		name      string
		decl      Declaration
		text      string
		cuts      []int
		path      string
		at        int
		line, col int
	}{
		// found by FuzzWatchUnionChunks: the value of "pick" begins at
		// offset 5 and settles at "]" after a newline; the input up to
		// the newline was let go (reported 2:-3 before the fix)
		{"root member settles after a newline", union, "{pick{00\n1]", []int{1, 3, 4, 5, 6, 10}, "/pick", 5, 1, 6},
		{"root member on a later line", compact, "{\"query\": \"a\",\n \"limit\":\n  \"x\"\n}", []int{3, 16, 25, 29}, "/limit", 27, 3, 3},
		{"field before the discriminator", union, "{\"shapes\": [{\n\"label\": 5,\n\"type\": \"circle\"}]}", []int{14, 24, 26, 30, 40}, "/shapes/0/label", 23, 2, 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, cuts := range [][]int{nil, c.cuts, everyByte(len(c.text))[1:]} {
				_, _, events := watchAll([]byte(c.text), cuts, Options{Profile: ProfileLenient, Declaration: c.decl})
				found := false
				for _, e := range events {
					if e.Kind != EventViolation || e.Path != c.path {
						continue
					}
					found = true
					f := e.Finding
					if f.Offset != c.at || f.Line != c.line || f.Column != c.col {
						t.Errorf("cuts %v: %s at %d %d:%d, want %d %d:%d", cuts, f.Code, f.Offset, f.Line, f.Column, c.at, c.line, c.col)
					}
				}
				if !found {
					t.Errorf("cuts %v: no violation at %s in %v", cuts, c.path, events)
				}
			}
		})
	}
}

// TestWatchLineColChunks: for random texts (with newlines) and random
// chunkings, with and without a declaration, every position the watcher
// reports (violations, the final's repairs, the error) has the line and
// column of its offset in the whole text.

func TestWatchLineColChunks(t *testing.T) {
	compact, err := ParseCompact(`{!query:string,limit:integer,tags:[string]}`)
	if err != nil {
		t.Fatal(err)
	}
	decls := []struct {
		name string
		decl Declaration
	}{{"none", nil}, {"compact", compact}, {"union", unionDecl(t)}}
	parts := []string{"{", "}", "[", "]", ",", ":", "\n", "\n", " ", `"query"`, `"limit"`, `"tags"`, `"a"`, `"x`,
		"1", "-2.5", "true", "nul", "//c\n", `"shapes"`, `"type"`, `"circle"`, `"label"`, `"pick"`, `"anys"`, "pick", "'s'", `{"pick": {`, `"x": 1}`, `"mixed": [1,`, `{"type": "square", "label": 1,`}
	rng := rand.New(rand.NewSource(7))
	for _, d := range decls {
		t.Run(d.name, func(t *testing.T) {
			for k := 0; k < 1500; k++ {
				var b []byte
				for n := rng.Intn(30); n >= 0; n-- {
					b = append(b, parts[rng.Intn(len(parts))]...)
				}
				text := string(b)
				cuts := randomCuts(rng, len(b), 1+rng.Intn(len(b)+1))
				_, fin, events := watchAll(b, cuts, Options{Profile: ProfileLenient, Declaration: d.decl})
				check := func(what string, at, line, col int) {
					t.Helper()
					if wl, wc := lineCol(text, at); line != wl || col != wc {
						t.Fatalf("%q cuts %v: %s at %d is %d:%d, want %d:%d", text, cuts, what, at, line, col, wl, wc)
					}
				}
				for _, e := range events {
					if e.Finding != nil {
						check("violation "+e.Finding.Code+" "+e.Path, e.Finding.Offset, e.Finding.Line, e.Finding.Column)
					}
				}
				if fin.Final != nil {
					for _, r := range fin.Final.Repairs {
						check("repair "+r.Code, r.Offset, r.Line, r.Column)
					}
				}
				if e := fin.Error; e != nil && e.Located() {
					check("error "+e.Code, e.Offset, e.Line, e.Column)
				}
			}
		})
	}
}
