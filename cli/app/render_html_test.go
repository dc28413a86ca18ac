package app

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
	browser := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		if os.Getenv("SMITHY_REQUIRE_CHROMIUM") != "" {
			t.Fatal("chromium is not installed (scripts/install-chromium.sh installs it)")
		}
		t.Skip("chromium is not installed; scripts/test.sh installs it and sets SMITHY_REQUIRE_CHROMIUM")
	}
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
	if code != ExitInvalid {
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

// devtools is a minimal client of the Chrome DevTools protocol over a
// websocket (RFC 6455, client side), enough to drive one page.
type devtools struct {
	t    *testing.T
	conn net.Conn
	r    *bufio.Reader
	id   int
}

// startChromium starts headless Chromium and connects to its page.
func startChromium(t *testing.T, browser, dir string) *devtools {
	cmd := exec.Command(browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--remote-debugging-port=0", "--user-data-dir="+filepath.Join(dir, "profile"), "--window-size=1200,800", "about:blank")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	ws := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if _, addr, ok := strings.Cut(sc.Text(), "DevTools listening on "); ok {
				ws <- addr
			}
		}
	}()
	var browserURL string
	select {
	case browserURL = <-ws:
	case <-time.After(60 * time.Second):
		t.Fatal("chromium did not start its DevTools endpoint")
	}
	u, err := url.Parse(browserURL)
	if err != nil {
		t.Fatal(err)
	}
	var targets []struct {
		Type string `json:"type"`
		WS   string `json:"webSocketDebuggerUrl"`
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		resp, err := http.Get("http://" + u.Host + "/json/list")
		if err != nil {
			continue
		}
		json.NewDecoder(resp.Body).Decode(&targets)
		resp.Body.Close()
		if len(targets) > 0 {
			break
		}
	}
	for _, tg := range targets {
		if tg.Type == "page" {
			return dialDevtools(t, tg.WS)
		}
	}
	t.Fatalf("chromium has no page target: %+v", targets)
	return nil
}

func dialDevtools(t *testing.T, wsURL string) *devtools {
	u, err := url.Parse(wsURL)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.DialTimeout("tcp", u.Host, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	key := make([]byte, 16)
	rand.Read(key)
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
		u.RequestURI(), u.Host, base64.StdEncoding.EncodeToString(key))
	r := bufio.NewReader(conn)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("websocket handshake: %s", resp.Status)
	}
	return &devtools{t: t, conn: conn, r: r}
}

// send writes one masked text frame.
func (d *devtools) send(p []byte) {
	hdr := []byte{0x81}
	switch {
	case len(p) < 126:
		hdr = append(hdr, 0x80|byte(len(p)))
	case len(p) < 1<<16:
		hdr = append(hdr, 0x80|126, byte(len(p)>>8), byte(len(p)))
	default:
		hdr = append(hdr, 0x80|127)
		hdr = binary.BigEndian.AppendUint64(hdr, uint64(len(p)))
	}
	mask := make([]byte, 4)
	rand.Read(mask)
	hdr = append(hdr, mask...)
	body := make([]byte, len(p))
	for i := range p {
		body[i] = p[i] ^ mask[i%4]
	}
	if _, err := d.conn.Write(append(hdr, body...)); err != nil {
		d.t.Fatal(err)
	}
}

// receive reads one message (its frames joined).
func (d *devtools) receive() []byte {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(d.r, h[:]); err != nil {
			d.t.Fatal(err)
		}
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var x [2]byte
			io.ReadFull(d.r, x[:])
			n = uint64(binary.BigEndian.Uint16(x[:]))
		case 127:
			var x [8]byte
			io.ReadFull(d.r, x[:])
			n = binary.BigEndian.Uint64(x[:])
		}
		p := make([]byte, n)
		if _, err := io.ReadFull(d.r, p); err != nil {
			d.t.Fatal(err)
		}
		if op := h[0] & 0x0f; op == 0x8 {
			d.t.Fatal("chromium closed the DevTools connection")
		} else if op == 0x9 || op == 0xa {
			continue // ping, pong
		}
		msg = append(msg, p...)
		if h[0]&0x80 != 0 {
			return msg
		}
	}
}

// callInto calls a method and decodes its result into out (nil: ignored).
func (d *devtools) callInto(method string, params any, out any) {
	d.id++
	req, _ := json.Marshal(map[string]any{"id": d.id, "method": method, "params": params})
	d.conn.SetDeadline(time.Now().Add(60 * time.Second))
	d.send(req)
	for {
		var resp struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(d.receive(), &resp); err != nil {
			d.t.Fatal(err)
		}
		if resp.ID != d.id {
			continue // an event
		}
		if resp.Error != nil {
			d.t.Fatalf("%s: %s", method, resp.Error.Message)
		}
		if out != nil {
			if err := json.Unmarshal(resp.Result, out); err != nil {
				d.t.Fatalf("%s: %v", method, err)
			}
		}
		return
	}
}

func (d *devtools) call(method string, params any) { d.callInto(method, params, nil) }

// eval evaluates a JavaScript expression in the page into out.
func (d *devtools) eval(expr string, out any) {
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	d.callInto("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &res)
	if res.Exception != nil {
		d.t.Fatalf("%s: %s", expr, res.Exception.Text)
	}
	if err := json.Unmarshal(res.Result.Value, out); err != nil {
		d.t.Fatalf("%s: %v (%s)", expr, err, res.Result.Value)
	}
}

// click presses and releases the left mouse button at the middle of the
// element selector names, as a person's click: the browser's hit test
// decides what receives it.
func (d *devtools) click(selector string) {
	var box []float64
	d.eval(`(() => { const e = document.querySelector(`+jsString(selector)+`); if (!e) return []; const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, &box)
	if len(box) != 2 {
		d.t.Fatalf("no element %s to click", selector)
	}
	for _, typ := range []string{"mousePressed", "mouseReleased"} {
		d.call("Input.dispatchMouseEvent", map[string]any{"type": typ, "x": box[0], "y": box[1], "button": "left", "clickCount": 1})
	}
	var settled bool
	d.eval(`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, &settled)
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
