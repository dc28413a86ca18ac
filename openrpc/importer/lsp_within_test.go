package importer

import (
	"strings"
	"testing"
)

// lspAny is the meta model's LSPAny with its object and array aliases, as
// the meta model spells them.
const lspAny = `
	{"name": "LSPAny", "type": {"kind": "or", "items": [
	  {"kind": "reference", "name": "LSPObject"}, {"kind": "reference", "name": "LSPArray"},
	  {"kind": "base", "name": "string"}, {"kind": "base", "name": "integer"}, {"kind": "base", "name": "uinteger"},
	  {"kind": "base", "name": "decimal"}, {"kind": "base", "name": "boolean"}, {"kind": "base", "name": "null"}]}},
	{"name": "LSPObject", "type": {"kind": "map", "key": {"kind": "base", "name": "string"}, "value": {"kind": "reference", "name": "LSPAny"}}},
	{"name": "LSPArray", "type": {"kind": "array", "element": {"kind": "reference", "name": "LSPAny"}}}`

// orMeta is a meta model with one request "x/get" whose result is the
// given "or" items, the given structures and LSPAny.
func orMeta(items, structures string) []byte {
	if structures != "" {
		structures = "," + structures
	}
	return []byte(`{"metaData": {"version": "3.18.0"},
	  "requests": [{"method": "x/get", "typeName": "GetRequest", "messageDirection": "clientToServer",
	    "params": {"kind": "reference", "name": "GetParams"},
	    "result": {"kind": "or", "items": [` + items + `, {"kind": "base", "name": "null"}]}}],
	  "notifications": [],
	  "structures": [{"name": "GetParams", "properties": []}` + structures + `],
	  "enumerations": [], "typeAliases": [` + lspAny + `]}`)
}

func mref(name string) string { return `{"kind": "reference", "name": "` + name + `"}` }
func marr(t string) string    { return `{"kind": "array", "element": ` + t + `}` }
func mbase(name string) string {
	return `{"kind": "base", "name": "` + name + `"}`
}
func mprop(name, typ string, opt bool) string {
	o := ""
	if opt {
		o = `, "optional": true`
	}
	return `{"name": "` + name + `", "type": ` + typ + o + `}`
}
func mstructure(name string, props ...string) string {
	return `{"name": "` + name + `", "properties": [` + strings.Join(props, ", ") + `]}`
}

// TestLSPOrSubsumed: an item of an "or" whose every value is a value of
// another item is left out of the untagged union, with a diagnostic at its
// pointer, and only then; each case names the item that must go (or none).
func TestLSPOrSubsumed(t *testing.T) {
	// as in the meta model: LocationUriOnly's properties are all
	// Location's, so it is closed (closeSubsets), and a Location is not one
	location := mstructure("Location", mprop("uri", mbase("DocumentUri"), false), mprop("range", mbase("string"), false)) + "," +
		mstructure("LocationUriOnly", mprop("uri", mbase("DocumentUri"), false))
	symbolInformation := `{"name": "SymbolInformation", "extends": [` + mref("BaseSymbol") + `], "properties": [` +
		mprop("deprecated", mbase("boolean"), true) + `, ` + mprop("location", mref("Location"), false) + `]}`
	workspaceSymbol := `{"name": "WorkspaceSymbol", "extends": [` + mref("BaseSymbol") + `], "properties": [` +
		mprop("location", `{"kind": "or", "items": [`+mref("Location")+`, `+mref("LocationUriOnly")+`]}`, false) + `, ` +
		mprop("data", mref("LSPAny"), true) + `]}`
	baseSymbol := mstructure("BaseSymbol", mprop("name", mbase("string"), false), mprop("kind", mbase("uinteger"), false),
		mprop("containerName", mbase("string"), true))
	for _, tc := range []struct {
		name, items, structures string
		gone                    string // the pruned item's pointer, "" for none
	}{
		{"symbol information is a workspace symbol", marr(mref("SymbolInformation")) + ", " + marr(mref("WorkspaceSymbol")),
			strings.Join([]string{location, symbolInformation, workspaceSymbol, baseSymbol}, ","), "/requests/0/result/items/0"},
		{"the other order", marr(mref("WorkspaceSymbol")) + ", " + marr(mref("SymbolInformation")),
			strings.Join([]string{location, symbolInformation, workspaceSymbol, baseSymbol}, ","), "/requests/0/result/items/1"},
		{"a property the wider one requires", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("x", mbase("string"), false)) + "," + mstructure("B", mprop("x", mbase("string"), false), mprop("y", mbase("string"), false), mprop("z", mbase("string"), true)), ""},
		{"an optional property of the wider one with a narrow type", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("x", mbase("string"), false), mprop("w", mbase("string"), false)) + "," + mstructure("B", mprop("x", mbase("string"), false), mprop("y", mbase("string"), true)), ""},
		{"an optional property of the wider one that takes any value", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("x", mbase("string"), false), mprop("w", mbase("string"), false)) + "," + mstructure("B", mprop("x", mbase("string"), false), mprop("y", mref("LSPAny"), true)), "/requests/0/result/items/0"},
		{"required in the wider one, optional in the narrower", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("x", mbase("string"), true), mprop("w", mbase("string"), false)) + "," + mstructure("B", mprop("x", mbase("string"), false)), ""},
		{"the same values: the later goes", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("x", mbase("string"), false)) + "," + mstructure("B", mprop("x", mbase("string"), false)), "/requests/0/result/items/1"},
		{"uinteger within integer", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("n", mbase("uinteger"), false)) + "," + mstructure("B", mprop("n", mbase("integer"), false)), "/requests/0/result/items/0"},
		{"the narrower one goes in either order", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("n", mbase("integer"), false)) + "," + mstructure("B", mprop("n", mbase("uinteger"), false)), "/requests/0/result/items/1"},
		{"a decimal is not an integer", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("n", mbase("decimal"), false), mprop("w", mbase("string"), false)) + "," + mstructure("B", mprop("n", mbase("integer"), false)), ""},
		{"string literals tell them apart", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("k", `{"kind": "stringLiteral", "value": "a"}`, false)) + "," + mstructure("B", mprop("k", `{"kind": "stringLiteral", "value": "b"}`, false)), ""},
		{"a string literal within string", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("k", `{"kind": "stringLiteral", "value": "a"}`, false), mprop("v", mbase("string"), false)) + "," + mstructure("B", mprop("k", mbase("string"), false), mprop("v", mbase("string"), false)), "/requests/0/result/items/0"},
		{"recursive structures", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("name", mbase("string"), false), mprop("kids", marr(mref("A")), true), mprop("w", mbase("string"), false)) + "," +
				mstructure("B", mprop("name", mbase("string"), false), mprop("kids", marr(mref("B")), true), mprop("data", mref("LSPAny"), true)), "/requests/0/result/items/0"},
		{"recursive structures that differ inside", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("name", mbase("string"), false), mprop("kids", marr(mref("A")), true), mprop("w", mbase("integer"), false)) + "," +
				mstructure("B", mprop("name", mbase("string"), false), mprop("kids", marr(mref("B")), true), mprop("w", mbase("string"), true)), ""},
		{"a nullable property within a non-null one", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("x", `{"kind": "or", "items": [`+mbase("string")+`, `+mbase("null")+`]}`, false), mprop("w", mbase("string"), false)) + "," +
				mstructure("B", mprop("x", mbase("string"), false)), ""},
		{"a closed alternative (closeSubsets) is kept", mref("A") + ", " + mref("B"),
			mstructure("A", mprop("x", mbase("string"), false)) + "," + mstructure("B", mprop("x", mbase("string"), false), mprop("y", mbase("string"), false)), ""},
		{"an array of strings and a string", marr(mbase("string")) + ", " + mbase("string"), "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := LSP(orMeta(tc.items, tc.structures), Options{Namespace: "x"})
			if err != nil {
				t.Fatal(err)
			}
			load(t, res.IDL)
			var got []string
			for _, d := range res.Diagnostics {
				if strings.Contains(d.Message, "left out of the untagged union") {
					got = append(got, d.Pointer)
				}
			}
			want := []string{}
			if tc.gone != "" {
				want = append(want, tc.gone)
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("left out: %q, want %q\n%s", got, want, res.IDL)
			}
			union := strings.Contains(string(res.IDL), "union GetRequestResult")
			if union == (tc.gone != "") {
				t.Errorf("union GetRequestResult in the model: %v, want %v\n%s", union, tc.gone == "", res.IDL)
			}
		})
	}
}

