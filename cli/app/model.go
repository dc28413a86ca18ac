package app

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/rpc"
)

// maxModelInput bounds what is read from standard input for a model.
const maxModelInput = 64 << 20

// readStdin reads standard input once; a second `-` is a usage error.
func (e *env) readStdin(limit int64) ([]byte, error) {
	if e.stdinUsed {
		return nil, usageErrorf("standard input (-) can be used only once")
	}
	e.stdinUsed = true
	data, err := io.ReadAll(io.LimitReader(e.stdin, limit+1))
	if err != nil {
		return nil, inputErrorf("cannot read standard input: %v", err)
	}
	if int64(len(data)) > limit {
		return nil, &exitError{code: ExitIncomplete, msg: fmt.Sprintf("standard input is larger than the %d-byte limit", limit)}
	}
	return data, nil
}

// loadModel assembles the MODEL arguments. Files that cannot be read exit 4;
// syntax errors and ERROR events exit 3 (events are printed to stderr).
func (e *env) loadModel(paths []string) (*assembly.Result, error) {
	if len(paths) == 0 {
		return nil, usageErrorf("no MODEL given: name .smithy files, .json AST files or directories")
	}
	a := assembly.New()
	// The smithy.rpc traits are always there, as the prelude is, so a model
	// only writes `use smithy.rpc#method`.
	if err := rpc.AddTraits(a); err != nil {
		return nil, &exitError{code: ExitModel, msg: fmt.Sprintf("internal error: the smithy.rpc trait definitions do not load: %v", err)}
	}
	for _, p := range paths {
		var err error
		if p == "-" {
			var data []byte
			if data, err = e.readStdin(maxModelInput); err != nil {
				return nil, err
			}
			name := "<stdin>.smithy"
			if t := bytes.TrimLeft(data, " \t\r\n\ufeff"); len(t) > 0 && t[0] == '{' {
				name = "<stdin>.json"
			}
			err = a.AddSource(name, data)
		} else {
			err = a.AddPath(p)
		}
		if err != nil {
			var ie *assembly.InputError
			if errors.As(err, &ie) {
				return nil, inputErrorf("%v", err)
			}
			return nil, modelErrorf("%v", err)
		}
	}
	res, err := a.Assemble()
	if err != nil {
		return nil, modelErrorf("%v", err)
	}
	return res, nil
}

// requireModel is loadModel for commands that need a usable model: ERROR
// events are printed and exit 3.
func (e *env) requireModel(paths []string) (*model.Model, error) {
	res, err := e.loadModel(paths)
	if err != nil {
		return nil, err
	}
	if res.HasErrors() || res.Model == nil {
		var b strings.Builder
		for _, ev := range res.Events {
			if ev.Severity == model.ErrorSeverity {
				b.WriteString(ev.String())
				b.WriteByte('\n')
			}
		}
		io.WriteString(e.stderr, b.String())
		return nil, modelErrorf("the model has errors")
	}
	return res.Model, nil
}
