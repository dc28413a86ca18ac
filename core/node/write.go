package node

import (
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// A WriteOption configures [Marshal], [AppendJSON] and [Write]. Like
// [Option], write options are plain values; when two set the same thing,
// the later one wins.
type WriteOption struct {
	set      optionBits
	indent   string
	sortKeys bool
}

const (
	setIndent optionBits = 1 << iota
	setSortKeys
)

type writeOptions struct {
	indent   string
	sortKeys bool
}

// readWriteOptions is the only place that resolves write options.
func readWriteOptions(opts []WriteOption) writeOptions {
	var o writeOptions
	for _, opt := range opts {
		if opt.set&setIndent != 0 {
			o.indent = opt.indent
		}
		if opt.set&setSortKeys != 0 {
			o.sortKeys = opt.sortKeys
		}
	}
	return o
}

// Indent makes the output multi-line: each array element and object member
// on its own line, indented by one copy of indent per level, and ": "
// between a key and its value; empty arrays and objects stay "[]" and "{}".
// The Smithy JSON AST uses four spaces. indent should hold only spaces and
// tabs; "" (the default) means compact output with no whitespace.
func Indent(indent string) WriteOption {
	return WriteOption{set: setIndent, indent: indent}
}

// SortKeys writes object members sorted by key in byte order. Members with
// the same key (kept by [KeepDuplicates]) keep their relative order.
func SortKeys() WriteOption {
	return WriteOption{set: setSortKeys, sortKeys: true}
}

// Marshal returns the JSON text of n. The output is byte-deterministic and
// has no trailing newline. Numbers are written exactly as their token text
// (a number node built by [NewNumber] from text that is not a number token
// yields invalid JSON: check with [IsNumber]). Strings are escaped
// minimally: '"', '\\' and control characters only (as \n, \t, \r, \b, \f
// or \u00XX); '<', '>', '&' and non-ASCII are written as they are. Invalid
// UTF-8 in a string built in code is written as U+FFFD, so the output is
// always valid UTF-8.
//
// The writer recurses once per nesting level; trees from [Parse] are
// bounded by [MaxDepth].
func Marshal(n Node, opts ...WriteOption) []byte {
	return AppendJSON(nil, n, opts...)
}

// AppendJSON appends the JSON text of n, as [Marshal] writes it, to dst.
func AppendJSON(dst []byte, n Node, opts ...WriteOption) []byte {
	o := readWriteOptions(opts)
	return o.appendValue(dst, &n, 0)
}

// Write writes the JSON text of n, as [Marshal] writes it, to w.
func Write(w io.Writer, n Node, opts ...WriteOption) error {
	_, err := w.Write(AppendJSON(nil, n, opts...))
	return err
}

func (o *writeOptions) newline(dst []byte, depth int) []byte {
	dst = append(dst, '\n')
	for range depth {
		dst = append(dst, o.indent...)
	}
	return dst
}

func (o *writeOptions) appendValue(dst []byte, n *Node, depth int) []byte {
	switch n.kind {
	case Null:
		return append(dst, "null"...)
	case Bool:
		if n.b {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case Number:
		return append(dst, n.text()...)
	case String:
		return appendQuoted(dst, n.text(), false)
	case Array:
		elems := n.Elems()
		if len(elems) == 0 {
			return append(dst, "[]"...)
		}
		dst = append(dst, '[')
		for i := range elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			if o.indent != "" {
				dst = o.newline(dst, depth+1)
			}
			dst = o.appendValue(dst, &elems[i], depth+1)
		}
		if o.indent != "" {
			dst = o.newline(dst, depth)
		}
		return append(dst, ']')
	case Object:
		fields := n.Fields()
		if len(fields) == 0 {
			return append(dst, "{}"...)
		}
		if o.sortKeys {
			fields = sortedFields(fields)
		}
		dst = append(dst, '{')
		for i := range fields {
			if i > 0 {
				dst = append(dst, ',')
			}
			if o.indent != "" {
				dst = o.newline(dst, depth+1)
			}
			dst = appendQuoted(dst, fields[i].Key, false)
			dst = append(dst, ':')
			if o.indent != "" {
				dst = append(dst, ' ')
			}
			dst = o.appendValue(dst, &fields[i].Value, depth+1)
		}
		if o.indent != "" {
			dst = o.newline(dst, depth)
		}
		return append(dst, '}')
	}
	return append(dst, "null"...)
}

// sortedFields returns fields stably sorted by key, copying only when they
// are not sorted already.
func sortedFields(fields []Field) []Field {
	cmp := func(a, b Field) int { return strings.Compare(a.Key, b.Key) }
	if slices.IsSortedFunc(fields, cmp) {
		return fields
	}
	fields = slices.Clone(fields)
	slices.SortStableFunc(fields, cmp)
	return fields
}

const hexDigits = "0123456789abcdef"

// appendQuoted appends s as a JSON string with minimal escaping. Invalid
// UTF-8 becomes U+FFFD, or with raw it is copied as it is (the canonical
// encoding must be injective).
func appendQuoted(dst []byte, s string, raw bool) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError || size != 1 || raw {
				i += size
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = append(dst, "\ufffd"...)
			i++
			start = i
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
