// Package wirejson decodes the objects a client sends to `smithy serve`
// (request lines and their params) exactly: a member's name must be
// written as the protocol spells it, and a member the protocol defines
// must not be repeated.
//
// encoding/json alone is lenient in two ways a server should not be:
// it matches member names without regard to case ("Path" fills path)
// and it keeps the last of repeated members ({"id":1,"id":2} answers
// id 2). Two programs reading the same line could then disagree on
// what it asks (a client library that checks "path" and a server that
// reads "PATH"; a gateway that logs the first id and a server that
// answers the last), so Decode refuses both before encoding/json reads
// the bytes. Members the protocol does not define are still ignored,
// repeated or not: the protocol wants unknown members ignored.
//
// The walk follows v's type: an object read into a struct is checked
// member by member and descended into where a member is itself a struct
// (or a pointer to one, or a list of them); anything read into
// json.RawMessage, an interface, a map or a scalar is data and is not
// checked here (its reader has its own rules).
package wirejson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Error is a member the protocol would read ambiguously. Path is where
// the object is (empty at the top, then ".name" and "[i]" steps), Name
// the member as written; Want, when set, is the protocol's spelling of
// a member written in another case.
type Error struct {
	Path string
	Name string
	Want string
}

func (e *Error) Error() string {
	at := ""
	if e.Path != "" {
		at = " in " + strings.TrimPrefix(e.Path, ".")
	}
	if e.Want != "" {
		return fmt.Sprintf("%q%s is not a member: the member is %q (names are case-sensitive)", e.Name, at, e.Want)
	}
	return fmt.Sprintf("%q%s is repeated", e.Name, at)
}

// Decode checks data's members against v's type (see the package doc)
// and then decodes it into v with encoding/json. data that is not JSON
// is left to encoding/json's error.
func Decode(data []byte, v any) error {
	if err := Check(data, reflect.TypeOf(v)); err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// Check reports the first member of data that is written in another
// case than t's field, or repeated where t defines it. It returns nil
// for data that is not JSON (Decode leaves that to encoding/json).
//
// It reads data in one pass of its own, with no allocation for a member
// or an element that is well written: a request line can carry hundreds
// of thousands of objects to check (a params object's model sources),
// and a token reader's allocation per token cost three times what
// encoding/json's reading of the same line does.
func Check(data []byte, t reflect.Type) error {
	s := scanner{data: data}
	err := s.value(t)
	if e, ok := err.(*Error); ok {
		return e
	}
	return nil
}

// errSyntax stops a walk at bytes that are not JSON; Check then leaves
// the line to encoding/json, whose error names the fault.
var errSyntax = fmt.Errorf("wirejson: not JSON")

// step is one step of the path to an object: a member's name or an
// element's index (when name is ""). The scanner keeps the steps to
// where it reads; the path is written out only into an Error.
type step struct {
	name  string
	index int
}

type scanner struct {
	data []byte
	i    int
	path []step
}

func (s *scanner) at() string {
	var b strings.Builder
	for _, p := range s.path {
		if p.name != "" {
			b.WriteString("." + p.name)
		} else {
			b.WriteString("[" + strconv.Itoa(p.index) + "]")
		}
	}
	return b.String()
}

func (s *scanner) space() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// value reads one value, checking it against t (nil: data).
func (s *scanner) value(t reflect.Type) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	s.space()
	if s.i >= len(s.data) {
		return errSyntax
	}
	if !hasMembers(t) {
		return s.skip()
	}
	switch c := s.data[s.i]; {
	case c == '{' && t.Kind() == reflect.Struct:
		s.i++
		return s.object(fieldsOf(t))
	case c == '[' && t.Kind() != reflect.Struct:
		s.i++
		s.space()
		if s.i < len(s.data) && s.data[s.i] == ']' {
			s.i++
			return nil
		}
		s.path = append(s.path, step{})
		for n := 0; ; n++ {
			s.path[len(s.path)-1].index = n
			if err := s.value(t.Elem()); err != nil {
				return err
			}
			if done, err := s.next(']'); done || err != nil {
				s.path = s.path[:len(s.path)-1]
				return err
			}
		}
	}
	return s.skip() // a scalar, or a container of the other kind
}

