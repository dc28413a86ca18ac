package testlog

import (
	"strings"
	"testing"
)

// A stream of go test -json events, as go 1.24+ writes them, with a line
// that is not an event among them.
const stream = `{"Action":"start","Package":"p"}
{"Action":"run","Package":"p","Test":"TestPass"}
{"Action":"output","Package":"p","Test":"TestPass","Output":"=== RUN   TestPass\n"}
{"Action":"output","Package":"p","Test":"TestPass","Output":"    a_test.go:3: noise\n"}
{"Action":"output","Package":"p","Test":"TestPass","Output":"--- PASS: TestPass (0.00s)\n"}
{"Action":"pass","Package":"p","Test":"TestPass"}
{"Action":"run","Package":"p","Test":"TestCorpus"}
{"Action":"output","Package":"p","Test":"TestCorpus","Output":"=== RUN   TestCorpus\n"}
{"Action":"output","Package":"p","Test":"TestCorpus","Output":"    a_test.go:4: corpus not found at /x\n"}
{"Action":"output","Package":"p","Test":"TestCorpus","Output":"--- SKIP: TestCorpus (0.00s)\n"}
{"Action":"skip","Package":"p","Test":"TestCorpus"}
{"Action":"run","Package":"p","Test":"TestOther"}
{"Action":"output","Package":"p","Test":"TestOther","Output":"=== RUN   TestOther\n"}
{"Action":"output","Package":"p","Test":"TestOther","Output":"    a_test.go:5: no chromium\n"}
{"Action":"skip","Package":"p","Test":"TestOther"}
go: downloading example.com/m v1.0.0
{"Action":"run","Package":"p","Test":"TestFail"}
{"Action":"output","Package":"p","Test":"TestFail","Output":"=== RUN   TestFail\n"}
{"Action":"output","Package":"p","Test":"TestFail","Output":"    a_test.go:6: broke\n"}
{"Action":"output","Package":"p","Test":"TestFail","Output":"--- FAIL: TestFail (0.00s)\n"}
{"Action":"fail","Package":"p","Test":"TestFail"}
{"Action":"run","Package":"p","Test":"TestHang"}
{"Action":"output","Package":"p","Test":"TestHang","Output":"=== RUN   TestHang\n"}
{"Action":"output","Package":"p","Test":"TestHang","Output":"panic: test timed out after 1s\n"}
{"Action":"output","Package":"p","Output":"FAIL\tp\t1.2s\n"}
{"Action":"fail","Package":"p"}
{"Action":"output","Package":"q","Output":"PASS\n"}
{"Action":"output","Package":"q","Output":"ok  \tq\t0.1s\n"}
{"Action":"build-output","ImportPath":"r [r.test]","Output":"./b.go:2:12: undefined: x\n"}
{"Action":"output","Package":"r","Output":"FAIL\tr [build failed]\n"}
`

func TestFilter(t *testing.T) {
	var out strings.Builder
	var skips []Skip
	if err := Filter(strings.NewReader(stream), &out, func(s Skip) { skips = append(skips, s) }); err != nil {
		t.Fatal(err)
	}
	want := "go: downloading example.com/m v1.0.0\n" +
		"=== RUN   TestFail\n    a_test.go:6: broke\n--- FAIL: TestFail (0.00s)\n" +
		"FAIL\tp\t1.2s\n" +
		"=== RUN   TestHang\npanic: test timed out after 1s\n" +
		"ok  \tq\t0.1s\n" +
		"./b.go:2:12: undefined: x\n" +
		"FAIL\tr [build failed]\n"
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
	for _, tc := range []struct {
		name   string
		got    Skip
		line   string
		corpus bool
	}{
		{name: "corpus", got: skips[0], line: "p\tTestCorpus\ta_test.go:4: corpus not found at /x", corpus: true},
		{name: "other", got: skips[1], line: "p\tTestOther\ta_test.go:5: no chromium", corpus: false},
	} {
		if tc.got.Line() != tc.line || tc.got.MissingCorpus() != tc.corpus {
			t.Errorf("%s: skip %q (corpus %v), want %q (corpus %v)", tc.name, tc.got.Line(), tc.got.MissingCorpus(), tc.line, tc.corpus)
		}
	}
	if len(skips) != 2 {
		t.Errorf("%d skips, want 2: %v", len(skips), skips)
	}
}
