package assembly

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/prelude"
	"github.com/smithy-validation/go/core/shapeid"
)

// InputError is a model file or directory that could not be read (as
// opposed to one that was read and is not a valid model).
type InputError struct {
	Path string
	Err  error
}

func (e *InputError) Error() string { return fmt.Sprintf("cannot read %s: %v", e.Path, e.Err) }
func (e *InputError) Unwrap() error { return e.Err }

// source is an IDL file waiting for the second phase: its relative shape IDs
// resolve against the shapes of every file.
type source struct {
	file     *idl.File
	fallback bool // from AddFallbackSource
}

// AddSource adds one model file's contents: a name ending in .json is a JSON
// AST document, anything else is Smithy IDL. A syntax error is returned with
// its file, line and column.
func (a *Assembler) AddSource(name string, data []byte) error {
	return a.add(name, data, "", false)
}

// AddSourceString is [Assembler.AddSource] for a text the caller gives
// up: a JSON AST text is not copied (the model's trait values are slices
// of it: [jsonast.DecodeString]), so a model loaded from files read for
// it keeps their text once; an IDL text is parsed from a copy.
func (a *Assembler) AddSourceString(name, text string) error {
	if !strings.HasSuffix(name, ".json") {
		return a.add(name, []byte(text), "", false)
	}
	return a.add(name, nil, text, false)
}

// add parses one model file into a document (JSON AST) or a source (IDL),
// marked fallback for AddFallbackSource: data, or for a JSON AST given
// as a string (AddSourceString), text.
func (a *Assembler) add(name string, data []byte, text string, fallback bool) error {
	if a.assembled {
		return ErrAssembled
	}
	if strings.HasSuffix(name, ".json") {
		var doc *model.Document
		var err error
		if data == nil {
			doc, err = jsonast.DecodeString(name, text, a.opts.node...)
		} else {
			doc, err = jsonast.Decode(name, data, a.opts.node...)
		}
		if err != nil {
			return err
		}
		if fallback {
			a.fallbackDocs = append(a.fallbackDocs, doc)
		} else {
			a.docs = append(a.docs, doc)
		}
		if a.opts.once {
			// Decoded here and given to no one: with Once, Assemble
			// merges its definitions in place.
			if a.decoded == nil {
				a.decoded = map[*model.Document]bool{}
			}
			a.decoded[doc] = true
		}
		return nil
	}
	f, err := idl.Parse(name, data)
	if err != nil {
		return err
	}
	a.sources = append(a.sources, source{file: f, fallback: fallback})
	return nil
}

// AddFallbackSource adds shape definitions that a model may lack, such as
// the definitions of traits that a tool ships: each shape of the file (IDL,
// or a JSON AST when name ends in .json) joins the model only when no other
// file defines its ID. A model that uses such a trait without defining it
// gets the shipped definition; a model that defines it keeps its own
// (identical or not), with no event.
func (a *Assembler) AddFallbackSource(name string, data []byte) error {
	return a.add(name, data, "", true)
}

// AddPath adds a model file, or every .smithy and .json file below a
// directory (in lexical order, so assembly is deterministic: [ModelFiles],
// each read with [ReadFoundFile]). A path that cannot be read is an
// *InputError.
func (a *Assembler) AddPath(path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return &InputError{Path: path, Err: unwrapPathError(err)}
	}
	if !info.IsDir() {
		return a.addFile(path)
	}
	files, err := ModelFiles(path)
	if err != nil {
		return err
	}
	for _, f := range files {
		data, err := ReadFoundFile(f)
		if err != nil {
			return err
		}
		if err := a.AddSource(f, data); err != nil {
			if !errors.Is(err, jsonast.ErrNotModel) {
				return err
			}
			// Found, not named: skipped with a note (IgnoredFileEvent).
			a.docs = append(a.docs, &model.Document{File: f, Version: "2.0", Events: []model.Event{IgnoredFileEvent(f)}})
		}
	}
	return nil
}

