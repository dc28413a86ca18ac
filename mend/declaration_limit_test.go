package mend

import (
	"errors"
	"strings"
	"testing"
)

// TestDeclarationCheckAtLimit: a value whose declaration check the value
// engine stopped at one of its limits (here a number longer than its
// 4,096-byte bound, which the reader itself does not bound) was not
// judged, so no method may call it satisfied: it is E020 (exit 5) at the
// value, as a text over the reader's own limits is. Before, repair and
// analyze answered "execute" (exit 0) and readiness and validate-text
// called the declaration met. A wrong member read before the limit still
// makes the value invalid (exit 1, E031).
func TestDeclarationCheckAtLimit(t *testing.T) {
	decl, err := ParseCompact(`{!a:integer,b:integer}`)
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("9", 5000)
	unjudged := `{"a": ` + long + `}`
	opts := Options{Declaration: decl}

	t.Run("repair", func(t *testing.T) {
		_, err := Repair([]byte(unjudged), opts)
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeLimit || e.Exit != ExitRefused || e.Line != 1 || e.Column != 7 {
			t.Fatalf("got %#v, want E020 exit 5 at 1:7", err)
		}
		if !strings.Contains(e.RetryHint, "could not be read") {
			t.Errorf("retry hint %q", e.RetryHint)
		}
	})
	t.Run("analyze", func(t *testing.T) {
		p := Analyze([]byte(unjudged), opts)
		if p.Decision != DecisionInvalid || p.Label != "over_limit" || p.Executable ||
			p.Error == nil || p.Error.Code != CodeLimit || p.Error.Exit != ExitRefused {
			t.Fatalf("got decision %s, label %s, executable %v, error %+v", p.Decision, p.Label, p.Executable, p.Error)
		}
	})
	t.Run("validate", func(t *testing.T) {
		v, err := Validate([]byte(unjudged), opts)
		if err != nil || !v.Valid || v.Schema != nil || v.Error == nil || v.Error.Code != CodeLimit {
			t.Fatalf("got %+v, %v; want valid JSON, no verdict, error E020", v, err)
		}
	})
	t.Run("readiness", func(t *testing.T) {
		_, err := Readiness([]byte(unjudged), opts)
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeLimit {
			t.Fatalf("got %v, want E020", err)
		}
	})
	t.Run("watch", func(t *testing.T) {
		w := NewWatcher(opts)
		var events []Event
		events = append(events, w.Feed([]byte(unjudged)).Events...)
		fin := w.Finish()
		events = append(events, fin.Events...)
		for _, ev := range events {
			if ev.Kind == "satisfied" {
				t.Errorf("a satisfied event for a value not judged: %+v", ev)
			}
		}
		if fin.Error == nil || fin.Error.Code != CodeLimit {
			t.Errorf("finish: error %+v, want E020", fin.Error)
		}
	})
	t.Run("an error before the limit", func(t *testing.T) {
		_, err := Repair([]byte(`{"a": "x", "b": `+long+`}`), opts)
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeSchema || e.Exit != ExitInvalid {
			t.Fatalf("got %v, want E031 exit 1", err)
		}
	})
	t.Run("within the limit", func(t *testing.T) {
		if _, err := Repair([]byte(`{"a": `+long[:4096]+`}`), opts); err != nil {
			t.Fatalf("got %v", err)
		}
	})
}
