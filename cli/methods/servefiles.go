package methods

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/core/assembly"
)

// The server's file access. The command reads whatever its user names (a
// FIFO too: `<(...)` is a FIFO); the server reads files for whoever can
// reach it, so every path a request names goes through here:
//
//   - it is resolved inside the root the operator chose (serve --root,
//     default the working directory) with os.Root, so neither `..`, an
//     absolute path elsewhere nor a symbolic link leads out of it; an
//     absolute path is taken when it lies under the root;
//   - a component that starts with "." (.git, .env, .ssh) is refused: a
//     hidden file is not a model or an input a client is meant to name;
//   - a model path must end in .smithy or .json (a directory's files are
//     picked by the same rule), so a parse error never quotes a file that
//     is not a model;
//   - only regular files (and directories, for models) are opened, with
//     O_NONBLOCK, and checked with fstat before a byte is read: a FIFO or a
//     device never blocks the request or a thread;
//   - the number of sources and the bytes they hold are counted against
//     the request's bounds before anything is read, and reads stop at the
//     bound if a file grows in the meantime;
//   - every read checks the request's context: a client gone or out of time
//     stops the work at its next read.

// Defaults of the server's per-request bounds (serve --max-sources,
// --max-request-bytes; docs/limits.md).
const (
	// DefaultMaxSources is the most sources one request may name: model
	// files (a directory's files each count), inline models and inputs.
	DefaultMaxSources = 1024
	// DefaultMaxRequestBytes is the most bytes one request may read: the
	// files it names and its inline sources and inputs together (64 MiB, the
	// size limit of one value and of one model file).
	DefaultMaxRequestBytes = 64 << 20
)

// forbiddenError is a path the server will not open (E041, exit 2).
type forbiddenError struct{ msg string }

func (e *forbiddenError) Error() string { return e.msg }

// walkPerSource bounds the directory entries a request's model
// directories may make the server look through, per source it may name.
const walkPerSource = 64

// requestLimitError is a request over the server's bounds (E055, exit 5),
// found before its inputs were read.
type requestLimitError struct{ msg string }

func (e *requestLimitError) Error() string { return e.msg }

// serverFiles is the server's access to the file system, shared by its
// connections.
type serverFiles struct {
	root    *os.Root // nil with NoPaths
	dirs    []string // the root's absolute path, and its path with symlinks resolved
	cwd     string   // what a relative path is relative to, as for the command
	noPaths bool

	maxSources int
	maxBytes   int64
}

func newServerFiles(o HandlerOptions) (*serverFiles, error) {
	sf := &serverFiles{noPaths: o.NoPaths, maxSources: o.MaxSources, maxBytes: o.MaxRequestBytes}
	if sf.maxSources <= 0 {
		sf.maxSources = DefaultMaxSources
	}
	if sf.maxBytes <= 0 {
		sf.maxBytes = DefaultMaxRequestBytes
	}
	if o.NoPaths {
		return sf, nil
	}
	dir := o.Root
	if dir == "" {
		dir = "."
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("--root %s: %v", dir, err)
	}
	if sf.cwd, err = os.Getwd(); err != nil {
		return nil, fmt.Errorf("the working directory: %v", err)
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("--root %s: %v", dir, load.UnwrapPath(err))
	}
	sf.root = root
	sf.dirs = []string{abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		sf.dirs = append(sf.dirs, real)
	}
	return sf, nil
}

// rootName is the root as messages name it.
func (sf *serverFiles) rootName() string {
	if len(sf.dirs) == 0 {
		return "(none: --no-paths)"
	}
	return sf.dirs[0]
}