// next reads the comma after a member or an element, or the closer.
func (s *scanner) next(closer byte) (done bool, err error) {
	s.space()
	if s.i >= len(s.data) {
		return false, errSyntax
	}
	switch s.data[s.i] {
	case ',':
		s.i++
		return false, nil
	case closer:
		s.i++
		return true, nil
	}
	return false, errSyntax
}

// object reads an object's members after its '{'.
func (s *scanner) object(f *fields) error {
	s.space()
	if s.i < len(s.data) && s.data[s.i] == '}' {
		s.i++
		return nil
	}
	var seen uint64
	var seenMore map[int]bool // fields past the 64th
	for {
		s.space()
		raw, err := s.str()
		if err != nil {
			return err
		}
		// The key is judged before its colon is read, as a token reader
		// judges it ({"Models" alone is a member in the wrong case).
		k, known := f.index[string(raw[1:len(raw)-1])]
		if !known && needsDecoding(raw) {
			var name string
			if json.Unmarshal(raw, &name) != nil {
				return errSyntax
			}
			k, known = f.index[name]
		}
		if !known {
			if want, ok := f.folded(raw); ok {
				return &Error{Path: s.at(), Name: decoded(raw), Want: want}
			}
			if err := s.colon(); err != nil {
				return err
			}
			if err := s.skip(); err != nil {
				return err
			}
		} else {
			if k < 64 && seen&(1<<k) != 0 || k >= 64 && seenMore[k] {
				return &Error{Path: s.at(), Name: f.names[k]}
			}
			if k < 64 {
				seen |= 1 << k
			} else {
				if seenMore == nil {
					seenMore = map[int]bool{}
				}
				seenMore[k] = true
			}
			if err := s.colon(); err != nil {
				return err
			}
			s.path = append(s.path, step{name: f.names[k]})
			err := s.value(f.types[k])
			s.path = s.path[:len(s.path)-1]
			if err != nil {
				return err
			}
		}
		if done, err := s.next('}'); done || err != nil {
			return err
		}
	}
}

// needsDecoding reports whether a key as written (quotes included)
// differs from its text: an escape, or a byte encoding/json reads as
// other than itself (not ASCII).
func needsDecoding(raw []byte) bool {
	for _, c := range raw[1 : len(raw)-1] {
		if c == '\\' || c >= 0x80 {
			return true
		}
	}
	return false
}

// decoded is a key's text, as encoding/json reads it.
func decoded(raw []byte) string {
	var name string
	if json.Unmarshal(raw, &name) != nil {
		return string(raw)
	}
	return name
}

// str reads a string and returns it as written, quotes included.
func (s *scanner) str() ([]byte, error) {
	start := s.i
	if s.i >= len(s.data) || s.data[s.i] != '"' {
		return nil, errSyntax
	}
	s.i++
	for s.i < len(s.data) {
		switch c := s.data[s.i]; {
		case c == '"':
			s.i++
			return s.data[start:s.i], nil
		case c == '\\':
			if s.i+1 >= len(s.data) {
				return nil, errSyntax
			}
			switch s.data[s.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			case 'u':
				if s.i+6 > len(s.data) {
					return nil, errSyntax
				}
				for _, h := range s.data[s.i+2 : s.i+6] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return nil, errSyntax
					}
				}
				s.i += 6
			default:
				return nil, errSyntax
			}
		case c < 0x20:
			return nil, errSyntax
		default:
			s.i++
		}
	}
	return nil, errSyntax
}

// skip reads a value whose members are not checked (data) in one scan,
// keeping the kind of each open container. It reads JSON's grammar
// whole, so a fault anywhere stops the check as encoding/json's own
// reading would stop.
func (s *scanner) skip() error {
	var buf [64]byte
	open := buf[:0] // '{' or '[' of each open container
	for {
		s.space()
		if s.i >= len(s.data) {
			return errSyntax
		}
		switch c := s.data[s.i]; c {
		case '{', '[':
			s.i++
			s.space()
			if s.i < len(s.data) && s.data[s.i] == c+2 { // '}' and ']' are '{'+2 and '['+2
				s.i++
				break
			}
			open = append(open, c)
			if c == '{' {
				if err := s.key(); err != nil {
					return err
				}
			}
			continue
		case '"':
			if _, err := s.str(); err != nil {
				return err
			}
		case 't':
			if err := s.literal("true"); err != nil {
				return err
			}
		case 'f':
			if err := s.literal("false"); err != nil {
				return err
			}
		case 'n':
			if err := s.literal("null"); err != nil {
				return err
			}
		default:
			if err := s.number(); err != nil {
				return err
			}
		}
	after: // a value ended: the closers it ends, then a comma or the end
		for {
			if len(open) == 0 {
				return nil
			}
			s.space()
			if s.i >= len(s.data) {
				return errSyntax
			}
			top := open[len(open)-1]
			switch s.data[s.i] {
			case top + 2:
				s.i++
				open = open[:len(open)-1]
			case ',':
				s.i++
				if top == '{' {
					if err := s.key(); err != nil {
						return err
					}
				}
				break after
			default:
				return errSyntax
			}
		}
	}
}

