package policy

import (
	"strings"
	"testing"
)

func TestMayRequire(t *testing.T) {
	const p = "github.com/smithy-validation/go/"
	for _, tc := range []struct {
		name, lib, mod, version string
		indirect                bool
		want                    string // "" when allowed, else a part of the reason
	}{
		{"core requires nothing", "core", p + "smithyvalidate", "v0.1.0", false, "lets core require nothing"},
		{"smithyvalidate on core", "smithyvalidate", p + "core", "v0.1.0", false, ""},
		{"smithyvalidate on rpc", "smithyvalidate", p + "rpc", "v0.1.0", false, "only core among the project's modules"},
		{"smithyvalidate on third party, indirect", "smithyvalidate", "example.com/x", "v1.0.0", true, "no third-party module"},
		{"rpc on ion-go", "rpc", "github.com/amazon-ion/ion-go", "v1.5.0", false, "no third-party module"},
		{"openrpc on jsonschema", "openrpc", "github.com/santhosh-tekuri/jsonschema/v5", "v5.3.1", false, "no third-party module"},
		{"openrpc on jsonschema, indirect", "openrpc", "github.com/santhosh-tekuri/jsonschema/v5", "v5.3.1", true, "no third-party module"},
		{"openrpc on ion-go", "openrpc", "github.com/amazon-ion/ion-go", "v1.5.0", true, "no third-party module"},
		{"openrpc on urfave", "openrpc", "github.com/urfave/cli/v2", "v2.27.7", false, "no third-party module"},
		{"openrpc on cli", "openrpc", p + "cli", "v0.1.0", false, "only core, smithyvalidate, rpc"},
		{"openrpc on rpc", "openrpc", p + "rpc", "v0.1.0", false, ""},
		{"openrpc on other third party indirectly", "openrpc", "example.com/x", "v1.0.0", true, "no third-party module"},
		{"ion-adapter on ion-go v1.5.0", "ion-adapter", "github.com/amazon-ion/ion-go", "v1.5.0", false, ""},
		{"ion-adapter on ion-go v1.4.0", "ion-adapter", "github.com/amazon-ion/ion-go", "v1.4.0", false, "fixes github.com/amazon-ion/ion-go at v1.5.0"},
		{"ion-adapter on openrpc", "ion-adapter", p + "openrpc", "v0.1.0", false, "only core, smithyvalidate"},
		{"ion-adapter on urfave", "ion-adapter", "github.com/urfave/cli/v2", "v2.27.7", true, "forbids github.com/urfave/..."},
		{"cli on urfave", "cli", "github.com/urfave/cli/v2", "v2.27.7", false, ""},
		{"cli on go-internal", "cli", "github.com/rogpeppe/go-internal", "v1.14.1", false, ""},
		{"cli on everything", "cli", p + "ion-adapter", "v0.1.0", false, ""},
		{"cli on jsonschema v5", "cli", "github.com/santhosh-tekuri/jsonschema/v5", "v5.3.1", false, "forbids github.com/santhosh-tekuri/..."},
		{"cli on jsonschema v6, indirect", "cli", "github.com/santhosh-tekuri/jsonschema/v6", "v6.0.2", true, "forbids github.com/santhosh-tekuri/..."},
	} {
		lib, ok := LibraryFor(tc.lib)
		if !ok {
			t.Fatalf("%s: no rule for %s", tc.name, tc.lib)
		}
		got := lib.MayRequire(tc.mod, tc.version, tc.indirect)
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: MayRequire(%s %s) = %q, want %q", tc.name, tc.mod, tc.version, got, tc.want)
		}
	}
}

func TestConsumerViolation(t *testing.T) {
	for _, tc := range []struct {
		name, consumer, mod string
		violates            bool
	}{
		{"json-value, project", "consumers/json-value", "github.com/smithy-validation/go/core", false},
		{"json-value, third party", "consumers/json-value", "golang.org/x/text", true},
		{"rpc, third party", "consumers/rpc", "github.com/amazon-ion/ion-go", true},
		{"openrpc, jsonschema", "consumers/openrpc", "github.com/santhosh-tekuri/jsonschema/v5", true},
		{"openrpc, ion-go", "consumers/openrpc", "github.com/amazon-ion/ion-go", true},
		{"openrpc, ion-adapter", "consumers/openrpc", "github.com/smithy-validation/go/ion-adapter", true},
		{"openrpc, urfave", "consumers/openrpc", "github.com/urfave/cli/v2", true},
		{"openrpc, other third party", "consumers/openrpc", "golang.org/x/text", true},
		{"openrpc, jsonschema v6", "consumers/openrpc", "github.com/santhosh-tekuri/jsonschema/v6", true},
		{"openrpc, project", "consumers/openrpc", "github.com/smithy-validation/go/rpc", false},
		{"ion, ion-go", "consumers/ion", "github.com/amazon-ion/ion-go", false},
		{"ion, testify", "consumers/ion", "github.com/stretchr/testify", false},
		{"ion, cli", "consumers/ion", "github.com/smithy-validation/go/cli", true},
		{"ion, openrpc", "consumers/ion", "github.com/smithy-validation/go/openrpc", true},
	} {
		c, ok := ConsumerFor(tc.consumer)
		if !ok {
			t.Fatalf("%s: no claim for %s", tc.name, tc.consumer)
		}
		if got := c.Violation(tc.mod) != ""; got != tc.violates {
			t.Errorf("%s: Violation(%s) = %q, want violation %v", tc.name, tc.mod, c.Violation(tc.mod), tc.violates)
		}
	}
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, mod string
		want         bool
	}{
		{"github.com/urfave/...", "github.com/urfave/cli/v2", true},
		{"github.com/urfave/...", "github.com/urfave", true},
		{"github.com/urfave/...", "github.com/urfaveX/cli", false},
		{"github.com/smithy-validation/go/cli", "github.com/smithy-validation/go/cli", true},
		{"github.com/smithy-validation/go/cli", "github.com/smithy-validation/go/cli/v2", false},
	} {
		if got := Match(tc.pattern, tc.mod); got != tc.want {
			t.Errorf("Match(%q, %q) = %v, want %v", tc.pattern, tc.mod, got, tc.want)
		}
	}
}
