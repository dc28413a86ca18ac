package mend

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Declaration is what a value must satisfy: the seed's compact form
// ([ParseCompact]), a Smithy shape of a loaded model ([NewShapeDeclaration]),
// or a JSON Schema document checked by an implementation outside this
// package (cli/gate's, with the JSON Schema library that mend may not
// require; see README.md, "Declarations").
//
// An implementation reports its verdicts with [NewVerdict], so that every
// declaration counts total, satisfied, missing and mismatched the same way.
type Declaration interface {
	// String is the declaration's canonical text (the compact form
	// without spaces, a shape ID, a schema's $id).
	String() string
	// Members lists the top-level members of the object the declaration
	// describes, in declaration order; none when it describes no object.
	Members() []Member
	// Check checks a complete JSON text. When the checker stops at one of
	// its own limits before it finds an error, the value is not judged:
	// Check returns an [*Error] with the code E020 ([CodeLimit], exit 5)
	// at the limit, which the methods report as they report a text over
	// the reader's limits. Any other error is the checker's failure.
	Check(value []byte) (SchemaVerdict, error)
	// CheckMember reports whether value satisfies the declaration of the
	// top-level member named name (false for an unknown name).
	CheckMember(name string, value []byte) (bool, error)
}

// Member is one top-level member of a declaration.
type Member struct {
	Name     string // the name on the wire
	Required bool
}

// SchemaVerdict is the judgement of a value against a declaration, the
// same for every kind of declaration.
type SchemaVerdict struct {
	// Total is the number of required members.
	Total int `json:"total"`
	// Satisfied counts the required members present and free of error
	// findings.
	Satisfied int `json:"satisfied"`
	// Missing lists the required members absent, in declaration order.
	Missing []string `json:"missing"`
	// Mismatched lists the declared members present whose value draws an
	// error finding, in declaration order.
	Mismatched []string `json:"mismatched"`
	// OK is true when no finding is an error.
	OK bool `json:"ok"`
	// Findings are the checker's findings (for a Smithy shape or the
	// compact form: the value engine's), in its order.
	Findings []Finding `json:"findings,omitempty"`
}

// Finding is one finding of a declaration's checker.
type Finding struct {
	Severity string `json:"severity"` // "error", "warning" or "advisory"
	Code     string `json:"code"`
	Path     string `json:"path"`            // JSON Pointer of the value
	Shape    string `json:"shape,omitempty"` // the governing shape or member ID
	// Schema is, for a JSON Schema declaration, the failed keyword's
	// location in the document ("#/properties/limit/type").
	Schema string `json:"schema,omitempty"`
	// Line and Column (1-based) and Offset (0-based, in bytes) locate
	// the value in the text. Line 0 says the finding has no position (an
	// unknown tool, a finding about the call rather than a place in its
	// arguments): then none of the three is written in JSON, as the
	// contract's "when known" asks; the first byte of a text is Line 1,
	// Column 1, Offset 0, and is written. [Finding.Located] says which.
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Offset  int    `json:"offset"`
	Message string `json:"message"`
}

// Located reports whether f has a position in the text (Line is
// 1-based: 0 means none, as core's node.Pos.IsValid has it).
func (f Finding) Located() bool { return f.Line > 0 }

// MarshalJSON writes f with line, column and offset only when it is
// [Finding.Located].
func (f Finding) MarshalJSON() ([]byte, error) {
	type pos = *int
	out := struct {
		Severity string `json:"severity"`
		Code     string `json:"code"`
		Path     string `json:"path"`
		Shape    string `json:"shape,omitempty"`
		Schema   string `json:"schema,omitempty"`
		Line     pos    `json:"line,omitempty"`
		Column   pos    `json:"column,omitempty"`
		Offset   pos    `json:"offset,omitempty"`
		Message  string `json:"message"`
	}{Severity: f.Severity, Code: f.Code, Path: f.Path, Shape: f.Shape, Schema: f.Schema, Message: f.Message}
	if f.Located() {
		out.Line, out.Column, out.Offset = &f.Line, &f.Column, &f.Offset
	}
	return marshalPlain(out)
}

// marshalPlain encodes v without escaping <, > and & (the encoder that
// embeds the result escapes them if it is asked to).
func marshalPlain(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'}), nil
}

// NewVerdict builds the verdict on value (a complete JSON text) from the
// declaration's members and its checker's findings: the one definition of
// total, satisfied, missing, mismatched and ok that every [Declaration]
// uses.
func NewVerdict(members []Member, value []byte, findings []Finding) SchemaVerdict {
	v := SchemaVerdict{Missing: []string{}, Mismatched: []string{}, OK: true, Findings: findings}
	present := topKeys(value)
	bad := map[string]bool{}
	for _, f := range findings {
		if f.Severity != "error" {
			continue
		}
		v.OK = false
		if f.Path != "" {
			bad[firstToken(f.Path)] = true
		}
	}
	for _, m := range members {
		_, has := present[m.Name]
		if m.Required {
			v.Total++
		}
		switch {
		case !has && m.Required:
			v.Missing = append(v.Missing, m.Name)
		case has && bad[m.Name]:
			v.Mismatched = append(v.Mismatched, m.Name)
		case has && m.Required:
			v.Satisfied++
		}
	}
	if len(v.Missing) > 0 {
		v.OK = false
	}
	return v
}

// firstToken returns the first reference token of a JSON Pointer,
// unescaped.
func firstToken(p string) string {
	p = strings.TrimPrefix(p, "/")
	if i := strings.IndexByte(p, '/'); i >= 0 {
		p = p[:i]
	}
	return strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
}

type member struct {
	key string
	raw json.RawMessage
}

// topMembers returns the members of a JSON object text in order, nil when
// the text is no object.
func topMembers(value []byte) []member {
	dec := json.NewDecoder(bytes.NewReader(value))
	t, err := dec.Token()
	if err != nil || t != json.Delim('{') {
		return nil
	}
	var out []member
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return out
		}
		k, _ := kt.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return out
		}
		out = append(out, member{k, raw})
	}
	return out
}

func topKeys(value []byte) map[string]struct{} {
	keys := map[string]struct{}{}
	for _, m := range topMembers(value) {
		keys[m.key] = struct{}{}
	}
	return keys
}
