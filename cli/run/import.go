package run

import (
	"errors"
	"fmt"
	"os"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/openrpc/importer"
)

// ImportParams are `smithy import`'s: Convert is the importer of the kind
// (importer.OpenRPC, LSP, MCP, JSONSchema), Path the document (- for
// standard input), Namespace and Service the model's names ("" for the
// importer's default), Mapping MCP's mapping file ("" for none), Output the
// file the model goes to ("" for standard output).
type ImportParams struct {
	Convert                                   func([]byte, importer.Options) (*importer.Result, error)
	Path, Namespace, Service, Mapping, Output string
}

// Import turns the document into a Smithy model: what Smithy cannot
// express is a line "smithy: import: ..." on stderr each, and the model is
// still written; a document that cannot be imported is a line
// FILE:LINE:COL: POINTER: message on stderr and exit 1 (the mapping file's
// name when the fault is the mapping's), a bad Namespace or Service a
// usage error. The document and the mapping are read up to the size limit
// (limits.DefaultMaxSize, 64 MiB), so an endless standard input or
// /dev/zero is not read on; a file past it, or a document deeper than the
// JSON reader's depth limit, stops the import with exit 5 (incomplete), as
// a limit does in every command.
func (e *Env) Import(p ImportParams) error {
	path := p.Path
	r, closeFn, err := e.OpenStream(path)
	if err != nil {
		return err
	}
	data, err := load.ReadAll(r, limits.DefaultMaxSize+1)
	closeFn()
	if err != nil {
		return exitcode.Inputf("cannot read %s: %v", path, load.UnwrapPath(err))
	}
	if len(data) > limits.DefaultMaxSize {
		return tooLarge(path)
	}
	opts := importer.Options{Namespace: p.Namespace, Service: p.Service}
	mapping := p.Mapping
	if mapping != "" {
		// - is standard input, as for every file the command names.
		f, closeMapping, err := e.OpenStream(mapping)
		if err != nil {
			return err
		}
		opts.Mapping, err = load.ReadAll(f, limits.DefaultMaxSize+1)
		closeMapping()
		if err != nil {
			return exitcode.Inputf("cannot read %s: %v", mapping, load.UnwrapPath(err))
		}
		if len(opts.Mapping) > limits.DefaultMaxSize {
			return tooLarge(mapping)
		}
	}
	res, err := p.Convert(data, opts)
	if err != nil {
		var oe *importer.OptionError
		if errors.As(err, &oe) {
			return exitcode.Usagef("%s", oe.Message) // a bad --namespace or --service
		}
		// the document cannot be imported: FILE:LINE:COL: POINTER: message
		sep := ": "
		var ie *importer.InputError
		if errors.As(err, &ie) && ie.Pos.IsValid() {
			sep = ":"
		}
		msg := err.Error()
		if ie != nil && ie.Source == "mapping" {
			// the mapping file's fault: name it, not the schema
			path = mapping
			msg = (&importer.InputError{Pos: ie.Pos, Pointer: ie.Pointer, Message: ie.Message}).Error()
		}
		fmt.Fprintf(e.Stderr, "%s%s%s\n", render.EscapeText(path), sep, render.EscapeText(msg))
		var le *node.LimitError
		if errors.As(err, &le) {
			return exitcode.Status(exitcode.Incomplete) // a limit, not a fault of the document
		}
		return exitcode.Status(exitcode.Invalid)
	}
	for _, d := range res.Diagnostics {
		if d.Source == "mapping" {
			d.Source = mapping // the file's name, not the option's
		}
		fmt.Fprintf(e.Stderr, "smithy: import: %s\n", render.EscapeText(d.String()))
	}
	if out := p.Output; out != "" {
		if err := os.WriteFile(out, res.IDL, 0o644); err != nil {
			return exitcode.Inputf("cannot write %s: %v", out, load.UnwrapPath(err))
		}
		return nil
	}
	_, err = e.Stdout.Write(res.IDL)
	return err
}

// tooLarge is the error of a document or mapping longer than the size
// limit: exit 5, nothing imported.
func tooLarge(path string) error {
	return &exitcode.Error{Code: exitcode.Incomplete,
		Msg: fmt.Sprintf("cannot import %s: longer than the %d-byte size limit", path, limits.DefaultMaxSize)}
}
