package smithyvalidate_test

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
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
			if tr.ID.Namespace == "smithy.test" {
				cases[tr.ID.Name] += tr.Value.Len()
			}
		}
	}
	if cases["httpRequestTests"] == 0 || cases["httpResponseTests"] == 0 || cases["eventStreamTests"] == 0 {
		t.Fatalf("%s holds no protocol test (%v): not the protocol test models", dir, cases)
	}
	var bad []model.Event
	for _, e := range sv.CheckProtocolTests(m) {
		if e.Severity >= model.Danger {
			bad = append(bad, e)
		}
	}
	t.Logf("%d request, %d response, %d event stream and %d malformed request test cases, %d ERROR or DANGER events",
		cases["httpRequestTests"], cases["httpResponseTests"], cases["eventStreamTests"], cases["httpMalformedRequestTests"], len(bad))
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

// TestProtocolTestBodies checks the JSON bodies of the request tests of
// the AWS JSON protocols, where the body is the whole input on the wire:
// awsJson1_0 and awsJson1_1 (member names as written), and restJson1 when
// no input member is bound to the HTTP message (names by @jsonName).
// Their params are valid (TestProtocolTestCorpus), so each body must be:
// a finding on one is a disagreement between the two readings of the same
// value. Blobs are base64 on the wire; a timestamp without
// @timestampFormat is epoch seconds in these protocols, which
// AnyTimestampFormat accepts (the engine's default is date-time).
func TestProtocolTestBodies(t *testing.T) {
	dir := os.Getenv(protocolTestsEnv)
	if dir == "" {
		t.Skip(protocolTestsEnv + " is not set: it names a directory of smithy-lang/smithy's protocol test models and trait definitions (see docs/official-cli.md)")
	}
	m := assembleDir(t, dir)
	counts := map[string]int{}
	validators := map[string]*sv.Validator{}
	for _, s := range m.Shapes() {
		tr, ok := traitNamed(s, "smithy.test#httpRequestTests")
		if !ok || s.Type() != model.OperationType {
			continue
		}
		for _, tc := range tr.Value.Elems() {
			proto, _ := tc.Get("protocol")
			body, _ := tc.Get("body")
			media, _ := tc.Get("bodyMediaType")
			id, _ := tc.Get("id")
			var opts []sv.Option
			switch proto.StringValue() {
			case "aws.protocols#awsJson1_0", "aws.protocols#awsJson1_1":
				opts = []sv.Option{sv.AnyTimestampFormat(true)}
			case "aws.protocols#restJson1":
				if httpBound(m, s.Input()) {
					continue
				}
				opts = []sv.Option{sv.AnyTimestampFormat(true), sv.MatchJSONNames(true)}
			default:
				continue
			}
			if body.StringValue() == "" || !strings.HasSuffix(media.StringValue(), "json") {
				continue
			}
			counts[proto.StringValue()]++
			key := proto.StringValue() + " " + s.Input().String()
			v := validators[key]
			if v == nil {
				var err error
				if v, err = sv.Prepare(m, s.Input(), opts...); err != nil {
					t.Fatalf("%s: %v", s.Input(), err)
				}
				validators[key] = v
			}
			r, err := v.ValidateJSON([]byte(body.StringValue()))
			if err != nil {
				t.Fatalf("%s: %v", id.StringValue(), err)
			}
			if len(r.Findings) > 0 {
				t.Errorf("%s %s (%s): the params are valid, the body is not: %s", s.ID(), id.StringValue(), proto.StringValue(), summary(r))
			}
		}
	}
	t.Logf("request bodies checked: %v", counts)
	if len(counts) != 3 {
		t.Errorf("bodies of 3 protocols expected, found %v", counts)
	}
}

func traitNamed(s *model.Shape, id string) (model.Trait, bool) {
	for _, tr := range s.Traits() {
		if tr.ID.String() == id {
			return tr, true
		}
	}
	return model.Trait{}, false
}

// httpBound reports whether a member of the structure id is bound to the
// HTTP message (a header, label, query or payload): its body then holds
// only some of the members.
func httpBound(m *model.Model, id shapeid.ID) bool {
	s, ok := m.Shape(id)
	if !ok {
		return false
	}
	for _, mem := range s.Members() {
		for _, tr := range mem.Traits() {
			if tr.ID.Namespace == "smithy.api" && strings.HasPrefix(tr.ID.Name, "http") {
				return true
			}
		}
	}
	return false
}