// IgnoredFileEvent is the NOTE (ID Model.IgnoredFile) for a .json file
// found in a model directory that is no JSON AST document at all (not an
// object, or no `smithy` property: a smithy-build.json, a package.json;
// [jsonast.ErrNotModel]): the reference's loader skips such a file, and so
// do [Assembler.AddPath] and the smithy command, saying so. A file named
// on its own stays an error: naming it was a mistake.
func IgnoredFileEvent(file string) model.Event {
	return model.Event{Severity: model.Note, ID: "Model.IgnoredFile", Source: model.SourceLocation{File: file},
		Message: "Ignoring `" + file + "`, found in a model directory: it is no Smithy model (a JSON AST document is an object with a `smithy` version property); the reference skips such a file too"}
}

// ModelFiles lists the .smithy and .json files below dir, in lexical
// order. A directory that cannot be walked is an *InputError.
func ModelFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".smithy") || strings.HasSuffix(p, ".json")) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, &InputError{Path: dir, Err: unwrapPathError(err)}
	}
	sort.Strings(files)
	return files, nil
}

// MaxFileSize bounds what is read of one model file (64 MiB, the bound the
// command puts on a model read from standard input): a path to a device or
// an endless file (a `.smithy` link to /dev/zero in a model directory) is
// refused once the bound is passed instead of filling memory. The largest
// published service models are a few megabytes.
const MaxFileSize = 64 << 20

// ErrTooLarge is the cause of an [InputError] for a file larger than
// [MaxFileSize].
var ErrTooLarge = errors.New("larger than the model file size limit")

func (a *Assembler) addFile(path string) error {
	data, err := ReadFile(path)
	if err != nil {
		return err
	}
	return a.AddSource(path, data)
}

// ReadFile reads a model file named by the caller as [Assembler.AddPath]
// does: whatever it is (a pipe of the shell's <(...) too), at most
// [MaxFileSize] bytes; a file that cannot be read, or is larger, is an
// *InputError (with [ErrTooLarge] as its cause for the latter).
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &InputError{Path: path, Err: unwrapPathError(err)}
	}
	return readBounded(path, f)
}

// ReadFoundFile reads a model file found in a directory ([ModelFiles]) as
// [Assembler.AddPath] does: only a regular file, or a link to one
// ([OpenRegular]); a named pipe or a device there, which a cloned
// repository may hold, is an *InputError, never opened in a way that
// blocks. At most [MaxFileSize] bytes, as [ReadFile].
func ReadFoundFile(path string) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, &InputError{Path: path, Err: err}
	}
	return readBounded(path, f)
}

// readBounded reads f (named path) whole, at most MaxFileSize bytes, and
// closes it. A regular file is read into one buffer of its size (one
// byte more, to see its end), not into buffers that double as they fill:
// a model keeps its JSON AST text (Assembler.AddSourceString), and with
// it the whole buffer.
func readBounded(path string, f *os.File) ([]byte, error) {
	defer f.Close()
	size := int64(512)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size() + 1
	}
	data := make([]byte, 0, min(size, MaxFileSize+1))
	lr := io.LimitReader(f, MaxFileSize+1)
	var err error
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		var k int
		k, err = lr.Read(data[len(data):cap(data)])
		data = data[:len(data)+k]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			break
		}
	}
	if err != nil {
		return nil, &InputError{Path: path, Err: unwrapPathError(err)}
	}
	if len(data) > MaxFileSize {
		return nil, &InputError{Path: path, Err: fmt.Errorf("%w (%d bytes)", ErrTooLarge, MaxFileSize)}
	}
	return data, nil
}

// OpenRegular opens a file that must be a regular file (through links),
// without blocking: O_NONBLOCK, so a named pipe with no writer does not
// hang the open, then fstat. Its error is the cause, without the path.
func OpenRegular(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, unwrapPathError(err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, unwrapPathError(err)
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, NotRegular(info.Mode())
	}
	return f, nil
}

// NotRegular is the error of a file found in a directory that is not a
// regular file.
func NotRegular(m fs.FileMode) error {
	return fmt.Errorf("not a regular file (%s): files found in a directory must be regular files", FileType(m))
}

