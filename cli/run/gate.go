package run

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/gate"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/mend"
)

// The JSON gate's commands (docs/mend.md, docs/streams.md): repair,
// analyze, readiness and validate-text run one of the seed's methods on
// one text ([Env.Gate]); watch feeds a text to a mend.Watcher as it is
// read ([Env.Watch]); llm decodes a file of provider events
// ([Env.LLM]). Each prints what the server's method answers with --format
// json, byte for byte, and exits as it does.

// Declaration is a declaration and how a text is read: the flags of
// repair, analyze, readiness, validate-text, watch and llm.
type Declaration struct {
	// Profile is strict, execution or lenient; MaxLoss the lenient
	// profile's bound (0: none); SkipProse makes text around the value a
	// cosmetic repair.
	Profile   string
	MaxLoss   int
	SkipProse bool
	// Schema is the compact form, SchemaJSONFile a file holding a JSON
	// Schema document, Shape a shape of the Models (model files).
	Schema, SchemaJSONFile, Shape string
	Models                        []string
}

// GateOptions makes mend's options of d; a Shape is looked up in
// d.Models, loaded through the model cache.
func (e *Env) GateOptions(d Declaration) (mend.Options, error) {
	spec := gate.Spec{Schema: d.Schema, Shape: d.Shape}
	if f := d.SchemaJSONFile; f != "" {
		doc, err := e.ReadValue(f, gate.MaxSchemaSize)
		if err != nil {
			return mend.Options{}, err
		}
		spec.SchemaJSON = doc
	}
	if spec.Shape != "" && spec.Schema == "" && spec.SchemaJSON == nil {
		lm, err := e.RequireModel(load.PathSources(d.Models))
		if err != nil {
			return mend.Options{}, err
		}
		id, err := ResolveShape(lm.Res.Model, "--shape", spec.Shape)
		if err != nil {
			return mend.Options{}, err
		}
		spec.Shape, spec.Model = id.String(), lm.Res.Model
	}
	decl, err := spec.Resolve()
	if err != nil {
		return mend.Options{}, gate.CommandError(err)
	}
	opts, err := gate.NewOptions(d.Profile, d.MaxLoss, d.SkipProse, decl)
	if err != nil {
		return mend.Options{}, gate.CommandError(err)
	}
	return opts, nil
}

// Gate runs the gate's method (repair, analyze, readiness, validate) on
// the text of input (a file, or - for standard input) and prints its
// result: the result object with format json, else its text rendering; a
// refusal is also written on stderr with its retry hint.
func (e *Env) Gate(method, input, format string, opts mend.Options) error {
	text, err := e.ReadValue(input, limits.DefaultMaxSize)
	if err != nil {
		return err
	}
	res, exit, err := gate.Run(method, text, opts)
	if err != nil {
		me, ok := gate.AsError(err)
		if !ok {
			return exitcode.Modelf("the declaration's checker failed: %v", err)
		}
		if format == render.FormatJSON {
			fmt.Fprintf(e.Stdout, "%s\n", gate.ErrorJSON(me))
		}
		render.WriteGateError(e.Stderr, me)
		return exitcode.Status(me.Exit)
	}
	if format == render.FormatJSON {
		fmt.Fprintf(e.Stdout, "%s\n", res)
	} else if err := render.WriteGateText(e.Stdout, e.Stderr, method, res); err != nil {
		return err
	}
	return statusOrNil(exit)
}

// watchReadSize is what one read of the input asks for when chunk is 0:
// each read is one feed, so a pipe is fed as its writer writes.
const watchReadSize = 64 << 10

