package mend

import (
	"fmt"
	"strconv"
	"strings"
)

// The E codes. E010, E011 and E050 are the seed's; the others are this
// package's, catalogued with their exits in README.md.
const (
	CodeNoValue     = "E001" // the text holds no JSON value
	CodeLimit       = "E020" // the input is over a limit (size, depth)
	CodeLossy       = "E010" // a lossy repair the profile refuses (or loss over max_loss)
	CodeAmbiguous   = "E011" // an ambiguous repair the profile refuses
	CodeStrict      = "E012" // any repair, refused by the strict profile
	CodeSchema      = "E031" // the value does not satisfy the declaration (E030 is the server's model failure)
	CodeDeclaration = "E050" // the declaration (a parameter) is invalid
)

// The exit codes, the CLI's (README.md of the project): 1 invalid (a
// text with no JSON value included: text that is not JSON is bad data,
// not an unreadable file, which is the CLI's exit 4), 2 usage, 5 stopped
// (a refusal or a limit).
const (
	ExitInvalid = 1
	ExitUsage   = 2
	ExitRefused = 5
)

// Error is a refusal or a fatal condition. It is data: Code is stable,
// Offset, Line and Column locate it in the text when it has a place there
// ([Error.Located]; an invalid parameter, a size limit or a refused call
// has none, and its JSON then has no offset, line or column), Exit is the
// CLI exit code that goes with it, and RetryHint is the text to send back
// to the model unchanged.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Exit    int    `json:"exit"`
	Offset  int    `json:"offset"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	// Rule is the repair rule that was refused ("" for other errors).
	Rule      string `json:"rule,omitempty"`
	RetryHint string `json:"retry_hint,omitempty"`

	fix *Fix // the refused repair, for the hint
}

// Error returns "E010 at 1:24 (offset 23): message", or "E050: message"
// when e has no position.
func (e *Error) Error() string {
	if !e.Located() {
		return e.Code + ": " + e.Message
	}
	return fmt.Sprintf("%s at %d:%d (offset %d): %s", e.Code, e.Line, e.Column, e.Offset, e.Message)
}

// Located reports whether e has a position in the text (Line is
// 1-based: 0 means none).
func (e *Error) Located() bool { return e.Line > 0 }

// MarshalJSON writes e with offset, line and column only when it is
// [Error.Located].
func (e Error) MarshalJSON() ([]byte, error) {
	type pos = *int
	out := struct {
		Code      string `json:"code"`
		Message   string `json:"message"`
		Exit      int    `json:"exit"`
		Offset    pos    `json:"offset,omitempty"`
		Line      pos    `json:"line,omitempty"`
		Column    pos    `json:"column,omitempty"`
		Rule      string `json:"rule,omitempty"`
		RetryHint string `json:"retry_hint,omitempty"`
	}{Code: e.Code, Message: e.Message, Exit: e.Exit, Rule: e.Rule, RetryHint: e.RetryHint}
	if e.Located() {
		out.Offset, out.Line, out.Column = &e.Offset, &e.Line, &e.Column
	}
	return marshalPlain(out)
}

func errNoValue(at int) *Error {
	return &Error{Code: CodeNoValue, Exit: ExitInvalid, Offset: at,
		Message: "the text holds no JSON value"}
}

func errDepth(at, max int) *Error {
	return &Error{Code: CodeLimit, Exit: ExitRefused, Offset: at,
		Message: "nesting deeper than the depth limit of " + strconv.Itoa(max)}
}

// errSize is about the text's length, not a place in it: it has no
// position (the message names both numbers).
func errSize(size, max int) *Error {
	return &Error{Code: CodeLimit, Exit: ExitRefused,
		Message: "the text is " + strconv.Itoa(size) + " bytes, over the size limit of " + strconv.Itoa(max)}
}

// errOverSize is a text found longer than the size limit while it is
// still arriving (a watcher's refused event): the same whatever the
// chunking, where errSize names the length fed so far.
func errOverSize(max int) *Error {
	return &Error{Code: CodeLimit, Exit: ExitRefused,
		Message: "the text is longer than the size limit of " + strconv.Itoa(max) + " bytes"}
}

// refusal builds the profile's refusal of repair rp.
func refusal(code string, rp Fix, why string) *Error {
	return &Error{Code: code, Exit: ExitRefused, Offset: rp.Offset, Line: rp.Line, Column: rp.Column,
		Rule: rp.Threshold, Message: why + ": " + rp.Message, fix: &rp}
}

// hint renders the retry hint of e: what was wrong, where, and what the
// declaration wants. The text is stable (tests pin it): a caller sends it
// to the model unchanged.
func hint(e *Error, decl Declaration, v *SchemaVerdict) string {
	var b strings.Builder
	switch e.Code {
	case CodeNoValue:
		b.WriteString("Your reply contained no JSON value.")
	case CodeLimit:
		fmt.Fprintf(&b, "Your JSON could not be read: %s.", e.Message)
	case CodeSchema:
		b.WriteString("Your JSON does not match what the tool expects")
		if v != nil {
			var parts []string
			if len(v.Missing) > 0 {
				parts = append(parts, "missing required "+plural(len(v.Missing), "member", "members")+" "+quoteList(v.Missing))
			}
			if len(v.Mismatched) > 0 {
				parts = append(parts, "wrong value for "+quoteList(v.Mismatched))
			}
			if len(parts) > 0 {
				b.WriteString(": " + strings.Join(parts, "; "))
			}
			for i, f := range v.Findings {
				if i == 3 {
					fmt.Fprintf(&b, "; and %d more", len(v.Findings)-3)
					break
				}
				if f.Severity == "error" && f.Code != "required" {
					fmt.Fprintf(&b, "; at %s: %s", pointerOrRoot(f.Path), f.Message)
				}
			}
		}
		b.WriteString(".")
	default:
		switch {
		case e.fix != nil && e.fix.path != "":
			fmt.Fprintf(&b, "Your JSON was cut off at line %d, column %d (offset %d), inside %s.", e.Line, e.Column, e.Offset, e.fix.path)
		case e.fix != nil:
			fmt.Fprintf(&b, "Your JSON is not valid at line %d, column %d (offset %d): %s.", e.Line, e.Column, e.Offset, e.fix.Message)
		default:
			fmt.Fprintf(&b, "Your JSON is not valid: %s.", e.Message)
		}
	}
	switch e.Code {
	case CodeLossy:
		if e.fix != nil && e.fix.path != "" {
			b.WriteString(" Send the complete JSON again, shorter if it must be.")
		} else {
			b.WriteString(" Send the complete JSON again without it.")
		}
	case CodeAmbiguous:
		b.WriteString(" It can be read two ways; send the JSON again, written unambiguously (escape quotes inside strings as \\\").")
	case CodeStrict:
		b.WriteString(" Send strict JSON: double-quoted keys and strings, no comments, no trailing commas.")
	case CodeSchema:
		b.WriteString(" Send the JSON again with these corrected.")
	default:
		b.WriteString(" Reply with one JSON value only.")
	}
	if decl != nil {
		b.WriteString(" It must match: " + decl.String())
	}
	return b.String()
}

func pointerOrRoot(p string) string {
	if p == "" {
		return "the top level"
	}
	return p
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func quoteList(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = strconv.Quote(x)
	}
	return strings.Join(q, ", ")
}