// FileType names a file's type for a message.
func FileType(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "type " + m.Type().String()
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// documents returns the prelude, the JSON AST documents and the lowered IDL
// files, in the order they were added (prelude first). owned are the
// documents lowered by this call, and with Once those AddSource decoded,
// which no one else holds. With Once, the definitions of the IDL files
// are apart from their documents (idl.File.LowerOnceApart), in apart.
func (a *Assembler) documents() (docs []*model.Document, fallback, owned map[*model.Document]bool, apart map[*model.Document][]*model.ShapeDef, err error) {
	if !a.opts.noPrelude {
		docs = append(docs, prelude.Document())
	}
	docs = append(docs, a.docs...)
	fallback = map[*model.Document]bool{}
	for _, d := range a.fallbackDocs {
		docs = append(docs, d)
		fallback[d] = true
	}
	owned = map[*model.Document]bool{}
	for d := range a.decoded {
		owned[d] = true
	}
	if len(a.sources) == 0 {
		return docs, fallback, owned, nil, nil
	}
	// The root shapes defined, by namespace and name: alive while the
	// files are lowered, beside their parse trees. Keyed by name (the
	// names are the definitions' own strings) it is a third of a map of
	// shape IDs (8 MB on the chain of 100,000 structures), and a table of
	// the names (nameSet) is about half of a Go map of them.
	// Each namespace's set is made at the number of shapes the files give
	// it, not grown (a map grown to 100,000 names allocates about twice
	// what it keeps), and the IDL files' names are read without building
	// their IDs (idl.File.Declared: 4.6 MB on the chain).
	sizes := map[string]int{}
	for _, d := range docs {
		for i := range d.Shapes {
			sizes[d.Shapes[i].ID.Namespace]++
		}
	}
	for _, src := range a.sources {
		for range src.file.DeclaredNames() {
			sizes[src.file.Namespace()]++
		}
	}
	seed := maphash.MakeSeed()
	defined := make(map[string]*nameSet, len(sizes))
	for ns, n := range sizes {
		defined[ns] = newNameSet(seed, n)
	}
	var members map[shapeid.ID]bool // a definition's ID with a member: an error model.New reports
	define := func(namespace, name, member string) {
		if member != "" {
			if members == nil {
				members = map[shapeid.ID]bool{}
			}
			members[shapeid.ID{Namespace: namespace, Name: name, Member: member}] = true
			return
		}
		defined[namespace].add(name)
	}
	for _, d := range docs {
		for i := range d.Shapes {
			id := d.Shapes[i].ID
			define(id.Namespace, id.Name, id.Member)
		}
	}
	for _, src := range a.sources {
		ns := src.file.Namespace()
		for name := range src.file.DeclaredNames() {
			define(ns, name, "")
		}
	}
	isDefined := func(id shapeid.ID) bool {
		if id.Member != "" {
			return members[id]
		}
		set := defined[id.Namespace]
		return set != nil && set.has(id.Name)
	}
	if assembleStage != nil {
		assembleStage("lowering")
	}
	for _, src := range a.sources {
		var doc *model.Document
		var events []idl.Event
		if a.opts.once {
			// Each definition on its own: see assembler.apart.
			var defs []*model.ShapeDef
			doc, defs, events, err = src.file.LowerOnceApart(isDefined)
			if err == nil {
				if apart == nil {
					apart = map[*model.Document][]*model.ShapeDef{}
				}
				apart[doc] = defs
			}
		} else {
			doc, events, err = src.file.LowerWithEvents(isDefined)
		}
		if err != nil {
			return nil, nil, nil, nil, err
		}
		owned[doc] = true
		if src.fallback {
			fallback[doc] = true
		}
		for _, e := range events {
			doc.Events = append(doc.Events, model.Event{Severity: idlSeverity(e.Severity), ID: e.ID, Shape: e.Shape, Source: model.SourceLocation{File: e.File, Pos: e.Pos}, Message: e.Msg})
		}
		docs = append(docs, doc)
	}
	return docs, fallback, owned, apart, nil
}

func idlSeverity(s idl.Severity) model.Severity {
	switch s {
	case idl.ErrorSev:
		return model.ErrorSeverity
	case idl.Danger:
		return model.Danger
	}
	return model.Warning
}
