package build

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/run"
)

// Two runs of smithy build produce byte-identical output trees.
func TestBuildTreesIdentical(t *testing.T) {
	dir := t.TempDir()
	calc, err := os.ReadFile("../../examples/calculator/calculator.smithy")
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "model"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "model", "calculator.smithy"), calc, 0o644))
	must(os.WriteFile(filepath.Join(dir, "smithy-build.json"), []byte(`{
  "version": "1.0",
  "sources": ["model"],
  "plugins": {"openrpc": {"service": "example#Calculator"}},
  "projections": {"a": {}, "b": {"plugins": {"openrpc::x": {"service": "example#Calculator", "naming": "jsonName"}}}}
}`), 0o644))
	tree := func(out string) map[string][]byte {
		if code, _, stderr := runBuild(filepath.Join(dir, "smithy-build.json"), out); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		files := map[string][]byte{}
		must(filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(out, p)
			files[rel], err = os.ReadFile(p)
			return err
		}))
		return files
	}
	one, two := tree(filepath.Join(dir, "one")), tree(filepath.Join(dir, "two"))
	if len(one) != 4 {
		t.Fatalf("%d files: %v", len(one), one)
	}
	for name, data := range one {
		if !bytes.Equal(data, two[name]) {
			t.Errorf("%s differs between runs", name)
		}
	}
	if len(two) != len(one) {
		t.Errorf("second run: %d files, first %d", len(two), len(one))
	}
	// A third run into the first directory replaces its files alike.
	if three := tree(filepath.Join(dir, "one")); len(three) != len(one) {
		t.Errorf("rebuild: %d files", len(three))
	}
}

