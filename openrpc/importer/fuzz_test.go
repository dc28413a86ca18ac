package importer

import (
	"bytes"
	"errors"
	"testing"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/smithyvalidate"
)

// FuzzImport: any input is a model (that `smithy validate` accepts with
// no ERROR event, the same bytes on a second run) or an error, never a
// panic.
func FuzzImport(f *testing.F) {
	for _, s := range []string{
		`{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"methods":[{"name":"m","params":[{"name":"a","schema":{"type":"integer","minimum":1}}],"result":{"name":"r","schema":{"$ref":"#/components/schemas/X"}}}],"components":{"schemas":{"X":{"oneOf":[{"type":"null"},{"type":"string"}]}}}}`,
		`{"$defs":{"A":{"allOf":[{"$ref":"#/$defs/B"},{"oneOf":[{"properties":{"k":{"const":"x"}},"required":["k"]},{"properties":{"k":{"const":"y"}},"required":["k"]}]}]},"B":{"properties":{"b":{"$ref":"#/$defs/A"}}}}}`,
		`{"definitions":{"E":{"enum":["a","A","a b",""]},"I":{"type":"integer","exclusiveMaximum":1.5},"M":{"patternProperties":{"^x":{}},"additionalProperties":false}}}`,
		`{"$defs":{"L":{"type":"array","items":[{}],"uniqueItems":true},"S":{"type":["string","number","null"],"not":{}}}}`,
		`{"openrpc":"1","methods":[{"name":"a b"},{"name":"A_B","params":[{"name":"1"},{"name":"1"}],"errors":[{"code":1,"message":"x"},{"code":2,"message":"x"}]}]}`,
		`{"metaData":{"version":"3.17.0"},"requests":[{"method":"a/b","messageDirection":"both","params":{"kind":"reference","name":"P"},"result":{"kind":"or","items":[{"kind":"tuple","items":[{"kind":"base","name":"integer"}]},{"kind":"base","name":"null"}]}}],"notifications":[{"method":"$/x","messageDirection":"serverToClient"}],"structures":[{"name":"P","extends":[{"kind":"reference","name":"P"}],"properties":[{"name":"m","type":{"kind":"map","key":{"kind":"base","name":"URI"},"value":{"kind":"reference","name":"A"}}}]}],"enumerations":[{"name":"E","type":{"kind":"base","name":"string"},"values":[{"name":"a","value":"a"}],"supportsCustomValues":true}],"typeAliases":[{"name":"A","type":{"kind":"or","items":[{"kind":"reference","name":"A"},{"kind":"stringLiteral","value":"s"}]}}]}`,
		`{"metaData":{"version":"3.18.0"},"requests":[{"method":"w/s","typeName":"SRequest","messageDirection":"clientToServer","params":{"kind":"reference","name":"Any"},"result":{"kind":"or","items":[{"kind":"array","element":{"kind":"reference","name":"O"}},{"kind":"array","element":{"kind":"reference","name":"RO"}},{"kind":"base","name":"null"}]}},{"method":"x","typeName":"SRequest","messageDirection":"serverToClient","result":{"kind":"base","name":"null"}}],"notifications":[{"method":"$/cancelRequest","messageDirection":"both","params":{"kind":"reference","name":"C"}}],"structures":[{"name":"O","properties":[{"name":"a","type":{"kind":"literal","value":{"properties":[]}}},{"name":"k","type":{"kind":"stringLiteral","value":"o"}}]},{"name":"RO","extends":[{"kind":"reference","name":"O"}],"mixins":[{"kind":"reference","name":"RO"}],"properties":[{"name":"d","optional":true,"type":{"kind":"array","element":{"kind":"reference","name":"Any"}}}]},{"name":"C","properties":[{"name":"id","type":{"kind":"or","items":[{"kind":"base","name":"integer"},{"kind":"base","name":"string"}]}}]}],"enumerations":[{"name":"M","type":{"kind":"base","name":"uinteger"},"values":[{"name":"Error","value":1},{"name":"error","value":2},{"name":"","value":3},{"name":"UTF8","value":1}]}],"typeAliases":[{"name":"Any","type":{"kind":"or","items":[{"kind":"reference","name":"Obj"},{"kind":"array","element":{"kind":"reference","name":"Any"}},{"kind":"base","name":"string"},{"kind":"base","name":"decimal"},{"kind":"base","name":"boolean"},{"kind":"base","name":"null"}]}},{"name":"Obj","type":{"kind":"map","key":{"kind":"base","name":"string"},"value":{"kind":"reference","name":"Any"}}}]}`,
		// an "or" whose items hold one another (pruned), recursively
		`{"requests":[{"method":"r","messageDirection":"clientToServer","result":{"kind":"or","items":[{"kind":"array","element":{"kind":"reference","name":"A"}},{"kind":"array","element":{"kind":"reference","name":"B"}},{"kind":"reference","name":"B"},{"kind":"reference","name":"A"},{"kind":"base","name":"null"}]}}],"notifications":[],"structures":[{"name":"A","properties":[{"name":"n","type":{"kind":"base","name":"uinteger"}},{"name":"k","optional":true,"type":{"kind":"array","element":{"kind":"reference","name":"A"}}},{"name":"l","type":{"kind":"literal","value":{"properties":[{"name":"s","type":{"kind":"stringLiteral","value":"x"}}]}}}]},{"name":"B","properties":[{"name":"n","type":{"kind":"or","items":[{"kind":"base","name":"integer"},{"kind":"base","name":"null"}]}},{"name":"k","optional":true,"type":{"kind":"array","element":{"kind":"reference","name":"B"}}},{"name":"l","type":{"kind":"literal","value":{"properties":[{"name":"s","type":{"kind":"base","name":"string"}}]}}},{"name":"d","optional":true,"type":{"kind":"reference","name":"Any"}}]}],"typeAliases":[{"name":"Any","type":{"kind":"or","items":[{"kind":"map","key":{"kind":"base","name":"string"},"value":{"kind":"reference","name":"Any"}},{"kind":"array","element":{"kind":"reference","name":"Any"}},{"kind":"base","name":"string"},{"kind":"base","name":"decimal"},{"kind":"base","name":"boolean"},{"kind":"base","name":"null"}]}}]}`,
		`{"$defs":{"R":{"properties":{"id":{"$ref":"#/$defs/I"},"method":{"const":"r"},"params":{"anyOf":[{"properties":{"m":{"const":"a"},"x":{"type":"object"}},"required":["m"]},{"properties":{"m":{"const":"b"}}}]}}},"I":{"type":["string","integer"]},"RResult":{"type":"object"},"JSONRPCRequest":{"properties":{"id":{"$ref":"#/$defs/I"}}},"E":{"properties":{"error":{"allOf":[{"$ref":"#/$defs/R"},{"properties":{"code":{"const":-5},"data":{"$ref":"#/$defs/E"}},"required":["data"]}]}}},"ClientRequest":{"anyOf":[{"$ref":"#/$defs/R"},{"$ref":"#/$defs/I"},{"$ref":"#"}]},"ServerNotification":{"oneOf":[{"$ref":"#/$defs/R"}]}}}`,
		// what the export writes: x-smithy-errors naming components, null
		// results, nullable wrappers, exact integer ranges, ECMA patterns
		`{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"methods":[{"name":"a","params":[{"name":"p","required":true,"schema":{"anyOf":[{"$ref":"#/components/schemas/S"},{"type":"null"}]}},{"name":"q","schema":{"allOf":[{},{"not":{"type":"null"}}]}}],"result":{"name":"result","schema":{"type":"null"}},"errors":[{"code":5,"message":"E."},{"code":6,"message":"F"}],"x-smithy-errors":[{"code":5,"error":"t#E","data":"member","member":"t#E$d"},{"code":6,"error":"t#S","data":"none"}]},{"name":"n","errors":[{"code":5,"message":"other"}]}],"components":{"schemas":{"E":{"type":"object","description":"E.","properties":{"d":{"type":"integer","minimum":-128,"maximum":127}}},"S":{"type":"string","pattern":"^[^$]\\s.\\u{1F600}$"},"U":{"oneOf":[{"$ref":"#/components/schemas/UOption1"},{"type":"string"}]},"UOption1":{"type":"integer","minimum":-2147483648,"maximum":2147483647}}}}`,
		// an export (x-smithy-service): input and output components,
		// x-smithy-method and -jsonrpc, titled inline schemas, a
		// key-tagged union, a titled discriminated branch, a float
		`{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"x-smithy-service":"t#T","x-smithy-jsonrpc":{"versions":["1.0","2.0"],"batches":false,"optionalMethodPrefixes":["$/"]},"methods":[{"name":"m","paramStructure":"either","params":[{"name":"a","schema":{"title":"K","type":"string","minLength":1},"x-smithy-member":"t#I$b"}],"result":{"name":"result","schema":{"$ref":"#/components/schemas/O"}},"x-smithy-operation":"t#M","x-smithy-input":"t#I","x-smithy-output":"t#O","x-smithy-method":{"kind":"call","from":"client"}},{"name":"$/c","params":[{"name":"id","schema":{}}],"x-smithy-operation":"t#C","x-smithy-input":"t#CI","x-smithy-method":{"kind":"notification","cancels":{"idMember":"id","response":"optional"}}}],"components":{"schemas":{"K":{"type":"string","pattern":"^k$"},"CI":{"type":"object","properties":{"id":{}},"required":["id"]},"I":{"type":"object","properties":{"a":{"title":"K","type":"string","minLength":1}},"additionalProperties":{}},"O":{"type":"object","properties":{"u":{"type":"object","properties":{"a":{"type":"string"}},"oneOf":[{"required":["a"],"properties":{"a":{"not":{"type":"null"}}}}]},"d":{"oneOf":[{"type":"object","title":"O","properties":{"k":{"const":"x"}},"required":["k"]},{"type":"object","properties":{"k":{"const":"y"}},"required":["k"]}]},"m":{"type":"object","propertyNames":{"$ref":"#/components/schemas/K"},"additionalProperties":{"type":"string"}},"f":{"anyOf":[{"type":"number","exclusiveMinimum":-340282356779733661637539395458142568448,"exclusiveMaximum":340282356779733661637539395458142568448},{"enum":["NaN","Infinity","-Infinity"]}]}}}}}}`,
		// Example Pairings: by name and position, renamed properties
		// through an untagged and a discriminated union and a map, a
		// $ref'd pairing and Example Object, an externalValue, values
		// that do not validate
		`{"openrpc":"1.3.2","info":{"title":"t","version":"1"},"methods":[{"name":"m","paramStructure":"by-position","params":[{"name":"a-b","required":true,"schema":{"$ref":"#/components/schemas/U"}},{"name":"c","schema":{"type":"object","additionalProperties":{"$ref":"#/components/schemas/D"}}}],"result":{"name":"r","schema":{"type":["integer","null"],"maximum":9}},"examples":[{"name":"e","params":[{"name":"x","value":{"p-q":1}},{"name":"c","value":{"k":{"kind":"v-w","s-t":"z"}}}],"result":{"name":"r","value":null}},{"$ref":"#/components/examplePairingObjects/P"},{"name":"f","params":[{"name":"a-b","externalValue":"u"}]},{"name":"g","params":[{"name":"a-b","value":[true]}],"result":{"value":10}},{}]}],"components":{"schemas":{"U":{"anyOf":[{"type":"object","properties":{"p-q":{"type":"integer"}},"required":["p-q"]},{"type":"string"}]},"D":{"oneOf":[{"type":"object","properties":{"kind":{"const":"v-w"},"s-t":{"type":"string"}},"required":["kind"]},{"type":"object","properties":{"kind":{"const":"y"}},"required":["kind"]}]}},"examples":{"X":{"name":"a-b","value":"s"}},"examplePairingObjects":{"P":{"name":"p","summary":"s","params":[{"$ref":"#/components/examples/X"}],"result":{"name":"r","value":3}}}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, run := range []func([]byte, Options) (*Result, error){OpenRPC, JSONSchema, LSP, MCP} {
			res, err := run(data, Options{Namespace: "fuzz"})
			if err != nil {
				var ie *InputError
				if !errors.As(err, &ie) {
					t.Fatalf("error %v (%T) is not an *InputError", err, err)
				}
				continue
			}
			again, _ := run(data, Options{Namespace: "fuzz"})
			if !bytes.Equal(res.IDL, again.IDL) {
				t.Fatal("two runs give different models")
			}
			// The model is one `smithy validate` accepts (its validators,
			// ShapeRecursion among them, not only the assembler), and
			// imported @examples validate (an ERROR or WARNING of the
			// ExamplesTrait validator would be an example kept wrongly).
			requireValidImport(t, res.IDL)
			for _, ev := range smithyvalidate.CheckExamples(load(t, res.IDL)) {
				if ev.Severity >= model.Warning {
					t.Fatalf("an imported example does not validate: %v", ev)
				}
			}
		}
	})
}

// FuzzMCPMapping: any mapping file, applied to a small MCP-like schema, is
// a model that loads or an *InputError of the mapping, never a panic.
func FuzzMCPMapping(f *testing.F) {
	schema := []byte(`{"$defs":{"I":{"type":["string","integer"]},"JSONRPCRequest":{"properties":{"id":{"$ref":"#/$defs/I"}}},` +
		`"PingRequest":{"properties":{"id":{"$ref":"#/$defs/I"},"method":{"const":"ping"},"params":{"type":"object","properties":{"t":{"type":"string"}}}}},` +
		`"CancelledNotification":{"properties":{"method":{"const":"notifications/cancelled"},"params":{"type":"object","properties":{"requestId":{"$ref":"#/$defs/I"},"_meta":{"type":"object","additionalProperties":{}}}}}},` +
		`"Result":{"type":"object","additionalProperties":{}},"Other":{"type":"object","properties":{"a":{"type":"string"}}},` +
		`"ClientRequest":{"anyOf":[{"$ref":"#/$defs/PingRequest"}]},"ServerNotification":{"anyOf":[{"$ref":"#/$defs/CancelledNotification"}]}}}`)
	for _, s := range []string{
		`{"service":"S","version":"1","idReuse":{"value":"reject","why":"w"},"closed":{"definitions":["Other"],"why":"w"},"required":{"Other":{"properties":["a"],"why":"w"}}}`,
		`{"results":{"ping":{"results":["Result","Other"],"why":"w"}},"cancels":{"notifications/cancelled":{"idMember":"requestId","response":"optional","why":"w"}}}`,
		`{"meta":{"io.modelcontextprotocol/related-task":{"member":"relatedTask","schema":{"$ref":"#/$defs/Other"},"why":"w"},"k":{"member":"k","schema":{"type":["string","null"]},"why":"w"}}}`,
		`{"errors":[{"name":"E","code":-32002,"methods":["ping"],"data":{"$ref":"#/$defs/Other"},"dataRequired":true,"why":"w"},{"name":"F","code":7,"data":{"not":{}},"why":"w"}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, mapping []byte) {
		res, err := MCP(schema, Options{Namespace: "fuzz", Mapping: mapping})
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) || ie.Source != "mapping" {
				t.Fatalf("error %v (%T) is not an *InputError of the mapping", err, err)
			}
			return
		}
		load(t, res.IDL)
	})
}
