package app

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/exitcode"
)

// hostileTranscript is a transcript whose methods, ids, keys, values and
// raw lines try to end the page's script element, start their own, put a
// handler on an element, plant a javascript: URL, break a line with U+2028
// and reorder the row with bidirectional controls.
func hostileTranscript(t *testing.T, dir string) string {
	t.Helper()
	const x = `</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2"><!--`
	msg := func(from string, m any) string {
		b, err := json.Marshal(map[string]any{"from": from, "message": m})
		if err != nil {
			t.Fatal(err)
		}
		// json.Marshal escapes <, > and &; the page must not rely on the
		// transcript having been written that way.
		b = bytes.ReplaceAll(b, []byte(`\u003c`), []byte("<"))
		b = bytes.ReplaceAll(b, []byte(`\u003e`), []byte(">"))
		b = bytes.ReplaceAll(b, []byte(`\u0026`), []byte("&"))
		b = bytes.ReplaceAll(b, []byte(`\u2028`), []byte("\u2028"))
		b = bytes.ReplaceAll(b, []byte(`\u2029`), []byte("\u2029"))
		return string(b)
	}
	lines := []string{
		msg("client", map[string]any{"jsonrpc": "2.0", "method": x, "params": []any{1, 2}, "id": x}),
		msg("client", map[string]any{"jsonrpc": "2.0", "method": "subtract", "id": 2,
			"params": map[string]any{"minuend": "javascript:window.pwned=3", "subtrahend": "a\u2028b\u2029c" + x, x: 1}}),
		msg("client", map[string]any{"jsonrpc": "2.0", "method": "sub\u202etcartda\u2066", "params": []any{1, "\u202e2"}, "id": "\u202e3\u200f"}),
		msg("server", map[string]any{"jsonrpc": "2.0", "result": x, "id": x}),
		`{"from":"client","text":"` + strings.ReplaceAll(x, `"`, `\"`) + "\u202e\"}",
		x + "\u202e",
	}
	p := filepath.Join(dir, "hostile.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestHTMLReportHostileData checks the report page of a hostile
// transcript twice: on its bytes (the page's one script element is the
// template's, no data ends it or opens a comment in it, U+2028 and
// U+2029 are escaped, the title is escaped) and in headless Chromium,
// every message opened: nothing ran (no pwned, no element but the
// template's), and no bidirectional control, invisible formatting
// character or line separator reached the text on screen: each is shown
// as its escape (\u202e), as the terminal shows it. Until 2026-12-03 the
// page escaped HTML but printed a method, an id and the JSON of a message
// with their bidirectional controls, which reordered the row around them.
func TestHTMLReportHostileData(t *testing.T) {
	dir := t.TempDir()
	transcript := hostileTranscript(t, dir)
	var out, errb bytes.Buffer
	code := Run([]string{"smithy", "validate-rpc", "--service", "example#Calculator", "--version", "2.0", "--transcript", transcript,
		"--format", "html", filepath.Join("..", "..", "examples", "calculator", "calculator.smithy")}, strings.NewReader(""), &out, &errb)
	if code != exitcode.Invalid {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	page := out.Bytes()

	// The bytes.
	if n := len(regexp.MustCompile(`(?i)<script`).FindAllIndex(page, -1)); n != 1 {
		t.Errorf("the page has %d <script, want the template's one", n)
	}
	if n := len(regexp.MustCompile(`(?i)</script`).FindAllIndex(page, -1)); n != 1 {
		t.Errorf("the page has %d </script, want the template's one", n)
	}
	start := bytes.Index(page, []byte("<script>"))
	end := bytes.Index(page, []byte("</script>"))
	script := page[start+len("<script>") : end]
	for _, bad := range []string{"<!--", "<img", "\u2028", "\u2029"} {
		if bytes.Contains(script, []byte(bad)) {
			t.Errorf("the script element holds %q raw", bad)
		}
	}
	if bytes.Contains(page[:start], []byte("<img")) || bytes.Contains(page[end:], []byte("<img")) {
		t.Error("the page holds an <img outside its script")
	}

	// The page in a browser.
	browser := findChromium(t)
	file := filepath.Join(dir, "report.html")
	if err := os.WriteFile(file, page, 0o644); err != nil {
		t.Fatal(err)
	}
	cdp := startChromium(t, browser, dir)
	cdp.call("Page.navigate", map[string]any{"url": (&url.URL{Scheme: "file", Path: file}).String()})
	var rows int
	for deadline := time.Now().Add(30 * time.Second); rows == 0 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		cdp.eval("window.smithyReport ? smithyReport.rows : 0", &rows)
	}
	// The last line is no transcript record: a finding, not a row.
	if rows != 5 {
		t.Fatalf("the page has %d rows, want 5", rows)
	}
	// Open every message, one click each, as a reader would: from the
	// last, so that an opened message pushes none still to click off the
	// screen.
	for k := rows - 1; k >= 0; k-- {
		cdp.click(`[data-row="` + strconv.Itoa(k) + `"] .head .kind`)
	}
	var state struct {
		Pwned   any    `json:"pwned"`
		Title   string `json:"title"`
		Scripts int    `json:"scripts"`
		Imgs    int    `json:"imgs"`
		Text    string `json:"text"`
		Attrs   string `json:"attrs"`
		Opened  int    `json:"opened"`
	}
	// Only the rows on screen are in the document: scroll through the
	// list and read each screen.
	cdp.eval(`(async () => {
		const view = document.getElementById("view"), frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
		let text = "", attrs = "", imgs = 0;
		const opened = new Set();
		for (let y = 0; ; y += 200) {
			view.scrollTop = y;
			await frame();
			text += document.body.innerText + "\n";
			attrs += [...document.querySelectorAll("[title]")].map((e) => e.title).join("\n") + "\n";
			imgs += document.querySelectorAll("img, iframe, object, embed, a[href]").length;
			document.querySelectorAll("#rows .row").forEach((r) => { if (r.querySelector(".body")) opened.add(r.dataset.row); });
			if (y > view.scrollHeight) break;
		}
		text += [...document.querySelectorAll("option")].map((o) => o.textContent).join("\n");
		return {pwned: window.pwned === undefined ? null : window.pwned, title: document.title,
			scripts: document.scripts.length, imgs, text, attrs, opened: opened.size};
	})()`, &state)
	if state.Opened != rows {
		t.Fatalf("%d messages seen open, want %d", state.Opened, rows)
	}
	if state.Pwned != nil {
		t.Errorf("the page ran the transcript's script: pwned = %v", state.Pwned)
	}
	if state.Scripts != 1 || state.Imgs != 0 {
		t.Errorf("the document has %d scripts and %d images, frames or links; want the template's script only", state.Scripts, state.Imgs)
	}
	if !strings.HasPrefix(state.Title, "smithy validate-rpc: ") {
		t.Errorf("title %q", state.Title)
	}
	for _, seen := range []struct{ where, text string }{{"text", state.Text}, {"title attributes", state.Attrs}} {
		reported := map[rune]bool{}
		for _, r := range seen.text {
			if ((r >= 0x200b && r <= 0x200f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) ||
				r == 0x2028 || r == 0x2029 || r == 0xfeff || (r >= 0x80 && r < 0xa0)) && !reported[r] {
				reported[r] = true
				t.Errorf("the page's %s show U+%04X raw", seen.where, r)
			}
		}
	}
	for _, want := range []string{`sub\u202etcartda\u2066`, `"\u202e3\u200f"`, `"\u202e2"`, `"a\u2028b\u2029c</script>`, `javascript:window.pwned=3`} {
		if !strings.Contains(state.Text, want) {
			t.Errorf("the page does not show %s", want)
		}
	}
}