// Watch feeds the text of input to a mend.Watcher as it is read, in
// chunks of exactly chunk bytes (0: each read as it returns, up to 64
// KiB), and prints one line a feed (watch.feed's result) and the finish
// (watch.finish's).
func (e *Env) Watch(input string, chunk int, opts mend.Options) error {
	r, closeFn, err := e.OpenStream(input)
	if err != nil {
		return err
	}
	defer closeFn()
	// One byte over the size limit is enough for the watcher to refuse
	// the text (exit 5) as repair does; an endless stream is not read on.
	r = io.LimitReader(r, limits.DefaultMaxSize+1)
	w := mend.NewWatcher(opts)
	size := watchReadSize
	if chunk > 0 {
		// No read returns more than the bounded reader holds: a larger
		// chunk is the whole text in one feed, without a buffer of the
		// size asked for (--chunk 99999999999 was a runtime out of memory).
		size = int(min(int64(chunk), limits.DefaultMaxSize+1))
	}
	buf := make([]byte, size)
	var line []byte // one feed's line, reused
	for {
		var n int
		var rerr error
		if chunk > 0 {
			n, rerr = io.ReadFull(r, buf)
			if rerr == io.ErrUnexpectedEOF {
				rerr = io.EOF
			}
		} else {
			n, rerr = r.Read(buf)
		}
		if n > 0 {
			// the feed's JSON form, as the server's watch.feed writes it
			line = append(w.Feed(buf[:n]).AppendJSON(line[:0]), '\n')
			if _, err := e.Stdout.Write(line); err != nil {
				return err
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return e.streamReadError(input, rerr)
		}
	}
	fin := w.Finish()
	if err := e.writeJSONLine(fin); err != nil {
		return err
	}
	if fin.Error != nil {
		render.WriteGateError(e.Stderr, fin.Error)
		return exitcode.Status(fin.Error.Exit)
	}
	return nil
}

// LLMParams are llm's: the events' Provider, the Tools file (optional),
// the events file Input (or - for standard input), one payload a line,
// and the output Format (text or json).
type LLMParams struct {
	Provider, Tools, Input, Format string
}

// LLM decodes the events of p.Input line by line with a mend.LLMStream
// (what llm.run does with its events array), checking each call's
// arguments against d or the tool's declaration, and prints the result.
func (e *Env) LLM(p LLMParams, d Declaration) error {
	prov, err := mend.ParseProvider(p.Provider)
	if err != nil {
		return gate.CommandError(err)
	}
	opts, err := e.GateOptions(d)
	if err != nil {
		return err
	}
	var tools map[string]mend.Declaration
	if f := p.Tools; f != "" {
		raw, err := e.ReadValue(f, gate.MaxSchemaSize)
		if err != nil {
			return err
		}
		if len(raw) > gate.MaxSchemaSize {
			return exitcode.Usagef("--tools: %s is over the limit of %d bytes", f, gate.MaxSchemaSize)
		}
		if len(bytes.TrimSpace(raw)) == 0 {
			return exitcode.Usagef("--tools: %s is empty (an MCP tools/list result, an array of tools, or an object of declarations)", f)
		}
		if !json.Valid(raw) {
			var se *node.SyntaxError
			if _, err := node.Parse(raw); errors.As(err, &se) {
				return exitcode.Usagef("--tools: %s:%s: not JSON: %s", f, se.Pos, se.Msg)
			}
			return exitcode.Usagef("--tools: %s is not JSON", f)
		}
		tools, err = gate.ParseTools(raw, e.modelsResolver(d.Models))
		if err != nil {
			if _, ok := gate.AsError(err); ok {
				return gate.CommandError(err)
			}
			return err
		}
	}
	st, err := mend.NewLLMStream(mend.LLMOptions{Provider: prov, Options: opts, Tools: tools})
	if err != nil {
		return gate.CommandError(err)
	}
	r, closeFn, err := e.OpenStream(p.Input)
	if err != nil {
		return err
	}
	defer closeFn()
	// One payload a line, fed as it is read; blank lines are skipped.
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), limits.DefaultMaxSize)
	line := 0
	for sc.Scan() {
		line++
		if ev := bytes.TrimSpace(sc.Bytes()); len(ev) > 0 {
			st.Feed(ev)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return &exitcode.Error{Code: exitcode.Incomplete,
				Msg: fmt.Sprintf("%s, line %d: an event is longer than the %d-byte limit", inputDisplayName(p.Input), line+1, limits.DefaultMaxSize)}
		}
		return e.streamReadError(p.Input, err)
	}
	res := st.Close()
	exit := gate.LLMExit(res)
	if p.Format == render.FormatJSON {
		if err := e.writeJSONLine(res); err != nil {
			return err
		}
	} else {
		render.WriteLLMText(e.Stdout, res)
	}
	return statusOrNil(exit)
}

func statusOrNil(exit int) error {
	if exit == exitcode.Valid {
		return nil
	}
	return exitcode.Status(exit)
}

// modelsResolver loads the MODEL arguments when a tool names a shape;
// with none, the tools' parser says a shape needs a model.
func (e *Env) modelsResolver(models []string) gate.Resolver {
	if len(models) == 0 {
		return nil
	}
	return func() (*model.Model, error) {
		lm, err := e.RequireModel(load.PathSources(models))
		if err != nil {
			return nil, err
		}
		return lm.Res.Model, nil
	}
}

// writeJSONLine prints v as one line of compact JSON, as the server
// renders its results (no HTML escaping).
func (e *Env) writeJSONLine(v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return exitcode.Inputf("cannot render the result: %v", err)
	}
	_, err := e.Stdout.Write(b.Bytes())
	return err
}

// streamReadError is a failure to read the input part way (exit 4).
func (e *Env) streamReadError(input string, err error) error {
	if e.Files != nil {
		return e.Files.ReadError(inputDisplayName(input), err)
	}
	return exitcode.Inputf("cannot read %s: %v", inputDisplayName(input), load.UnwrapPath(err))
}

func inputDisplayName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}
