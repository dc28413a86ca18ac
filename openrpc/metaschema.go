package openrpc

import (
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/openrpc/jsonschema"
)

// The vendored metaschemas, byte for byte as released (metaschema_test.go
// checks their SHA-256):
//
//   - open-rpc-meta-schema-1.14.9.json: the OpenRPC metaschema release
//     1.14.9 (npm @open-rpc/meta-schema@1.14.9 ships it as index.js;
//     JSON.stringify(doc, null, 4) + "\n" gives these bytes);
//   - json-schema-tools-meta-schema-1.7.5.json: https://meta.json-schema.tools/,
//     which it references for every schema (npm
//     @json-schema-tools/meta-schema@1.7.5, schema.json).
//
//go:embed metaschema/*.json
var metaFiles embed.FS

const (
	// MetaschemaVersion is the release of the OpenRPC metaschema documents
	// are checked against.
	MetaschemaVersion = "1.14.9"
	// MetaschemaSHA256 is the SHA-256 of its released file.
	MetaschemaSHA256 = "e5f534fb0dd9dd3598d26414e278a8c96e923ee7b54bef7009c499f4c71d0f82"

	metaOpenRPCFile = "metaschema/open-rpc-meta-schema-1.14.9.json"
	metaToolsFile   = "metaschema/json-schema-tools-meta-schema-1.7.5.json"
	metaOpenRPCURL  = "https://meta.open-rpc.org/"
	metaToolsURL    = "https://meta.json-schema.tools/"
	draft07URL      = "http://json-schema.org/draft-07/schema#"
)

// Metaschema returns the vendored OpenRPC metaschema (a copy of its
// released bytes).
func Metaschema() []byte {
	b, _ := metaFiles.ReadFile(metaOpenRPCFile)
	return b
}

// MetaFinding is one way an OpenRPC document fails the metaschema: where in
// the document (Path, a JSON Pointer), which schema keyword rejected it and
// where that keyword is (SchemaPath: the metaschema's URL and a JSON
// Pointer into it). Message is rendered from these and from the document,
// never from the validator library's own wording, so findings are the same
// bytes from run to run.
type MetaFinding struct {
	Path       string
	Keyword    string
	SchemaPath string
	Message    string
}

// String returns "<path>: <message> (<schema path>)", with "/" for the
// document's root.
func (f MetaFinding) String() string {
	p := f.Path
	if p == "" {
		p = "/"
	}
	return p + ": " + f.Message + " (" + f.SchemaPath + ")"
}

type metaState struct {
	schema *jsonschema.Schema
	docs   map[string]any // parsed metaschemas by base URL
	err    error
}

var meta = sync.OnceValue(compileMeta)

// compileMeta compiles the vendored metaschema as JSON Schema draft-07.
// The json-schema-tools schema names itself as its own $schema, which no
// validator can bootstrap from: in memory (the vendored bytes stay as
// released) its $schema is draft-07, and it is registered both with and
// without the trailing slash, since the OpenRPC metaschema refers to it
// both ways. Nothing is ever fetched from the network.
func compileMeta() *metaState {
	st := &metaState{docs: map[string]any{}}
	orpc, _ := metaFiles.ReadFile(metaOpenRPCFile)
	tools, _ := metaFiles.ReadFile(metaToolsFile)
	// decoded as the validator reads values (numbers exact)
	toolsVal, err := jsonschema.Decode(tools)
	toolsDoc, ok := toolsVal.(map[string]any)
	if err != nil || !ok {
		st.err = fmt.Errorf("openrpc: vendored json-schema-tools metaschema: not a JSON object (%v)", err)
		return st
	}
	toolsDoc["$schema"] = draft07URL
	orpcVal, err := jsonschema.Decode(orpc)
	if err != nil {
		st.err = fmt.Errorf("openrpc: vendored OpenRPC metaschema: %w", err)
		return st
	}
	st.docs[metaOpenRPCURL] = orpcVal
	st.docs[metaToolsURL] = toolsDoc
	c := jsonschema.NewCompiler(jsonschema.Draft7)
	for _, r := range []struct {
		url string
		doc any
	}{{metaToolsURL, toolsVal}, {strings.TrimSuffix(metaToolsURL, "/"), toolsVal}, {metaOpenRPCURL, orpcVal}} {
		if err := c.AddResource(r.url, r.doc); err != nil {
			st.err = fmt.Errorf("openrpc: registering %s: %w", r.url, err)
			return st
		}
	}
	st.schema, st.err = c.Compile(metaOpenRPCURL)
	if st.err != nil {
		st.err = fmt.Errorf("openrpc: compiling the metaschema: %w", st.err)
	}
	return st
}

