package methods

import (
	"context"
	"slices"
	"testing"
)

// TestBuiltinOrder: hello lists the commands' methods first, then the
// exchange stream's, whatever files register more after them.
func TestBuiltinOrder(t *testing.T) {
	want := []string{"ast", "validate", "validate-value", "validate-rpc", "openrpc", "rpc.discover", "exchange.start", "exchange.feed", "exchange.finish", "repair", "analyze", "readiness", "validate-text"}
	if got := Names(); len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
		t.Errorf("Names() = %q, want it to start with %q", got, want)
	}
}

// TestRegisterTwice: a name registered twice is a programming error,
// caught at start-up, not a silently replaced method.
func TestRegisterTwice(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Error("registering validate again did not panic")
		}
	}()
	Register("validate", func(context.Context, *Session, []byte) ([]byte, int, error) { return nil, 0, nil })
}
