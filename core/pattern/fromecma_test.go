package pattern

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestFromECMA(t *testing.T) {
	for _, tc := range []struct{ name, ecma, want, unsupported string }{
		{"$ is the end of the input", `^0x[0-9a-fA-F]{40}$`, `^0x[0-9a-fA-F]{40}\z`, ""},
		{"$ in a class and escaped stays literal", `^[$]\$$`, `^[$]\$\z`, ""},
		{"dot lists ECMA's terminators", `^.$`, `^` + ecmaDot + `\z`, ""},
		{"\\s and \\S are ECMA's sets", `\s\S[\s]`, "[" + ecmaSpace + "][^" + ecmaSpace + "][" + ecmaSpace + "]", ""},
		{"\\v, \\0 and \\u{...}", `\v\0\u{1F600}\u0041`, `\x0B\x00\x{1F600}\u0041`, ""},
		{"class: [ & ^ escaped, \\b is backspace", `[[&^\b]`, `[\[\&\^\x08]`, ""},
		{"groups, lookarounds, quantifiers", `(?:a|b){2,3}?(?=c)(?<!d)(?<n>e)\1\k<n>`, `(?:a|b){2,3}?(?=c)(?<!d)(?<n>e)\1\k<n>`, ""},
		{"general categories", `\p{Lu}\P{gc=Nd}\p{General_Category=L}`, `\p{Lu}\P{Nd}\p{L}`, ""},
		{"identity escapes", `\/\.\-\{`, `\/\.\-\{`, ""},
		{"\\b is refused", `\bword`, "", `\b (ECMA-262's word characters are ASCII, Java's are not)`},
		{"\\S in a class is refused", `[\S]`, "", `\S in a class`},
		{"script property is refused", `\p{Script=Greek}`, "", `the property \p{Script=Greek}`},
		{"binary property is refused", `\p{Alphabetic}`, "", `the property \p{Alphabetic}`},
		{"empty class is refused", `a[]`, "", "an empty class"},
		{"letter escape is refused", `\a`, "", `\a`},
		{"modifier group is refused", `(?i:a)`, "", "a group modifier"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FromECMA(tc.ecma)
			if tc.unsupported != "" {
				var e *Error
				if !errors.As(err, &e) || e.Construct != tc.unsupported {
					t.Fatalf("FromECMA(%q) = %q, %v; want unsupported %q", tc.ecma, got, err, tc.unsupported)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("FromECMA(%q) = %q, %v; want %q", tc.ecma, got, err, tc.want)
			}
			// On what ECMA writes, ECMA after FromECMA gives it back: an
			// export of an import of an export is the export.
			if e, err := ECMA(got); err == nil {
				if j, err := FromECMA(e); err != nil {
					t.Errorf("FromECMA(%q): %v", e, err)
				} else if e2, err := ECMA(j); err != nil || e2 != e {
					t.Errorf("ECMA(FromECMA(%q)) = %q, %v", e, e2, err)
				}
			}
		})
	}
}

// fromECMACases are ECMA-262 patterns with probes that tell ECMA's
// meaning from Java's: each translation must give Node's verdict (u flag)
// here and in java.util.regex.
var fromECMACases = []struct {
	ecma   string
	probes []string
}{
	{`^abc$`, []string{"abc", "abc\n", "abc\r\n", "abc\r", "abc\u0085", "abc\u2028", "abc\u2029", "abcd", "xabc"}},
	{`^[a-z]+$`, []string{"abc", "abc\n", "ab\nc", ""}},
	{`a$|^b`, []string{"xa", "xa\n", "b\n", "xb"}},
	{`(?:x$)`, []string{"x", "x\n", "xy"}},
	{`^.$`, []string{"a", "\u0085", "\n", "\r", "\u2028", "\u2029", "\U0001F600"}},
	{`^\s+$`, []string{" \t", "\u00a0", "\ufeff", "\u3000", "\u1680", "\u2000", "\u200a", "\u0085", "\u180e", "\v", "a"}},
	{`^\S$`, []string{"a", "\u00a0", "\u0085", " "}},
	{`^a\vb$`, []string{"a\vb", "a\nb", "avb"}},
	{`^[\b]$`, []string{"\b", "b"}},
	{`^[[a]$`, []string{"[", "a", "]"}},
	{`^[a&&b]+$`, []string{"&", "a&b", "c"}},
	{`^[^^]$`, []string{"^", "a"}},
	{`^\u{1F600}$`, []string{"\U0001F600", "x"}},
	{`^\p{Lu}+\P{Lu}$`, []string{"ABc", "AB", "Éa", "ÉÉ"}},
	{`^[$.]$`, []string{"$", ".", "a"}},
	{`^\0$`, []string{"\x00", "0"}},
	{`^\d{2}-\w+$`, []string{"12-ab_", "12-é", "١٢-ab"}},
	{`^(?<y>\d{4})-(?=\d)\d\d$`, []string{"2024-12", "2024-1x"}},
}

