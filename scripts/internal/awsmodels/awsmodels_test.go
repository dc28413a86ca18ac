package awsmodels

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets the test binary stand in for smithy: with
// AWSMODELS_FAKE_SMITHY set it reads its last argument, a file whose first
// line is "EXIT <code>" and whose rest it prints, and exits with that code.
func TestMain(m *testing.M) {
	if os.Getenv("AWSMODELS_FAKE_SMITHY") != "" {
		data, err := os.ReadFile(os.Args[len(os.Args)-1])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(4)
		}
		head, rest, _ := strings.Cut(string(data), "\n")
		var code int
		fmt.Sscanf(head, "EXIT %d", &code)
		fmt.Print(rest)
		if code != 0 {
			fmt.Fprintln(os.Stderr, "fake smithy: exit", code)
		}
		os.Exit(code)
	}
	os.Exit(m.Run())
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name    string
		code    int
		stdout  string
		events  []string // severity/id
		failure string   // prefix
	}{
		{"clean", 0, `{"valid":true,"events":[]}`, nil, ""},
		{"warnings only", 0, `{"valid":true,"events":[{"severity":"WARNING","id":"EnumShape"},{"severity":"NOTE","id":"Service"}]}`, nil, ""},
		{"errors and dangers kept, others left out", 3,
			`{"valid":false,"events":[{"severity":"ERROR","id":"Service","shape":"a#B"},{"severity":"WARNING","id":"X"},{"severity":"DANGER","id":"ShapeClosure.EmptyNamespace.ns#A"}]}`,
			[]string{"ERROR/Service", "DANGER/ShapeClosure.EmptyNamespace.ns#A"}, ""},
		{"an exit code of its own", 4, ``, nil, "exit code 4"},
		{"no JSON report", 0, `events: 0`, nil, "exit code 0 without a JSON report"},
		{"JSON without a verdict", 0, `{"events":[]}`, nil, "exit code 0 without a JSON report"},
		{"exit 3 without an error event", 3, `{"valid":false,"events":[{"severity":"WARNING","id":"X"}]}`, nil, "exit code 3 but no ERROR"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r Result
			Parse(&r, tc.code, []byte(tc.stdout), nil)
			var got []string
			for _, e := range r.Events {
				got = append(got, e.Severity+"/"+e.ID)
			}
			if strings.Join(got, " ") != strings.Join(tc.events, " ") {
				t.Errorf("%s: events %v, want %v", tc.name, got, tc.events)
			}
			if !strings.HasPrefix(r.Failure, tc.failure) || (tc.failure == "") != (r.Failure == "") {
				t.Errorf("%s: failure %q, want one starting %q", tc.name, r.Failure, tc.failure)
			}
		})
	}
}

func TestBaseID(t *testing.T) {
	for _, tc := range []struct{ id, want string }{
		{"Service", "Service"},
		{"Model.UnresolvedTrait", "Model.UnresolvedTrait"},
		{"ExamplesTrait.Member.InvalidRange", "ExamplesTrait.Member.InvalidRange"},
		{"TraitValue.UnknownMember.smithy.api#paginated.maxResults", "TraitValue.UnknownMember"},
		{"DeprecatedShape.com.amazonaws.s3#Old", "DeprecatedShape"},
		{"ShapeClosure.EmptyNamespace.ns#A", "ShapeClosure.EmptyNamespace"},
	} {
		if got := baseID(tc.id); got != tc.want {
			t.Errorf("baseID(%q) = %q, want %q", tc.id, got, tc.want)
		}
	}
}

// TestRunAndSummary runs the fake smithy on a tree laid out as the AWS
// repository is, and checks what the summary says of each kind of run.
func TestRunAndSummary(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no test executable path:", err)
	}
	t.Setenv("AWSMODELS_FAKE_SMITHY", "1")
	dir := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("clean/service/2020-01-01/clean-2020-01-01.json", "EXIT 0\n"+`{"valid":true,"events":[{"severity":"WARNING","id":"EnumShape"}]}`)
	write("bad/service/2021-01-01/bad-2021-01-01.json", "EXIT 3\n"+`{"valid":false,"events":[
		{"severity":"ERROR","id":"Service","shape":"a#Unit","line":3,"message":"conflict"},
		{"severity":"ERROR","id":"Service","shape":"smithy.api#Unit","line":0,"message":"conflict"},
		{"severity":"DANGER","id":"ShapeClosure.EmptyNamespace.ns#A","message":"empty"}]}`)
	write("broken/service/2022-01-01/broken-2022-01-01.json", "EXIT 4\n")
	write(".scripts/overrides.json", "EXIT 9\n") // tooling, not a model
	traits := filepath.Join(dir, "traits")
	write("traits/b.smithy", "")
	write("traits/a.json", "")
	write("traits/notes.txt", "")

	models, err := Find(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range models {
		names = append(names, strings.TrimPrefix(m, dir+string(filepath.Separator)))
	}
	if want := "traits/a.json bad/service/2021-01-01/bad-2021-01-01.json broken/service/2022-01-01/broken-2022-01-01.json clean/service/2020-01-01/clean-2020-01-01.json"; strings.Join(names, " ") != want {
		t.Errorf("Find: %v, want %s (by file name)", names, want)
	}
	models = models[1:] // the trait file is no model
	defs, err := Traits(traits)
	if err != nil || len(defs) != 2 || filepath.Base(defs[0]) != "a.json" || filepath.Base(defs[1]) != "b.smithy" {
		t.Errorf("Traits: %v %v, want a.json and b.smithy", defs, err)
	}

	results := Run(context.Background(), exe, defs, models, 2)
	var out bytes.Buffer
	if Summary(&out, results, true) {
		t.Error("Summary says clean with an ERROR and a failed run")
	}
	text := out.String()
	for _, want := range []string{
		"bad-2021-01-01                                        2      1  Service 2, ShapeClosure.EmptyNamespace.ns#A 1",
		"broken-2022-01-01                                     -      -  FAILED: exit code 4: fake smithy: exit 4",
		"ERROR    Service                                        2       1",
		"DANGER   ShapeClosure.EmptyNamespace                    1       1",
		"bad-2021-01-01: [ERROR] Service a#Unit (line 3): conflict",
		"models: 3, clean: 1, with ERROR or DANGER: 1, failed: 1",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %q:\n%s", want, text)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		// The peak memory line may name any model; a row starts with it.
		if strings.HasPrefix(line, "clean-2020-01-01") {
			t.Errorf("a clean model is listed: %q", line)
		}
	}

	out.Reset()
	if !Summary(&out, results[2:], false) {
		t.Errorf("Summary of a clean run says not clean:\n%s", out.String())
	}
}
