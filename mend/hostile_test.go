package mend

import (
	"errors"
	"strings"
	"testing"
)

// TestHostile: inputs built to hurt get a clear error or a bounded
// result, never a panic or an unbounded list.
func TestHostile(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts Options
		code string // "" when it is read
	}{
		{"deep arrays", strings.Repeat("[", 1_000_000), Options{Profile: ProfileLenient}, CodeLimit},
		{"deep objects", strings.Repeat(`{"a":`, 200_000), Options{Profile: ProfileLenient}, CodeLimit},
		{"deep within the limit", strings.Repeat("[", 999), Options{Profile: ProfileLenient}, ""},
		{"over the size limit", strings.Repeat(" ", 1<<20) + "1", Options{MaxSize: 1 << 20}, CodeLimit},
		{"only a BOM and spaces", "\ufeff \u00a0 ", Options{}, CodeNoValue},
		{"unterminated comment", "/* never closed", Options{}, CodeNoValue},
		{"many brackets closing nothing", "{}" + strings.Repeat("]", 100_000), Options{}, ""},
		{"a lone quote", `"`, Options{Profile: ProfileLenient}, ""},
		{"NUL bytes", "[\x00\x00]", Options{Profile: ProfileLenient}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Repair([]byte(tt.in), tt.opts)
			var e *Error
			switch {
			case tt.code == "" && err != nil:
				t.Errorf("%s: %v", tt.name, err)
			case tt.code != "" && (!errors.As(err, &e) || e.Code != tt.code):
				t.Errorf("%s: got %v, want %s", tt.name, err, tt.code)
			case tt.code == "" && len(res.Repairs) > 1000:
				t.Errorf("%s: %d repairs listed", tt.name, len(res.Repairs))
			}
		})
	}
}

// TestRepairsTruncated: past MaxRepairs the list stops, the count and the
// classes do not, and a lossy repair past the list is still refused.
func TestRepairsTruncated(t *testing.T) {
	in := "[" + strings.Repeat("'a',", 3000) + "'b']"
	res, err := Repair([]byte(in), Options{})
	if err != nil || len(res.Repairs) != 1000 || !res.RepairsTruncated || res.Exactness != Cosmetic {
		t.Fatalf("got %v, %d repairs, truncated %v", err, len(res.Repairs), res.RepairsTruncated)
	}
	_, err = Repair([]byte(in[:len(in)-2]), Options{}) // cut: the truncation is repair 3002
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeLossy {
		t.Errorf("a lossy repair past the list: %v, want E010", err)
	}
}
