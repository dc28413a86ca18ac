package importer_test

import (
	"fmt"
	"strings"

	"github.com/smithy-validation/go/openrpc/importer"
)

// The LSP meta model: each request and notification becomes an operation
// named after its typeName with its direction as @method(from); a closed
// enumeration's values keep their names; "$/cancelRequest" cancels a call
// that must still be answered, as LSP's base protocol says.
func ExampleLSP() {
	meta := `{"metaData": {"version": "3.18.0"},
	  "requests": [{"method": "textDocument/hover", "typeName": "HoverRequest", "messageDirection": "clientToServer",
	    "params": {"kind": "reference", "name": "HoverParams"},
	    "result": {"kind": "or", "items": [{"kind": "base", "name": "string"}, {"kind": "base", "name": "null"}]}}],
	  "notifications": [
	    {"method": "$/cancelRequest", "typeName": "CancelNotification", "messageDirection": "both",
	     "params": {"kind": "reference", "name": "CancelParams"}},
	    {"method": "window/showMessage", "typeName": "ShowMessageNotification", "messageDirection": "serverToClient",
	     "params": {"kind": "reference", "name": "ShowMessageParams"}}],
	  "structures": [
	    {"name": "HoverParams", "properties": [{"name": "uri", "type": {"kind": "base", "name": "DocumentUri"}}]},
	    {"name": "CancelParams", "properties": [{"name": "id", "type": {"kind": "or",
	      "items": [{"kind": "base", "name": "integer"}, {"kind": "base", "name": "string"}]}}]},
	    {"name": "ShowMessageParams", "properties": [{"name": "type", "type": {"kind": "reference", "name": "MessageType"}}]}],
	  "enumerations": [{"name": "MessageType", "type": {"kind": "base", "name": "uinteger"},
	    "values": [{"name": "Error", "value": 1}, {"name": "Warning", "value": 2}]}]}`
	res, err := importer.LSP([]byte(meta), importer.Options{Namespace: "mini"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(string(res.IDL), "\n") {
		for _, p := range []string{"@method", "@smithy.rpc#cancels", "operation ", "intEnum", "    ERROR", "    WARNING"} {
			if strings.HasPrefix(line, p) {
				fmt.Println(line)
			}
		}
	}
	fmt.Println(len(res.Diagnostics), "diagnostics")
	// Output:
	// @method(name: "$/cancelRequest", kind: "notification", from: "either")
	// @smithy.rpc#cancels(idMember: "id", response: "required")
	// operation CancelNotification {
	// @method(name: "textDocument/hover", kind: "call", from: "client", resultMember: "result")
	// operation HoverRequest {
	// @method(name: "window/showMessage", kind: "notification", from: "server")
	// operation ShowMessageNotification {
	// intEnum MessageType {
	//     ERROR = 1
	//     WARNING = 2
	// 0 diagnostics
}
