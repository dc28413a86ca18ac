package smithyvalidate_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	sv "github.com/smithy-validation/go/smithyvalidate"
)

// TestCodesCatalogue checks that CODES.md, the Code constants declared in
// the package and the Codes() catalogue list the same codes, with the same
// class and severity.
func TestCodesCatalogue(t *testing.T) {
	md, err := os.ReadFile("CODES.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\| ([a-z]+) \\| ([a-z]+) \\|")
	inFile := map[string][2]string{}
	for _, m := range row.FindAllStringSubmatch(string(md), -1) {
		if _, dup := inFile[m[1]]; dup {
			t.Errorf("CODES.md lists %s twice", m[1])
		}
		inFile[m[1]] = [2]string{m[2], m[3]}
	}

	declared := declaredCodes(t)
	catalogue := map[string]sv.CodeInfo{}
	for _, c := range sv.Codes() {
		catalogue[string(c.Code)] = c
	}
	for _, c := range declared {
		if _, ok := inFile[c]; !ok {
			t.Errorf("code %q is declared but not in CODES.md", c)
		}
		if _, ok := catalogue[c]; !ok {
			t.Errorf("code %q is declared but not in Codes()", c)
		}
	}
	for c, cs := range inFile {
		if !slices.Contains(declared, c) {
			t.Errorf("CODES.md lists %q, which no constant declares", c)
		}
		if info, ok := catalogue[c]; ok && (info.Class.String() != cs[0] || info.Severity.String() != cs[1]) {
			t.Errorf("CODES.md says %s is %s/%s, Codes() says %s/%s", c, cs[0], cs[1], info.Class, info.Severity)
		}
	}
	if len(catalogue) != len(declared) {
		t.Errorf("Codes() has %d entries, %d constants are declared", len(catalogue), len(declared))
	}
}

// declaredCodes returns the values of every constant of type Code in the
// package's sources.
func declaredCodes(t *testing.T) []string {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, p := range pkgs {
		for _, f := range p.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				gd, ok := n.(*ast.GenDecl)
				if !ok || gd.Tok != token.CONST {
					return true
				}
				for _, spec := range gd.Specs {
					vs := spec.(*ast.ValueSpec)
					if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Code" {
						continue
					}
					for _, v := range vs.Values {
						if lit, ok := v.(*ast.BasicLit); ok {
							s, _ := strconv.Unquote(lit.Value)
							codes = append(codes, s)
						}
					}
				}
				return false
			})
		}
	}
	if len(codes) == 0 {
		t.Fatal("no Code constants found")
	}
	return codes
}
