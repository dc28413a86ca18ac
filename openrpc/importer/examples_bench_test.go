package importer

import (
	"os"
	"regexp"
	"testing"
)

// BenchmarkEthereumImport imports the Ethereum document with its Example
// Pairings ("pairings") and without them ("no pairings": every examples
// array emptied and kept under x-examples, so that the document stays
// the same size; the JSON Schema keyword, which the import ignores,
// too), so that the cost of importing and checking the
// examples (two more loads of the model) reads as the ratio of the two.
func BenchmarkEthereumImport(b *testing.B) {
	doc, err := os.ReadFile(corpus(b, "openrpc/ethereum-execution-apis-openrpc.json"))
	if err != nil {
		b.Fatal(err)
	}
	bare := regexp.MustCompile(`"examples":\s*\[`).ReplaceAll(doc, []byte(`"examples": [], "x-examples": [`))
	for _, c := range []struct {
		name string
		doc  []byte
	}{{"pairings", doc}, {"no pairings", bare}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := OpenRPC(c.doc, Options{Namespace: "ethereum", Service: "Ethereum"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
