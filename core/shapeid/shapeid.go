// Package shapeid implements Smithy 2.0 shape IDs: parsing by the grammar of
// the specification, formatting, and the relative-resolution rules used by
// the model loaders (current namespace, `use` statements, prelude).
//
// A shape ID has the form `namespace#Name` or `namespace#Name$member`:
//
//	ShapeId             = RootShapeId [ShapeIdMember]
//	RootShapeId         = AbsoluteRootShapeId / Identifier
//	AbsoluteRootShapeId = Namespace "#" Identifier
//	Namespace           = Identifier *("." Identifier)
//	Identifier          = IdentifierStart *IdentifierChars
//	IdentifierStart     = (1*"_" (ALPHA / DIGIT)) / ALPHA
//	IdentifierChars     = ALPHA / DIGIT / "_"
//	ShapeIdMember       = "$" Identifier
package shapeid

import (
	"fmt"
	"strings"
)

// Prelude is the namespace of the Smithy prelude.
const Prelude = "smithy.api"

// ID is a parsed, absolute shape ID. The zero value is the empty ID, which
// is not valid; use [ID.IsZero] to test for it.
//
// IDs are comparable values and can be used as map keys.
type ID struct {
	Namespace string
	Name      string
	Member    string // empty for a root shape ID
}

// New returns the absolute root shape ID namespace#name. It does not
// validate its arguments; use [Parse] for untrusted text.
func New(namespace, name string) ID { return ID{Namespace: namespace, Name: name} }

// IsZero reports whether id is the zero ID.
func (id ID) IsZero() bool { return id == ID{} }

// HasMember reports whether id names a member.
func (id ID) HasMember() bool { return id.Member != "" }

// Root returns id without its member.
func (id ID) Root() ID { return ID{Namespace: id.Namespace, Name: id.Name} }

// WithMember returns the member ID root$member.
func (id ID) WithMember(member string) ID {
	return ID{Namespace: id.Namespace, Name: id.Name, Member: member}
}

