// Package isolation proves the contract's isolation claims. Each consumer
// module (consumers/*) is copied out of the repository and built with
// GOWORK=off against the library modules as a user would receive them:
// zips of the working tree served by a local file proxy (package modproxy).
// Its `go list -m all` must then match the committed expected-modules.txt in
// both directions, and obey the hard rules of package policy whatever that
// file says. Every offending module is reported with the shortest
// requirement path that brings it in, taken from `go mod graph`.
package isolation

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/mod/module"

	"github.com/smithy-validation/go/scripts/internal/modproxy"
	"github.com/smithy-validation/go/scripts/internal/policy"
	"github.com/smithy-validation/go/scripts/internal/repo"
)

// Options configure [Run].
type Options struct {
	Root string    // repository root (or a copy of the tree)
	Only []string  // consumer directories to check ("consumers/rpc"); all when empty
	Log  io.Writer // progress and reports; os.Stderr when nil
	// Parallel is how many consumers are built at once; 1 when < 1.
	Parallel int
	// Keep leaves the temporary directory (proxy, module cache, consumer
	// copies) in place and names it in the log.
	Keep bool
}

// Result is the outcome for one consumer.
type Result struct {
	Consumer string           // "consumers/json-value"
	Modules  []module.Version // `go list -m all`, the consumer itself left out
	Problems []string         // empty when the claim holds
	Elapsed  time.Duration
}

// Run checks every consumer and returns their results. The error is non-nil
// when a consumer failed or the check could not run; the log holds the
// details.
func Run(opts Options) ([]Result, error) {
	log := opts.Log
	if log == nil {
		log = os.Stderr
	}
	start := time.Now()
	r, err := repo.Load(opts.Root)
	if err != nil {
		return nil, err
	}
	consumers, err := selectConsumers(r, opts.Only)
	if err != nil {
		return nil, err
	}

	tmp, err := os.MkdirTemp("", "smithy-isolation-")
	if err != nil {
		return nil, err
	}
	if opts.Keep {
		fmt.Fprintf(log, "isolation: keeping %s\n", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	proxyDir := filepath.Join(tmp, "proxy")
	if err := os.Mkdir(proxyDir, 0o777); err != nil {
		return nil, err
	}
	served, err := modproxy.Build(r, proxyDir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, mv := range served {
		names = append(names, repo.Short(mv.Path)+"@"+mv.Version)
	}
	fmt.Fprintf(log, "isolation: serving the working tree as %s (%s)\n", strings.Join(names, ", "), since(start))

	fallback, err := modproxy.Fallback()
	if err != nil {
		return nil, err
	}
	// A fresh module cache for every run: the zips of our modules change with
	// the working tree while their version stays the same, so a shared cache
	// would keep serving the first zip it saw.
	setup := modproxy.Setup{ProxyDir: proxyDir, ModCache: filepath.Join(tmp, "modcache"), Fallback: fallback}

	results := make([]Result, len(consumers))
	reports := make([]bytes.Buffer, len(consumers))
	parallel := max(opts.Parallel, 1)
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	var mu sync.Mutex
	next := 0 // reports are printed in consumer order as they complete
	done := make([]bool, len(consumers))
	for i, m := range consumers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			results[i] = checkConsumer(r, m, tmp, setup)
			<-sem
			writeReport(&reports[i], results[i])
			mu.Lock()
			defer mu.Unlock()
			done[i] = true
			for next < len(consumers) && done[next] {
				io.Copy(log, &reports[next])
				next++
			}
		}()
	}
	wg.Wait()

	var failed []string
	for _, res := range results {
		if len(res.Problems) > 0 {
			failed = append(failed, res.Consumer)
		}
	}
	if len(failed) > 0 {
		return results, fmt.Errorf("isolation: FAIL: %d of %d consumers failed: %s (%s)", len(failed), len(results), strings.Join(failed, ", "), since(start))
	}
	fmt.Fprintf(log, "isolation: ok: %d consumers hold their isolation claims (%s)\n", len(results), since(start))
	return results, nil
}

func since(t time.Time) string {
	return time.Since(t).Round(100 * time.Millisecond).String()
}

func selectConsumers(r *repo.Repo, only []string) ([]*repo.Module, error) {
	var all []*repo.Module
	for _, m := range r.Modules {
		if ok, _ := path.Match("consumers/*", m.Dir); ok {
			all = append(all, m)
		}
	}
	if len(only) == 0 {
		if len(all) == 0 {
			return nil, errors.New("go.work lists no consumers/* module")
		}
		return all, nil
	}
	var out []*repo.Module
	for _, want := range only {
		want = strings.TrimSuffix(filepath.ToSlash(want), "/")
		if !strings.HasPrefix(want, "consumers/") {
			want = "consumers/" + want
		}
		found := false
		for _, m := range all {
			if m.Dir == want {
				out = append(out, m)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("no consumer module %s in go.work", want)
		}
	}
	return out, nil
}

func checkConsumer(r *repo.Repo, m *repo.Module, tmp string, setup modproxy.Setup) (res Result) {
	start := time.Now()
	res.Consumer = m.Dir
	defer func() { res.Elapsed = time.Since(start) }()
	fail := func(format string, args ...any) Result {
		res.Problems = append(res.Problems, fmt.Sprintf(format, args...))
		return res
	}

	claim, ok := policy.ConsumerFor(m.Dir)
	if !ok {
		return fail("no isolation claim for %s in scripts/internal/policy; add one", m.Dir)
	}
	expectName := path.Join(m.Dir, ExpectedFile)
	expected, err := LoadExpected(filepath.Join(r.Root, filepath.FromSlash(expectName)))
	if err != nil {
		return fail("%v", err)
	}

	work := filepath.Join(tmp, "consumers", filepath.FromSlash(m.Dir))
	if err := CopyTree(filepath.Join(r.Root, filepath.FromSlash(m.Dir)), work, nil); err != nil {
		return fail("copying %s: %v", m.Dir, err)
	}
	if err := modproxy.StripProjectSums(work); err != nil {
		return fail("%v", err)
	}
	var roots []string
	for _, req := range m.File.Require {
		roots = append(roots, req.Mod.Path+"@"+req.Mod.Version)
	}
	env := setup.Env(os.Environ())
	if out, err := goCmd(work, env, "build", "./..."); err != nil {
		// Keep going: the module graph is settled before compiling starts,
		// so a compile error still leaves a graph worth checking.
		res.Problems = append(res.Problems, fmt.Sprintf("go build ./... failed outside the workspace:\n%s", indent(out, "      ")))
	}
	out, err := goCmd(work, env, "list", "-m", "-f", "{{if not .Main}}{{.Path}} {{.Version}}{{end}}", "all")
	if err != nil {
		return fail("go list -m all failed:\n%s", indent(out, "      "))
	}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) == 2 {
			res.Modules = append(res.Modules, module.Version{Path: f[0], Version: f[1]})
		}
	}
	graphOut, err := goCmd(work, env, "mod", "graph")
	if err != nil {
		return fail("go mod graph failed:\n%s", indent(graphOut, "      "))
	}
	graph := ParseGraph(m.Path, graphOut)
	graph.SetRoots(roots)
	res.Problems = append(res.Problems, Compare(m.Dir, expectName, claim, expected, res.Modules, graph)...)
	return res
}