// TestBuildStaysInOutput runs smithy build on hostile configurations and
// project trees, as a cloned repository may hold them: an outputDirectory
// of "..", an absolute one, one that climbs out after going down, a
// projection or an artifact named "../x", a build/ that is a symbolic link
// out of the project, and links deeper down. Next to the project lies a
// victim directory laid out as the build would write into it (a
// projection's folder with an openrpc folder holding a
// Calculator.openrpc.json and another file): after each build, every file
// and folder outside the output directory is as it was, byte for byte, and
// the build exits with a usage error naming the cause.
func TestBuildStaysInOutput(t *testing.T) {
	calc, err := os.ReadFile("../../examples/calculator/calculator.smithy")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		config string
		// setup runs in the project with the victim's path.
		setup func(t *testing.T, project, victim string)
		exit  int
		want  string // in stderr
	}{
		{"outputDirectory ..", `{"version": "1.0", "sources": ["model"], "outputDirectory": "..", "projections": {"victim": {"plugins": {"openrpc": {"service": "example#Calculator"}}}}}`,
			nil, exitcode.Usage, `outputDirectory ".." leads outside the configuration's directory`},
		{"outputDirectory absolute", `{"version": "1.0", "sources": ["model"], "outputDirectory": "VICTIM", "plugins": {"openrpc": {"service": "example#Calculator"}}}`,
			nil, exitcode.Usage, `leads outside the configuration's directory`},
		{"outputDirectory down then out", `{"version": "1.0", "sources": ["model"], "outputDirectory": "build/../../victim/..", "projections": {"victim": {"plugins": {"openrpc": {"service": "example#Calculator"}}}}}`,
			nil, exitcode.Usage, `leads outside the configuration's directory`},
		{"projection ../victim", `{"version": "1.0", "sources": ["model"], "outputDirectory": ".", "projections": {"../victim": {"plugins": {"openrpc": {"service": "example#Calculator"}}}}}`,
			nil, exitcode.Usage, `projection name "../victim" must be letters`},
		{"artifact ../../victim", `{"version": "1.0", "sources": ["model"], "plugins": {"openrpc::../../../victim": {"service": "example#Calculator"}}}`,
			nil, exitcode.Usage, `plugin "openrpc::../../../victim" must be a name`},
		{"build is a link out", `{"version": "1.0", "sources": ["model"], "plugins": {"openrpc": {"service": "example#Calculator"}}}`,
			func(t *testing.T, project, victim string) {
				testkit.Symlink(t, filepath.Join("..", "victim"), filepath.Join(project, "build"))
			}, exitcode.Usage, `build is a symbolic link, on the way to the output directory`},
		{"build/smithy is a link out", `{"version": "1.0", "sources": ["model"], "plugins": {"openrpc": {"service": "example#Calculator"}}}`,
			func(t *testing.T, project, victim string) {
				testkit.Must(t, os.Mkdir(filepath.Join(project, "build"), 0o755))
				testkit.Symlink(t, victim, filepath.Join(project, "build", "smithy"))
			}, exitcode.Usage, `smithy is a symbolic link`},
		{"a projection's folder is a link out", `{"version": "1.0", "sources": ["model"], "plugins": {"openrpc": {"service": "example#Calculator"}}}`,
			func(t *testing.T, project, victim string) {
				testkit.Must(t, os.MkdirAll(filepath.Join(project, "build", "smithy"), 0o755))
				testkit.Symlink(t, filepath.Join(victim, "victim"), filepath.Join(project, "build", "smithy", "source"))
			}, exitcode.Usage, `source is a symbolic link, on the way to an artifact directory`},
		{"an artifact's folder is a link out", `{"version": "1.0", "sources": ["model"], "plugins": {"openrpc": {"service": "example#Calculator"}}}`,
			func(t *testing.T, project, victim string) {
				testkit.Must(t, os.MkdirAll(filepath.Join(project, "build", "smithy", "source"), 0o755))
				testkit.Symlink(t, filepath.Join(victim, "victim", "openrpc"), filepath.Join(project, "build", "smithy", "source", "openrpc"))
			}, exitcode.Usage, `openrpc is a symbolic link`},
		{"the output file is a link out", `{"version": "1.0", "sources": ["model"], "plugins": {"openrpc": {"service": "example#Calculator"}}}`,
			func(t *testing.T, project, victim string) {
				dir := filepath.Join(project, "build", "smithy", "source", "openrpc")
				testkit.Must(t, os.MkdirAll(dir, 0o755))
				testkit.Symlink(t, filepath.Join(victim, "victim", "openrpc", "Calculator.openrpc.json"), filepath.Join(dir, "Calculator.openrpc.json"))
			}, 0, ""},
		{"outputDirectory through a link inside the project", `{"version": "1.0", "sources": ["model"], "outputDirectory": "out/smithy", "plugins": {"openrpc": {"service": "example#Calculator"}}}`,
			func(t *testing.T, project, victim string) {
				testkit.Symlink(t, "model", filepath.Join(project, "out"))
			}, exitcode.Usage, `out is a symbolic link`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := t.TempDir()
			project, victim := filepath.Join(base, "project"), filepath.Join(base, "victim")
			testkit.Must(t, os.MkdirAll(filepath.Join(project, "model"), 0o755))
			testkit.Must(t, os.WriteFile(filepath.Join(project, "model", "calculator.smithy"), calc, 0o644))
			// The victim: what a build would write into, plus a file of its own.
			for _, d := range []string{filepath.Join(victim, "openrpc"), filepath.Join(victim, "victim", "openrpc"), filepath.Join(victim, "source", "openrpc")} {
				testkit.Must(t, os.MkdirAll(d, 0o755))
				testkit.Must(t, os.WriteFile(filepath.Join(d, "Calculator.openrpc.json"), []byte("precious\n"), 0o644))
				testkit.Must(t, os.WriteFile(filepath.Join(d, "notes.txt"), []byte("mine\n"), 0o644))
			}
			cfg := strings.ReplaceAll(tt.config, "VICTIM", filepath.ToSlash(victim))
			testkit.Must(t, os.WriteFile(filepath.Join(project, "smithy-build.json"), []byte(cfg), 0o644))
			if tt.setup != nil {
				tt.setup(t, project, victim)
			}
			before := testkit.Snapshot(t, base, project)
			code, _, stderr := runBuild(filepath.Join(project, "smithy-build.json"), "")
			if code != tt.exit {
				t.Errorf("%s: exit %d, want %d; stderr: %s", tt.name, code, tt.exit, stderr)
			}
			if !strings.Contains(stderr, tt.want) {
				t.Errorf("%s: stderr %q does not say %q", tt.name, stderr, tt.want)
			}
			after := testkit.Snapshot(t, base, project)
			for p, v := range before {
				if after[p] != v {
					t.Errorf("%s: %s changed outside the project: %.40q, now %.40q", tt.name, p, v, after[p])
				}
			}
			for p := range after {
				if _, ok := before[p]; !ok {
					t.Errorf("%s: %s appeared outside the project", tt.name, p)
				}
			}
			if code == 0 {
				// The build wrote its own file in place of the link.
				out := filepath.Join(project, "build", "smithy", "source", "openrpc", "Calculator.openrpc.json")
				fi, err := os.Lstat(out)
				if err != nil || !fi.Mode().IsRegular() {
					t.Errorf("%s: %s is not a regular file after the build: %v %v", tt.name, out, fi, err)
				}
			}
		})
	}
}

