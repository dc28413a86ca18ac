package ionadapter

import (
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// FuzzValidate feeds arbitrary bytes, text and binary, to Validate: it
// never panics, never returns an error (bad data is a finding), and its
// verdict agrees with its findings.
func FuzzValidate(f *testing.F) {
	for _, s := range []string{
		`{id: "a", count: 3, tags: ["x"]}`,
		`$ion_1_0 [1, 2.50, 3e0, null.int, a::b, (c d), {{aGk=}}, {{"x"}}, 2020-01-02T03:04:05.1234567891Z]`,
		`$ion_symbol_table::{symbols: ["a"]} {$10: $10}`,
		`{a: 1, a: 2} [[[]]] '''x''' -0.0 nan +inf`,
	} {
		f.Add([]byte(s))
		f.Add(toBinary(f, s))
	}
	f.Add([]byte{0xE0, 0x01, 0x00, 0xEA, 0x6D, 0x80, 0x0F, 0xE4, 0x81, 0x82, 0x83, 0x84, 0x85, 0xCA, 0x49, 0x96, 0x02, 0xD3})
	v := validator(f, "smithy.api#Document", sv.SymbolsAsStrings(true), sv.SexpsAsLists(true))
	row := validator(f, "Row")
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, v := range []*sv.Validator{v, row} {
			validated(t, v, data, MaxDepth(64))
		}
		// Under tight limits the findings kept before a limit are
		// findings of the whole input too, when it reads without a fault.
		whole := validated(t, row, data)
		all := map[string]bool{}
		for _, f := range whole.Findings {
			all[string(f.Code)+" "+f.Path.String()+" "+f.Message] = true
		}
		for _, opt := range []Option{MaxDepth(2), MaxElements(6)} {
			r := validated(t, row, data, opt)
			for _, f := range r.Findings {
				if f.Class != sv.ClassLimit && f.Code != sv.CodeSyntax && whole.Complete && !hasSyntax(whole) &&
					!all[string(f.Code)+" "+f.Path.String()+" "+f.Message] {
					t.Fatalf("Validate(%q) under a limit: %s %s is not a finding of the whole input\n%s\nwhole:\n%s", data, f.Code, f.Path, r.Text(), whole.Text())
				}
			}
		}
		vs, err := ParseStream(data, MaxDepth(64))
		if err == nil {
			for _, val := range vs {
				walk(val)
			}
		}
	})
}

// validated validates data with v under opts: it must return no error,
// and its verdict must agree with its findings.
func validated(t *testing.T, v *sv.Validator, data []byte, opts ...Option) sv.Result {
	t.Helper()
	r, err := Validate(v, data, opts...)
	if err != nil {
		t.Fatalf("Validate(%q): %v", data, err)
	}
	errs := 0
	for _, f := range r.Findings {
		if f.Severity == sv.SeverityError {
			errs++
		}
	}
	if r.Valid != (errs == 0) {
		t.Fatalf("Validate(%q): valid=%v with %d error findings", data, r.Valid, errs)
	}
	return r
}

// hasSyntax reports whether r has a syntax finding (reading stopped at a
// fault of the input).
func hasSyntax(r sv.Result) bool {
	for _, f := range r.Findings {
		if f.Code == sv.CodeSyntax {
			return true
		}
	}
	return false
}

// walk visits every node through the view methods.
func walk(v sv.ValueView) {
	_ = v.Scalar()
	_ = v.Annotations()
	switch v.Kind() {
	case sv.KindList, sv.KindSexp:
		for i := 0; i < v.Len(); i++ {
			walk(v.Elem(i))
		}
	case sv.KindObject:
		for i := 0; i < v.Len(); i++ {
			walk(v.Field(i).Value)
		}
	}
}
