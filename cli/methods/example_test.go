package methods_test

import (
	"context"
	"os"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/cli/methods"
	"github.com/smithy-validation/go/cli/serve"
)

// A family of methods registers itself from its file's init; here a method
// that counts the models a request names and refuses a request without
// them with the shared params error (E050, exit 2).
func ExampleRegister() {
	methods.Register("example.count", func(ctx context.Context, s *methods.Session, params []byte) ([]byte, int, error) {
		var p methods.ModelParams
		if err := methods.DecodeParams(params, &p); err != nil {
			return nil, 0, err
		}
		models, err := p.Sources()
		if err != nil {
			return nil, 0, err
		}
		return []byte(`{"models":` + strconv.Itoa(len(models)) + `}`), 0, nil
	})
	h, err := methods.NewHandler(methods.HandlerOptions{NoPaths: true})
	if err != nil {
		panic(err)
	}
	requests := `{"id":1,"method":"example.count","params":{"models":[{"name":"a.smithy","text":""},{"name":"b.smithy","text":""}]}}
{"id":2,"method":"example.count","params":{"models":"a.smithy"}}
{"id":3,"method":"example.count"}
`
	serve.Stdio(h, strings.NewReader(requests), os.Stdout, os.Stderr)
	// Output:
	// {"id":1,"ok":true,"exit":0,"result":{"models":2}}
	// {"id":2,"ok":false,"error":{"code":"E050","message":"params: \"models\" must be an array, not string","exit":2}}
	// {"id":3,"ok":false,"error":{"code":"E050","message":"\"models\" is missing: give [{\"path\": ...}] or [{\"name\": ..., \"text\": ...}]","exit":2}}
}
