package build

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
)

// The output directory of `smithy build`, and the rules that keep a
// configuration from a repository nobody here wrote from writing or
// removing anything outside it (docs/security.md):
//
//   - --output DIR is the user's choice: DIR is created if missing and used
//     as given (relative to the working directory), links in it included.
//   - Otherwise the output directory is the configuration's outputDirectory,
//     default build/smithy, relative to the configuration's directory and
//     inside it: an absolute path or one that climbs out with ".." is a
//     usage error (exit 2). No component on the way from the configuration's
//     directory to it may be a symbolic link (a symlinked build/ would lead
//     anywhere): that is a usage error too.
//   - Inside the output directory, projection and artifact names are single
//     path elements ([safeName]), their directories may not be symbolic links,
//     and every file operation goes through an os.Root opened at the output
//     directory, which refuses any path or link that leads out of it, also
//     when a link appears while the build runs.
//   - Only files this build writes are replaced: before an artifact
//     directory is written, the *.openrpc.json entries in it (files, or
//     links, which are removed, never followed) are removed; nothing else
//     is deleted, no directory is removed.

// outputDir is an open output directory.
type outputDir struct {
	root *os.Root
	// shown is the directory as the user named it, for messages.
	shown string
	// cleaned are the artifact directories emptied of their old output in
	// this build; written the files written.
	cleaned, written map[string]bool
}

// outputSuffix is the build's ".openrpc.json" suffix: the one kind of file
// a build writes and so may replace.
const outputSuffix = ".openrpc.json"

// openOutput opens the output directory: flagOut when given, else the
// configuration's outputDirectory below its directory.
func openOutput(bc *Config, flagOut string) (*outputDir, error) {
	o := &outputDir{cleaned: map[string]bool{}, written: map[string]bool{}}
	if flagOut != "" {
		o.shown = flagOut
		if err := os.MkdirAll(flagOut, 0o755); err != nil {
			return nil, exitcode.Inputf("cannot create %s: %v", flagOut, load.UnwrapPath(err))
		}
		r, err := os.OpenRoot(flagOut)
		if err != nil {
			return nil, exitcode.Inputf("cannot open %s: %v", flagOut, load.UnwrapPath(err))
		}
		o.root = r
		return o, nil
	}
	rel, err := bc.outputRel()
	if err != nil {
		return nil, err
	}
	o.shown = filepath.Join(bc.Dir, rel)
	base, err := os.OpenRoot(bc.Dir)
	if err != nil {
		return nil, exitcode.Inputf("cannot open %s: %v", bc.Dir, load.UnwrapPath(err))
	}
	defer base.Close()
	if err := mkdirNoLinks(base, bc.Dir, rel, "the output directory (outputDirectory of "+bc.Path+")"); err != nil {
		return nil, err
	}
	r, err := base.OpenRoot(rel)
	if err != nil {
		return nil, exitcode.Inputf("cannot open %s: %v", o.shown, load.UnwrapPath(err))
	}
	o.root = r
	return o, nil
}

// outputRel is the configured output directory relative to the
// configuration's directory, checked to stay inside it.
func (bc *Config) outputRel() (string, error) {
	if bc.outputRaw == "" {
		return filepath.Join("build", "smithy"), nil
	}
	p := filepath.FromSlash(bc.outputRaw)
	if !filepath.IsLocal(p) {
		where := bc.Path
		if bc.outputPos.IsValid() {
			where = fmt.Sprintf("%s:%d:%d", bc.Path, bc.outputPos.Line, bc.outputPos.Column)
		}
		return "", exitcode.Usagef("%s: outputDirectory %q leads outside the configuration's directory: it must be a relative path below it (name another place with --output)", where, bc.outputRaw)
	}
	return filepath.Clean(p), nil
}

// mkdirNoLinks makes the directory rel below root, one component at a
// time, refusing a component that is a symbolic link or not a directory.
// shown is root's name and what the purpose of rel, for messages.
func mkdirNoLinks(root *os.Root, shown, rel, what string) error {
	if rel == "." {
		return nil
	}
	parts := strings.Split(rel, string(filepath.Separator))
	for i := range parts {
		p := filepath.Join(parts[:i+1]...)
		fi, err := root.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			if err = root.Mkdir(p, 0o755); err == nil || errors.Is(err, fs.ErrExist) {
				fi, err = root.Lstat(p)
			}
		}
		if err != nil {
			return exitcode.Inputf("cannot create %s: %v", filepath.Join(shown, p), load.UnwrapPath(err))
		}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			return exitcode.Usagef("%s is a symbolic link, on the way to %s: smithy build does not follow links there (remove the link, or name a directory with --output)", filepath.Join(shown, p), what)
		case !fi.IsDir():
			return exitcode.Usagef("%s is not a directory, on the way to %s", filepath.Join(shown, p), what)
		}
	}
	return nil
}

// write writes one artifact file, name, in the directory rel (a
// projection and an artifact name) of the output directory: the directory
// is made, emptied of the old output of the build once per run, and the
// file created anew. A file written twice in one build is an error.
func (o *outputDir) write(rel, name string, data []byte) error {
	if err := mkdirNoLinks(o.root, o.shown, rel, "an artifact directory"); err != nil {
		return err
	}
	if !o.cleaned[rel] {
		o.cleaned[rel] = true
		if err := o.clean(rel); err != nil {
			return err
		}
	}
	file := filepath.Join(rel, name)
	if o.written[file] {
		return exitcode.Usagef("two plugins write %s: give them different artifact names (plugin::artifact)", filepath.Join(o.shown, file))
	}
	o.written[file] = true
	// O_EXCL: the old file was removed; anything there now (a link made
	// while the build runs) is not written through.
	f, err := o.root.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return exitcode.Inputf("cannot write %s: %v", filepath.Join(o.shown, file), load.UnwrapPath(err))
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return exitcode.Inputf("cannot write %s: %v", filepath.Join(o.shown, file), load.UnwrapPath(err))
	}
	if err := f.Close(); err != nil {
		return exitcode.Inputf("cannot write %s: %v", filepath.Join(o.shown, file), load.UnwrapPath(err))
	}
	return nil
}

// clean removes the build's old output from the directory rel: its
// entries named *.openrpc.json that are files or links (a link is removed,
// not followed). Anything else stays.
func (o *outputDir) clean(rel string) error {
	d, err := o.root.Open(rel)
	if err != nil {
		return exitcode.Inputf("cannot read %s: %v", filepath.Join(o.shown, rel), load.UnwrapPath(err))
	}
	entries, err := d.ReadDir(-1)
	d.Close()
	if err != nil {
		return exitcode.Inputf("cannot read %s: %v", filepath.Join(o.shown, rel), load.UnwrapPath(err))
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), outputSuffix) || !(e.Type().IsRegular() || e.Type()&fs.ModeSymlink != 0) {
			continue
		}
		p := filepath.Join(rel, e.Name())
		if err := o.root.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return exitcode.Inputf("cannot remove %s: %v", filepath.Join(o.shown, p), load.UnwrapPath(err))
		}
	}
	return nil
}

func (o *outputDir) Close() error { return o.root.Close() }
