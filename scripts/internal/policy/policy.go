// Package policy holds the dependency rules of docs/contract.md as data: the
// "may require" column of the module table, and the isolation claims that
// the consumer modules prove. checkversions applies the first to every
// go.mod; the isolation checker applies the second to every consumer's
// module graph, whatever its expected-modules.txt says.
//
// When the contract changes, change this file and say so in the commit.
package policy

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/scripts/internal/repo"
)

// Allowed is a third-party module a library may require directly.
type Allowed struct {
	Path    string
	Version string // the only version allowed; "" for any
}

// Library is the contract's row for one library module.
type Library struct {
	Dir string
	// Project lists the library modules (by directory) it may require.
	Project []string
	// ThirdParty lists the third-party modules it may require directly. When
	// it is empty the module may require no third-party module at all, not
	// even as "// indirect".
	ThirdParty []Allowed
	// Deny lists module path patterns (see [Match]) the module may never
	// require, not even as "// indirect".
	Deny []string
}

var (
	urfave = "github.com/urfave/..."
	ion    = "github.com/amazon-ion/..."
	// santhosh-tekuri/jsonschema: JSON Schema is openrpc's own package
	// (openrpc/jsonschema); no library may bring the library back (v5's
	// init compiled five metaschemas at every start of smithy).
	jsonschema = "github.com/santhosh-tekuri/..."

	allowIonGo = Allowed{Path: "github.com/amazon-ion/ion-go", Version: "v1.5.0"}
)

// Libraries is the module table of the contract, column "may require".
var Libraries = []Library{
	{Dir: "core"},
	{Dir: "smithyvalidate", Project: []string{"core"}},
	{Dir: "rpc", Project: []string{"core", "smithyvalidate"}},
	// OpenRPC export, with its own JSON Schema validator: no third-party
	// module.
	{Dir: "openrpc", Project: []string{"core", "smithyvalidate", "rpc"}},
	{
		Dir:        "ion-adapter",
		Project:    []string{"core", "smithyvalidate"},
		ThirdParty: []Allowed{allowIonGo},
		Deny:       []string{urfave, jsonschema},
	},
	// The JSON gate: declarations are checked by the value engine; JSON
	// Schema is composed outside it (cli), never required here.
	{Dir: "mend", Project: []string{"core", "smithyvalidate"}},
	{
		// The only module that composes the others. go-internal brings
		// testscript for the end-to-end CLI tests.
		Dir:     "cli",
		Project: []string{"core", "smithyvalidate", "rpc", "openrpc", "ion-adapter", "mend"},
		ThirdParty: []Allowed{
			{Path: "github.com/urfave/cli/v2"},
			{Path: "github.com/rogpeppe/go-internal"},
			allowIonGo,
		},
		Deny: []string{jsonschema},
	},
}

// LibraryFor returns the rule for the library module in dir.
func LibraryFor(dir string) (*Library, bool) {
	for i := range Libraries {
		if Libraries[i].Dir == dir {
			return &Libraries[i], true
		}
	}
	return nil, false
}

// MayRequire reports why the library may not require mod at version, or ""
// when it may. indirect tells whether go.mod marks the line "// indirect".
func (l *Library) MayRequire(mod, version string, indirect bool) string {
	if repo.IsProject(mod) {
		dir, _ := repo.DirOf(mod)
		for _, p := range l.Project {
			if p == dir {
				return ""
			}
		}
		if len(l.Project) == 0 {
			return fmt.Sprintf("the contract lets %s require nothing", l.Dir)
		}
		return fmt.Sprintf("the contract lets %s require only %s among the project's modules", l.Dir, strings.Join(l.Project, ", "))
	}
	if len(l.ThirdParty) == 0 {
		return fmt.Sprintf("the contract lets %s require no third-party module (may require: %s)", l.Dir, listOrNothing(l.Project))
	}
	for _, pat := range l.Deny {
		if Match(pat, mod) {
			return fmt.Sprintf("the contract forbids %s in %s (it would reach every user of %s)", pat, l.Dir, l.Dir)
		}
	}
	for _, a := range l.ThirdParty {
		if a.Path == mod {
			if a.Version != "" && a.Version != version {
				return fmt.Sprintf("the contract fixes %s at %s", a.Path, a.Version)
			}
			return ""
		}
	}
	if indirect {
		return ""
	}
	var names []string
	for _, a := range l.ThirdParty {
		names = append(names, a.Path)
	}
	return fmt.Sprintf("the contract lets %s require directly only %s, and %s", l.Dir, listOrNothing(l.Project), strings.Join(names, ", "))
}