// TestFromECMAWithNode and TestFromECMAWithJava: the translation of each
// case means in this package and in java.util.regex what the ECMA-262
// pattern means in Node's RegExp.
func nodeVerdicts(t *testing.T) [][]bool {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node in PATH: the ECMA-262 side of this test is Node's RegExp")
	}
	var in strings.Builder
	enc := json.NewEncoder(&in)
	for _, c := range fromECMACases {
		enc.Encode(map[string]any{"pattern": c.ecma, "probes": c.probes})
	}
	cmd := exec.Command(node, filepath.Join("testdata", "node", "ecma.js"))
	cmd.Stdin = strings.NewReader(in.String())
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var all [][]bool
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		var a struct {
			Found []bool `json:"found"`
			Error string `json:"error"`
		}
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		if a.Error != "" {
			t.Fatalf("node rejects case %d: %s", len(all), a.Error)
		}
		all = append(all, a.Found)
	}
	if len(all) != len(fromECMACases) {
		t.Fatalf("node answered %d of %d cases", len(all), len(fromECMACases))
	}
	return all
}

func TestFromECMAWithNode(t *testing.T) {
	want := nodeVerdicts(t)
	differ := 0
	for i, c := range fromECMACases {
		j, err := FromECMA(c.ecma)
		if err != nil {
			t.Errorf("FromECMA(%q): %v", c.ecma, err)
			continue
		}
		re := MustCompile(j)
		verbatim, verr := Compile(c.ecma)
		for k, s := range c.probes {
			if got := re.MatchString(s); got != want[i][k] {
				t.Errorf("%q (as %q) on %q: %v here, %v in Node", c.ecma, j, s, got, want[i][k])
			}
			if verr == nil && verbatim.MatchString(s) != want[i][k] {
				differ++ // read as written, Java's meaning would differ here
			}
		}
	}
	// The cases are chosen to tell the dialects apart: read as written
	// (no translation), many of them would answer otherwise.
	if differ < 10 {
		t.Errorf("only %d probes tell ECMA-262 from Java read as written; the cases do not test the translation", differ)
	}
}

func TestFromECMAWithJava(t *testing.T) {
	want := nodeVerdicts(t)
	o := startJava(t)
	for i, c := range fromECMACases {
		j, err := FromECMA(c.ecma)
		if err != nil {
			t.Errorf("FromECMA(%q): %v", c.ecma, err)
			continue
		}
		if ok, msg := o.compile(t, j); !ok {
			t.Errorf("Java refuses %q (from %q): %s", j, c.ecma, msg)
			continue
		}
		for k, s := range c.probes {
			if got := o.find(t, s); got != want[i][k] {
				t.Errorf("%q (as %q) on %q: %v in Java, %v in Node", c.ecma, j, s, got, want[i][k])
			}
		}
	}
}

// FuzzFromECMA: any text is a Java spelling that compiles (or only uses
// what this package does not run) or an *Error, never a panic; and on
// what ECMA writes of it, ECMA after FromECMA gives the same text back.
func FuzzFromECMA(f *testing.F) {
	for _, c := range fromECMACases {
		f.Add(c.ecma)
	}
	f.Fuzz(func(t *testing.T, src string) {
		j, err := FromECMA(src)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("FromECMA(%q): %T %v, want an *Error", src, err, err)
			}
			return
		}
		if _, err := Compile(j); err != nil {
			var pe *Error
			if !errors.As(err, &pe) || !pe.Unsupported() {
				t.Fatalf("FromECMA(%q) = %q, which does not compile: %v", src, j, err)
			}
		}
		e, err := ECMA(j)
		if err != nil {
			return
		}
		j2, err := FromECMA(e)
		if err != nil {
			t.Fatalf("FromECMA(ECMA(%q)) = %q: %v", j, e, err)
		}
		if e2, err := ECMA(j2); err != nil || e2 != e {
			t.Fatalf("ECMA(FromECMA(%q)) = %q, %v", e, e2, err)
		}
	})
}
