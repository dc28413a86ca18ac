package methods

import (
	"context"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/serve"
)

// TestStreamsOverHTTP: a request without a connection (HTTP) gets llm.run,
// the stateless form, and a clear E050 for the methods that need one.
func TestStreamsOverHTTP(t *testing.T) {
	h, err := NewHandler(HandlerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := h.Open(false)
	defer s.Close()
	for _, m := range []string{"watch.start", "watch.feed", "watch.finish", "llm.open", "llm.feed", "llm.close"} {
		_, _, err := s.Call(context.Background(), m, []byte(`{}`))
		se, ok := err.(*serve.Error)
		if !ok || se.Code != serve.CodeUsage || !strings.Contains(se.Message, "needs a connection") {
			t.Errorf("%s over HTTP: %v", m, err)
		}
	}
	out, exit, err := s.Call(context.Background(), "llm.run", []byte(`{"provider":"anthropic","events":["{\"type\":\"message_stop\"}"]}`))
	if err != nil || exit != 0 || string(out) != `{"calls":[],"error":"","ignored_events":0,"stop_reason":""}` {
		t.Errorf("llm.run over HTTP: %s %d %v", out, exit, err)
	}
	// A declaration error keeps its code and exit in the envelope.
	_, _, err = s.Call(context.Background(), "llm.run", []byte(`{"provider":"gemini","events":[]}`))
	if se, ok := err.(*serve.Error); !ok || se.Code != "E050" || se.Exit != 2 || !strings.Contains(se.Message, "unknown provider") {
		t.Errorf("bad provider: %v", err)
	}
}

// TestStreamKinds: hello names the kinds of stream a connection carries
// (exchange, watch, llm), and each is real: a connection holds one of
// every kind open at once, and a second of the same kind is refused
// while the others stay open. "streams": 1 is that limit.
func TestStreamKinds(t *testing.T) {
	h, err := NewHandler(HandlerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := h.Hello().StreamKinds, []string{"exchange", "watch", "llm"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("StreamKinds = %q, want %q", got, want)
	}
	s := h.Open(true)
	defer s.Close()
	ctx := context.Background()
	open := map[string][2]string{
		"exchange": {"exchange.start", `{"version":"2.0"}`},
		"watch":    {"watch.start", `{"schema":"{!a:string}"}`},
		"llm":      {"llm.open", `{"provider":"openai"}`},
	}
	for _, kind := range h.Hello().StreamKinds {
		m, ok := open[kind]
		if !ok {
			t.Fatalf("hello names the stream kind %q, which this test cannot open", kind)
		}
		if _, _, err := s.Call(ctx, m[0], []byte(m[1])); err != nil {
			t.Fatalf("%s with the other kinds open: %v", m[0], err)
		}
	}
	for _, kind := range h.Hello().StreamKinds {
		m := open[kind]
		_, _, err := s.Call(ctx, m[0], []byte(m[1]))
		if se, ok := err.(*serve.Error); !ok || se.Code != serve.CodeUsage || !strings.Contains(se.Message, "already") {
			t.Errorf("a second %s: %v, want E050 saying one is already active", m[0], err)
		}
	}
	for _, m := range []string{"exchange.finish", "watch.finish", "llm.close"} {
		if _, _, err := s.Call(ctx, m, []byte(`{}`)); err != nil {
			t.Errorf("%s after the refused second start: %v", m, err)
		}
	}
}

// TestConnectionOnly: the methods hello leaves out over HTTP are exactly
// those that answer "needs a connection" there; every other capability
// is served over HTTP (it may refuse empty params, never for want of a
// connection).
func TestConnectionOnly(t *testing.T) {
	h, err := NewHandler(HandlerOptions{NoPaths: true})
	if err != nil {
		t.Fatal(err)
	}
	only := map[string]bool{}
	for _, m := range h.Hello().ConnectionOnly {
		only[m] = true
	}
	if len(only) != 9 {
		t.Errorf("ConnectionOnly = %q, want the 9 methods of exchange, watch and llm but llm.run", h.Hello().ConnectionOnly)
	}
	for _, m := range h.Hello().Capabilities {
		s := h.Open(false)
		_, _, err := s.Call(context.Background(), m, []byte(`{}`))
		s.Close()
		se, _ := err.(*serve.Error)
		needs := se != nil && strings.Contains(se.Message, "needs a connection")
		if needs != only[m] {
			t.Errorf("%s over HTTP: %v; connection-only: %v", m, err, only[m])
		}
		delete(only, m)
	}
	for m := range only {
		t.Errorf("%s is connection-only but not a capability", m)
	}
}
