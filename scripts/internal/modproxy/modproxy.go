// Package modproxy serves the library modules of the working tree as a user
// would receive them: module zips built by golang.org/x/mod/zip (the code the
// go command itself uses) in the directory layout of a GOPROXY, readable
// through a file:// URL.
//
// The zips come from the working tree, uncommitted files included, minus
// what zip.CreateFromDir leaves out (nested modules, vendor directories,
// version-control directories). Every module of every module set in
// versions.yaml is served at its set's version.
package modproxy

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"

	"github.com/smithy-validation/go/scripts/internal/repo"
)

// Build writes a file-based module proxy for every released module of r into
// dir, which must exist, and returns what it serves.
func Build(r *repo.Repo, dir string) ([]module.Version, error) {
	stamp := time.Now().UTC().Truncate(time.Second)
	served := r.Versions.Released()
	for _, mv := range served {
		m, ok := r.Module(mv.Path)
		if !ok {
			return nil, fmt.Errorf("versions.yaml lists %s, which go.work does not use", mv.Path)
		}
		if err := writeVersion(dir, filepath.Join(r.Root, filepath.FromSlash(m.Dir)), mv, stamp); err != nil {
			return nil, fmt.Errorf("serving %s@%s from %s: %w", mv.Path, mv.Version, m.Dir, err)
		}
	}
	return served, nil
}

func writeVersion(proxyDir, src string, mv module.Version, stamp time.Time) error {
	escPath, err := module.EscapePath(mv.Path)
	if err != nil {
		return err
	}
	escVersion, err := module.EscapeVersion(mv.Version)
	if err != nil {
		return err
	}
	vdir := filepath.Join(proxyDir, filepath.FromSlash(escPath), "@v")
	if err := os.MkdirAll(vdir, 0o777); err != nil {
		return err
	}
	base := filepath.Join(vdir, escVersion)

	// The .mod file must be byte-identical to the go.mod inside the zip.
	goMod, err := os.ReadFile(filepath.Join(src, "go.mod"))
	if err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{mv.Version, stamp})
	if err != nil {
		return err
	}
	if err := os.WriteFile(base+".info", info, 0o666); err != nil {
		return err
	}
	if err := os.WriteFile(base+".mod", goMod, 0o666); err != nil {
		return err
	}
	f, err := os.Create(base + ".zip")
	if err != nil {
		return err
	}
	if err := zip.CreateFromDir(f, mv, src); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	list, err := os.OpenFile(filepath.Join(vdir, "list"), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o666)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintln(list, mv.Version); err != nil {
		list.Close()
		return err
	}
	return list.Close()
}

// FileURL returns the file:// URL of a proxy directory.
func FileURL(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	slash := filepath.ToSlash(abs)
	if !strings.HasPrefix(slash, "/") {
		slash = "/" + slash // Windows: file:///C:/...
	}
	return (&url.URL{Scheme: "file", Path: slash}).String()
}

// GoEnv returns `go env NAME` as the go command resolves it (environment,
// then the user's go env file, then GOROOT/go.env).
func GoEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// Setup is the environment of a go command that sees the project's library
// modules only as a user would: outside the workspace, through a proxy.
type Setup struct {
	ProxyDir string // built by [Build]
	ModCache string // GOMODCACHE to use; "" keeps the user's
	// Fallback is the GOPROXY list consulted for modules the local proxy
	// does not serve (third-party modules), usually `go env GOPROXY`, with
	// the user's module cache download directory in front (see [Fallback]).
	Fallback string
}

// Fallback returns the GOPROXY list for third-party modules: the user's
// module cache, read as a file proxy (its cache/download directory has the
// proxy layout), then the user's GOPROXY. Reading the cache avoids
// downloading again what the workspace build already downloaded; anything
// missing there falls through to the real proxy, and every file is still
// checked against go.sum and the checksum database.
func Fallback() (string, error) {
	orig, err := GoEnv("GOPROXY")
	if err != nil {
		return "", err
	}
	cache, err := GoEnv("GOMODCACHE")
	if err != nil {
		return "", err
	}
	var parts []string
	if cache != "" {
		if fi, err := os.Stat(filepath.Join(cache, "cache", "download")); err == nil && fi.IsDir() {
			parts = append(parts, FileURL(filepath.Join(cache, "cache", "download")))
		}
	}
	if orig != "" {
		parts = append(parts, orig)
	}
	return strings.Join(parts, ","), nil
}

// Env returns base (usually os.Environ()) with the variables of s set.
func (s Setup) Env(base []string) []string {
	set := map[string]string{
		"GOWORK": "off",
		// -modcacherw lets the temporary module cache be removed.
		"GOFLAGS":   "-mod=mod -modcacherw",
		"GOPROXY":   strings.TrimSuffix(FileURL(s.ProxyDir)+","+s.Fallback, ","),
		"GONOSUMDB": repo.Path[:strings.LastIndex(repo.Path, "/")] + "/*",
		// A GOPRIVATE or GONOPROXY that covers the project would send the
		// go command to the VCS instead of the proxy.
		"GOPRIVATE": "",
		"GONOPROXY": "",
	}
	if s.ModCache != "" {
		set["GOMODCACHE"] = s.ModCache
	}
	var env []string
	for _, kv := range base {
		k, _, _ := strings.Cut(kv, "=")
		if _, ok := set[k]; !ok {
			env = append(env, kv)
		}
	}
	for k, v := range set {
		env = append(env, k+"="+v)
	}
	return env
}

// StripProjectSums removes go.sum lines of project modules from the go.sum
// in dir, if any: their hashes are those of working-tree zips, which change
// with every edit and are not what the released versions will hash to.
func StripProjectSums(dir string) error {
	name := filepath.Join(dir, "go.sum")
	data, err := os.ReadFile(name)
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		return err
	}
	var keep []string
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 0 && repo.IsProject(f[0]) {
			continue
		}
		keep = append(keep, line)
	}
	out := strings.Join(keep, "")
	if strings.TrimSpace(out) == "" {
		return os.Remove(name)
	}
	return os.WriteFile(name, []byte(out), 0o666)
}