// String renders id as namespace#Name or namespace#Name$member.
func (id ID) String() string {
	if id.IsZero() {
		return ""
	}
	n := len(id.Namespace) + 1 + len(id.Name)
	if id.Member != "" {
		n += 1 + len(id.Member)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(id.Namespace)
	b.WriteByte('#')
	b.WriteString(id.Name)
	if id.Member != "" {
		b.WriteByte('$')
		b.WriteString(id.Member)
	}
	return b.String()
}

// Compare orders IDs by their string form, as the JSON AST writer does,
// without building the strings: '#' and '$' sort before every identifier
// character, so comparing namespace, name and member in turn gives the same
// order.
func Compare(a, b ID) int {
	if c := strings.Compare(a.Namespace, b.Namespace); c != 0 {
		return c
	}
	if c := strings.Compare(a.Name, b.Name); c != 0 {
		return c
	}
	return strings.Compare(a.Member, b.Member)
}

// Error describes a malformed shape ID. Offset is the 0-based byte offset in
// the text where the problem was found.
type Error struct {
	Text   string
	Offset int
	Reason string
}

func (e *Error) Error() string {
	return fmt.Sprintf("invalid shape ID %q at offset %d: %s", e.Text, e.Offset, e.Reason)
}

// Parse parses an absolute shape ID (namespace#Name with an optional
// $member).
func Parse(text string) (ID, error) {
	hash := strings.IndexByte(text, '#')
	if hash < 0 {
		return ID{}, &Error{Text: text, Offset: len(text), Reason: "missing '#' between namespace and name (an absolute shape ID is namespace#Name)"}
	}
	ns := text[:hash]
	if err := checkNamespace(text, ns, 0); err != nil {
		return ID{}, err
	}
	rest := text[hash+1:]
	name, member, err := splitMember(text, rest, hash+1)
	if err != nil {
		return ID{}, err
	}
	return ID{Namespace: ns, Name: name, Member: member}, nil
}

// MustParse is like [Parse] but panics on error. It is meant for constants
// in code and tests.
func MustParse(text string) ID {
	id, err := Parse(text)
	if err != nil {
		panic(err)
	}
	return id
}

// Relative is a shape ID as written in a model file: either absolute
// (namespace#Name) or relative (Name), either with an optional $member.
type Relative struct {
	Namespace string // empty when the reference is relative
	Name      string
	Member    string
}

// IsAbsolute reports whether the reference names its namespace.
func (r Relative) IsAbsolute() bool { return r.Namespace != "" }

// String renders the reference as written.
func (r Relative) String() string {
	s := r.Name
	if r.Namespace != "" {
		s = r.Namespace + "#" + s
	}
	if r.Member != "" {
		s += "$" + r.Member
	}
	return s
}

// ParseRelative parses a shape ID that may be relative (Name or Name$member)
// or absolute.
func ParseRelative(text string) (Relative, error) {
	if strings.IndexByte(text, '#') >= 0 {
		id, err := Parse(text)
		if err != nil {
			return Relative{}, err
		}
		return Relative{Namespace: id.Namespace, Name: id.Name, Member: id.Member}, nil
	}
	name, member, err := splitMember(text, text, 0)
	if err != nil {
		return Relative{}, err
	}
	return Relative{Name: name, Member: member}, nil
}

// Resolver resolves relative shape IDs with the rules of the Smithy
// specification ("Relative shape ID resolution"):
//
//  1. a name imported with a `use` statement resolves to the imported ID;
//  2. a name defined in the current namespace resolves to that shape;
//  3. a name defined in the prelude resolves to the prelude shape;
//  4. otherwise the name resolves to the current namespace.
//
// Defined reports whether a root shape ID is defined in the model being
// assembled (all files, not only the current one); Prelude reports whether a
// name is a prelude shape.
type Resolver struct {
	Namespace string
	Uses      map[string]ID // local name -> imported ID
	Defined   func(ID) bool
	Prelude   func(name string) bool
}

// Resolve turns r into an absolute ID.
func (res Resolver) Resolve(r Relative) ID {
	if r.IsAbsolute() {
		return ID{Namespace: r.Namespace, Name: r.Name, Member: r.Member}
	}
	if used, ok := res.Uses[r.Name]; ok {
		return ID{Namespace: used.Namespace, Name: used.Name, Member: r.Member}
	}
	local := ID{Namespace: res.Namespace, Name: r.Name}
	if res.Defined != nil && res.Defined(local) {
		return local.WithMember(r.Member)
	}
	if res.Prelude != nil && res.Prelude(r.Name) {
		return ID{Namespace: Prelude, Name: r.Name, Member: r.Member}
	}
	return local.WithMember(r.Member)
}

func splitMember(full, s string, base int) (name, member string, err error) {
	dollar := strings.IndexByte(s, '$')
	name = s
	if dollar >= 0 {
		name, member = s[:dollar], s[dollar+1:]
		if err := checkIdentifier(full, member, base+dollar+1, "member name"); err != nil {
			return "", "", err
		}
	}
	if err := checkIdentifier(full, name, base, "shape name"); err != nil {
		return "", "", err
	}
	return name, member, nil
}

func checkNamespace(full, ns string, base int) error {
	if ns == "" {
		return &Error{Text: full, Offset: base, Reason: "empty namespace"}
	}
	start := 0
	for i := 0; i <= len(ns); i++ {
		if i == len(ns) || ns[i] == '.' {
			if err := checkIdentifier(full, ns[start:i], base+start, "namespace segment"); err != nil {
				return err
			}
			start = i + 1
		}
	}
	return nil
}

// IsIdentifier reports whether s is a valid Smithy identifier.
func IsIdentifier(s string) bool { return checkIdentifier(s, s, 0, "identifier") == nil }

func checkIdentifier(full, s string, base int, what string) error {
	if s == "" {
		return &Error{Text: full, Offset: base, Reason: "empty " + what}
	}
	i := 0
	for i < len(s) && s[i] == '_' {
		i++
	}
	if i == len(s) {
		return &Error{Text: full, Offset: base + i, Reason: what + " of underscores must continue with a letter or digit"}
	}
	if i == 0 && !isAlpha(s[0]) {
		return &Error{Text: full, Offset: base, Reason: fmt.Sprintf("%s must start with a letter or '_', found %q", what, s[0])}
	}
	for ; i < len(s); i++ {
		c := s[i]
		if !isAlpha(c) && !isDigit(c) && c != '_' {
			return &Error{Text: full, Offset: base + i, Reason: fmt.Sprintf("unexpected %q in %s", c, what)}
		}
	}
	return nil
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
