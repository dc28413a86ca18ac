package proxy_test

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/smithy-validation/go/cli/proxy"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
)

// A lone CR inside a line is a framing fault: a peer that also ends
// lines at CR would read two messages where this reader reads one, so the
// frame carries no body to validate (under Enforce it is not forwarded).
func ExampleReader() {
	in := `{"id":1}` + "\r" + `{"id":2}` + "\n" + `{"id":3}` + "\r\n"
	r := proxy.NewReader(strings.NewReader(in), proxy.Lines, 1<<20)
	for {
		f, err := r.Read()
		if err != nil {
			break
		}
		if f.Problem != nil {
			fmt.Printf("offset %d: %s (%d bytes, no body)\n", f.Problem.Offset, f.Problem.Code, len(f.Raw))
			continue
		}
		fmt.Printf("offset %d: message %s\n", f.Offset, f.Body)
	}
	// Output:
	// offset 0: framing-cr (18 bytes, no body)
	// offset 18: message {"id":3}
}

// A child that closes its output but keeps running does not keep the
// proxy running: after the grace period the proxy sends SIGTERM to the
// child's process group and logs it, and returns the child's code.
func ExampleProxy_RunCommand() {
	svc := exampleService()
	var log strings.Builder
	p := proxy.New(svc, proxy.Options{Log: &log, Grace: 500 * time.Millisecond})
	cmd := exec.Command("sh", "-c", "exec 1>&-; exec sleep 300")
	code, err := p.RunCommand(cmd, strings.NewReader(""), io.Discard)
	fmt.Println(code, err)
	fmt.Print(log.String())
	// Output:
	// 143 <nil>
	// {"child":"SIGTERM","reason":"the child closed its output but kept running, and nothing more came within 500ms"}
}

// exampleService prepares examples/calculator's service.
func exampleService() *rpc.PreparedService {
	a := assembly.New()
	rpc.AddTraits(a)
	a.AddPath("../../examples/calculator/calculator.smithy")
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		panic(fmt.Sprint(err, res.Events))
	}
	svc, err := rpc.Prepare(res.Model, shapeid.MustParse("example#Calculator"), rpc.Version(rpc.V2_0))
	if err != nil {
		panic(err)
	}
	return svc
}

// A program whose job is the proxy (the smithy command) reserves Ps for
// the relay's blocking reads before it starts the child; GOMAXPROCS set
// in the environment is left as it is.
func ExampleReserveProcs() {
	proxy.ReserveProcs()
	fmt.Println(runtime.GOMAXPROCS(0) >= proxy.MinProcs || os.Getenv("GOMAXPROCS") != "")
	// Output: true
}
