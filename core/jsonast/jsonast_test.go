package jsonast_test

import (
	"errors"
	"strings"
	"testing"
	"unsafe"

	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/model"
)

func TestDecodeErrors(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"not JSON", `{"smithy": "2.0",`, "t.json:1:18:"},
		{"duplicate key", `{"smithy": "2.0", "smithy": "2.0"}`, "duplicate"},
		{"not an object", `[]`, "expected a JSON AST document to be an object, found array"},
		{"no version", `{}`, "needs a `smithy` version property"},
		{"bad version", `{"smithy": "999"}`, "Unsupported Smithy version number: 999"},
		{"metadata not object", `{"smithy": "2.0", "metadata": "x"}`, "Expected `metadata` to be an object; found string"},
		{"shapes not object", `{"smithy": "2.0", "shapes": []}`, "Expected `shapes` to be an object; found array"},
		{"bad shape ID", `{"smithy": "2.0", "shapes": {"Hi": {"type": "string"}}}`, "Invalid shape ID: Hi"},
		{"unknown type", `{"smithy": "2.0", "shapes": {"a#B": {"type": "strin"}}}`, `unknown type "strin"`},
		{"member ID as shape", `{"smithy": "2.0", "shapes": {"a#B$c": {"type": "string"}}}`, "Shapes of type `string` cannot contain a member in their shape ID"},
		{"relative trait", `{"smithy": "2.0", "shapes": {"a#B": {"type": "string", "traits": {"documentation": "x"}}}}`, "Invalid shape ID: documentation"},
		{"reference not object", `{"smithy": "2.0", "shapes": {"a#Op": {"type": "operation", "input": "a#In"}}}`, "Expected `input` to be an object; found string"},
		{"member without target", `{"smithy": "2.0", "shapes": {"a#S": {"type": "structure", "members": {"m": {}}}}}`, "needs a `target` property"},
	}
	// Only a text that is no AST document at all is ErrNotModel (the
	// reference skips such a JSON file); a broken document is not.
	notModel := map[string]bool{"not an object": true, "no version": true}
	for _, tt := range tests {
		_, err := jsonast.Decode("t.json", []byte(tt.doc))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Decode error = %v, want it to contain %q", tt.name, err, tt.want)
		}
		if got := errors.Is(err, jsonast.ErrNotModel); got != notModel[tt.name] {
			t.Errorf("%s: errors.Is(%v, ErrNotModel) = %v, want %v", tt.name, err, got, notModel[tt.name])
		}
		// DecodeString reads the same text the same way.
		_, serr := jsonast.DecodeString("t.json", tt.doc)
		if serr == nil || err == nil || serr.Error() != err.Error() {
			t.Errorf("%s: DecodeString error = %v, want Decode's %v", tt.name, serr, err)
		}
	}
}

// TestDecodeStringKeepsTheText: the trait values of a document decoded
// from a string are slices of that string (a model keeps its text once),
// and those of Decode are not slices of the caller's bytes (it copies).
func TestDecodeStringKeepsTheText(t *testing.T) {
	text := `{"smithy": "2.0", "shapes": {"a#S": {"type": "string", "traits": {"smithy.api#documentation": "A string.", "smithy.api#length": {"min": 10}}}}}`
	within := func(s, in string) bool {
		p, b := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(in)))
		return p >= b && p+uintptr(len(s)) <= b+uintptr(len(in))
	}
	data := []byte(text)
	for _, tt := range []struct {
		name   string
		decode func() (*model.Document, error)
		in     string // the text the values must lie in, or not
		shared bool
	}{
		{"DecodeString", func() (*model.Document, error) { return jsonast.DecodeString("t.json", text) }, text, true},
		{"Decode", func() (*model.Document, error) { return jsonast.Decode("t.json", data) }, unsafe.String(&data[0], len(data)), false},
	} {
		doc, err := tt.decode()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		traits := doc.Shapes[0].Traits
		if len(traits) != 2 {
			t.Fatalf("%s: %d traits, want 2", tt.name, len(traits))
		}
		doc0 := traits[0].Value.StringValue()
		min := traits[1].Value.Fields()[0].Value.NumberText()
		if doc0 != "A string." || min != "10" {
			t.Fatalf("%s: values %q, %q", tt.name, doc0, min)
		}
		if within(doc0, tt.in) != tt.shared || within(min, tt.in) != tt.shared {
			t.Errorf("%s: the values lie in the given text: %v, %v; want %v", tt.name, within(doc0, tt.in), within(min, tt.in), tt.shared)
		}
	}
}

func TestDecodeWarnsAboutUnknownProperties(t *testing.T) {
	doc, err := jsonast.Decode("t.json", []byte(`{"smithy": "2.0", "shapes": {"a#L": {"type": "list", "member": {"target": "smithy.api#String", "foo": true}, "bar": 1}}}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range doc.Events {
		if e.Severity != model.Warning {
			t.Errorf("event %s: want a WARNING", e)
		}
		got = append(got, e.Shape.String()+": "+e.Message)
	}
	want := []string{
		"a#L: Expected an object with possible properties of `member`, `mixins`, `traits`, `type`, but found additional properties: `bar`",
		"a#L$member: Expected an object with possible properties of `target`, `traits`, but found additional properties: `foo`",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
