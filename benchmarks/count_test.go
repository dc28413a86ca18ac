package benchmarks

import (
	"testing"

	"github.com/smithy-validation/go/core/node"
)

func countNodes(n node.Node) int {
	c := 1
	for _, e := range n.Elems() {
		c += countNodes(e)
	}
	for _, f := range n.Fields() {
		c += countNodes(f.Value)
	}
	return c
}

// TestStreamShape logs the stream's average size in bytes and nodes.
func TestStreamShape(t *testing.T) {
	total := 0
	for _, s := range stream {
		n, err := node.Parse(s.data, node.DuplicateKeys(node.KeepDuplicates))
		if err != nil {
			t.Fatal(err)
		}
		total += countNodes(n)
	}
	t.Logf("%d values, %d bytes and %d nodes each on average", len(stream), streamBytes(), total/len(stream))
}