// TestBuildReplacesOnlyItsOwnFiles: an artifact directory keeps the files
// a build did not write; the build's old output (*.openrpc.json of a
// service no longer built) is removed, so two builds give the same tree.
func TestBuildReplacesOnlyItsOwnFiles(t *testing.T) {
	calc, err := os.ReadFile("../../examples/calculator/calculator.smithy")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	testkit.Must(t, os.MkdirAll(filepath.Join(dir, "model"), 0o755))
	testkit.Must(t, os.WriteFile(filepath.Join(dir, "model", "calculator.smithy"), calc, 0o644))
	testkit.Must(t, os.WriteFile(filepath.Join(dir, "smithy-build.json"), []byte(`{"version": "1.0", "sources": ["model"], "plugins": {"openrpc": {"service": "example#Calculator"}}}`), 0o644))
	art := filepath.Join(dir, "build", "smithy", "source", "openrpc")
	testkit.Must(t, os.MkdirAll(filepath.Join(art, "sub"), 0o755))
	testkit.Must(t, os.WriteFile(filepath.Join(art, "README.md"), []byte("mine\n"), 0o644))
	testkit.Must(t, os.WriteFile(filepath.Join(art, "sub", "Old.openrpc.json"), []byte("mine too\n"), 0o644))
	testkit.Must(t, os.WriteFile(filepath.Join(art, "Old.openrpc.json"), []byte("stale\n"), 0o644))
	if code, _, stderr := runBuild(filepath.Join(dir, "smithy-build.json"), ""); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := testkit.Snapshot(t, art, "")
	want := map[string]string{"README.md": "mine\n", "sub": "dir", "sub/Old.openrpc.json": "mine too\n"}
	for p, v := range want {
		if got[p] != v {
			t.Errorf("%s: %q, want %q", p, got[p], v)
		}
	}
	if _, ok := got["Old.openrpc.json"]; ok {
		t.Errorf("the stale output Old.openrpc.json is still there")
	}
	if !strings.HasPrefix(got["Calculator.openrpc.json"], "{") {
		t.Errorf("Calculator.openrpc.json: %.40q", got["Calculator.openrpc.json"])
	}
}

// runBuild runs the build of the configuration cfgPath as the command
// does (output is --output) and returns its exit code, what it printed,
// and its stderr with the error's message last.
func runBuild(cfgPath, output string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	e := &run.Env{Stdout: &out, Stderr: &errOut}
	cfg, err := ReadConfig(cfgPath)
	if err == nil {
		err = Run(e, cfg, Options{Output: output})
	}
	code, msg, _ := exitcode.Of(err)
	return code, out.String(), errOut.String() + msg
}

