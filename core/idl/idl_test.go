package idl_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// preludeNames stands in for the prelude in these tests.
var preludeNames = map[string]bool{
	"String": true, "Integer": true, "Unit": true, "Boolean": true,
	"required": true, "documentation": true, "default": true, "enumValue": true,
	"input": true, "output": true, "mixin": true, "trait": true, "tags": true,
	"sensitive": true, "length": true, "deprecated": true, "http": true,
}

func definedIn(files ...*idl.File) func(shapeid.ID) bool {
	ids := map[shapeid.ID]bool{}
	for _, f := range files {
		for _, id := range f.Declared() {
			ids[id] = true
		}
	}
	return func(id shapeid.ID) bool {
		return ids[id] || id.Namespace == shapeid.Prelude && preludeNames[id.Name]
	}
}

func load(t *testing.T, src string) (*model.Document, []idl.Event) {
	t.Helper()
	f, err := idl.Parse("test.smithy", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	doc, events, err := f.LowerWithEvents(definedIn(f))
	if err != nil {
		t.Fatalf("Lower: %v", err)
	}
	return doc, events
}

// dump renders a document compactly, one definition a line.
func dump(doc *model.Document) string {
	var b strings.Builder
	fmt.Fprintf(&b, "version %s\n", doc.Version)
	for _, m := range doc.Metadata {
		fmt.Fprintf(&b, "metadata %s = %s\n", m.Key, render(m.Value))
	}
	for _, s := range doc.Shapes {
		e := s.Props()
		fmt.Fprintf(&b, "%s %s", s.Type, s.ID)
		if len(s.Mixins()) > 0 {
			fmt.Fprintf(&b, " with %v", s.Mixins())
		}
		if !e.ForResource.IsZero() {
			fmt.Fprintf(&b, " for %s", e.ForResource)
		}
		props := []struct {
			name string
			id   shapeid.ID
		}{{"input", e.Input}, {"output", e.Output}, {"create", e.Create}, {"put", e.Put}, {"read", e.Read},
			{"update", e.Update}, {"delete", e.Delete}, {"list", e.List}}
		for _, p := range props {
			if !p.id.IsZero() {
				fmt.Fprintf(&b, " %s=%s", p.name, p.id)
			}
		}
		if e.Version != "" {
			fmt.Fprintf(&b, " version=%q", e.Version)
		}
		for _, l := range []struct {
			name string
			ids  []shapeid.ID
		}{{"operations", e.Operations}, {"resources", e.Resources}, {"errors", e.Errors}, {"collectionOperations", e.CollectionOperations}} {
			if len(l.ids) > 0 {
				fmt.Fprintf(&b, " %s=%v", l.name, l.ids)
			}
		}
		for _, l := range []struct {
			name string
			nt   []model.NamedTarget
		}{{"identifiers", e.Identifiers}, {"properties", e.Properties}, {"rename", e.Rename}} {
			if len(l.nt) > 0 {
				var parts []string
				for _, n := range l.nt {
					parts = append(parts, n.Name+":"+n.Target.String())
				}
				fmt.Fprintf(&b, " %s={%s}", l.name, strings.Join(parts, " "))
			}
		}
		b.WriteByte('\n')
		traits(&b, "  ", s.Traits)
		for _, m := range s.Members {
			if m.Elided() {
				fmt.Fprintf(&b, "  $%s\n", m.Name)
			} else {
				fmt.Fprintf(&b, "  %s: %s\n", m.Name, m.Target)
			}
			traits(&b, "    ", m.Traits())
		}
	}
	for _, a := range doc.Applies {
		fmt.Fprintf(&b, "apply %s\n", a.Target)
		traits(&b, "  ", a.Traits)
	}
	return b.String()
}

func traits(b *strings.Builder, indent string, ts []model.Trait) {
	for _, t := range ts {
		fmt.Fprintf(b, "%s@%s %s\n", indent, t.ID, render(t.Value))
	}
}

func render(n node.Node) string {
	switch n.Kind() {
	case node.Null:
		return "null"
	case node.Bool:
		return strconv.FormatBool(n.BoolValue())
	case node.Number:
		return n.NumberText()
	case node.String:
		return strconv.Quote(n.StringValue())
	case node.Array:
		var parts []string
		for _, e := range n.Elems() {
			parts = append(parts, render(e))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	var parts []string
	for _, f := range n.Fields() {
		parts = append(parts, strconv.Quote(f.Key)+":"+render(f.Value))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func TestConstructs(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		want string
	}{
		{
			name: "empty file is 1.0",
			src:  "",
			want: "version 1.0\n",
		},
		{
			name: "version 2 normalized",
			src:  "$version: \"2\"\nnamespace a.b\nstring S\n",
			want: "version 2.0\nstring a.b#S\n",
		},
		{
			name: "version as quoted key",
			src:  "$\"version\": \"1\"\n",
			want: "version 1.0\n",
		},
		{
			name: "simple shapes",
			src: "$version: \"2.0\"\nnamespace ex\n" +
				"blob A\nboolean B\ndocument C\nstring D\nbyte E\nshort F\ninteger G\nlong H\n" +
				"float I\ndouble J\nbigInteger K\nbigDecimal L\ntimestamp M\n",
			want: "version 2.0\nblob ex#A\nboolean ex#B\ndocument ex#C\nstring ex#D\nbyte ex#E\nshort ex#F\n" +
				"integer ex#G\nlong ex#H\nfloat ex#I\ndouble ex#J\nbigInteger ex#K\nbigDecimal ex#L\ntimestamp ex#M\n",
		},
		{
			name: "metadata with syntactic shape IDs resolving to the prelude",
			src:  "$version: \"2\"\nmetadata a = [1, -2.50e+3, true, null, required, x.y#Z]\nmetadata \"b\" = {k: \"v\", \"q\": []}\n",
			want: "version 2.0\nmetadata a = [1,-2.50e+3,true,null,\"smithy.api#required\",\"x.y#Z\"]\nmetadata b = {\"k\":\"v\",\"q\":[]}\n",
		},
		{
			name: "structure members, defaults and optional commas",
			src:  "$version: \"2\"\nnamespace ex\nstructure S {\n  a: String = \"x\",\n  @required\n  b: Integer = 1\n  c: smithy.api#Boolean, d: S\n}\n",
			want: "version 2.0\nstructure ex#S\n  a: smithy.api#String\n    @smithy.api#default \"x\"\n" +
				"  b: smithy.api#Integer\n    @smithy.api#required null\n    @smithy.api#default 1\n" +
				"  c: smithy.api#Boolean\n  d: ex#S\n",
		},
		{
			name: "list, map, union",
			src:  "$version: \"2\"\nnamespace ex\nlist L { member: String }\nmap M { key: String, value: L }\nunion U { a: String\n b: Integer }\n",
			want: "version 2.0\nlist ex#L\n  member: smithy.api#String\nmap ex#M\n  key: smithy.api#String\n  value: ex#L\n" +
				"union ex#U\n  a: smithy.api#String\n  b: smithy.api#Integer\n",
		},
		{
			name: "set in 1.0",
			src:  "namespace ex\nset S { member: String }\n",
			want: "version 1.0\nset ex#S\n  member: smithy.api#String\n",
		},
		{
			name: "enum and intEnum",
			src:  "$version: \"2\"\nnamespace ex\nenum E {\n  A\n  B = \"b\",\n  @deprecated C\n}\nintEnum I { X = 1\n Y = -2\n}\n",
			want: "version 2.0\nenum ex#E\n  A: smithy.api#Unit\n  B: smithy.api#Unit\n    @smithy.api#enumValue \"b\"\n" +
				"  C: smithy.api#Unit\n    @smithy.api#deprecated null\n" +
				"intEnum ex#I\n  X: smithy.api#Unit\n    @smithy.api#enumValue 1\n  Y: smithy.api#Unit\n    @smithy.api#enumValue -2\n",
		},
		{
			name: "mixins and elided members",
			src: "$version: \"2\"\nnamespace ex\n@mixin\nstructure M { a: String }\n" +
				"structure S with [M] {\n  $a\n}\nstring T with [\n  X\n  Y\n]\n",
			want: "version 2.0\nstructure ex#M\n  @smithy.api#mixin null\n  a: smithy.api#String\n" +
				"structure ex#S with [ex#M]\n  $a\nstring ex#T with [ex#X ex#Y]\n",
		},
		{
			name: "for resource binding",
			src:  "$version: \"2\"\nnamespace ex\nresource R { identifiers: { id: String }, properties: { p: String } }\nstructure S for R with [M] { $id }\n",
			want: "version 2.0\nresource ex#R identifiers={id:smithy.api#String} properties={p:smithy.api#String}\n" +
				"structure ex#S with [ex#M] for ex#R\n  $id\n",
		},
		{
			name: "service and resource bodies",
			src: "$version: \"2\"\nnamespace ex\nuse other#Thing\n" +
				"service Svc { version: \"2024-01-01\", operations: [Op], resources: [R], errors: [\"E\"], rename: { \"other#Thing\": \"OtherThing\" } }\n" +
				"resource R { identifiers: { id: String }, create: Op, put: Op, read: Op, update: Op, delete: Op, list: Op, operations: [Op], collectionOperations: [Op], resources: [Thing] }\n",
			want: "version 2.0\nservice ex#Svc version=\"2024-01-01\" operations=[ex#Op] resources=[ex#R] errors=[ex#E] rename={OtherThing:other#Thing}\n" +
				"resource ex#R create=ex#Op put=ex#Op read=ex#Op update=ex#Op delete=ex#Op list=ex#Op operations=[ex#Op] resources=[other#Thing] collectionOperations=[ex#Op] identifiers={id:smithy.api#String}\n",
		},
		{
			name: "operation with targets",
			src:  "$version: \"2\"\nnamespace ex\noperation Op {\n  input: In\n  output: smithy.api#Unit\n  errors: [E1, E2]\n}\n",
			want: "version 2.0\noperation ex#Op input=ex#In output=smithy.api#Unit errors=[ex#E1 ex#E2]\n",
		},
		{
			name: "inline input and output",
			src:  "$version: \"2\"\nnamespace ex\noperation Op {\n  input := @sensitive {\n    a: String\n  }\n  output := with [M] {}\n}\n",
			want: "version 2.0\nstructure ex#OpInput\n  @smithy.api#sensitive null\n  @smithy.api#input {}\n  a: smithy.api#String\n" +
				"structure ex#OpOutput with [ex#M]\n  @smithy.api#output {}\n" +
				"operation ex#Op input=ex#OpInput output=ex#OpOutput\n",
		},
		{
			name: "inline IO trait written and implied",
			src:  "$version: \"2\"\nnamespace ex\noperation Op {\n  input := @input {}\n  output := @output({})\n  {}\n}\n",
			want: "version 2.0\nstructure ex#OpInput\n  @smithy.api#input null\nstructure ex#OpOutput\n  @smithy.api#output {}\noperation ex#Op input=ex#OpInput output=ex#OpOutput\n",
		},
		{
			name: "inline IO with custom suffixes",
			src:  "$version: \"2\"\n$operationInputSuffix: \"Request\"\n$operationOutputSuffix: \"Response\"\nnamespace ex\noperation Op { input := {}, output := {} }\n",
			want: "version 2.0\nstructure ex#OpRequest\n  @smithy.api#input {}\nstructure ex#OpResponse\n  @smithy.api#output {}\noperation ex#Op input=ex#OpRequest output=ex#OpResponse\n",
		},
		{
			name: "trait forms",
			src: "$version: \"2\"\nnamespace ex\n" +
				"@a\n@b()\n@c(\"s\")\n@d(1.50)\n@e(k: 1, \"q\": [x], r: {})\n@f([1, 2])\n@g({a: null})\n@h(S$m)\n@i(true)\n@j(\"k\": \"v\")\n" +
				"string S\n",
			want: "version 2.0\nstring ex#S\n  @ex#a null\n  @ex#b null\n  @ex#c \"s\"\n  @ex#d 1.50\n" +
				"  @ex#e {\"k\":1,\"q\":[\"ex#x\"],\"r\":{}}\n  @ex#f [1,2]\n  @ex#g {\"a\":null}\n  @ex#h \"ex#S$m\"\n  @ex#i true\n  @ex#j {\"k\":\"v\"}\n",
		},
		{
			name: "doc comments",
			src:  "$version: \"2\"\nnamespace ex\n/// First shape\n/// second line\nstring A\n\n///No space\n@deprecated\nstructure B {\n  /// member doc\n  m: String\n}\n",
			want: "version 2.0\nstring ex#A\n  @smithy.api#documentation \"First shape\\nsecond line\"\n" +
				"structure ex#B\n  @smithy.api#deprecated null\n  @smithy.api#documentation \"No space\"\n  m: smithy.api#String\n" +
				"    @smithy.api#documentation \"member doc\"\n",
		},
		{
			name: "apply single and block",
			src:  "$version: \"2\"\nnamespace ex\nstring S\napply S @deprecated\napply S$m {\n  @required\n  @length(min: 1)\n}\napply S {}\n",
			want: "version 2.0\nstring ex#S\napply ex#S\n  @smithy.api#deprecated null\napply ex#S$m\n  @smithy.api#required null\n  @smithy.api#length {\"min\":1}\napply ex#S\n",
		},
		{
			name: "use and resolution order",
			src: "$version: \"2\"\nnamespace ex\nuse other#Imported\nuse other#String\n" +
				"structure S { a: Imported, b: String, c: Integer, d: Local, e: Unknown, f: x.y#Abs$m }\nstring Local\n",
			want: "version 2.0\nstructure ex#S\n  a: other#Imported\n  b: other#String\n  c: smithy.api#Integer\n  d: ex#Local\n  e: ex#Unknown\n  f: x.y#Abs$m\nstring ex#Local\n",
		},
		{
			name: "local shape shadows prelude",
			src:  "$version: \"2\"\nnamespace ex\nstring String\nlist L { member: String }\n",
			want: "version 2.0\nstring ex#String\nlist ex#L\n  member: ex#String\n",
		},
		{
			name: "strings and escapes",
			src:  "$version: \"2\"\nnamespace ex\n@documentation(\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00 \\\ne\")\nstring S\n",
			want: "version 2.0\nstring ex#S\n  @smithy.api#documentation \"a\\\"b\\\\c/d\\b\\f\\n\\r\\té😀 e\"\n",
		},
		{
			name: "string line endings normalized",
			src:  "$version: \"2\"\r\nnamespace ex\r\n@documentation(\"a\r\nb\rc\")\r\nstring S\r\n",
			want: "version 2.0\nstring ex#S\n  @smithy.api#documentation \"a\\nb\\nc\"\n",
		},
		{
			name: "text block incidental whitespace",
			src: "$version: \"2\"\nnamespace ex\n@documentation(\"\"\"\n    Hello\n      indented\n\n    \"quoted\" \\n\n    \"\"\")\nstring S\n" +
				"@documentation(\"\"\"\n  a\n  b\"\"\")\nstring T\n",
			want: "version 2.0\nstring ex#S\n  @smithy.api#documentation \"Hello\\n  indented\\n\\n\\\"quoted\\\" \\n\\n\"\n" +
				"string ex#T\n  @smithy.api#documentation \"a\\nb\"\n",
		},
		{
			name: "comments everywhere",
			src:  "// c\n$version: \"2\" // c\n// c\nnamespace ex // c\n// c\nstructure S { // c\n  // c\n  a: String // c\n} // c\n",
			want: "version 2.0\nstructure ex#S\n  a: smithy.api#String\n",
		},
		{
			name: "numbers keep their text",
			src:  "$version: \"2\"\nmetadata n = [0, -0, 1e400, 0.10, 123456789012345678901234567890, 007]\n",
			want: "version 2.0\nmetadata n = [0,-0,1e400,0.10,123456789012345678901234567890,7]\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, _ := load(t, tc.src)
			if got := dump(doc); got != tc.want {
				t.Errorf("%s:\ngot:\n%s\nwant:\n%s", tc.name, got, tc.want)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		src       string
		line, col int32
		msg       string
	}{
		{"missing namespace", "string S\n", 1, 1, "Expected a namespace definition but found IDENTIFIER('string')"},
		{"unclosed structure", "namespace ex\nstructure S {\n  a: String\n", 4, 1, "Expected RBRACE('}') but found EOF"},
		{"member without colon", "namespace ex\nstructure S {\n  a String\n}\n", 3, 5, "Expected COLON(':') but found IDENTIFIER('String')"},
		{"unknown shape type", "namespace ex\nstruct S {}\n", 2, 1, "Unknown shape type: struct"},
		{"no line break", "namespace ex\nstring A string B\n", 2, 10, "Expected a line break, but found IDENTIFIER('string')"},
		{"unclosed string", "namespace ex\n@documentation(\"abc\nstring S\n", 4, 1, "Expected: '\"', but found '[EOF]'"},
		{"unclosed text block", "namespace ex\n@documentation(\"\"\"\n  abc\n", 4, 1, "Expected: '\"', but found '[EOF]'"},
		{"text block without new line", "namespace ex\n@documentation(\"\"\"abc\"\"\")\nstring S\n", 2, 16, "Text block must start with a new line"},
		{"invalid escape", "namespace ex\n@documentation(\"\\q\")\nstring S\n", 2, 16, "Invalid escape found in string: `\\q`"},
		{"bad unicode escape", "namespace ex\n@documentation(\"\\u12x4\")\nstring S\n", 2, 16, "Invalid unicode escape character: `x`"},
		{"unpaired surrogate", "namespace ex\n@documentation(\"\\ud800\")\nstring S\n", 2, 16, "unpaired surrogate"},
		{"control character in string", "namespace ex\n@documentation(\"a\x01\")\nstring S\n", 2, 16, "Invalid string character"},
		{"bad number", "namespace ex\n@foo(1.)\nstring S\n", 2, 6, "Invalid number '1.': '.' must be followed by a digit"},
		{"unexpected character", "namespace ex\nstring S%\n", 2, 9, "Unexpected character: '%'"},
		{"single slash", "namespace ex\n/ x\n", 2, 1, "Expected a '/' to follow '/' to form a comment."},
		{"invalid UTF-8", "namespace ex\n// ok\nstring S \xff\n", 3, 10, "Invalid UTF-8"},
		{"unsupported version", "$version: \"3\"\n", 1, 14, "Unsupported Smithy version number: 3"},
		{"version not a string", "$version: 2\n", 1, 11, "must have a string value, but found 2"},
		{"duplicate control", "$version: \"2\"\n$version: \"2\"\n", 2, 11, "Duplicate control statement `version`"},
		{"duplicate member", "namespace ex\nstructure S {\n  a: String\n  a: String\n}\n", 4, 3, "Duplicate member of `ex#S`: 'a'"},
		{"duplicate object key", "metadata m = {a: 1, a: 2}\n", 1, 21, "Duplicate member: 'a'"},
		// Past 16 members a map finds the repeated name (newMemberName).
		{"duplicate member of many", "namespace ex\nstructure S {\n  m0: String\n  m1: String\n  m2: String\n  m3: String\n  m4: String\n  m5: String\n  m6: String\n  m7: String\n  m8: String\n  m9: String\n  m10: String\n  m11: String\n  m12: String\n  m13: String\n  m14: String\n  m15: String\n  m16: String\n  m17: String\n  m18: String\n  m19: String\n  m3: String\n}\n", 23, 3, "Duplicate member of `ex#S`: 'm3'"},
		{"duplicate member among few", "namespace ex\nstructure S {\n  m0: String\n  m1: String\n  m2: String\n  m3: String\n  m4: String\n  m5: String\n  m6: String\n  m7: String\n  m8: String\n  m9: String\n  m10: String\n  m11: String\n  m12: String\n  m13: String\n  m14: String\n  m14: String\n}\n", 18, 3, "Duplicate member of `ex#S`: 'm14'"},
		{"duplicate enum member of many", "$version: \"2\"\nnamespace ex\nenum E {\n  M0\n  M1\n  M2\n  M3\n  M4\n  M5\n  M6\n  M7\n  M8\n  M9\n  M10\n  M11\n  M12\n  M13\n  M14\n  M15\n  M16\n  M17\n  M18\n  M19\n  M19\n}\n", 24, 3, "Found conflicting member name, `M19`"},
		{"duplicate trait key", "namespace ex\n@foo(a: 1, a: 2)\nstring S\n", 2, 12, "Duplicate member of trait: 'a'"},
		{"use with member", "namespace ex\nuse a#B$c\n", 2, 5, "Use statements cannot use members"},
		{"conflicting use", "namespace ex\nuse a#B\nuse c#B\n", 3, 5, "Cannot use name `c#B` because it conflicts with `a#B`"},
		{"shape conflicts with use", "namespace ex\nuse a#B\nstring B\n", 3, 8, "Shape name `B` conflicts with imported shape `a#B`"},
		{"mixins in 1.0", "namespace ex\nstring A with [B]\n", 2, 10, "Mixins can only be used with Smithy version 2 or later"},
		{"default in 1.0", "namespace ex\nstructure S {\n  a: String = \"\"\n}\n", 3, 13, "@default assignment is only supported in IDL version 2 or later"},
		{"elision in 1.0", "namespace ex\nstructure S {\n  $a\n}\n", 3, 4, "Members can only elide targets in IDL version 2 or later"},
		{"inline IO in 1.0", "namespace ex\noperation O {\n  input := {}\n}\n", 3, 11, "Inlined operation inputs and outputs can only be used with Smithy version 2"},
		{"enum in 1.0", "namespace ex\nenum E { A }\n", 2, 1, "enum shapes cannot be used in Smithy version 1.0"},
		{"set in 2.0", "$version: \"2\"\nnamespace ex\nset S { member: String }\n", 3, 1, "set shapes cannot be used in Smithy version 2.0"},
		{"enum value not string", "$version: \"2\"\nnamespace ex\nenum E { A = 1 }\n", 3, 14, "enum members can only be assigned string values, but found: 1"},
		{"intEnum value float", "$version: \"2\"\nnamespace ex\nintEnum E { A = 1.5 }\n", 3, 17, "intEnum members do not support floating point values"},
		{"intEnum value too big", "$version: \"2\"\nnamespace ex\nintEnum E { A = 2147483648 }\n", 3, 17, "intEnum members must fit within an integer, but found: 2147483648"},
		{"unknown operation property", "namespace ex\noperation O { foo: Bar }\n", 2, 18, "Unknown property foo for ex#O"},
		{"duplicate operation property", "namespace ex\noperation O {\n  input: A\n  input: B\n}\n", 4, 3, "Duplicate operation input property for `ex#O`"},
		{"traits on apply", "namespace ex\n@deprecated\napply S @required\n", 3, 1, "Traits applied to apply statement"},
		{"trait at end of file", "namespace ex\n@deprecated\n", 3, 1, "Expected IDENTIFIER but found EOF"},
		{"walrus in node", "namespace ex\n@foo(a := 1)\nstring S\n", 2, 8, "Expected COLON(':') but found WALRUS(':=')"},
		{"resource properties in 1.0", "namespace ex\nresource R { properties: {} }\n", 2, 30, "Resource properties can only be used with Smithy version 2 or later"},
		{"service version not a string", "namespace ex\nservice S { version: 1 }\n", 2, 22, "Expected `version` to be a string, but found number 1"},
		{"bad shape ID in trait value", "namespace ex\n@foo(a#b#c)\nstring S\n", 2, 9, "Expected RPAREN(')') but found POUND('#')"},
		{"underscore-only identifier", "namespace ex\nstring __ {}\n", 2, 10, "Expected a valid identifier character, but found ' '"},
		{"unknown suffix type", "$operationInputSuffix: 1\n", 1, 24, "must have a string value"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := idl.Parse("test.smithy", []byte(tc.src))
			if err == nil {
				t.Fatalf("%s: no error", tc.name)
			}
			e, ok := err.(*idl.Error)
			if !ok {
				t.Fatalf("%s: error %T, want *idl.Error", tc.name, err)
			}
			if e.Pos.Line != tc.line || e.Pos.Column != tc.col || !strings.Contains(e.Msg, tc.msg) || e.File != "test.smithy" {
				t.Errorf("%s:\ngot  %s\nwant test.smithy:%d:%d: ...%s...", tc.name, e, tc.line, tc.col, tc.msg)
			}
		})
	}
}

func TestLowerErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		src       string
		line, col int32
		shape     string
		msg       string
	}{
		{"default trait in 1.0", "namespace ex\nstructure S {\n  @default(1)\n  a: Integer\n}\n", 3, 3, "ex#S$a", "The @default trait can only be used in Smithy 2.0 or later"},
		{"mixin trait in 1.0", "namespace ex\n@mixin\nstructure S {}\n", 2, 1, "ex#S", "Mixins can only be used in Smithy 2.0 or later"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := idl.Parse("test.smithy", []byte(tc.src))
			if err != nil {
				t.Fatalf("%s: Parse: %v", tc.name, err)
			}
			_, err = f.Lower(definedIn(f))
			e, ok := err.(*idl.Error)
			if !ok {
				t.Fatalf("%s: error %v, want *idl.Error", tc.name, err)
			}
			if e.Pos.Line != tc.line || e.Pos.Column != tc.col || e.Shape.String() != tc.shape || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("%s:\ngot  %s\nwant %d:%d %s ...%s...", tc.name, e, tc.line, tc.col, tc.shape, tc.msg)
			}
		})
	}
}

func TestDepthLimit(t *testing.T) {
	for _, open := range []string{"[", "{a:"} {
		src := "namespace ex\n@foo(" + strings.Repeat(open, 100000) + ")\nstring S\n"
		_, err := idl.Parse("deep.smithy", []byte(src))
		e, ok := err.(*idl.Error)
		if !ok || e.Pos.Line != 2 || !strings.Contains(e.Msg, "maximum allowed depth") {
			t.Errorf("%q nested 100000 times: got %v, want a located depth error on line 2", open, err)
		}
	}
	ok := "namespace ex\n@foo(" + strings.Repeat("[", idl.MaxDepth) + strings.Repeat("]", idl.MaxDepth) + ")\nstring S\n"
	if _, err := idl.Parse("ok.smithy", []byte(ok)); err != nil {
		t.Errorf("%d levels: %v", idl.MaxDepth, err)
	}
}

func TestTruncated(t *testing.T) {
	src := "$version: \"2\"\nnamespace ex\n/// doc\n@http(method: \"GET\", uri: \"/\")\noperation O {\n  input := {\n    @required\n    a: String = \"x\"\n  }\n  errors: [E]\n}\n"
	for i := 0; i < len(src); i++ {
		f, err := idl.Parse("t.smithy", []byte(src[:i]))
		if err != nil {
			if _, ok := err.(*idl.Error); !ok {
				t.Fatalf("prefix %d: error %T", i, err)
			}
			continue
		}
		if _, err := f.Lower(definedIn(f)); err != nil {
			t.Fatalf("prefix %d parsed but did not lower: %v", i, err)
		}
	}
}

func TestEvents(t *testing.T) {
	_, events := load(t, "$version: \"2\"\n$custom: 1\nnamespace ex\nuse other#Missing\n/// dangling\n\n@foo(Nowhere)\nstring S /// trailing\n")
	var got []string
	for _, e := range events {
		got = append(got, fmt.Sprintf("%s %s %s %s", e.Severity, e.ID, e.Pos, e.Msg))
	}
	want := []string{
		"WARNING Model 2:10 Unknown control statement `custom` with value `1`",
		"WARNING Model.BadDocumentationComment 8:10 Found documentation comments ('///') attached to nothing. Documentation comments must appear on their own lines, directly before shapes and members, and before any traits. The invalid comments were: trailing",
		"WARNING Model 4:5 Use statement refers to undefined shape: other#Missing",
		"DANGER SyntacticShapeIdTarget 7:6 Syntactic shape ID `Nowhere` does not resolve to a valid shape ID: `ex#Nowhere`. Did you mean to quote this string? Are you missing a model file?",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events:\ngot:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDroppedShapes: a shape the loader cannot build is an ERROR event and
// is left out of the document; the rest of the file loads.
func TestDroppedShapes(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"empty enum", "$version: \"2\"\nnamespace ex\nenum E {}\nstring Kept\n", "ERROR Model ex#E 3:1 enum must have at least one entry"},
		{"empty intEnum", "$version: \"2\"\nnamespace ex\n@mixin\nintEnum E {}\nstring Kept\n", "ERROR Model ex#E 4:1 intEnum shapes must have at least one member"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, events := load(t, tc.src)
			var got []string
			for _, e := range events {
				got = append(got, fmt.Sprintf("%s %s %s %s %s", e.Severity, e.ID, e.Shape, e.Pos, e.Msg))
			}
			if strings.Join(got, "\n") != tc.want {
				t.Errorf("events %q, want %q", got, tc.want)
			}
			if len(doc.Shapes) != 1 || doc.Shapes[0].ID.Name != "Kept" {
				t.Errorf("shapes %v, want only ex#Kept", doc.Shapes)
			}
		})
	}
}

