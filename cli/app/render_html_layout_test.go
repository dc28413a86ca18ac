package app

import (
	"bytes"
	"encoding/base64"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/exitcode"
)

// TestHTMLReportReadable checks, in headless Chromium, that the report's
// findings read at a glance: a closed row previews its first finding (cut
// at the row's edge), the rpc_error code is labelled, and an open message
// shows each finding on a line of its own under the value it is about,
// wrapped to the card's width, so a long message never needs sideways
// scrolling. SMITHY_SCREENSHOT=file.png keeps file-readable-closed.png and
// file-readable-open.png.
func TestHTMLReportReadable(t *testing.T) {
	browser := findChromium(t)
	dir := t.TempDir()
	model := filepath.Join(dir, "m.smithy")
	os.WriteFile(model, []byte(`$version: "2"
namespace ex
use smithy.rpc#jsonRpc
use smithy.rpc#method

@jsonRpc(versions: ["2.0"])
service S { version: "1", operations: [Put] }

@method(name: "put")
operation Put {
    input := {
        /// A deliberately long pattern, for a long finding message.
        @required
        @pattern("^(?:[a-z0-9]+(?:-[a-z0-9]+)*\\.)+[a-z]{2,63}$|^localhost$|^[0-9]{1,3}(?:\\.[0-9]{1,3}){3}$")
        host: String
        port: Integer
    }
}
`), 0o644)
	transcript := filepath.Join(dir, "t.jsonl")
	os.WriteFile(transcript, []byte(`{"from":"client","message":{"jsonrpc":"2.0","method":"put","params":{"host":"Not A Host Name At All, With Spaces","port":"80"},"id":1}}`+"\n"), 0o644)
	var out, errb bytes.Buffer
	if code := Run([]string{"smithy", "validate-rpc", "--transcript", transcript, "--format", "html", model}, strings.NewReader(""), &out, &errb); code != exitcode.Invalid {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	page := filepath.Join(dir, "report.html")
	os.WriteFile(page, out.Bytes(), 0o644)

	cdp := startChromium(t, browser, dir)
	cdp.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 900, "height": 700, "deviceScaleFactor": 1, "mobile": false})
	cdp.call("Page.navigate", map[string]any{"url": (&url.URL{Scheme: "file", Path: page}).String()})
	var rows int
	for deadline := time.Now().Add(60 * time.Second); rows != 1 && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		cdp.eval("window.smithyReport ? smithyReport.rows : 0", &rows)
	}
	if rows != 1 {
		t.Fatalf("the page has %d rows, want 1", rows)
	}
	shot := func(name string) {
		p := os.Getenv("SMITHY_SCREENSHOT")
		if p == "" {
			return
		}
		var s struct {
			Data string `json:"data"`
		}
		cdp.callInto("Page.captureScreenshot", map[string]any{"format": "png"}, &s)
		if data, err := base64.StdEncoding.DecodeString(s.Data); err == nil {
			os.WriteFile(strings.TrimSuffix(p, ".png")+"-"+name+".png", data, 0o644)
		}
	}

	// Closed: the first finding is previewed in the row, inside it.
	var preview string
	cdp.eval(`(() => { const p = document.querySelector('[data-row="0"] .head .pv'); return p ? p.textContent : ""; })()`, &preview)
	if !strings.HasPrefix(preview, "pattern: expected a string matching") && !strings.HasPrefix(preview, "type: expected an integer") {
		t.Errorf("the closed row previews %q, want its first finding", preview)
	}
	var previewInside bool
	cdp.eval(`(() => { const p = document.querySelector('[data-row="0"] .head .pv'), h = p.closest('.head');
		return p.getBoundingClientRect().right <= h.getBoundingClientRect().right + 0.5; })()`, &previewInside)
	if !previewInside {
		t.Error("the preview runs past the row's edge")
	}
	var label string
	cdp.eval(`(() => { const l = document.querySelector('[data-row="0"] .rpc'); return l ? l.textContent : ""; })()`, &label)
	if label != "rpc_error-32602" {
		t.Errorf("the rpc_error badge reads %q, want the label and the code", label)
	}
	shot("readable-closed")

	// Open: each finding is its own block under its value's line, inside
	// the card, and the card needs no sideways scrolling for it.
	cdp.click(`[data-row="0"] .head .kind`)
	var geometry struct {
		Notes    int      `json:"notes"`
		Overflow float64  `json:"overflow"`
		Before   []string `json:"before"`
	}
	cdp.eval(`(() => {
		const card = document.querySelector('[data-row="0"] .card'), body = card.querySelector('.body');
		const right = body.getBoundingClientRect().right;
		const notes = [...body.querySelectorAll('.f')];
		// The value each note is under: the element before it, past the
		// notes of the same line.
		const before = notes.map((f) => { let e = f.previousElementSibling; while (e && e.classList.contains('f')) e = e.previousElementSibling; return e ? e.textContent : ""; });
		return {notes: notes.length, overflow: Math.max(0, ...notes.map((f) => f.getBoundingClientRect().right - right)), before};
	})()`, &geometry)
	if geometry.Notes != 2 {
		t.Fatalf("%d findings shown in the open message, want 2", geometry.Notes)
	}
	if geometry.Overflow > 0.5 {
		t.Errorf("a finding runs %.1f px past the card's edge: it should wrap", geometry.Overflow)
	}
	want := []string{`"Not A Host Name At All, With Spaces"`, `"80"`}
	if strings.Join(geometry.Before, "|") != strings.Join(want, "|") {
		t.Errorf("the findings are under %q, want under the values %q", geometry.Before, want)
	}
	shot("readable-open")
}
