package jsonschema

import (
	"fmt"
	"math/big"
	"regexp"
	"sync"
)

// Schema is a compiled schema. It is safe for concurrent use.
type Schema struct {
	doc   *document
	ptr   string
	res   *resource
	draft Draft
	loc   string // document URL "#" pointer

	always *bool // a boolean schema

	ref, recursiveRef, dynamicRef *Schema
	recursiveAnchor               bool
	dynamicName, dynamicAnchor    string

	types             []string
	enum              []any
	hasEnum           bool
	constVal          any
	hasConst          bool
	format            string
	formatFn          func(string) bool
	minimum, maximum  *big.Rat
	exclMin, exclMax  *big.Rat
	multipleOf        *big.Rat
	minLength         int
	maxLength         int
	minItems          int
	maxItems          int
	minProps          int
	maxProps          int
	minContains       int
	maxContains       int
	pattern           *regexp.Regexp
	required          []string
	uniqueItems       bool
	dependentRequired []dependency

	not, ifS, thenS, elseS   *Schema
	allOf, anyOf, oneOf      []*Schema
	properties               []namedSchema
	patternProps             []patternSchema
	addProps                 *Schema
	addPropsBool             *bool
	dependencies             []dependency
	dependentSchemas         []namedSchema
	propertyNames, contains  *Schema
	unevalProps, unevalItems *Schema
	prefixItems, itemList    []*Schema
	hasItemList              bool
	items, addItems          *Schema
	addItemsBool             *bool

	trackOnce sync.Once
	track     bool // some schema reachable from this one has unevaluated*
}

type namedSchema struct {
	name   string
	schema *Schema
}

type patternSchema struct {
	re     *regexp.Regexp
	src    string
	schema *Schema
}

type dependency struct {
	name     string
	required []string
	isList   bool
	schema   *Schema
}

// Location returns the schema's absolute location: its document's URL and
// a JSON Pointer fragment.
func (s *Schema) Location() string { return s.loc }

// Draft returns the draft the schema was compiled as.
func (s *Schema) Draft() Draft { return s.draft }

func (s *Schema) String() string { return s.loc }

// tracks reports whether validating from s needs the evaluated
// properties and items (some reachable schema has unevaluatedProperties
// or unevaluatedItems).
func (s *Schema) tracks() bool {
	s.trackOnce.Do(func() {
		seen := map[*Schema]bool{}
		stack := []*Schema{s}
		for len(stack) > 0 {
			t := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[t] {
				continue
			}
			seen[t] = true
			if t.unevalProps != nil || t.unevalItems != nil {
				s.track = true
				return
			}
			stack = append(stack, t.inPlace()...)
			stack = append(stack, t.children()...)
			for _, d := range t.res.dynSchemas {
				stack = append(stack, d)
			}
		}
	})
	return s.track
}

var _ = fmt.Sprint