// key reads an object's key and its colon.
func (s *scanner) key() error {
	s.space()
	if _, err := s.str(); err != nil {
		return err
	}
	return s.colon()
}

func (s *scanner) colon() error {
	s.space()
	if s.i >= len(s.data) || s.data[s.i] != ':' {
		return errSyntax
	}
	s.i++
	return nil
}

func (s *scanner) literal(word string) error {
	if !bytes.HasPrefix(s.data[s.i:], []byte(word)) {
		return errSyntax
	}
	s.i += len(word)
	return nil
}

// number reads a number as JSON writes one: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *scanner) number() error {
	d := s.data
	if s.i < len(d) && d[s.i] == '-' {
		s.i++
	}
	switch {
	case s.i < len(d) && d[s.i] == '0':
		s.i++
	case s.i < len(d) && '1' <= d[s.i] && d[s.i] <= '9':
		s.digits()
	default:
		return errSyntax
	}
	if s.i < len(d) && d[s.i] == '.' {
		s.i++
		if s.digits() == 0 {
			return errSyntax
		}
	}
	if s.i < len(d) && (d[s.i] == 'e' || d[s.i] == 'E') {
		s.i++
		if s.i < len(d) && (d[s.i] == '+' || d[s.i] == '-') {
			s.i++
		}
		if s.digits() == 0 {
			return errSyntax
		}
	}
	return nil
}

func (s *scanner) digits() int {
	start := s.i
	for s.i < len(s.data) && '0' <= s.data[s.i] && s.data[s.i] <= '9' {
		s.i++
	}
	return s.i - start
}

var rawType = reflect.TypeOf(json.RawMessage(nil))

// hasMembers reports whether a value read into t has members to check:
// t is a struct (not json.RawMessage), or a list of them.
func hasMembers(t reflect.Type) bool {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == nil || t == rawType:
		return false
	case t.Kind() == reflect.Struct:
		return true
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		return hasMembers(t.Elem())
	}
	return false
}

// fields are the members encoding/json reads into a struct type: their
// names (sorted), types, and each name's index.
type fields struct {
	names []string
	types []reflect.Type
	index map[string]int
}

// folded returns the member a key written in another case names, as
// encoding/json would match it (simple Unicode folding: the Kelvin
// sign is k), the first in name order.
func (f *fields) folded(raw []byte) (string, bool) {
	name := decoded(raw)
	for _, want := range f.names {
		if strings.EqualFold(want, name) {
			return want, true
		}
	}
	return "", false
}

var fieldCache sync.Map // reflect.Type -> *fields

// fieldsOf returns the members encoding/json reads into struct type t:
// each exported field's name (its tag's, or the field's own), embedded
// structs' fields promoted as encoding/json promotes them (a field of
// the outer struct wins over an embedded one of the same name).
func fieldsOf(t reflect.Type) *fields {
	if f, ok := fieldCache.Load(t); ok {
		return f.(*fields)
	}
	byName := map[string]reflect.Type{}
	collect(t, byName, 0)
	f := &fields{index: map[string]int{}}
	for name := range byName {
		f.names = append(f.names, name)
	}
	sort.Strings(f.names)
	for i, name := range f.names {
		f.types = append(f.types, byName[name])
		f.index[name] = i
	}
	fieldCache.Store(t, f)
	return f
}

func collect(t reflect.Type, out map[string]reflect.Type, depth int) {
	if depth > 8 {
		return
	}
	var embedded []reflect.Type
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			et := ft
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				embedded = append(embedded, et)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = ft
	}
	for _, et := range embedded {
		inner := map[string]reflect.Type{}
		collect(et, inner, depth+1)
		for name, ft := range inner {
			if _, taken := out[name]; !taken {
				out[name] = ft
			}
		}
	}
}
