package load

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unsafe"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/rpc"
	"github.com/smithy-validation/go/smithyvalidate"
)

// maxModelInput bounds what is read from standard input for a model: the
// same bound as a model file's.
const maxModelInput = assembly.MaxFileSize

// Source is one MODEL: a path (a .smithy or .json file, a directory
// searched recursively for them, or - for standard input), or an inline
// source: Name (a .json name is a JSON AST, any other IDL; events carry
// it as their file) and Text.
type Source struct {
	Path string
	Name string
	Text []byte
	// Named says that Path comes from a file the user did not write (the
	// sources and imports of a smithy-build.json, which come with the
	// repository): it is read only when it is a directory or a regular
	// file (or a link to one), as a file found in a directory is, so a
	// named pipe, /dev/stdin or /dev/zero is an input error at once, never
	// a command that waits in open(2) or read(2). A path the user names on
	// the command line is read whatever it is (<(generate-model) works).
	Named bool
}

// RequestFiles is the server's access to the files a request names: each
// path checked and counted before it is read, every read bounded and
// stopped when the request ends.
type RequestFiles interface {
	// AppendModel appends the model files of the request's model source i,
	// read as they were checked.
	AppendModel(files []File, i int) ([]File, error)
	// Open opens an input path (a value, message or transcript).
	Open(path string) (io.Reader, func(), error)
	// ReadError is the error of a read of name that failed.
	ReadError(name string, err error) error
	// Err is not nil once the request ended (cancelled, out of time).
	Err() error
}

// File is one model file read: its name for events and its bytes. Data
// belongs to the load once read (it reads files into fresh buffers and
// copies an inline source's text): a JSON AST model keeps it as its text
// without a copy (see assemble), so nothing may write to it afterwards.
type File struct {
	Name string
	Data []byte
	// Found: the file was found in a directory named as a source, not
	// named itself; such a .json file that is no model is skipped with a
	// note (assembly.IgnoredFileEvent), as the reference skips it.
	Found bool
}

// readSources reads every model file the sources name, in the order
// assembly adds them (a directory's files in lexical order).
func (e *Reader) readSources(srcs []Source) ([]File, error) {
	if len(srcs) == 0 {
		return nil, exitcode.Usagef("no MODEL given: name .smithy files, .json AST files or directories")
	}
	var files []File
	for i, s := range srcs {
		switch {
		case s.Path == "" && s.Name == "":
			return nil, exitcode.Usagef("a model source needs a path, or a name with its text")
		case s.Path == "":
			// The caller's bytes: copied, since the model keeps them.
			files = append(files, File{Name: s.Name, Data: bytes.Clone(s.Text)})
		case s.Path == "-" && !s.Named: // a configuration's "-" is a file of that name
			data, err := e.readStdin(maxModelInput)
			if err != nil {
				return nil, err
			}
			name := "<stdin>.smithy"
			if t := bytes.TrimLeft(data, " \t\r\n\ufeff"); len(t) > 0 && t[0] == '{' {
				name = "<stdin>.json"
			}
			files = append(files, File{Name: name, Data: data})
		case e.Files != nil:
			// The server's: checked and counted before reading (servefiles.go).
			var err error
			if files, err = e.Files.AppendModel(files, i); err != nil {
				return nil, err
			}
		default:
			var err error
			if files, err = appendPath(files, s.Path, s.Named); err != nil {
				if errors.Is(err, assembly.ErrTooLarge) {
					return nil, &exitcode.Error{Code: exitcode.Incomplete, Msg: err.Error()}
				}
				return nil, exitcode.Inputf("%v", err)
			}
		}
	}
	return files, nil
}

// appendPath reads a model file, or every .smithy and .json file below a
// directory in lexical order, as assembly.Assembler.AddPath does (a file
// found in a directory must be a regular file: assembly.ReadFoundFile).
// A file named by a configuration (named) must be one too.
func appendPath(files []File, path string, named bool) ([]File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, &assembly.InputError{Path: path, Err: UnwrapPath(err)}
	}
	if !info.IsDir() {
		read := assembly.ReadFile
		if named {
			if !info.Mode().IsRegular() {
				return nil, &assembly.InputError{Path: path, Err: fmt.Errorf(
					"not a regular file (%s): a model file that smithy-build.json names must be a regular file", assembly.FileType(info.Mode()))}
			}
			// Opened without blocking and checked again: the file may
			// have been replaced since the stat.
			read = assembly.ReadFoundFile
		}
		data, err := read(path)
		if err != nil {
			return nil, err
		}
		return append(files, File{Name: path, Data: data}), nil
	}
	names, err := assembly.ModelFiles(path)
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		data, err := assembly.ReadFoundFile(n)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Name: n, Data: data, Found: true})
	}
	return files, nil
}

