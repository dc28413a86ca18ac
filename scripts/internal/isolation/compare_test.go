package isolation

import (
	"strings"
	"testing"

	"golang.org/x/mod/module"

	"github.com/smithy-validation/go/scripts/internal/policy"
)

const sampleGraph = `github.com/smithy-validation/go/consumers/json-value github.com/smithy-validation/go/smithyvalidate@v0.1.0
github.com/smithy-validation/go/consumers/json-value go@1.24
github.com/smithy-validation/go/consumers/json-value github.com/amazon-ion/ion-go@v1.5.0
github.com/smithy-validation/go/smithyvalidate@v0.1.0 github.com/smithy-validation/go/core@v0.1.0
github.com/smithy-validation/go/smithyvalidate@v0.1.0 github.com/amazon-ion/ion-go@v1.5.0
github.com/smithy-validation/go/core@v0.1.0 github.com/amazon-ion/ion-go@v1.5.0
github.com/amazon-ion/ion-go@v1.5.0 github.com/stretchr/testify@v1.6.1
github.com/amazon-ion/ion-go@v1.5.0 go@1.13
`

func TestChain(t *testing.T) {
	g := ParseGraph("github.com/smithy-validation/go/consumers/json-value", sampleGraph)
	// The build added ion-go to the consumer's go.mod; the chain that
	// explains it starts from the committed requirement.
	g.SetRoots([]string{"github.com/smithy-validation/go/smithyvalidate@v0.1.0"})
	for _, tc := range []struct {
		name, module, want string
	}{
		{"direct", "github.com/smithy-validation/go/smithyvalidate", "consumers/json-value -> smithyvalidate@v0.1.0"},
		{"shortest of two paths", "github.com/amazon-ion/ion-go", "consumers/json-value -> smithyvalidate@v0.1.0 -> github.com/amazon-ion/ion-go@v1.5.0"},
		{"three hops", "github.com/stretchr/testify", "consumers/json-value -> smithyvalidate@v0.1.0 -> github.com/amazon-ion/ion-go@v1.5.0 -> github.com/stretchr/testify@v1.6.1"},
		{"go directive is not a module", "go", "(no requirement path found in go mod graph)"},
		{"absent", "example.com/absent", "(no requirement path found in go mod graph)"},
	} {
		if got := FormatChain(g.Chain(tc.module)); got != tc.want {
			t.Errorf("%s: Chain(%s)\n got  %s\n want %s", tc.name, tc.module, got, tc.want)
		}
	}
}

func TestCompare(t *testing.T) {
	g := ParseGraph("github.com/smithy-validation/go/consumers/json-value", sampleGraph)
	g.SetRoots([]string{"github.com/smithy-validation/go/smithyvalidate@v0.1.0"})
	claim, _ := policy.ConsumerFor("consumers/json-value")
	expected := []Expected{
		{Path: "github.com/smithy-validation/go/smithyvalidate", Reason: "the library", Line: 1},
		{Path: "github.com/smithy-validation/go/core", Reason: "required", Line: 2},
		{Path: "github.com/smithy-validation/go/gone", Reason: "dropped since", Line: 3},
	}
	listed := []module.Version{
		{Path: "github.com/amazon-ion/ion-go", Version: "v1.5.0"},
		{Path: "github.com/smithy-validation/go/core", Version: "v0.1.0"},
		{Path: "github.com/smithy-validation/go/smithyvalidate", Version: "v0.1.0"},
	}
	problems := Compare("consumers/json-value", "consumers/json-value/expected-modules.txt", claim, expected, listed, g)
	if len(problems) != 2 {
		t.Fatalf("got %d problems, want 2 (ion-go unexpected, gone missing):\n%s", len(problems), strings.Join(problems, "\n"))
	}
	for i, wants := range [][]string{
		{"module github.com/amazon-ion/ion-go v1.5.0", "contract violation", "unexpected: not listed in consumers/json-value/expected-modules.txt", "brought in by: consumers/json-value -> smithyvalidate@v0.1.0 -> github.com/amazon-ion/ion-go@v1.5.0"},
		{"github.com/smithy-validation/go/gone is expected (consumers/json-value/expected-modules.txt:3", "no longer lists it"},
	} {
		for _, w := range wants {
			if !strings.Contains(problems[i], w) {
				t.Errorf("problem %d lacks %q:\n%s", i, w, problems[i])
			}
		}
	}

	// Listed in the expectation file, but forbidden by the contract: still a failure.
	expected = append(expected, Expected{Path: "github.com/amazon-ion/ion-go", Reason: "sneaked in", Line: 4})
	problems = Compare("consumers/json-value", "x", claim, append(expected[:2:2], expected[3]), listed, g)
	if len(problems) != 1 || !strings.Contains(problems[0], "contract violation") || strings.Contains(problems[0], "unexpected") {
		t.Errorf("an expected but forbidden module: got %q, want one contract violation", problems)
	}
}

func TestParseExpected(t *testing.T) {
	good := "# header\n\nexample.com/a  # why a\nexample.com/b/v2 # why b\n"
	got, err := ParseExpected("f", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Path != "example.com/a" || got[1].Reason != "why b" || got[1].Line != 4 {
		t.Errorf("ParseExpected = %+v", got)
	}
	for _, tc := range []struct{ name, in, want string }{
		{"no reason", "example.com/a\n", "f:1: example.com/a has no reason"},
		{"two paths", "example.com/a example.com/b # x\n", "want one module path"},
		{"duplicate", "example.com/a # x\nexample.com/a # y\n", "f:2: example.com/a is already listed on line 1"},
		{"bad path", "Example..com # x\n", "f:1:"},
	} {
		_, err := ParseExpected("f", []byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
}

func TestChainWithoutRoots(t *testing.T) {
	g := ParseGraph("github.com/smithy-validation/go/consumers/json-value", sampleGraph)
	if got, want := FormatChain(g.Chain("github.com/amazon-ion/ion-go")), "consumers/json-value -> github.com/amazon-ion/ion-go@v1.5.0"; got != want {
		t.Errorf("without roots: got %s, want %s", got, want)
	}
	g.SetRoots([]string{"example.com/unrelated@v1.0.0"})
	if got, want := FormatChain(g.Chain("github.com/amazon-ion/ion-go")), "consumers/json-value -> github.com/amazon-ion/ion-go@v1.5.0"; got != want {
		t.Errorf("roots lead nowhere, so the full graph is used: got %s, want %s", got, want)
	}
}