func TestDeclared(t *testing.T) {
	f, err := idl.Parse("d.smithy", []byte("$version: \"2\"\nnamespace ex\nstring A\noperation Op { input := {} }\napply A @deprecated\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(f.Declared())
	if want := "[ex#A ex#OpInput ex#Op]"; got != want {
		t.Errorf("Declared() = %s, want %s", got, want)
	}
	if got, want := fmt.Sprint(slices.Collect(f.DeclaredNames())), "[A OpInput Op]"; got != want {
		t.Errorf("DeclaredNames() = %s, want %s", got, want)
	}
	if f.Version() != "2.0" || f.Namespace() != "ex" || f.Name() != "d.smithy" {
		t.Errorf("Version, Namespace, Name = %q, %q, %q", f.Version(), f.Namespace(), f.Name())
	}
}

func TestPositions(t *testing.T) {
	doc, _ := load(t, "$version: \"2\"\nnamespace ex\n\n@tags([\"a\"])\nstructure S {\n    m: String = 1\n}\n")
	s := doc.Shapes[0]
	check := func(what string, p node.Pos, line, col int32) {
		t.Helper()
		if p.Line != line || p.Column != col {
			t.Errorf("%s at %s, want %d:%d", what, p, line, col)
		}
	}
	check("shape", s.Source.Pos, 5, 1)
	check("trait", s.Traits[0].Source.Pos, 4, 1)
	check("trait value", s.Traits[0].Value.Pos(), 4, 7)
	check("array element", s.Traits[0].Value.Elems()[0].Pos(), 4, 8)
	check("member", s.Members[0].Pos, 6, 5)
	if f := s.MemberSource(&s.Members[0]).File; f != "test.smithy" {
		t.Errorf("member's file %q", f)
	}
	check("default", s.Members[0].Traits()[0].Value.Pos(), 6, 17)
	if s.Source.File != "test.smithy" {
		t.Errorf("file %q", s.Source.File)
	}
}
