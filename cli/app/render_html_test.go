package app

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/exitcode"
)

// TestHTMLReportInChromium opens the report of a 100,000-message
// transcript in headless Chromium (Debian's chromium package; scripts/
// test.sh installs it) and drives it over the DevTools protocol: the page
// loads every row but puts only those on screen in the document, a
// screenshot shows the summary with its verdict, a real mouse click on a
// message opens it with its finding inline at its path, and a click on
// "answered by" goes to the answer. Set SMITHY_SCREENSHOT=file.png to keep
// the screenshots (file.png, and file-open.png after the click). Without Chromium the test skips, unless
// SMITHY_REQUIRE_CHROMIUM is set (scripts/test.sh sets it), so CI never
// skips it silently.
func TestHTMLReportInChromium(t *testing.T) {
	browser := findChromium(t)
	dir := t.TempDir()
	const n = 100_000
	transcript := filepath.Join(dir, "calls.jsonl")
	var b strings.Builder
	for i := 0; i < n; i++ {
		id := i / 2
		switch {
		case i%2 == 1:
			fmt.Fprintf(&b, `{"from":"server","message":{"jsonrpc":"2.0","result":%d,"id":%d}}`+"\n", id, id)
		case id%1000 == 1:
			fmt.Fprintf(&b, `{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[%d,"x"],"id":%d}}`+"\n", id, id)
		default:
			fmt.Fprintf(&b, `{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[%d,1],"id":%d}}`+"\n", id, id)
		}
	}
	if err := os.WriteFile(transcript, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "report.html")
	var out, errb bytes.Buffer
	code := Run([]string{"smithy", "validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--transcript", transcript,
		"--format", "html", filepath.Join("..", "..", "examples", "calculator", "calculator.smithy")}, strings.NewReader(""), &out, &errb)
	if code != exitcode.Invalid {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if err := os.WriteFile(page, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, banned := range []string{"http://", "https://", "<script src", "<link"} {
		if bytes.Contains(out.Bytes(), []byte(banned)) {
			t.Errorf("the page is not self-contained: it has %q", banned)
		}
	}

	cdp := startChromium(t, browser, dir)
	cdp.call("Page.navigate", map[string]any{"url": (&url.URL{Scheme: "file", Path: page}).String()})
	var rows int
	for deadline := time.Now().Add(60 * time.Second); rows != n/2+n/2 && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		cdp.eval("window.smithyReport ? smithyReport.rows : 0", &rows)
	}
	if rows != n {
		t.Fatalf("the page has %d rows, want %d", rows, n)
	}
	var rendered int
	cdp.eval("smithyReport.rendered()", &rendered)
	if rendered == 0 || rendered > 100 {
		t.Errorf("%d rows in the document for %d messages: only those on screen should be", rendered, n)
	}

	// The screenshot: the summary's verdict badge is red.
	var shot struct {
		Data string `json:"data"`
	}
	cdp.callInto("Page.captureScreenshot", map[string]any{"format": "png"}, &shot)
	data, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		t.Fatal(err)
	}
	if p := os.Getenv("SMITHY_SCREENSHOT"); p != "" {
		os.WriteFile(p, data, 0o644)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	red := 0
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < min(bounds.Max.Y, 80); y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 > 180 && g>>8 < 70 && bl>>8 < 70 {
				red++
			}
		}
	}
	if bounds.Dx() < 800 || red < 200 {
		t.Errorf("screenshot %dx%d has %d red pixels in its header: no invalid verdict badge", bounds.Dx(), bounds.Dy(), red)
	}

	// A real click on the message of line 2 (the call with a bad param,
	// on its kind: the middle of its header is its link)
	// opens it; its finding is inline at /params/1.
	cdp.click(`[data-row="2"] .head .kind`)
	var inline string
	cdp.eval(`(() => { const f = document.querySelector('[data-row="2"] .body .f'); return f ? f.textContent : ""; })()`, &inline)
	if !strings.Contains(inline, "error[type] expected an integer, found a string") {
		t.Errorf("after the click, the finding shown inline is %q", inline)
	}
	var lineOfNote string
	cdp.eval(`(() => { const f = document.querySelector('[data-row="2"] .body .f'); return f ? f.parentNode.textContent.split("\n").find(l => l.includes("error[type]")) : ""; })()`, &lineOfNote)
	if !strings.HasPrefix(strings.TrimSpace(lineOfNote), `"x"`) {
		t.Errorf("the finding is not on the line of /params/1: %q", lineOfNote)
	}
	if p := os.Getenv("SMITHY_SCREENSHOT"); p != "" {
		cdp.callInto("Page.captureScreenshot", map[string]any{"format": "png"}, &shot)
		if data, err := base64.StdEncoding.DecodeString(shot.Data); err == nil {
			os.WriteFile(strings.TrimSuffix(p, ".png")+"-open.png", data, 0o644)
		}
	}
	// A click on "answered by #3" goes to the answer and marks it.
	cdp.click(`[data-row="2"] [data-go="3"]`)
	var marked string
	cdp.eval(`(() => { const c = document.querySelector(".card.hl"); return c ? c.parentNode.dataset.row : ""; })()`, &marked)
	if marked != "3" {
		t.Errorf("after the click on the link, row %q is marked, want 3", marked)
	}
}
