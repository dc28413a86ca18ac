package pattern

import (
	"errors"
	"reflect"
	"testing"
)

// FuzzPattern compiles any pattern and matches it against any value: no
// panic, every error an *Error and Check's verdict, and the fast path
// always agrees with the matching machine (the two implement Java's
// meaning independently).
func FuzzPattern(f *testing.F) {
	for _, tc := range diffCases {
		for _, s := range append(tc.probes, "", "a\n", "-a-") {
			f.Add(tc.pattern, s)
		}
	}
	for _, p := range syntaxCases {
		f.Add(p, "a")
	}
	f.Fuzz(func(t *testing.T, p, s string) {
		if len(p) > 200 || len(s) > 1000 {
			return
		}
		re, err := Compile(p)
		if check := Check(p); !reflect.DeepEqual(check, err) {
			t.Fatalf("Check(%q) = %v, Compile's error %v", p, check, err)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Compile(%q): %v is not an *Error", p, err)
			}
			_ = e.JavaMessage()
			return
		}
		got := re.MatchString(s)
		if re.main == nil {
			return
		}
		if vm, _ := re.matchVM(s); vm != got {
			t.Fatalf("%q on %q: MatchString %v, matching machine %v", p, s, got, vm)
		}
		if _, err := ECMA(p); err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("ECMA(%q): %v is not an *Error", p, err)
			}
		}
	})
}