// local returns the name inside the root of a path a request gave.
func (sf *serverFiles) local(param, name string) (string, error) {
	if sf.noPaths {
		return "", &forbiddenError{fmt.Sprintf("%s %q: this server reads no files (serve --no-paths): give the text inline", param, name)}
	}
	// A relative path is relative to the working directory, as the
	// command's are; either way the file must lie under the root.
	abs := name
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(sf.cwd, name)
	}
	rel := ""
	for _, d := range sf.dirs {
		if r, err := filepath.Rel(d, abs); err == nil && (r == "." || filepath.IsLocal(r)) {
			rel = r
			break
		}
	}
	if rel == "" {
		shown := ""
		if abs != name {
			shown = " (" + abs + ")"
		}
		return "", &forbiddenError{fmt.Sprintf("%s %q%s is outside the server's root %s (serve --root)", param, name, shown, sf.rootName())}
	}
	if rel != "." {
		for _, c := range strings.Split(filepath.ToSlash(rel), "/") {
			if strings.HasPrefix(c, ".") {
				return "", &forbiddenError{fmt.Sprintf("%s %q names a hidden file or directory (%s): the server does not read those", param, name, c)}
			}
		}
	}
	return rel, nil
}

// isModelName reports whether a file name is a model file's.
func isModelName(name string) bool {
	return strings.HasSuffix(name, ".smithy") || strings.HasSuffix(name, ".json")
}

// requestFiles is one request's use of the server's files: its context
// and what it has counted against the bounds.
type requestFiles struct {
	*serverFiles
	ctx     context.Context
	plans   [][]plannedFile // the model files of each source, by index (nil: inline)
	sources int
	planned int64 // bytes the sources hold, counted before reading
	read    int64 // bytes actually read
}

// Err is the request's context's error: once it ended nothing more is
// assembled.
func (rf *requestFiles) Err() error { return rf.ctx.Err() }

func (sf *serverFiles) request(ctx context.Context) *requestFiles {
	return &requestFiles{serverFiles: sf, ctx: ctx}
}

// count adds sources holding size bytes to the request's tally, refusing
// the request when it passes a bound.
func (rf *requestFiles) count(what string, n int, size int64) error {
	rf.sources += n
	rf.planned += size
	if rf.sources > rf.maxSources {
		return &requestLimitError{fmt.Sprintf("the request names more than %d sources (%s brings it to %d): serve --max-sources bounds them", rf.maxSources, what, rf.sources)}
	}
	if rf.planned > rf.maxBytes {
		return &requestLimitError{fmt.Sprintf("the request's sources hold more than %d bytes (%s brings them to %d): serve --max-request-bytes bounds them; nothing was read", rf.maxBytes, what, rf.planned)}
	}
	return nil
}

// openLocal opens a name inside the root without blocking and checks
// what it is: a regular file, or a directory when dirOK.
func (rf *requestFiles) openLocal(param, shown, rel string, dirOK bool) (*os.File, fs.FileInfo, error) {
	if err := rf.ctx.Err(); err != nil {
		return nil, nil, err
	}
	f, err := rf.root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.ENOTDIR) {
			return nil, nil, exitcode.Inputf("cannot read %s: %v", shown, load.UnwrapPath(err))
		}
		if !escapesRoot(err) {
			return nil, nil, exitcode.Inputf("cannot read %s: %v", shown, load.UnwrapPath(err))
		}
		return nil, nil, &forbiddenError{fmt.Sprintf("%s %q leads outside the server's root %s (serve --root): %v", param, shown, rf.rootName(), load.UnwrapPath(err))}
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, exitcode.Inputf("cannot read %s: %v", shown, load.UnwrapPath(err))
	}
	switch {
	case st.Mode().IsRegular():
	case st.IsDir() && dirOK:
	default:
		f.Close()
		return nil, nil, exitcode.Inputf("cannot read %s: %s, not a regular file: the server reads regular files only", shown, assembly.FileType(st.Mode()))
	}
	return f, st, nil
}

// modelFiles lists the model files a models[i].path names: the file, or
// a directory's .smithy and .json files below it, in lexical order, each
// checked (regular, inside the root) and counted before any is read.
type plannedFile struct {
	name  string // as events name it: the path the request gave, or below it
	rel   string // inside the root
	found bool   // found in a directory the request named (load.File.Found)
}

