package conformance

import "fmt"

// The importer's growth cases (smithy import): documents of n and 10n
// methods, definitions and branches. They join growthCases, so TestGrowth
// checks them as it checks every other adversarial shape.
func init() {
	growthCases = append(growthCases,
		growthCase{name: "import openrpc methods", n: 1000, args: "import openrpc $DIR/doc.json",
			files: func(n int) map[string]string {
				// each method: two params (one inline object, one $ref), a
				// result, an error sharing its message with every other one
				return map[string]string{"doc.json": `{"openrpc":"1.3.2","info":{"title":"Growth","version":"1"},"methods":[` +
					repeat(n, ",", func(i int) string {
						return fmt.Sprintf(`{"name":"m_%d","params":[{"name":"a","required":true,"schema":{"type":"object","properties":{"x":{"type":"integer","minimum":0,"maximum":%d}},"required":["x"]}},{"name":"b","schema":{"$ref":"#/components/schemas/S%d"}}],"result":{"name":"r","schema":{"oneOf":[{"type":"null"},{"$ref":"#/components/schemas/S%d"}]}},"errors":[{"code":%d,"message":"Same"}]}`, i, i, i, i, 1000+i)
					}) + `],"components":{"schemas":{` +
					repeat(n, ",", func(i int) string {
						return fmt.Sprintf(`"S%d":{"type":"object","properties":{"v":{"type":"string","pattern":"^0x"},"next":{"$ref":"#/components/schemas/S%d"}},"additionalProperties":false}`, i, (i+1)%n)
					}) + `}}}`}
			}},
		growthCase{name: "import jsonschema const-tagged branches", n: 1000, args: "import jsonschema $DIR/schema.json",
			files: func(n int) map[string]string {
				return map[string]string{"schema.json": `{"$defs":{"U":{"oneOf":[` +
					repeat(n, ",", func(i int) string {
						return fmt.Sprintf(`{"type":"object","properties":{"c%d":{"const":"x"},"kind":{"const":"k%d"},"v":{"type":"integer"}},"required":["kind","c%d"]}`, i, i, i)
					}) + `]}}}`}
			}},
		growthCase{name: "import jsonschema allOf branches", n: 1000, args: "import jsonschema $DIR/schema.json",
			files: func(n int) map[string]string {
				return map[string]string{"schema.json": `{"$defs":{"A":{"allOf":[` +
					repeat(n, ",", func(i int) string {
						return fmt.Sprintf(`{"$ref":"#/$defs/P%d"}`, i)
					}) + `]},` + repeat(n, ",", func(i int) string {
					return fmt.Sprintf(`"P%d":{"type":"object","properties":{"p%d":{"type":"string"},"shared":{"type":"string"}}}`, i, i)
				}) + `}}`}
			}},
	)
}