// Compare checks the module list of a consumer against its expectation file
// (both directions) and the contract's hard rules, and returns one problem
// per offending module.
func Compare(consumer, expectName string, claim *policy.Consumer, expected []Expected, listed []module.Version, graph *Graph) []string {
	var problems []string
	want := map[string]bool{}
	for _, e := range expected {
		want[e.Path] = true
	}
	got := map[string]bool{}
	for _, mv := range listed {
		got[mv.Path] = true
		var why []string
		if v := claim.Violation(mv.Path); v != "" {
			why = append(why, "contract violation: "+v)
		}
		if !want[mv.Path] {
			why = append(why, "unexpected: not listed in "+expectName)
		}
		if len(why) == 0 {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "module %s %s\n", mv.Path, mv.Version)
		for _, w := range why {
			fmt.Fprintf(&b, "      %s\n", w)
		}
		fmt.Fprintf(&b, "      brought in by: %s", FormatChain(graph.Chain(mv.Path)))
		problems = append(problems, b.String())
	}
	for _, e := range expected {
		if !got[e.Path] {
			problems = append(problems, fmt.Sprintf("module %s is expected (%s:%d, %q) but `go list -m all` no longer lists it\n      if the dependency was dropped on purpose, delete that line", e.Path, expectName, e.Line, e.Reason))
		}
	}
	return problems
}

func writeReport(w io.Writer, res Result) {
	secs := res.Elapsed.Round(100 * time.Millisecond)
	if len(res.Problems) == 0 {
		fmt.Fprintf(w, "isolation: %s: ok (%s), %d modules:\n", res.Consumer, secs, len(res.Modules))
		for _, mv := range res.Modules {
			fmt.Fprintf(w, "    %s %s\n", mv.Path, mv.Version)
		}
		return
	}
	fmt.Fprintf(w, "isolation: %s: FAIL (%s)\n", res.Consumer, secs)
	for _, p := range res.Problems {
		fmt.Fprintf(w, "  - %s\n", p)
	}
}

func goCmd(dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	if err != nil {
		return fmt.Sprintf("$ go %s\n%s%v", strings.Join(args, " "), out.String(), err), err
	}
	return out.String(), nil
}

func indent(s, prefix string) string {
	s = strings.TrimRight(s, "\n")
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

// CopyTree copies the regular files and directories under src to dst.
// skip, when not nil, is given slash-separated paths relative to src and
// leaves out those that it returns true for (a directory with everything
// below it).
func CopyTree(src, dst string, skip func(rel string, d fs.DirEntry) bool) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if rel != "." && skip != nil && skip(filepath.ToSlash(rel), d) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o777)
		case d.Type().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			return os.WriteFile(target, data, info.Mode().Perm())
		}
		return nil // symlinks and other irregular files stay behind
	})
}
