package node_test

import (
	"errors"
	"fmt"

	"github.com/smithy-validation/go/core/node"
)

func ExampleParse() {
	n, err := node.Parse([]byte(`{"id": 7, "amount": 1.10e400, "tags": ["a", "b"]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	amount, _ := n.Field("amount")
	fmt.Println(amount.Value.Kind(), amount.Value.NumberText(), "at", amount.Value.Pos())

	_, err = node.Parse([]byte("{\"id\": 7,\n \"id\": 8}"))
	var dup *node.DuplicateKeyError
	if errors.As(err, &dup) {
		fmt.Printf("key %q at %v and %v\n", dup.Key, dup.First, dup.Second)
	}

	_, err = node.Parse([]byte(`{"id": 7]`))
	var pe node.PosError
	if errors.As(err, &pe) {
		fmt.Println(pe.Position(), err)
	}
	// Output:
	// number 1.10e400 at 1:21
	// key "id" at 1:2 and 2:2
	// 1:9 node: syntax error at 1:9: expected ',' or '}' after object member, found ']'
}

func ExampleCompareNumbers() {
	for _, pair := range [][2]string{
		{"1", "1.0"},
		{"-0", "0"},
		{"1e400", "9e399"},
		{"9223372036854775808", "9223372036854775807"},
	} {
		c, err := node.CompareNumbers(pair[0], pair[1])
		fmt.Println(pair[0], pair[1], c, err)
	}
	d, _ := node.ParseDecimal("12.50e1")
	fmt.Println(d, d.IsInteger())
	// Output:
	// 1 1.0 0 <nil>
	// -0 0 0 <nil>
	// 1e400 9e399 1 <nil>
	// 9223372036854775808 9223372036854775807 1 <nil>
	// 125 true
}

func ExampleMarshal() {
	n, _ := node.ParseString(`{"version": "2.0", "shapes": {"b": 1, "a": [true, null, 1.50]}}`)
	fmt.Println(string(node.Marshal(n)))
	fmt.Println(string(node.Marshal(n, node.Indent("    "), node.SortKeys())))
	// Output:
	// {"version":"2.0","shapes":{"b":1,"a":[true,null,1.50]}}
	// {
	//     "shapes": {
	//         "a": [
	//             true,
	//             null,
	//             1.50
	//         ],
	//         "b": 1
	//     },
	//     "version": "2.0"
	// }
}
