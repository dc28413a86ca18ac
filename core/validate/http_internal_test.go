package validate

import (
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
)

func TestURIPatternKey(t *testing.T) {
	tests := []struct {
		name, a, b string
		same       bool
	}{
		{"label names do not matter", "/x/{a}", "/x/{b}", true},
		{"greedy and plain labels differ", "/x/{a+}", "/x/{a}", false},
		{"literal and label differ", "/x/y", "/x/{a}", false},
		{"query literal order does not matter", "/x?a=1&b", "/x?b&a=1", true},
		{"query literal values matter", "/x?a=1", "/x?a=2", false},
		{"a trailing slash is dropped", "/x/", "/x", true},
		{"segment counts differ", "/x/y", "/x", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := parseURIPattern(tc.a)
			if err != nil {
				t.Fatal(err)
			}
			b, err := parseURIPattern(tc.b)
			if err != nil {
				t.Fatal(err)
			}
			if got := a.pathKey() == b.pathKey(); got != tc.same {
				t.Errorf("%s vs %s: same key = %v, want %v (%q, %q)", tc.a, tc.b, got, tc.same, a.pathKey(), b.pathKey())
			}
		})
	}
}

func TestHostPrefixSegments(t *testing.T) {
	p, err := parseHostPrefix("{region}-api.{stage}.")
	if err != nil {
		t.Fatal(err)
	}
	want := []segment{{segLabel, "region"}, {segLiteral, "-api."}, {segLabel, "stage"}, {segLiteral, "."}}
	if len(p.segments) != len(want) {
		t.Fatalf("segments = %v, want %v", p.segments, want)
	}
	for i := range want {
		if p.segments[i] != want[i] {
			t.Errorf("segment %d = %v, want %v", i, p.segments[i], want[i])
		}
	}
	for _, bad := range []string{"{a", "a}", "{}", "{a}{b}", "{a+}", "{a}.{A}."} {
		if _, err := parseHostPrefix(bad); err == nil {
			t.Errorf("parseHostPrefix(%q) succeeded", bad)
		}
	}
}

func TestSyntaxChecks(t *testing.T) {
	tests := []struct {
		name  string
		check func(string) bool
		valid []string
		bad   []string
	}{
		{"host names", isHostName,
			[]string{"a", "a.", "a-b.c", "0.x"},
			[]string{"", ".", "-a", "a..b", "a_b", "a.b..", strings.Repeat("a", 64)}},
		{"media types", func(s string) bool { return checkMediaType(s) == nil },
			[]string{"a/b", "a/b;c=d", "a/b ; c=\"d;e\"", "A/B+C; x=\"\\\"\""},
			[]string{"", "a", "a/", "/b", "a/b;", "a/b; c", "a/b; c=", "a/b c", "a/b; c=\"d"}},
		{"URI references", func(s string) bool { return checkURIReference(s) == nil },
			[]string{"", "a", "/a/b", "http://h/p?q#f", "mailto:x@y", "http://[fe80::1]:80/", "http://ü.example/", "x%20y", "///p"},
			[]string{":x", "1a:b", "a:", "http://", "a b", "a#b#c", "%2", "http://[zz]/", "http://h/p?q r"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, s := range tc.valid {
				if !tc.check(s) {
					t.Errorf("%q rejected", s)
				}
			}
			for _, s := range tc.bad {
				if tc.check(s) {
					t.Errorf("%q accepted", s)
				}
			}
		})
	}
}

// TestProtocolCheckIDs runs each protocol check on a model that breaks
// every rule and checks that the events carry the check's event ID (or a
// dotted extension of it), and that every check reports something.
func TestProtocolCheckIDs(t *testing.T) {
	src := `$version: "2"
namespace ns
@trait(selector: "service") @protocolDefinition(traits: [http], noInlineDocumentSupport: true)
structure rest {}
@rest @httpBasicAuth @httpBearerAuth @cors(origin: "*", origins: {a: "b"}) @httpApiKeyAuth(name: "k", in: "query", scheme: "s")
service S { version: "1", operations: [A, B, C, D, F] }
@http(method: "get", uri: "/a/{x+}/{y}?q") @auth([httpDigestAuth]) @endpoint(hostPrefix: "{h}")
@requestCompression(encodings: ["br"])
operation A { input: AIn, output: AOut, errors: [E] }
@http(method: "GET", uri: "/a/{x+}/{z}?q", code: 99)
operation B { input := { @httpLabel @required x: Integer, @httpLabel @required z: String, body: Document } }
@http(method: "POST", uri: "/c/ü")
operation C {}
@http(method: "POST", uri: "/c/ü")
operation F {}
operation D {}
structure AIn {
    @httpLabel @required x: String
    @httpLabel @required y: String
    @httpQuery("q") q: String
    @httpQueryParams rest: M
    @httpHeader("X-H") h: String
    @httpHeader("x-h") h2: String
    @httpPrefixHeaders("x-") p: M
    @httpPayload body: String
    other: String
    @xmlFlattened list: L
    @hostLabel @required host: String
}
structure AOut { @httpQuery("q") q: String }
@error("client") @httpError(500) structure E { @httpPayload body: String, other: String }
map M { key: String, value: String }
list L { @xmlName("i") member: String }
@mediaType("text") @xmlNamespace(uri: "::") string T
document Document
`
	a := assembly.New()
	if err := a.AddSource("t.smithy", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.Model == nil {
		t.Fatalf("assemble: %v %v", err, res.Events)
	}
	ix := newProtoIndex(res.Model)
	for _, c := range protocolChecks {
		events := c.check(ix)
		if len(events) == 0 {
			t.Errorf("%s: no events", c.id)
		}
		for _, e := range events {
			if !ContainsID(e.ID, c.id) {
				t.Errorf("%s reported %s: %s", c.id, e.ID, e.Message)
			}
		}
	}
}
