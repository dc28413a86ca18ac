package rpc_test

import (
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// assemble loads Smithy IDL sources (name -> text) with the smithy.rpc
// traits.
func assemble(t testing.TB, sources map[string]string) *model.Model {
	t.Helper()
	a := assembly.New()
	if err := rpc.AddTraits(a); err != nil {
		t.Fatalf("traits: %v", err)
	}
	for n, src := range sources {
		if err := a.AddSource(n, []byte(src)); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
	}
	res, err := a.Assemble()
	if err != nil {
		t.Fatal(err)
	}
	if res.HasErrors() || res.Model == nil {
		var b strings.Builder
		for _, e := range res.Events {
			b.WriteString(e.String() + "\n")
		}
		t.Fatalf("model has errors:\n%s", b.String())
	}
	return res.Model
}

var (
	calcOnce  sync.Once
	calcModel *model.Model
	calcErr   string
)

// calculator returns the model of testdata/calculator.smithy.
func calculator(t testing.TB) *model.Model {
	t.Helper()
	calcOnce.Do(func() {
		data, err := os.ReadFile("testdata/calculator.smithy")
		if err != nil {
			calcErr = err.Error()
			return
		}
		calcModel = assemble(t, map[string]string{"calculator.smithy": string(data)})
	})
	if calcModel == nil {
		t.Fatalf("calculator model: %s", calcErr)
	}
	return calcModel
}

// service prepares example#Calculator (or another service of the
// calculator model) for version v.
func service(t testing.TB, v rpc.ProtocolVersion, opts ...rpc.Option) *rpc.PreparedService {
	t.Helper()
	return serviceOf(t, "example#Calculator", v, opts...)
}

func serviceOf(t testing.TB, id string, v rpc.ProtocolVersion, opts ...rpc.Option) *rpc.PreparedService {
	t.Helper()
	s, err := rpc.Prepare(calculator(t), shapeid.MustParse(id), append([]rpc.Option{rpc.Version(v)}, opts...)...)
	if err != nil {
		t.Fatalf("prepare %s %s: %v", id, v, err)
	}
	return s
}

// codes returns the findings as "code path" strings, in order, leaving
// advisories out unless all is set.
func codes(r *rpc.Result, all bool) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Severity == sv.SeverityAdvisory && !all {
			continue
		}
		out = append(out, string(f.Code)+" "+pointer(f.Path))
	}
	return out
}

func pointer(p sv.Path) string {
	s := p.String()
	if s == "" {
		s = `""`
	}
	if i, ok := p.Document(); ok {
		return "[" + itoa(i) + "]" + s
	}
	return s
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// summary renders one message summary compactly: kind id method rpc_error.
func summary(m rpc.MessageSummary) string {
	s := m.Kind.String()
	if m.ID.IsPresent() {
		s += " id=" + m.ID.String()
	}
	if m.HasMethod {
		s += " method=" + m.Method
	}
	if m.RPCError != 0 {
		s += " rpc_error=" + itoa(m.RPCError)
	}
	return s
}

func nodeMaxSize(n int) node.Option  { return node.MaxSize(n) }
func nodeMaxDepth(n int) node.Option { return node.MaxDepth(n) }