// FuzzBuildConfig reads arbitrary configurations: never a panic, and every
// one accepted names its output only below its directory (or is refused
// when used) and only single path elements below that.
func FuzzBuildConfig(f *testing.F) {
	f.Add([]byte(`{"version": "1.0", "sources": ["model"], "outputDirectory": "..", "projections": {"victim": {"plugins": {"openrpc::x": {"service": "a#B"}}}}}`))
	f.Add([]byte(`{"version": "1.0", "outputDirectory": "a/../../b", "plugins": {"openrpc": {}}}`))
	f.Add([]byte(`{"version": "1.0", "outputDirectory": "/abs", "projections": {"../x": {}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		bc, err := ParseConfig(filepath.Join("proj", "smithy-build.json"), data)
		if err != nil {
			return
		}
		if rel, err := bc.outputRel(); err == nil {
			if !filepath.IsLocal(rel) {
				t.Errorf("outputDirectory %q resolves to %q, outside the configuration's directory", bc.outputRaw, rel)
			}
		}
		for _, p := range bc.projections {
			for _, name := range []string{p.name} {
				if name != filepath.Base(name) || name == ".." || name == "." {
					t.Errorf("projection %q is not one path element", name)
				}
			}
			for _, pl := range p.plugins {
				if pl.artifact != filepath.Base(pl.artifact) || pl.artifact == ".." || pl.artifact == "." || strings.ContainsAny(pl.artifact, `/\`) {
					t.Errorf("artifact %q of plugin %q is not one path element", pl.artifact, pl.key)
				}
			}
		}
	})
}

// TestBuildReadsOnlyRegularFiles: the sources and imports a
// smithy-build.json names come with the repository, so a named pipe, a
// device or /dev/stdin among them is an input error (exit 4) naming it,
// at once: before, a FIFO (or /dev/stdin on a terminal) kept the build
// waiting for ever and /dev/zero was read up to the 64 MiB bound. A link
// to a regular file is still followed.
func TestBuildReadsOnlyRegularFiles(t *testing.T) {
	calc, err := os.ReadFile("../../examples/calculator/calculator.smithy")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	testkit.Must(t, os.WriteFile(filepath.Join(dir, "calculator.smithy"), calc, 0o644))
	testkit.Must(t, os.WriteFile(filepath.Join(dir, "empty.smithy"), []byte("$version: \"2\"\nnamespace other\n"), 0o644))
	testkit.Must(t, syscall.Mkfifo(filepath.Join(dir, "fifo.smithy"), 0o644))
	testkit.Must(t, os.Symlink("fifo.smithy", filepath.Join(dir, "link-to-fifo.smithy")))
	testkit.Must(t, os.Symlink("empty.smithy", filepath.Join(dir, "link-to-file.smithy")))
	const plugins = `"plugins": {"openrpc": {"service": "example#Calculator"}}`
	for _, tc := range []struct {
		name, config string
		code         int
		msg          string // in the error when code is not 0
	}{
		{"a FIFO among the imports", `"sources": ["calculator.smithy"], "imports": ["fifo.smithy"]`, exitcode.Input, "fifo.smithy: not a regular file (a named pipe)"},
		{"a FIFO among the sources", `"sources": ["fifo.smithy", "calculator.smithy"]`, exitcode.Input, "fifo.smithy: not a regular file (a named pipe)"},
		{"a link to a FIFO", `"sources": ["calculator.smithy"], "imports": ["link-to-fifo.smithy"]`, exitcode.Input, "link-to-fifo.smithy: not a regular file (a named pipe)"},
		{"a FIFO among a projection's imports", `"sources": ["calculator.smithy"], "projections": {"p": {"imports": ["fifo.smithy"]}}`, exitcode.Input, "fifo.smithy: not a regular file (a named pipe)"},
		{"/dev/stdin", `"sources": ["calculator.smithy"], "imports": ["/dev/stdin"]`, exitcode.Input, "/dev/stdin: not a regular file"},
		{"/dev/zero", `"sources": ["calculator.smithy"], "imports": ["/dev/zero"]`, exitcode.Input, "/dev/zero: not a regular file (a character device)"},
		{"a link to a regular file", `"sources": ["calculator.smithy"], "imports": ["link-to-file.smithy"]`, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := filepath.Join(dir, "smithy-build.json")
			testkit.Must(t, os.WriteFile(cfg, []byte(`{"version": "1.0", `+tc.config+`, `+plugins+`}`), 0o644))
			type result struct {
				code   int
				stderr string
			}
			done := make(chan result, 1)
			go func() {
				code, _, stderr := runBuild(cfg, filepath.Join(dir, "out"))
				done <- result{code, stderr}
			}()
			select {
			case r := <-done:
				if r.code != tc.code || (tc.code != 0 && !strings.Contains(r.stderr, tc.msg)) {
					t.Errorf("exit %d, want %d with %q: %s", r.code, tc.code, tc.msg, r.stderr)
				}
			case <-time.After(20 * time.Second):
				// The goroutine stays blocked in open(2): opening the FIFO
				// for writing lets it go before the test ends.
				if w, err := os.OpenFile(filepath.Join(dir, "fifo.smithy"), os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					w.Close()
				}
				t.Fatalf("the build still waits after 20 s")
			}
		})
	}
}