// CheckDocument checks an OpenRPC document (JSON text) against the
// vendored metaschema 1.14.9 as JSON Schema draft-07. It returns the
// findings sorted by document path, then schema path (none: the document
// passes). Text that is not JSON is one finding at the root with the
// syntax error's position. The error is reserved for a metaschema that
// does not compile, which would be a bug of this package.
func CheckDocument(doc []byte) ([]MetaFinding, error) {
	st := meta()
	if st.err != nil {
		return nil, st.err
	}
	if _, err := node.Parse(doc); err != nil {
		return []MetaFinding{{Keyword: "json", SchemaPath: "", Message: "not a JSON document: " + err.Error()}}, nil
	}
	inst, err := jsonschema.Decode(doc)
	if err != nil {
		return []MetaFinding{{Keyword: "json", Message: "not a JSON document: " + err.Error()}}, nil
	}
	fs, err := st.schema.Validate(inst)
	if err != nil {
		return nil, fmt.Errorf("openrpc: metaschema check: %w", err)
	}
	if len(fs) == 0 {
		return nil, nil
	}
	var out []MetaFinding
	seen := map[string]bool{}
	for _, e := range fs {
		f := st.finding(inst, e.InstanceLocation, e.AbsoluteKeywordLocation)
		k := f.Path + "\x00" + f.SchemaPath
		if !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].SchemaPath < out[j].SchemaPath
	})
	return out, nil
}

// finding builds a finding from the locations alone: the keyword and its
// value are read from the metaschema at the keyword's location, the
// offending value from the document at the instance's.
func (st *metaState) finding(inst any, instLoc, absKw string) MetaFinding {
	base, frag, _ := strings.Cut(absKw, "#")
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	f := MetaFinding{Path: instLoc, SchemaPath: base + "#" + frag}
	segs := pointerSegments(frag)
	if len(segs) > 0 {
		f.Keyword = segs[len(segs)-1]
	}
	kwVal, _ := lookupPointer(st.docs[base], segs)
	val, _ := lookupPointer(inst, pointerSegments(instLoc))
	f.Message = describeFailure(f.Keyword, kwVal, val, st.docs[base], segs)
	return f
}

func describeFailure(kw string, kwVal, val any, schemaDoc any, segs []string) string {
	switch kw {
	case "required":
		obj, _ := val.(map[string]any)
		var missing []string
		for _, r := range asList(kwVal) {
			if s, ok := r.(string); ok {
				if _, has := obj[s]; !has {
					missing = append(missing, strconv.Quote(s))
				}
			}
		}
		return "missing required member(s) " + strings.Join(missing, ", ")
	case "additionalProperties":
		parent, _ := lookupPointer(schemaDoc, segs[:len(segs)-1])
		ps, _ := parent.(map[string]any)
		props, _ := ps["properties"].(map[string]any)
		pats, _ := ps["patternProperties"].(map[string]any)
		obj, _ := val.(map[string]any)
		var extra []string
		for k := range obj {
			if _, ok := props[k]; ok {
				continue
			}
			matched := false
			for p := range pats {
				if re, err := regexp.Compile(p); err == nil && re.MatchString(k) {
					matched = true
					break
				}
			}
			if !matched {
				extra = append(extra, strconv.Quote(k))
			}
		}
		sort.Strings(extra)
		return "member(s) " + strings.Join(extra, ", ") + " not allowed here"
	case "type":
		return fmt.Sprintf("%s is not of type %s", jsonKind(val), compact(kwVal))
	case "enum":
		return fmt.Sprintf("%s is not one of %s", compact(val), compact(kwVal))
	case "const":
		return fmt.Sprintf("%s is not %s", compact(val), compact(kwVal))
	case "oneOf":
		return "matches more than one alternative of oneOf"
	case "":
		return "no value is allowed here"
	}
	if b, ok := kwVal.(bool); ok && !b {
		return "no value is allowed here"
	}
	return fmt.Sprintf("%s fails %s %s", compact(val), kw, compact(kwVal))
}

func asList(v any) []any { l, _ := v.([]any); return l }

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number, float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "a value"
}

// compact renders a small JSON value for a message (keys sorted, long
// texts cut).
func compact(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	s := string(b)
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

// pointerSegments splits a JSON Pointer ("" or "/a/b") into unescaped
// segments.
func pointerSegments(p string) []string {
	if p == "" || p == "/" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, s := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return parts
}

func lookupPointer(v any, segs []string) (any, bool) {
	for _, s := range segs {
		switch x := v.(type) {
		case map[string]any:
			n, ok := x[s]
			if !ok {
				return nil, false
			}
			v = n
		case []any:
			i, err := strconv.Atoi(s)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}
