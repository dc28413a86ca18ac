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
		growthCase{name: "import mcp messages", n: 1000, args: "import mcp $DIR/schema.json",
			files: func(n int) map[string]string {
				// each message: a request with its params and a result, a
				// notification, both in the sender unions; the params of
				// every tenth request are a union of two objects (merged)
				return map[string]string{"schema.json": `{"$defs":{"RequestId":{"type":["string","integer"]},` +
					`"JSONRPCRequest":{"properties":{"id":{"$ref":"#/$defs/RequestId"}}},` +
					repeat(n, ",", func(i int) string {
						params := fmt.Sprintf(`{"type":"object","properties":{"x":{"type":"integer","minimum":0,"maximum":%d},"s":{"$ref":"#/$defs/S%d"}},"required":["x"]}`, i, (i+1)%n)
						if i%10 == 0 {
							params = fmt.Sprintf(`{"anyOf":[{"properties":{"mode":{"const":"a"},"x":{"type":"object","properties":{"v":{"type":"string"}}}}},{"properties":{"mode":{"const":"b"},"y":{"$ref":"#/$defs/S%d"}},"required":["mode"]}]}`, i)
						}
						return fmt.Sprintf(`"M%dRequest":{"properties":{"id":{"$ref":"#/$defs/RequestId"},"method":{"const":"m/%d"},"params":%s}},`+
							`"M%dResult":{"type":"object","properties":{"r":{"$ref":"#/$defs/S%d"}},"required":["r"]},`+
							`"N%dNotification":{"properties":{"method":{"const":"n/%d"},"params":{"type":"object","properties":{"p":{"type":"number"}}}}},`+
							`"S%d":{"type":"object","properties":{"v":{"type":"string","pattern":"^0x"},"next":{"$ref":"#/$defs/S%d"}}}`, i, i, params, i, i, i, i, i, (i+1)%n)
					}) + `,"ClientRequest":{"anyOf":[` + repeat(n, ",", func(i int) string { return fmt.Sprintf(`{"$ref":"#/$defs/M%dRequest"}`, i) }) +
					`]},"ServerNotification":{"anyOf":[` + repeat(n, ",", func(i int) string { return fmt.Sprintf(`{"$ref":"#/$defs/N%dNotification"}`, i) }) + `]}}}`}
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
		growthCase{name: "import lsp messages", n: 1000, args: "import lsp $DIR/metaModel.json",
			files: func(n int) map[string]string {
				// each message: a request whose params extend a shared base
				// and hold an "or" of a structure and its extension (the
				// smaller one is closed), a result that is an "or" of two
				// arrays or null, a closed enumeration, and a notification;
				// LSPAny as the shared alias
				return map[string]string{"metaModel.json": `{"metaData":{"version":"3.18.0"},"requests":[` +
					repeat(n, ",", func(i int) string {
						return fmt.Sprintf(`{"method":"r/%d","typeName":"R%dRequest","messageDirection":"clientToServer","params":{"kind":"reference","name":"P%d"},"result":{"kind":"or","items":[{"kind":"array","element":{"kind":"reference","name":"A%d"}},{"kind":"array","element":{"kind":"reference","name":"B%d"}},{"kind":"base","name":"null"}]}}`, i, i, i, i, i)
					}) + `],"notifications":[` +
					repeat(n, ",", func(i int) string {
						return fmt.Sprintf(`{"method":"n/%d","messageDirection":"both","params":{"kind":"reference","name":"A%d"}}`, i, i)
					}) + `],"structures":[{"name":"Base","properties":[{"name":"token","optional":true,"type":{"kind":"reference","name":"LSPAny"}}]},` +
					repeat(n, ",", func(i int) string {
						return fmt.Sprintf(`{"name":"P%d","extends":[{"kind":"reference","name":"Base"}],"properties":[{"name":"x","type":{"kind":"or","items":[{"kind":"reference","name":"A%d"},{"kind":"reference","name":"B%d"}]}},{"name":"e","type":{"kind":"reference","name":"E%d"}}]},`+
							`{"name":"A%d","properties":[{"name":"a","type":{"kind":"base","name":"uinteger"}}]},`+
							`{"name":"B%d","extends":[{"kind":"reference","name":"A%d"}],"properties":[{"name":"b","optional":true,"type":{"kind":"base","name":"string"}}]}`, i, i, i, i, i, i, i)
					}) + `],"enumerations":[` +
					repeat(n, ",", func(i int) string {
						return fmt.Sprintf(`{"name":"E%d","type":{"kind":"base","name":"uinteger"},"values":[{"name":"First","value":1},{"name":"Second","value":2},{"name":"ThirdOne","value":%d}]}`, i, 3+i)
					}) + `],"typeAliases":[{"name":"LSPAny","type":{"kind":"or","items":[{"kind":"reference","name":"LSPObject"},{"kind":"reference","name":"LSPArray"},{"kind":"base","name":"string"},{"kind":"base","name":"integer"},{"kind":"base","name":"decimal"},{"kind":"base","name":"boolean"},{"kind":"base","name":"null"}]}},` +
					`{"name":"LSPObject","type":{"kind":"map","key":{"kind":"base","name":"string"},"value":{"kind":"reference","name":"LSPAny"}}},{"name":"LSPArray","type":{"kind":"array","element":{"kind":"reference","name":"LSPAny"}}}]}`}
			}},
		growthCase{name: "import lsp or of structures", n: 1000, args: "import lsp $DIR/metaModel.json",
			files: func(n int) map[string]string {
				// one "or" of n structures of 1 to 8 properties p0, p1...,
				// so that most pairs are a subset and its superset (a
				// pairwise search would be quadratic: it is bounded)
				return map[string]string{"metaModel.json": `{"requests":[{"method":"r","messageDirection":"clientToServer","result":{"kind":"or","items":[` +
					repeat(n, ",", func(i int) string { return fmt.Sprintf(`{"kind":"reference","name":"S%d"}`, i) }) +
					`]}}],"notifications":[],"structures":[` +
					repeat(n, ",", func(i int) string {
						return fmt.Sprintf(`{"name":"S%d","properties":[%s]}`, i, repeat(i%8+1, ",", func(k int) string {
							return fmt.Sprintf(`{"name":"p%d","type":{"kind":"base","name":"string"}}`, k)
						}))
					}) + `]}`}
			}},
	)
}
