package wirejson_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/internal/wirejson"
)

// referenceCheck is Check written the slow, obvious way, as an oracle:
// encoding/json's token reader walks the value, a member is compared
// with its struct's fields as encoding/json compares them, and any
// syntax error leaves the verdict to encoding/json (nil).
func referenceCheck(data []byte, t reflect.Type) error {
	d := json.NewDecoder(strings.NewReader(string(data)))
	d.UseNumber()
	err := refWalk(d, t, "")
	var e *wirejson.Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

func refWalk(d *json.Decoder, t reflect.Type, path string) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct && t.Kind() != reflect.Slice || t == reflect.TypeOf(json.RawMessage(nil)) ||
		t.Kind() == reflect.Slice && refElem(t).Kind() != reflect.Struct {
		var raw json.RawMessage
		return d.Decode(&raw)
	}
	tok, err := d.Token()
	if err != nil {
		return err
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch {
	case delim == '{' && t.Kind() == reflect.Struct:
		fields := refFields(t)
		seen := map[string]bool{}
		for d.More() {
			tok, err := d.Token()
			if err != nil {
				return err
			}
			name := tok.(string)
			ft, known := fields[name]
			if !known {
				for _, want := range sortedKeys(fields) {
					if strings.EqualFold(want, name) {
						return &wirejson.Error{Path: path, Name: name, Want: want}
					}
				}
				if err := refWalk(d, nil, ""); err != nil {
					return err
				}
				continue
			}
			if seen[name] {
				return &wirejson.Error{Path: path, Name: name}
			}
			seen[name] = true
			if err := refWalk(d, ft, path+"."+name); err != nil {
				return err
			}
		}
		_, err := d.Token()
		return err
	case delim == '[' && t.Kind() == reflect.Slice:
		for i := 0; d.More(); i++ {
			if err := refWalk(d, t.Elem(), path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		_, err := d.Token()
		return err
	}
	for depth := 1; depth > 0; {
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

func refElem(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Slice || t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// refFields: the test types' members, read from their tags (no embedded
// pointers or tag options among them).
func refFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	var embedded []reflect.Type
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-":
		case f.Anonymous && name == "":
			embedded = append(embedded, f.Type)
		case f.IsExported() && name == "":
			out[f.Name] = f.Type
		case f.IsExported():
			out[name] = f.Type
		}
	}
	for _, et := range embedded {
		for name, ft := range refFields(et) {
			if _, taken := out[name]; !taken {
				out[name] = ft
			}
		}
	}
	return out
}

func sortedKeys(m map[string]reflect.Type) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

var referenceSeeds = []string{
	`{"service":"s","models":[{"path":"p"},{"text":"t"}],"limits":{"depth":4},"value":{"a":1,"a":2},"future":[1,{"x":2}]}`,
	`{"service":"s","service":"t"}`,
	`{"models":[{"path":"p","Path":"q"}]}`,
	`{"models":[{"path":"p"},{"path":"p","path":"q"}]}`,
	`{"SERVICE":1}`,
	`{"ſhape":"x"}`,
	`{"\u0073ervice":"s","service":"t"}`,
	`{"models":{"path":"p"},"models":[]}`,
	`{"models":[1,"x",null,{"text":"a\"b"}],"shape":true}`,
	`{"limits":{"depth":1,"Depth":2}}`,
	`{"value":[[[{"a":{"b":[1,2e5,-0.5E-3]}}]]],"value":1}`,
	`{"future":[1 2],"service":"s","service":"t"}`,
	`{"future":tru,"service":"s","service":"t"}`,
	`{"future":01,"service":"s","service":"t"}`,
	`{"future":"\x","service":"s","service":"t"}`,
	`{"future":{"a":1],"service":"s","service":"t"}`,
	`{"future":[},"service":"s","service":"t"}`,
	`{"meta":{"a":1,"a":2},"Plain":1,"plain":2}`,
	`[{"service":"s"}]`,
	`"text"`,
	`{"models":[{"path":"p"}`,
	` { "service" : "s" , "service" : "t" } `,
	"{\"service\":\"s\x01\",\"service\":1}",
	`{"kind":"a","kind":"b"`,
}

// TestCheckAsReference: Check agrees with the token-walking oracle on
// hand-written lines, well and badly written.
func TestCheckAsReference(t *testing.T) {
	typ := reflect.TypeOf(&params{})
	for _, in := range referenceSeeds {
		got, want := wirejson.Check([]byte(in), typ), referenceCheck([]byte(in), typ)
		if !sameError(got, want) {
			t.Errorf("Check(%s) = %v, the reference says %v", in, got, want)
		}
	}
}

func FuzzCheckAsReference(f *testing.F) {
	for _, in := range referenceSeeds {
		f.Add(in)
	}
	typ := reflect.TypeOf(&params{})
	f.Fuzz(func(t *testing.T, in string) {
		got, want := wirejson.Check([]byte(in), typ), referenceCheck([]byte(in), typ)
		if !sameError(got, want) {
			t.Errorf("Check(%q) = %v, the reference says %v", in, got, want)
		}
	})
}

func sameError(a, b error) bool {
	var ea, eb *wirejson.Error
	if errors.As(a, &ea) != errors.As(b, &eb) {
		return false
	}
	return ea == nil || *ea == *eb
}
