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
