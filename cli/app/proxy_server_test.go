package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/smithy-validation/go/cli/proxy"
)

// calcServer is the `calc-server [lsp] [EXIT]` program of the scripts: a
// JSON-RPC 2.0 calculator on standard input and output that answers
// subtract (-32602 for params that are not two numbers), writes each method it receives to standard error, and exits
// with EXIT (default 0) at the end of its input.
func calcServer() {
	f, code := proxy.Lines, 0
	for _, a := range os.Args[1:] {
		if a == "lsp" {
			f = proxy.LSP
		} else if n, err := strconv.Atoi(a); err == nil {
			code = n
		}
	}
	fmt.Fprintf(os.Stderr, "calc-server args: %q\n", os.Args[1:])
	r := proxy.NewReader(os.Stdin, f, 1<<20)
	for {
		fr, err := r.Read()
		if err != nil {
			break
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		if fr.Body == nil || json.Unmarshal(fr.Body, &m) != nil {
			continue
		}
		fmt.Fprintf(os.Stderr, "calc-server: %s\n", m.Method)
		var pos []float64
		var named struct{ Minuend, Subtrahend *float64 }
		if json.Unmarshal(m.Params, &named) == nil && named.Minuend != nil && named.Subtrahend != nil {
			pos = []float64{*named.Minuend, *named.Subtrahend}
		} else if json.Unmarshal(m.Params, &pos) != nil {
			pos = nil
		}
		if m.ID == nil {
			continue
		}
		body := fmt.Sprintf(`{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params"},"id":%s}`, m.ID)
		if len(pos) == 2 {
			body = fmt.Sprintf(`{"jsonrpc":"2.0","result":%d,"id":%s}`, int(pos[0]-pos[1]), m.ID)
		}
		os.Stdout.Write(proxy.AppendFrame(nil, f, []byte(body)))
	}
	os.Exit(code)
}

// crlf copies standard input to standard output with every LF made CRLF
// (a txtar file holds LF line ends; the LSP base protocol wants CRLF).
func crlf() {
	b, err := io.ReadAll(os.Stdin)
	if err != nil {
		os.Exit(1)
	}
	os.Stdout.Write(bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")))
	os.Exit(0)
}
