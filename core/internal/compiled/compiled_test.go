package compiled

import (
	"errors"
	"fmt"
	"sync"
	"testing"
)

func TestCache(t *testing.T) {
	calls := map[string]int{}
	var mu sync.Mutex
	c := New(2, func(s string) (string, error) {
		mu.Lock()
		calls[s]++
		mu.Unlock()
		if s == "bad" {
			return "", errors.New("bad text")
		}
		return "<" + s + ">", nil
	})
	for _, tc := range []struct {
		name, text, want string
		wantErr          bool
		calls            int
	}{
		{"first use compiles", "a", "<a>", false, 1},
		{"second use is cached", "a", "<a>", false, 1},
		{"errors are cached", "bad", "", true, 1},
		{"again from the cache", "bad", "", true, 1},
		{"beyond the bound compiles each time", "c", "<c>", false, 1},
		{"and again", "c", "<c>", false, 2},
	} {
		got, err := c.Get(tc.text)
		if got != tc.want || (err != nil) != tc.wantErr || calls[tc.text] != tc.calls {
			t.Errorf("%s: Get(%q) = %q, %v after %d compiles; want %q, error %v, %d compiles",
				tc.name, tc.text, got, err, calls[tc.text], tc.want, tc.wantErr, tc.calls)
		}
	}
	if v, err, ok := c.Peek("a"); !ok || v != "<a>" || err != nil {
		t.Errorf("Peek(a) = %q, %v, %v; want the cached <a>", v, err, ok)
	}
	if _, err, ok := c.Peek("bad"); !ok || err == nil {
		t.Errorf("Peek(bad) = %v, %v; want the cached error", err, ok)
	}
	if _, _, ok := c.Peek("new"); ok || calls["new"] != 0 {
		t.Errorf("Peek(new) = ok %v after %d compiles; want nothing, no compile", ok, calls["new"])
	}
	if _, _, ok := c.Peek("c"); ok {
		t.Error("Peek(c): a text beyond the bound is not kept")
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if got, _ := c.Get("a"); got != "<a>" {
				panic(fmt.Sprint("concurrent Get: ", got))
			}
		}(i)
	}
	wg.Wait()
}
