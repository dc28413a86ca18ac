package openrpc_test

import (
	"testing"

	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
)

func TestCalculatorProbe(t *testing.T) {
	m := assembleFile(t, "../examples/calculator/calculator.smithy")
	res, err := openrpc.Convert(m, shapeid.MustParse("example#Calculator"), openrpc.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s", res.JSON)
	t.Log(res.Diagnostics)
}