// LoadModel assembles the model sources, or takes the assembled model
// from the cache when one is set (the server's): files that cannot be read
// exit 4; syntax errors exit 3. ERROR events are the caller's to judge.
func (e *Reader) LoadModel(srcs []Source) (*Model, error) {
	files, err := e.readSources(srcs)
	if err != nil {
		return nil, err
	}
	if e.Files != nil && e.Files.Err() != nil {
		return nil, e.Files.Err() // the server's request ended: no assembly
	}
	var lm *Model
	if e.Cache == nil {
		var release func()
		if e.BoundMemory != nil {
			var jsonBytes, idlBytes int64
			for _, f := range files {
				if strings.HasSuffix(f.Name, ".json") {
					jsonBytes += int64(len(f.Data))
				} else {
					idlBytes += int64(len(f.Data))
				}
			}
			release = e.BoundMemory(jsonBytes, idlBytes)
		}
		lm = assemble(files)
		lm.release = release
	} else {
		lm = e.Cache.get(files)
	}
	if lm.err != nil {
		lm.Loaded()
		return nil, lm.err
	}
	return lm, nil
}

// assemble builds a model from its files: the smithy.rpc trait
// definitions are always there, as the prelude is, so a model only writes
// `use smithy.rpc#method`; so are the alloy traits the value engine honors
// (alloy#discriminated, ...), unless the model defines them itself.
func assemble(files []File) *Model {
	lm := &Model{}
	a := assembly.New(assembly.Once(true))
	if err := rpc.AddTraits(a); err != nil {
		lm.err = &exitcode.Error{Code: exitcode.Model, Msg: fmt.Sprintf("internal error: the smithy.rpc trait definitions do not load: %v", err)}
		return lm
	}
	if err := smithyvalidate.AddAlloyTraits(a); err != nil {
		lm.err = &exitcode.Error{Code: exitcode.Model, Msg: fmt.Sprintf("internal error: the alloy trait definitions do not load: %v", err)}
		return lm
	}
	for _, f := range files {
		// A JSON AST's trait values are slices of its text, which the
		// model keeps (once: see below); an IDL model's names are
		// slices of idl's copy.
		lm.size += int64(len(f.Data))
	}
	// A file that does not parse is an ERROR event (ID Model) at its
	// position, as the reference reports it; every file is read, so each
	// broken file has its event. The files that parsed are not assembled
	// without the broken ones: that would report their references into
	// the broken files as unresolved, which they are not.
	var broken, notes []model.Event
	for _, f := range files {
		var err error
		if strings.HasSuffix(f.Name, ".json") {
			// The text is the load's and never written again (File):
			// the model keeps it as it is, not a copy beside it.
			err = a.AddSourceString(f.Name, givenUp(f.Data))
		} else {
			err = a.AddSource(f.Name, f.Data)
		}
		if err != nil && f.Found && errors.Is(err, jsonast.ErrNotModel) {
			notes = append(notes, assembly.IgnoredFileEvent(f.Name))
			continue
		}
		if err != nil {
			ev, ok := loadErrorEvent(err, f.Name, true)
			if !ok {
				lm.err = exitcode.Modelf("%v", err)
				return lm
			}
			broken = append(broken, ev)
		}
	}
	if len(broken) > 0 {
		broken = append(broken, notes...)
		model.SortEvents(broken)
		lm.Res = &assembly.Result{Events: broken}
		return lm
	}
	res, err := a.Assemble()
	if err != nil {
		ev, ok := loadErrorEvent(err, "", false)
		if !ok {
			lm.err = exitcode.Modelf("%v", err)
			return lm
		}
		res = &assembly.Result{Events: []model.Event{ev}}
	}
	if len(notes) > 0 {
		res.Events = append(res.Events, notes...)
		model.SortEvents(res.Events)
	}
	lm.Res = res
	return lm
}

// loadErrorEvent is the event of a model file that cannot be loaded: an
// ERROR with the ID Model at the error's file, line and column. An IDL
// syntax error (parsed is set: the error is AddSource's) reads as the
// reference's "Syntax error at line L, column C: ..."; text that is not
// JSON as its "Error parsing JSON: ..."; a file that parsed but cannot be
// lowered keeps its message. ok is false for an error with no file
// position (not a file's fault).
func loadErrorEvent(err error, file string, parsed bool) (ev model.Event, ok bool) {
	ev = model.Event{Severity: model.ErrorSeverity, ID: "Model"}
	var ie *idl.Error
	var je *jsonast.Error
	switch {
	case errors.As(err, &ie):
		ev.Shape, ev.Source, ev.Message = ie.Shape, model.SourceLocation{File: ie.File, Pos: ie.Pos}, ie.Msg
		if parsed && ie.Pos.IsValid() {
			ev.Message = fmt.Sprintf("Syntax error at line %d, column %d: %s", ie.Pos.Line, ie.Pos.Column, ie.Msg)
		}
	case errors.As(err, &je):
		ev.Source, ev.Message = model.SourceLocation{File: je.File, Pos: je.Pos}, je.Msg
		var se *node.SyntaxError
		if errors.As(je.Err, &se) {
			ev.Message = "Error parsing JSON: " + se.Msg
		} else if je.Err != nil {
			ev.Message = "Error parsing JSON: " + je.Err.Error()
		}
	default:
		return ev, false
	}
	if ev.Source.File == "" {
		ev.Source.File = file
	}
	return ev, true
}

// givenUp is b as a string without a copy: for a buffer that nothing
// writes to again (a File's Data), which then lives as long as the
// string does.
func givenUp(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// PathSources turns MODEL arguments into sources.
func PathSources(args []string) []Source {
	srcs := make([]Source, len(args))
	for i, a := range args {
		srcs[i] = Source{Path: a}
	}
	return srcs
}