func listOrNothing(s []string) string {
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, ", ")
}

// Consumer is an isolation claim of the contract and the consumer module
// that proves it.
type Consumer struct {
	Dir     string // "consumers/json-value"
	Library string // directory of the library module it imports
	Claim   string // the contract's sentence
	// OnlyProject: no module outside the repository may appear in the graph.
	OnlyProject bool
	// ThirdParty, when set, lists the only module path patterns (see
	// [Match]) outside the repository that may appear in the graph.
	ThirdParty []string
	// Forbidden lists module path patterns (see [Match]) that may not appear.
	Forbidden []string
}

// Consumers lists the isolation claims. A consumer module without an entry
// here fails the isolation check.
var Consumers = []Consumer{
	{
		Dir:         "consumers/json-value",
		Library:     "smithyvalidate",
		Claim:       "JSON value validation (smithyvalidate) builds with no third-party module",
		OnlyProject: true,
	},
	{
		Dir:         "consumers/rpc",
		Library:     "rpc",
		Claim:       "JSON-RPC validation (rpc) builds with no third-party module",
		OnlyProject: true,
	},
	{
		Dir:         "consumers/openrpc",
		Library:     "openrpc",
		Claim:       "OpenRPC export has no Ion and no CLI module in its graph, and no third-party module (its JSON Schema validator is its own package)",
		Forbidden:   []string{repo.Path + "/ion-adapter", ion, repo.Path + "/cli", urfave},
		OnlyProject: true,
	},
	{
		Dir:         "consumers/mend",
		Library:     "mend",
		Claim:       "the JSON gate (mend) builds with no third-party module",
		OnlyProject: true,
	},
	{
		Dir:     "consumers/ion",
		Library: "ion-adapter",
		Claim:   "Ion validation has no CLI module and no OpenRPC module in its graph",
		// jsonschema is the OpenRPC module's own dependency.
		Forbidden: []string{repo.Path + "/cli", urfave, repo.Path + "/openrpc", jsonschema},
	},
}

// ConsumerFor returns the claim proven by the consumer module in dir.
func ConsumerFor(dir string) (*Consumer, bool) {
	for i := range Consumers {
		if Consumers[i].Dir == dir {
			return &Consumers[i], true
		}
	}
	return nil, false
}

// Violation returns why mod may not appear in the consumer's module graph,
// or "".
func (c *Consumer) Violation(mod string) string {
	if c.OnlyProject && !repo.IsProject(mod) {
		return "third-party module; the contract says: " + c.Claim
	}
	for _, pat := range c.Forbidden {
		if Match(pat, mod) {
			return "forbidden by " + pat + "; the contract says: " + c.Claim
		}
	}
	if c.ThirdParty != nil && !repo.IsProject(mod) {
		for _, pat := range c.ThirdParty {
			if Match(pat, mod) {
				return ""
			}
		}
		return "third-party module not in " + strings.Join(c.ThirdParty, ", ") + "; the contract says: " + c.Claim
	}
	return ""
}

// Match reports whether module path mod matches pattern: either the exact
// path, or "prefix/..." for prefix and every path below it.
func Match(pattern, mod string) bool {
	if prefix, ok := strings.CutSuffix(pattern, "/..."); ok {
		return mod == prefix || strings.HasPrefix(mod, prefix+"/")
	}
	return mod == pattern
}
