package isolation

import (
	"strings"

	"github.com/smithy-validation/go/scripts/internal/repo"
)

// Graph is the output of `go mod graph`: edges from a module (the main
// module without a version, the others as path@version) to its requirements.
type Graph struct {
	Main  string
	edges map[string][]string
	// roots, when set, are the requirements of the main module's committed
	// go.mod ("path@version"). Building with -mod=mod adds "// indirect"
	// requirements to the main module for every module that provides a
	// package, which would make every chain start with a direct edge; the
	// chains that explain a module start from the committed requirements.
	roots map[string]bool
}

// SetRoots records the main module's requirements before the build
// rewrote its go.mod (see [Graph]).
func (g *Graph) SetRoots(reqs []string) {
	g.roots = map[string]bool{}
	for _, r := range reqs {
		g.roots[r] = true
	}
}

// ParseGraph parses `go mod graph` output of the module mainPath.
func ParseGraph(mainPath string, out string) *Graph {
	g := &Graph{Main: mainPath, edges: map[string][]string{}}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) != 2 {
			continue
		}
		// "go@1.24" and "toolchain@go1.24.1" are not modules.
		if p, _, _ := strings.Cut(f[1], "@"); p == "go" || p == "toolchain" {
			continue
		}
		g.edges[f[0]] = append(g.edges[f[0]], f[1])
	}
	return g
}

// Chain returns a shortest requirement path from the main module to any
// version of modulePath, as nodes ("path" for the main module, "path@version"
// for the others), or nil when none leads there.
func (g *Graph) Chain(modulePath string) []string {
	if g.roots != nil {
		if c := g.chain(modulePath, true); c != nil {
			return c
		}
	}
	return g.chain(modulePath, false)
}

func (g *Graph) chain(modulePath string, fromRoots bool) []string {
	prev := map[string]string{g.Main: ""}
	queue := []string{g.Main}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, next := range g.edges[n] {
			if fromRoots && n == g.Main && !g.roots[next] {
				continue
			}
			if _, ok := prev[next]; ok {
				continue
			}
			prev[next] = n
			if p, _, _ := strings.Cut(next, "@"); p == modulePath {
				var chain []string
				for c := next; c != ""; c = prev[c] {
					chain = append([]string{c}, chain...)
				}
				return chain
			}
			queue = append(queue, next)
		}
	}
	return nil
}

// FormatChain renders a chain for people:
// "consumers/json-value -> smithyvalidate@v0.1.0 -> github.com/amazon-ion/ion-go@v1.5.0".
func FormatChain(chain []string) string {
	if len(chain) == 0 {
		return "(no requirement path found in go mod graph)"
	}
	parts := make([]string, len(chain))
	for i, n := range chain {
		parts[i] = repo.Short(n)
	}
	return strings.Join(parts, " -> ")
}