// TestLSPWorkspaceSymbolNotAmbiguous: with SymbolInformation[] left out of
// workspace/symbol's result, a server's SymbolInformation[] answer and a
// WorkspaceSymbol[] answer (a location of only a uri) are both valid with
// no finding of any severity (before: an untagged-ambiguous advisory on
// the first), and an answer that is neither is still refused.
func TestLSPWorkspaceSymbolNotAmbiguous(t *testing.T) {
	// as in the meta model: LocationUriOnly's properties are all
	// Location's, so it is closed (closeSubsets), and a Location is not one
	location := mstructure("Location", mprop("uri", mbase("DocumentUri"), false), mprop("range", mbase("string"), false)) + "," +
		mstructure("LocationUriOnly", mprop("uri", mbase("DocumentUri"), false))
	items := marr(mref("SymbolInformation")) + ", " + marr(mref("WorkspaceSymbol"))
	structures := strings.Join([]string{location,
		`{"name": "SymbolInformation", "properties": [` + mprop("name", mbase("string"), false) + `, ` +
			mprop("deprecated", mbase("boolean"), true) + `, ` + mprop("location", mref("Location"), false) + `]}`,
		`{"name": "WorkspaceSymbol", "properties": [` + mprop("name", mbase("string"), false) + `, ` +
			mprop("location", `{"kind": "or", "items": [`+mref("Location")+`, `+mref("LocationUriOnly")+`]}`, false) + `, ` +
			mprop("data", mref("LSPAny"), true) + `]}`}, ",")
	res, err := LSP(orMeta(items, structures), Options{Namespace: "x"})
	if err != nil {
		t.Fatal(err)
	}
	s := prepared(t, res.IDL, "x#LanguageServer")
	call := `{"jsonrpc":"2.0","id":1,"method":"x/get","params":{}}`
	for _, tc := range []struct {
		name, result string
		valid        bool
	}{
		{"symbol information", `[{"name":"f","location":{"uri":"file:///a","range":"0:0"},"deprecated":false,"containerName":"p"}]`, true},
		{"workspace symbol", `[{"name":"f","location":{"uri":"file:///a"},"data":{"k":[1,null]}}]`, true},
		{"empty", `[]`, true},
		{"null", `null`, true},
		{"no name", `[{"location":{"uri":"file:///a"}}]`, false},
		{"a location without a uri", `[{"name":"f","location":{"range":"0:0"}}]`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.ValidatePair([]byte(call), []byte(`{"jsonrpc":"2.0","id":1,"result":`+tc.result+`}`))
			if r.Valid != tc.valid || tc.valid && len(r.Findings) != 0 || !tc.valid && len(r.Findings) == 0 {
				t.Errorf("valid %v with findings %v; want valid %v, and findings only when invalid", r.Valid, r.Findings, tc.valid)
			}
		})
	}
}
