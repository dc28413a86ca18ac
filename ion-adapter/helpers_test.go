package ionadapter

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/amazon-ion/ion-go/ion"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// testModel has one shape per row of the seed's Ion mapping table.
const testModel = `$version: "2"
namespace ex

structure Row {
    @required
    id: String
    name: String
    flag: Boolean
    count: Integer
    tags: Tags
}

list Tags { member: String }

@sparse
list SparseInts { member: Integer }

list Ints { member: Integer }

map Counts { key: String, value: Integer }

@range(min: 0, max: 10)
integer Small

@range(min: 1, max: 1.5)
bigDecimal Ratio

@range(min: 0, max: 10)
double Score

@length(max: 3)
blob Short

enum Color { RED, GREEN }

union Choice { a: Integer, b: String }

structure Pair { left: Integer, right: Integer }
`

var (
	modelOnce sync.Once
	theModel  *model.Model
	modelErr  error
)

func testingModel(t testing.TB) *model.Model {
	t.Helper()
	modelOnce.Do(func() {
		a := assembly.New()
		if err := a.AddSource("test.smithy", []byte(testModel)); err != nil {
			modelErr = err
			return
		}
		res, err := a.Assemble()
		switch {
		case err != nil:
			modelErr = err
		case res.HasErrors() || res.Model == nil:
			modelErr = fmt.Errorf("model: %v", res.Events)
		default:
			theModel = res.Model
		}
	})
	if modelErr != nil {
		t.Fatal(modelErr)
	}
	return theModel
}

// validator prepares shape (an absolute ID, or a name in namespace ex).
func validator(t testing.TB, shape string, opts ...sv.Option) *sv.Validator {
	t.Helper()
	if !strings.Contains(shape, "#") {
		shape = "ex#" + shape
	}
	v, err := sv.Prepare(testingModel(t), shapeid.MustParse(shape), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// summary renders findings as sorted "[index ]code path" lines, leaving out
// positions and messages: what must agree between text, binary and JSON.
func summary(fs []sv.Finding) []string {
	out := make([]string, 0, len(fs))
	for _, f := range fs {
		s := ""
		if i, ok := f.Path.Document(); ok {
			s = fmt.Sprintf("[%d] ", i)
		}
		path := f.Path.String()
		if path == "" {
			path = `""`
		}
		out = append(out, s+string(f.Code)+" "+path)
	}
	sort.Strings(out)
	return out
}

// withoutPos returns fs with positions cleared, for comparing text and
// binary input.
func withoutPos(fs []sv.Finding) []sv.Finding {
	out := make([]sv.Finding, len(fs))
	for i, f := range fs {
		f.Pos, f.Related = node.Pos{}, node.Pos{}
		out[i] = f
	}
	return out
}

// toBinary writes the values of Ion text as binary Ion with ion-go's
// binary writer. A top-level $ion_1_0 version marker is left out, as the
// binary stream starts with its own marker.
func toBinary(t testing.TB, text string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := ion.NewBinaryWriter(&buf)
	r := ion.NewReaderString(text)
	copyValues(t, r, w, true)
	if err := w.Finish(); err != nil {
		t.Fatalf("binary writer: %v", err)
	}
	return buf.Bytes()
}

func token(st *ion.SymbolToken) ion.SymbolToken {
	if st.Text != nil {
		return ion.NewSymbolTokenFromString(*st.Text)
	}
	return ion.SymbolToken{LocalSID: st.LocalSID}
}

func copyValues(t testing.TB, r ion.Reader, w ion.Writer, top bool) {
	t.Helper()
	check := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("transcoding: %v", err)
		}
	}
	for r.Next() {
		as, err := r.Annotations()
		check(err)
		if top && len(as) == 0 && r.Type() == ion.SymbolType && !r.IsNull() {
			if st, _ := r.SymbolValue(); st != nil && st.Text != nil && *st.Text == "$ion_1_0" && st.LocalSID == 2 {
				continue
			}
		}
		if r.IsInStruct() {
			fn, err := r.FieldName()
			check(err)
			check(w.FieldName(token(fn)))
		}
		for i := range as {
			check(w.Annotation(token(&as[i])))
		}
		if r.IsNull() {
			check(w.WriteNullType(r.Type()))
			continue
		}
		switch r.Type() {
		case ion.BoolType:
			b, err := r.BoolValue()
			check(err)
			check(w.WriteBool(*b))
		case ion.IntType:
			i, err := r.BigIntValue()
			check(err)
			check(w.WriteBigInt(i))
		case ion.FloatType:
			f, err := r.FloatValue()
			check(err)
			check(w.WriteFloat(*f))
		case ion.DecimalType:
			d, err := r.DecimalValue()
			check(err)
			check(w.WriteDecimal(d))
		case ion.TimestampType:
			ts, err := r.TimestampValue()
			check(err)
			check(w.WriteTimestamp(*ts))
		case ion.SymbolType:
			st, err := r.SymbolValue()
			check(err)
			check(w.WriteSymbol(token(st)))
		case ion.StringType:
			s, err := r.StringValue()
			check(err)
			check(w.WriteString(*s))
		case ion.BlobType:
			b, err := r.ByteValue()
			check(err)
			check(w.WriteBlob(b))
		case ion.ClobType:
			b, err := r.ByteValue()
			check(err)
			check(w.WriteClob(b))
		case ion.ListType, ion.SexpType, ion.StructType:
			begin, end := w.BeginList, w.EndList
			switch r.Type() {
			case ion.SexpType:
				begin, end = w.BeginSexp, w.EndSexp
			case ion.StructType:
				begin, end = w.BeginStruct, w.EndStruct
			}
			check(begin())
			check(r.StepIn())
			copyValues(t, r, w, false)
			check(r.StepOut())
			check(end())
		}
	}
	check(r.Err())
}
