package pattern

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSeqAgreesWithMachine runs sequence patterns (ASCII classes, classes
// beyond ASCII, fixed and open counts) on random texts of ASCII and wider
// characters: the sequence matcher answers as the matching machine.
func TestSeqAgreesWithMachine(t *testing.T) {
	patterns := []string{
		`^ord_[0-9a-f]{16}$`, `^[A-Z]{3}-[0-9]{6}$`, `^[a-z][a-z0-9-]*$`, `^[0-9A-Z -]{3,10}$`, `^[A-Z]{2,4}$`,
		`^[a-dé]{2,5}x$`, `^[é-ü]+[a-c]*$`, `^[^ab]{1,3}b$`, `^[a-z日]{3}[0-9]?$`, `^x[ab]*$`,
	}
	alphabet := []string{"a", "b", "c", "x", "z", "A", "Z", "0", "9", "-", " ", "_", "é", "ü", "日", "\u0085"}
	r := rand.New(rand.NewPCG(1, 2))
	for _, p := range patterns {
		re, err := Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		if re.seq == nil || re.main == nil {
			t.Fatalf("%s: no sequence matcher (or no machine) to compare", p)
		}
		for range 3000 {
			var b strings.Builder
			for range r.IntN(20) {
				b.WriteString(alphabet[r.IntN(len(alphabet))])
			}
			s := b.String()
			if r.IntN(4) == 0 && strings.HasPrefix(p, "^ord_") {
				s = "ord_" + s
			}
			got := re.MatchString(s)
			if vm, _ := re.matchVM(s); got != vm {
				t.Fatalf("%s on %q: sequence matcher %v, machine %v", p, s, got, vm)
			}
		}
	}
}
