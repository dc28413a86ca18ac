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
func Check(data []byte, t reflect.Type) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	err := walk(d, t, "")
	if e, ok := err.(*Error); ok {
		return e
	}
	return nil
}

// walk reads one value from d, checking it against t.
func walk(d *json.Decoder, t reflect.Type, path string) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if !hasMembers(t) {
		// Data, or a value with no member to check: skipped whole, in
		// one scan (token by token, a line of 2 million numbers cost
		// 14 times what encoding/json's reading of it does).
		var raw json.RawMessage
		return d.Decode(&raw)
	}
	tok, err := d.Token()
	if err != nil {
		return err
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return nil // a scalar
	}
	switch { // t has members: a struct, or a list of them
	case delim == '{' && t.Kind() == reflect.Struct:
		return walkObject(d, fieldsOf(t), path)
	case delim == '[' && t.Kind() != reflect.Struct:
		for i := 0; d.More(); i++ {
			if err := walk(d, t.Elem(), path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		_, err := d.Token()
		return err
	}
	return skip(d, delim)
}

// walkObject reads an object's members after its '{'.
func walkObject(d *json.Decoder, fields map[string]reflect.Type, path string) error {
	var seen map[string]bool
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		name, _ := tok.(string)
		ft, known := fields[name]
		if !known {
			for want := range fields {
				if strings.EqualFold(want, name) {
					return &Error{Path: path, Name: name, Want: want}
				}
			}
			if err := walk(d, nil, ""); err != nil {
				return err
			}
			continue
		}
		if seen[name] {
			return &Error{Path: path, Name: name}
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		seen[name] = true
		if err := walk(d, ft, path+"."+name); err != nil {
			return err
		}
	}
	_, err := d.Token()
	return err
}

// skip reads the rest of a container opened by delim.
func skip(d *json.Decoder, delim json.Delim) error {
	depth := 1
	for depth > 0 {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
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

var fieldCache sync.Map // reflect.Type -> map[string]reflect.Type

// fieldsOf returns the members encoding/json reads into struct type t:
// each exported field's name (its tag's, or the field's own), embedded
// structs' fields promoted as encoding/json promotes them (a field of
// the outer struct wins over an embedded one of the same name).
func fieldsOf(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	out := map[string]reflect.Type{}
	collect(t, out, 0)
	fieldCache.Store(t, out)
	return out
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
