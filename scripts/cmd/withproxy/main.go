// Command withproxy runs a go command on one module outside the workspace
// (GOWORK=off), with the library modules of the working tree served by a
// local file proxy at their versions.yaml versions. It is how to run
// `go get` and `go mod tidy` on a library module: inside the workspace they
// try to download the unpublished project versions and fail.
//
//	go run ./scripts/cmd/withproxy -C ion-adapter go get github.com/amazon-ion/ion-go@v1.5.0
//	go run ./scripts/cmd/withproxy -C openrpc go mod tidy
//	go run ./scripts/cmd/withproxy -sums
//
// Afterwards it removes the go.sum lines of project modules (they hash
// working-tree zips, not the releases). With -sums it refreshes the go.sum
// of every library and consumer module, and of scripts, so that it holds the checksums that
// building and testing the module alone needs (`go list -m all` and
// `go list -deps -test ./...`), which also keeps workspace builds from
// writing a go.work.sum.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/smithy-validation/go/scripts/internal/isolation"
	"github.com/smithy-validation/go/scripts/internal/modproxy"
	"github.com/smithy-validation/go/scripts/internal/repo"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("withproxy", flag.ContinueOnError)
	dir := fs.String("C", ".", "module directory to run the command in")
	sums := fs.Bool("sums", false, "refresh go.sum of every library and consumer module and of scripts, instead of running a command")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: withproxy [-C dir] command [args...]\n       withproxy -sums")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *sums == (fs.NArg() > 0) {
		fs.Usage()
		return 2
	}
	root, err := repo.FindRoot(*dir)
	if err != nil {
		return fail(err)
	}
	r, err := repo.Load(root)
	if err != nil {
		return fail(err)
	}
	tmp, err := os.MkdirTemp("", "smithy-withproxy-")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(tmp)
	proxyDir := filepath.Join(tmp, "proxy")
	if err := os.Mkdir(proxyDir, 0o777); err != nil {
		return fail(err)
	}
	if _, err := modproxy.Build(r, proxyDir); err != nil {
		return fail(err)
	}
	fallback, err := modproxy.Fallback()
	if err != nil {
		return fail(err)
	}
	setup := modproxy.Setup{ProxyDir: proxyDir, ModCache: filepath.Join(tmp, "modcache"), Fallback: fallback}
	env := setup.Env(os.Environ())

	if !*sums {
		code := 0
		if err := runIn(*dir, env, fs.Args()...); err != nil {
			fmt.Fprintln(os.Stderr, "withproxy:", err)
			code = 1
		}
		if err := modproxy.StripProjectSums(*dir); err != nil {
			return fail(err)
		}
		return code
	}

	for _, m := range r.Modules {
		_, released := r.Versions.SetOf(m.Path)
		consumer, _ := filepath.Match("consumers/*", m.Dir)
		if !released && !consumer && m.Dir != "scripts" {
			continue
		}
		if err := refreshSums(r, m, tmp, env); err != nil {
			return fail(fmt.Errorf("%s: %v", m.Dir, err))
		}
	}
	return 0
}

// refreshSums works on a copy of the module, so that -mod=mod never
// touches the real go.mod, and copies back only go.sum. `go list -e` keeps
// going past packages that other work in progress has not written yet.
func refreshSums(r *repo.Repo, m *repo.Module, tmp string, env []string) error {
	d := filepath.Join(r.Root, filepath.FromSlash(m.Dir))
	work := filepath.Join(tmp, "work", filepath.FromSlash(m.Dir))
	if err := isolation.CopyTree(d, work, nil); err != nil {
		return err
	}
	if err := modproxy.StripProjectSums(work); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "withproxy: go.sum of %s\n", m.Dir)
	for _, args := range [][]string{
		{"go", "list", "-m", "all"},
		{"go", "list", "-e", "-deps", "-test", "./..."},
	} {
		if err := runIn(work, env, args...); err != nil {
			return err
		}
	}
	if err := modproxy.StripProjectSums(work); err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(work, "go.sum"))
	if os.IsNotExist(err) {
		if err := os.Remove(filepath.Join(d, "go.sum")); err != nil && !os.IsNotExist(err) {
			return err
		}
		return nil
	} else if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(d, "go.sum"), sum, 0o666)
}

func runIn(dir string, env []string, args ...string) error {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if args[0] == "go" && len(args) > 2 && args[1] == "list" {
		cmd.Stdout = nil // only the go.sum side effect matters
	}
	return cmd.Run()
}

func fail(err error) int {
	fmt.Fprintln(os.Stderr, "withproxy:", err)
	return 1
}