func (rf *requestFiles) planModel(param, path string) ([]plannedFile, error) {
	rel, err := rf.local(param, path)
	if err != nil {
		return nil, err
	}
	f, st, err := rf.openLocal(param, path, rel, true)
	if err != nil {
		return nil, err
	}
	f.Close()
	if !st.IsDir() {
		if !isModelName(path) {
			return nil, &forbiddenError{fmt.Sprintf("%s %q is not a model file: the server reads models from .smithy and .json files only", param, path)}
		}
		if err := rf.count(fmt.Sprintf("%s %q", param, path), 1, st.Size()); err != nil {
			return nil, err
		}
		return []plannedFile{{name: path, rel: rel}}, nil
	}
	var out []plannedFile
	walked := 0
	err = fs.WalkDir(rf.root.FS(), filepath.ToSlash(rel), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e := rf.ctx.Err(); e != nil {
			return e
		}
		// Entries that are not model files cost a walk too: a directory
		// named by a request (the root itself, a node_modules) is walked
		// for at most walkPerSource entries a source.
		if walked++; walked > walkPerSource*rf.maxSources {
			return &requestLimitError{fmt.Sprintf("%s %q holds more than %d entries to look through (%d for each of the --max-sources): name the model directory itself", param, path, walkPerSource*rf.maxSources, walkPerSource)}
		}
		base := d.Name()
		if p != filepath.ToSlash(rel) && strings.HasPrefix(base, ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || !isModelName(base) {
			return nil
		}
		// A symbolic link is followed inside the root only; anything
		// but a regular file is refused when it is opened below.
		info, err := fs.Stat(rf.root.FS(), p)
		if err != nil {
			return err
		}
		if info.IsDir() {
			return nil
		}
		r := filepath.FromSlash(p)
		name := filepath.Join(path, strings.TrimPrefix(strings.TrimPrefix(p, filepath.ToSlash(rel)), "/"))
		if rel == "." {
			name = filepath.Join(path, r)
		}
		out = append(out, plannedFile{name: name, rel: r, found: true})
		return rf.count(fmt.Sprintf("%s %q", param, path), 1, info.Size())
	})
	if err != nil {
		var le *requestLimitError
		if errors.As(err, &le) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		if escapesRoot(err) {
			return nil, &forbiddenError{fmt.Sprintf("%s %q: a link below it leads outside the server's root %s (serve --root)", param, path, rf.rootName())}
		}
		return nil, exitcode.Inputf("cannot read %s: %v", path, load.UnwrapPath(err))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

// escapesRoot reports os.Root's refusal of a name that leads outside the
// root (a symbolic link out of it, or an absolute one). The standard
// library does not export that error; its text is stable ("path escapes
// from parent").
func escapesRoot(err error) bool {
	return err != nil && strings.Contains(err.Error(), "path escapes from parent")
}

// planInput checks an input path (a value, message or transcript) and
// counts it.
func (rf *requestFiles) planInput(param, path string) error {
	rel, err := rf.local(param, path)
	if err != nil {
		return err
	}
	f, st, err := rf.openLocal(param, path, rel, false)
	if err != nil {
		return err
	}
	f.Close()
	return rf.count(fmt.Sprintf("%s %q", param, path), 1, st.Size())
}

// readModel reads a planned model file: at most the model file size
// limit, and within the request's byte bound.
func (rf *requestFiles) readModel(p plannedFile) ([]byte, error) {
	f, _, err := rf.openLocal("models", p.name, p.rel, false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := load.ReadAll(rf.reader(f), assembly.MaxFileSize+1)
	if err != nil {
		return nil, rf.ReadError(p.name, err)
	}
	if len(data) > assembly.MaxFileSize {
		return nil, &exitcode.Error{Code: exitcode.Incomplete, Msg: fmt.Sprintf("%s: %v (%d bytes)", p.name, assembly.ErrTooLarge, assembly.MaxFileSize)}
	}
	return data, nil
}

// Open opens an input path for reading (streamed or whole): checked
// again as it was planned (the file may have changed since), read through
// the request's context and byte bound.
func (rf *requestFiles) Open(path string) (io.Reader, func(), error) {
	rel, err := rf.local("path", path)
	if err != nil {
		return nil, nil, err
	}
	f, _, err := rf.openLocal("path", path, rel, false)
	if err != nil {
		return nil, nil, err
	}
	return rf.reader(f), func() { f.Close() }, nil
}

// ReadError reports a read that failed, stopped by the context or by the
// byte bound.
func (rf *requestFiles) ReadError(name string, err error) error {
	var le *requestLimitError
	if errors.As(err, &le) {
		return le
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return exitcode.Inputf("cannot read %s: %v", name, load.UnwrapPath(err))
}

// reader reads f within the request: each read checks the context and
// counts against the byte bound (a file that grew after it was counted
// stops there). It keeps *os.File's size hint for readAll.
func (rf *requestFiles) reader(f *os.File) io.Reader { return &boundedFile{f: f, rf: rf} }

// boundedFile is not an *os.File and does not embed one: io.Copy must
// not reach the file's own WriteTo, which would read past the bound.
type boundedFile struct {
	f  *os.File
	rf *requestFiles
}

func (b *boundedFile) Read(p []byte) (int, error) {
	if err := b.rf.ctx.Err(); err != nil {
		return 0, err
	}
	left := b.rf.maxBytes - b.rf.read
	if left <= 0 {
		return 0, &requestLimitError{fmt.Sprintf("the request read %d bytes, its bound (serve --max-request-bytes): a file grew after it was counted", b.rf.maxBytes)}
	}
	if int64(len(p)) > left {
		p = p[:left]
	}
	n, err := b.f.Read(p)
	b.rf.read += int64(n)
	return n, err
}

// SizeHint lets readAll allocate a planned file's buffer once.
func (b *boundedFile) SizeHint() int64 {
	st, err := b.f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return -1
	}
	return st.Size()
}

// NamedInput is an input a request names (nil: not given) and its
// parameter's name in messages; Session.Run checks and counts it.
type NamedInput struct {
	Param string // "value", "message", ...
	In    *load.Input
}

// plan checks and counts everything a request names (its model sources
// and its inputs) before any of it is read: paths inside the root, the
// kind of each file, the number of sources and the bytes they hold.
func (rf *requestFiles) plan(models []load.Source, inputs []NamedInput) error {
	rf.plans = make([][]plannedFile, len(models))
	for i, m := range models {
		if m.Path == "" {
			if err := rf.count(fmt.Sprintf("models[%d]", i), 1, int64(len(m.Text))); err != nil {
				return err
			}
			continue
		}
		pf, err := rf.planModel(fmt.Sprintf("models[%d].path", i), m.Path)
		if err != nil {
			return err
		}
		rf.plans[i] = pf
	}
	for _, ni := range inputs {
		switch {
		case ni.In == nil:
		case ni.In.Inline:
			if err := rf.count(ni.Param, 1, int64(len(ni.In.Data))); err != nil {
				return err
			}
		default:
			if err := rf.planInput(ni.Param+".path", ni.In.Path); err != nil {
				return err
			}
		}
	}
	return nil
}

// AppendModel reads the model files planned for source i.
func (rf *requestFiles) AppendModel(files []load.File, i int) ([]load.File, error) {
	if i >= len(rf.plans) || rf.plans[i] == nil {
		return nil, exitcode.Internal(fmt.Errorf("model source %d was not checked before it was read", i))
	}
	for _, p := range rf.plans[i] {
		data, err := rf.readModel(p)
		if err != nil {
			return nil, err
		}
		files = append(files, load.File{Name: p.name, Data: data, Found: p.found})
	}
	return files, nil
}
