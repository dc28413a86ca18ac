package mend

import (
	"math/rand"
	"testing"
)

// TestSchemaErrorPosition pins the position of E031, the declaration's
// finding on the repaired value: every path that reports it gives the
// offset, line and column in the input of the value the finding is about
// (the checker sees the repaired text, whose offsets differ once a repair
// dropped or inserted bytes: "//c\n[,,'s'" was reported "at 2:1 (offset
// 1)", the line of the input and the offset of the repaired text).
func TestSchemaErrorPosition(t *testing.T) {
	compact, err := ParseCompact(`{!query:string,limit:integer,tags:[string]}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		text      string
		path      string
		at        int
		line, col int
	}{
		{"comment, newline, list with holes", "//c\n[,,'s'", "", 4, 2, 1},
		{"member after a dropped comment", "{query: 'a', // c\n limit: 'x'}", "/limit", 26, 2, 9},
		// the key is found by its decoded name, as the watcher and the
		// checker name it
		{"escaped key", "{\"query\":\"a\", \"lim\\u0069t\": \"x\",}", "/limit", 28, 1, 29},
		// before the first byte the repair changed, the repaired text is
		// the input: the checker's own (nested) position stands
		{"nested value before the first repair", "{\"query\": \"a\", \"tags\": [1],}", "/tags/0", 24, 1, 25},
		// after it, a nested value is placed at its root member's value
		{"nested value after holes on a later line", "{\"query\": \"a\",,,\n\"tags\": [1]}", "/tags/0", 25, 2, 9},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.text[c.at] == ' ' || c.text[c.at] == '\n' {
				t.Fatalf("case offset %d is not a value's first byte", c.at)
			}
			opts := Options{Profile: ProfileLenient, Declaration: compact}
			check := func(what string, at, line, col int) {
				t.Helper()
				if at != c.at || line != c.line || col != c.col {
					t.Errorf("%s: at %d %d:%d, want %d %d:%d", what, at, line, col, c.at, c.line, c.col)
				}
			}
			_, err := Repair([]byte(c.text), opts)
			e, ok := err.(*Error)
			if !ok || e.Code != CodeSchema {
				t.Fatalf("Repair: %v, want E031", err)
			}
			check("Repair", e.Offset, e.Line, e.Column)

			p := Analyze([]byte(c.text), opts)
			if p.Error == nil || p.Error.Code != CodeSchema || p.Schema == nil {
				t.Fatalf("Analyze: %+v, want E031 with a verdict", p)
			}
			check("Analyze error", p.Error.Offset, p.Error.Line, p.Error.Column)
			f := findingAt(t, p.Schema.Findings, c.path)
			check("Analyze finding", f.Offset, f.Line, f.Column)

			rd, err := Readiness([]byte(c.text), opts)
			if err != nil || rd.Verdict == nil {
				t.Fatalf("Readiness: %v %+v", err, rd)
			}
			f = findingAt(t, rd.Verdict.Findings, c.path)
			check("Readiness finding", f.Offset, f.Line, f.Column)

			for _, cuts := range [][]int{nil, everyByte(len(c.text))[1:]} {
				_, fin, _ := watchAll([]byte(c.text), cuts, opts)
				if fin.Error == nil || fin.Error.Code != CodeSchema {
					t.Fatalf("watch cuts %v: %+v, want E031", cuts, fin.Error)
				}
				check("watch", fin.Error.Offset, fin.Error.Line, fin.Error.Column)
			}
		})
	}
}

func findingAt(t *testing.T, fs []Finding, path string) Finding {
	t.Helper()
	for _, f := range fs {
		if f.Path == path && f.Severity == "error" {
			return f
		}
	}
	t.Fatalf("no error finding at %q in %+v", path, fs)
	return Finding{}
}

// TestSchemaPositionsInInput: for random damaged texts, every position of
// a declaration's finding that Repair, Analyze and Readiness report has
// the line and column of its offset in the input, and the offset is a
// position in the input (its end for a missing value).
func TestSchemaPositionsInInput(t *testing.T) {
	compact, err := ParseCompact(`{!query:string,limit:integer,tags:[string]}`)
	if err != nil {
		t.Fatal(err)
	}
	parts := []string{"{", "}", "[", "]", ",", ",", ":", "\n", " ", `"query"`, `"limit"`, `"tags"`, "query", "limit", "tags",
		`"a"`, `"x`, "1", "-2.5", "true", "nul", "//c\n", "/* c */", "'s'", "...", `"shapes"`, `"type"`, `"circle"`, `"label"`, "pick"}
	rng := rand.New(rand.NewSource(31))
	for _, d := range []struct {
		name string
		decl Declaration
	}{{"compact", compact}, {"union", unionDecl(t)}} {
		t.Run(d.name, func(t *testing.T) {
			for k := 0; k < 2000; k++ {
				var b []byte
				for n := rng.Intn(30); n >= 0; n-- {
					b = append(b, parts[rng.Intn(len(parts))]...)
				}
				text := string(b)
				opts := Options{Profile: ProfileLenient, Declaration: d.decl}
				check := func(what string, located bool, at, line, col int) {
					t.Helper()
					if !located {
						return
					}
					if at < 0 || at > len(text) {
						t.Fatalf("%q: %s at %d, outside the input", text, what, at)
					}
					if wl, wc := lineCol(text, at); line != wl || col != wc {
						t.Fatalf("%q: %s at %d is %d:%d, want %d:%d", text, what, at, line, col, wl, wc)
					}
				}
				if _, err := Repair(b, opts); err != nil {
					if e, ok := err.(*Error); ok {
						check("Repair "+e.Code, e.Located(), e.Offset, e.Line, e.Column)
					}
				}
				p := Analyze(b, opts)
				if p.Error != nil {
					check("Analyze "+p.Error.Code, p.Error.Located(), p.Error.Offset, p.Error.Line, p.Error.Column)
				}
				if p.Schema != nil {
					for _, f := range p.Schema.Findings {
						check("Analyze finding "+f.Path, f.Located(), f.Offset, f.Line, f.Column)
					}
				}
				if rd, err := Readiness(b, opts); err == nil && rd.Verdict != nil {
					for _, f := range rd.Verdict.Findings {
						check("Readiness finding "+f.Path, f.Located(), f.Offset, f.Line, f.Column)
					}
				}
			}
		})
	}
}
