package smithyvalidate_test

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// protocolTestsEnv names the directory of the Smithy reference's protocol
// test models for TestProtocolTestCorpus: smithy-lang/smithy's
// smithy-aws-protocol-tests/model and smithy-protocol-tests/model with the
// trait definitions they apply (every
// */src/main/resources/META-INF/smithy/*.smithy of that repository, as
// scripts/aws-models.sh --traits takes them, and
// smithy-validation-model's smithy.framework). They are not in
// ../shared/corpus; docs/official-cli.md says how the directory is made.
const protocolTestsEnv = "SMITHY_PROTOCOL_TESTS"

// TestProtocolTestCorpus checks the params of the reference's own protocol
// tests (thousands of values written by hand for real shapes): the
// reference's build validates them, so every ERROR or DANGER of
// CheckProtocolTests is a false finding of this engine.
func TestProtocolTestCorpus(t *testing.T) {
	dir := os.Getenv(protocolTestsEnv)
	if dir == "" {
		t.Skip(protocolTestsEnv + " is not set: it names a directory of smithy-lang/smithy's protocol test models and trait definitions (see docs/official-cli.md)")
	}
	m := assembleDir(t, dir)
	cases := map[string]int{}
	for _, s := range m.Shapes() {
		for _, tr := range s.Traits() {
			if tr.ID.Namespace == "smithy.test" && (tr.ID.Name == "httpRequestTests" || tr.ID.Name == "httpResponseTests") {
				cases[tr.ID.Name] += tr.Value.Len()
			}
		}
	}
	if cases["httpRequestTests"] == 0 || cases["httpResponseTests"] == 0 {
		t.Fatalf("%s holds no protocol test (%v): not the protocol test models", dir, cases)
	}
	var bad []model.Event
	for _, e := range sv.CheckProtocolTests(m) {
		if e.Severity >= model.Danger {
			bad = append(bad, e)
		}
	}
	t.Logf("%d request and %d response test cases, %d ERROR or DANGER events", cases["httpRequestTests"], cases["httpResponseTests"], len(bad))
	if len(bad) > 0 {
		lines := strings.Split(eventLines(bad), "\n")
		sort.Strings(lines)
		t.Errorf("false findings on the reference's protocol tests:\n%s", strings.Join(lines, "\n"))
	}
}

// assembleDir assembles every model file under dir with the prelude.
func assembleDir(t *testing.T, dir string) *model.Model {
	t.Helper()
	a := assembly.New()
	if err := a.AddPath(dir); err != nil {
		t.Fatalf("load %s: %v", dir, err)
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatalf("assemble %s: %v", dir, err)
	}
	if res.HasErrors() {
		t.Fatalf("assemble %s: %v", dir, res.Events)
	}
	return res.Model
}
