package mend_test

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/mend"
)

// A model's tool call arrives as almost-JSON; Analyze decides what to do.
func Example() {
	decl, err := mend.ParseCompact(`{!query:string,!limit:integer}`)
	if err != nil {
		panic(err)
	}
	for _, text := range []string{
		`{"query": "smithy", "limit": 5}`,
		"```json\n{'query': 'smithy', 'limit': 5,}\n```",
		`{"query": "smithy", "limit": 5, "note": "and then the model ran out of tok`,
		`{"query": "smithy"}`,
	} {
		p := mend.Analyze([]byte(text), mend.Options{Declaration: decl})
		fmt.Printf("%s (%s): %s\n", p.Decision, p.Label, bytes.TrimSpace(p.Value))
		if p.Retry != "" {
			fmt.Println("  retry:", p.Retry)
		}
	}
	// Output:
	// execute (exact): {"query": "smithy", "limit": 5}
	// repair (cosmetic): {"query": "smithy", "limit": 5}
	// retry (truncated): null
	//   retry: Your JSON was cut off at line 1, column 75 (offset 74), inside the string at /note. Send the complete JSON again, shorter if it must be. It must match: {!query:string,!limit:integer}
	// retry (schema_mismatch): null
	//   retry: Your JSON does not match what the tool expects: missing required member "limit". Send the JSON again with these corrected. It must match: {!query:string,!limit:integer}
}

func ExampleRepair() {
	res, err := mend.Repair([]byte(`{name: 'Ada', /* from the model */ langs: ['en', 'fr',], active: True}`), mend.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Text)
	fmt.Println(res.Exactness, res.Completeness)
	for _, f := range res.Repairs[:3] {
		fmt.Printf("%d:%d %s %s\n", f.Line, f.Column, f.Code, f.Threshold)
	}
	// Output:
	// {"name": "Ada",  "langs": ["en", "fr"], "active": true}
	// cosmetic complete
	// 1:2 R104 unquoted_key
	// 1:8 R101 single_quotes
	// 1:15 R111 comment
}

// The execution profile refuses what it would have to guess; the lenient
// profile repairs it and says it is lossy.
func ExampleRepair_profiles() {
	cut := []byte(`{"path": "/tmp/out.txt", "content": "Dear team, the quarterly num`)
	_, err := mend.Repair(cut, mend.Options{})
	var e *mend.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Exit, e.Rule)
	}
	res, _ := mend.Repair(cut, mend.Options{Profile: mend.ProfileLenient})
	fmt.Println(res.Exactness, res.Loss, res.Text)
	// Output:
	// E010 5 truncated_string
	// lossy 2 {"path": "/tmp/out.txt", "content": "Dear team, the quarterly num"}
}

// Readiness measures a tool call as it streams.
func ExampleReadiness() {
	decl, _ := mend.ParseCompact(`{!query:string,!limit:integer}`)
	full := `{"query": "smithy", "limit": 10}`
	for _, n := range []int{1, 12, 19, 30, len(full)} {
		r, _ := mend.Readiness([]byte(full[:n]), mend.Options{Declaration: decl})
		fmt.Printf("%-34q syntax %4d schema %4d settled %4d step %s\n", full[:n], r.SyntaxPermille, r.SchemaPermille, r.SettledPermille, r.Step)
	}
	// Output:
	// "{"                                syntax  500 schema    0 settled    0 step key
	// "{\"query\": \"s"                  syntax  909 schema    0 settled    0 step string
	// "{\"query\": \"smithy\","          syntax  950 schema  500 settled  500 step key
	// "{\"query\": \"smithy\", \"limit\": 1" syntax  966 schema  500 settled  500 step token
	// "{\"query\": \"smithy\", \"limit\": 10}" syntax 1000 schema 1000 settled 1000 step done
}

// A Smithy structure is a declaration too; the value engine reports all
// its findings.
func ExampleNewShapeDeclaration() {
	a := assembly.New()
	_ = a.AddSource("tools.smithy", []byte(`$version: "2"
namespace example.tools

structure SearchInput {
    @required
    query: String
    @range(min: 1, max: 50)
    limit: Integer
}
`))
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		panic(fmt.Sprint(err, res.Events))
	}
	decl, err := mend.NewShapeDeclaration(res.Model, shapeid.MustParse("example.tools#SearchInput"))
	if err != nil {
		panic(err)
	}
	v, _ := decl.Check([]byte(`{"query": "smithy", "limit": 500}`))
	fmt.Println(v.OK, v.Total, v.Satisfied, v.Mismatched)
	for _, f := range v.Findings {
		fmt.Println(f.Code, f.Path, f.Shape)
	}
	// Output:
	// false 1 1 [limit]
	// range /limit example.tools#SearchInput$limit
}

func ExampleValidate() {
	v, _ := mend.Validate([]byte(`{"a": 1,}`), mend.Options{})
	fmt.Println(v.Valid, v.Error.Code, v.Error.Rule, *v.Repaired, v.Exactness)
	// Output:
	// false E012 trailing_comma {"a": 1} cosmetic
}

func ExampleParseCompact() {
	d, err := mend.ParseCompact(` { !query : string, tags: [string], "max-results": integer } `)
	if err != nil {
		panic(err)
	}
	fmt.Println(d)
	_, err = mend.ParseCompact(`{!query:strng}`)
	fmt.Println(err)
	// Output:
	// {!query:string,tags:[string],max-results:integer}
	// E050 at 1:9 (offset 8): compact declaration: unknown type "strng" (string, integer, number, boolean, any, object, array, {...} or [T])
}
