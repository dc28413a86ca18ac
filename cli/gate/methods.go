package gate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/mend"
)

// Methods are the seed's four stateless methods, in the order hello lists
// them.
var Methods = []string{"repair", "analyze", "validate", "readiness"}

// Params are the seed's params of the four methods: text, profile,
// schema, schema_json, skip_prose, max_loss; and this project's shape,
// whose model the caller loads (the server's "models" param, the
// command's MODEL arguments). Unknown members are ignored.
type Params struct {
	Text       *string         `json:"text"`
	Profile    string          `json:"profile"`
	Schema     string          `json:"schema"`
	SchemaJSON json.RawMessage `json:"schema_json"`
	SkipProse  bool            `json:"skip_prose"`
	MaxLoss    *int            `json:"max_loss"`
	Shape      string          `json:"shape"`
}

// Spec returns the declaration the params name; the caller sets the
// model when Shape is given.
func (p *Params) Spec() (Spec, error) {
	doc, err := SchemaJSONParam(p.SchemaJSON)
	if err != nil {
		return Spec{}, err
	}
	return Spec{Schema: p.Schema, SchemaJSON: doc, Shape: p.Shape}, nil
}

// Options returns mend's options for the params and a resolved
// declaration.
func (p *Params) Options(decl mend.Declaration) (mend.Options, error) {
	maxLoss := 0
	if p.MaxLoss != nil {
		maxLoss = *p.MaxLoss
	}
	return NewOptions(p.Profile, maxLoss, p.SkipProse, decl)
}

// NewOptions checks the profile's name and max_loss (0 is no bound; a
// negative one is an E050 error) and returns mend's options.
func NewOptions(profile string, maxLoss int, skipProse bool, decl mend.Declaration) (mend.Options, error) {
	prof, err := mend.ParseProfile(profile)
	if err != nil {
		return mend.Options{}, err
	}
	if maxLoss < 0 {
		return mend.Options{}, usage("max_loss must be 0 (no bound) or more, not %d", maxLoss)
	}
	return mend.Options{Profile: prof, MaxLoss: maxLoss, SkipProse: skipProse, Declaration: decl}, nil
}

// Run runs one of [Methods] on text and returns its result object as
// compact JSON (the seed's fields, in mend's order) with the exit code the
// command gives it:
//
//   - repair: 0; its failures (no value, a refused repair, a value the
//     declaration rejects) are the error, an [*mend.Error];
//   - analyze: 0 when the decision is execute or repair, otherwise the
//     exit of the plan's error (1: no JSON value, or the declaration not
//     met; 5: a repair refused, or the text over a limit; 3: the
//     declaration's checker failed); it never fails;
//   - validate: 0 when the text is JSON as written and satisfies the
//     declaration, 5 when it is over a limit (its error E020 says so), 1
//     otherwise;
//   - readiness: 0 when the text holds a whole value that satisfies the
//     declaration (syntax_permille 1000 and the verdict ok), 1 when it is
//     not there yet; a text over a limit is the error (E020, exit 5).
//
// An error that is not an [*mend.Error] is a fault of a declaration's
// checker (the server's internal error).
func Run(method string, text []byte, o mend.Options) (result []byte, exit int, err error) {
	switch method {
	case "repair":
		res, err := mend.Repair(text, o)
		if err != nil {
			return nil, 0, err
		}
		return render(res), 0, nil
	case "analyze":
		plan := mend.Analyze(text, o)
		if !plan.Executable && plan.Error != nil {
			exit = plan.Error.Exit
		}
		return render(plan), exit, nil
	case "validate":
		v, err := mend.Validate(text, o)
		if err != nil {
			return nil, 0, err
		}
		if !v.Valid || (v.Schema != nil && !v.Schema.OK) {
			exit = mend.ExitInvalid
		}
		if v.Error != nil && v.Error.Code == mend.CodeLimit {
			exit = v.Error.Exit // over a limit: not judged, exit 5 as its error says
		}
		return render(v), exit, nil
	case "readiness":
		r, err := mend.Readiness(text, o)
		if err != nil {
			return nil, 0, err
		}
		if r.SyntaxPermille != 1000 || (r.Verdict != nil && !r.Verdict.OK) || (o.Declaration != nil && r.Verdict == nil) {
			exit = mend.ExitInvalid
		}
		return render(r), exit, nil
	}
	return nil, 0, usage("unknown method %q (repair, analyze, validate or readiness)", method)
}

// ErrorJSON renders an error as the seed's error object (code, message,
// exit, offset, line, column, the refused rule, retry_hint): the
// envelope's "error" member, and what the command prints with --format
// json when the method fails.
func ErrorJSON(e *mend.Error) []byte { return render(e) }

// AsError returns err as an [*mend.Error] when it is one.
func AsError(err error) (*mend.Error, bool) {
	var me *mend.Error
	ok := errors.As(err, &me)
	return me, ok
}

// CommandError turns a declaration's or an option's error into the error a
// command or the server returns: the engine's exit (2, or 3 for a shape the
// model cannot prepare) and its message, with the declaration's line and
// column when it has them; any other error is a usage error.
func CommandError(err error) error {
	me, ok := AsError(err)
	if !ok {
		return exitcode.Usagef("%v", err)
	}
	msg := me.Message
	if me.Line > 0 {
		msg = fmt.Sprintf("%s (at %d:%d)", msg, me.Line, me.Column)
	}
	return &exitcode.Error{Code: me.Exit, Msg: msg}
}

// render marshals v compactly, without HTML escaping (a repaired text
// keeps its < and & as written).
func render(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// The result types marshal by construction; a failure is a bug.
		panic("gate: " + err.Error())
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
