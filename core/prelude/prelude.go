// Package prelude holds the smithy.api prelude: the simple shapes (String,
// Integer, PrimitiveInteger, ...), Unit, and the trait definitions that
// every Smithy model can use without importing them.
//
// The prelude is written as a Smithy IDL file (prelude.smithy, embedded in
// the package) and loaded with package [idl] the first time it is needed.
package prelude

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
)

//go:embed prelude.smithy
var source []byte

// FileName is the name the prelude's definitions carry in their source
// locations.
const FileName = "smithy.api#prelude.smithy"

var load = sync.OnceValues(func() (*model.Document, map[shapeid.ID]bool) {
	f, err := idl.Parse(FileName, source)
	if err != nil {
		panic(fmt.Sprintf("prelude: embedded prelude does not parse: %v", err))
	}
	ids := map[shapeid.ID]bool{}
	for _, id := range f.Declared() {
		ids[id] = true
	}
	doc, err := f.Lower(func(id shapeid.ID) bool { return ids[id] })
	if err != nil {
		panic(fmt.Sprintf("prelude: embedded prelude does not load: %v", err))
	}
	for _, s := range doc.Shapes {
		for _, m := range s.Members {
			ids[s.ID.WithMember(m.Name)] = true
		}
	}
	return doc, ids
})

// Source returns the text of the prelude file.
func Source() []byte { return append([]byte(nil), source...) }

// Document returns the prelude as a loaded document, ready to be assembled
// with a model's own documents. It is parsed once and shared: callers must
// treat it as read-only. It is safe for concurrent use.
func Document() *model.Document {
	doc, _ := load()
	return doc
}

// IsPreludeID reports whether id names a shape or member defined by the
// prelude.
func IsPreludeID(id shapeid.ID) bool {
	if id.Namespace != shapeid.Prelude {
		return false
	}
	_, ids := load()
	return ids[id]
}
