package app

import (
	"bufio"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The browser tests drive headless Chromium with the small DevTools
// client below rather than github.com/chromedp/chromedp: a test-only
// import lands in cli's go.mod, which may require only the composed
// modules and urfave/cli (docs: the contract's module table), and the
// page test belongs beside the renderer it checks. What chromedp would
// add over this file is process handling, and that is done here as the
// flaky runs showed it must be: the browser runs in its own process
// group, is asked to close over DevTools (Browser.close), and then the
// whole group is killed and waited for before its profile is removed
// (browser_linux_test.go). Chromium's renderer, GPU and network-service
// processes outlive a Process.Kill of the browser by seconds and keep
// writing into the profile: removing it under them failed the test with
// "unlinkat .../profile/Default: directory not empty" 2 runs of 5.

// chromiumFlags are the switches every browser test starts Chromium with,
// besides --remote-debugging-port and a fresh --user-data-dir: headless,
// no sandbox (the tests run as root in containers), no GPU, and nothing
// that reaches the network or writes in the background by itself.
var chromiumFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
	"--disable-component-update", "--disable-sync", "--no-first-run",
	"--window-size=1200,800",
}

// findChromium returns the browser the tests drive; without one the test
// skips, unless SMITHY_REQUIRE_CHROMIUM is set (scripts/test.sh sets it
// after scripts/install-chromium.sh), so CI never skips it silently.
func findChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("SMITHY_REQUIRE_CHROMIUM") != "" {
		t.Fatal("chromium is not installed (scripts/install-chromium.sh installs it)")
	}
	t.Skip("chromium is not installed; scripts/test.sh installs it and sets SMITHY_REQUIRE_CHROMIUM")
	return ""
}

// devtools is a minimal client of the Chrome DevTools protocol over a
// websocket (RFC 6455, client side), enough to drive one page.
type devtools struct {
	t    *testing.T
	conn net.Conn
	r    *bufio.Reader
	id   int
}

// chromium is one running browser: the process that leads its group, its
// browser-level DevTools endpoint and its profile directory.
type chromium struct {
	cmd        *exec.Cmd
	browserURL string        // ws://127.0.0.1:PORT/devtools/browser/ID
	exited     chan struct{} // closed when the browser process has exited
	profile    string
	endOnce    sync.Once
	endErr     error
}

// startChromium starts headless Chromium with a fresh profile in dir and
// connects to its page. When the test ends, the browser and every process
// it started are gone and the profile is removed (see [chromium.end]).
func startChromium(t *testing.T, browser, dir string) *devtools {
	return openPage(t, launchChromium(t, browser, dir))
}

// openPage connects to the browser's first page.
func openPage(t *testing.T, c *chromium) *devtools {
	u, err := url.Parse(c.browserURL)
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

// launchChromium starts the browser and waits for its DevTools endpoint;
// a cleanup of t ends it (an error there fails the test).
func launchChromium(t *testing.T, browser, dir string) *chromium {
	c := &chromium{profile: filepath.Join(dir, "profile"), exited: make(chan struct{})}
	args := append(append([]string{}, chromiumFlags...), "--remote-debugging-port=0", "--user-data-dir="+c.profile, "about:blank")
	c.cmd = exec.Command(browser, args...)
	ownProcessGroup(c.cmd)
	// Chromium's stderr is a pipe of our own rather than StderrPipe: its
	// helpers inherit it, so it reaches its end only when the last of them
	// is gone, and Wait must not wait for that.
	stderr, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	c.cmd.Stderr = w
	err = c.cmd.Start()
	w.Close()
	if err != nil {
		stderr.Close()
		t.Fatal(err)
	}
	go func() {
		c.cmd.Wait()
		close(c.exited)
	}()
	ws := make(chan string, 1)
	go func() {
		// Read stderr to its end, so that Chromium never blocks on a full pipe.
		defer stderr.Close()
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			if _, addr, ok := strings.Cut(sc.Text(), "DevTools listening on "); ok {
				select {
				case ws <- addr:
				default:
				}
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	t.Cleanup(func() {
		if err := c.end(); err != nil {
			t.Error(err)
		}
	})
	select {
	case c.browserURL = <-ws:
	case <-c.exited:
		t.Fatal("chromium exited before it started its DevTools endpoint")
	case <-time.After(60 * time.Second):
		t.Fatal("chromium did not start its DevTools endpoint in 60 s")
	}
	return c
}

// end ends the browser for certain: first as a user would (Browser.close
// over DevTools, so Chromium shuts its helpers down and flushes its
// profile), then, whether or not that worked, by killing its whole
// process group and waiting until no process of the group is left; only
// then is the profile removed. A process that survives, or a profile that
// cannot be removed, is an error: both would be leaks. Only the first
// call does the work.
func (c *chromium) end() error {
	c.endOnce.Do(func() { c.endErr = c.doEnd() })
	return c.endErr
}

func (c *chromium) doEnd() error {
	if c.browserURL != "" {
		closeBrowser(c.browserURL)
		select {
		case <-c.exited:
		case <-time.After(20 * time.Second):
			// Killed below with the rest of its group.
		}
	}
	if err := killGroup(c.cmd); err != nil {
		return fmt.Errorf("killing chromium's process group: %w", err)
	}
	select {
	case <-c.exited:
	case <-time.After(30 * time.Second):
		return fmt.Errorf("chromium (pid %d) did not exit within 30 s of SIGKILL", c.cmd.Process.Pid)
	}
	if left := waitGroupGone(c.cmd, 30*time.Second); len(left) > 0 {
		return fmt.Errorf("chromium's processes %v are still running 30 s after SIGKILL to their group", left)
	}
	var err error
	for i := 0; i < 10; i++ {
		if err = os.RemoveAll(c.profile); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("removing chromium's profile after its processes ended: %w", err)
}

// closeBrowser asks the browser to close over its own DevTools endpoint
// (the browser target, not a page: Browser.close ends the whole browser).
// Errors are ignored: the process group is killed afterwards anyway.
func closeBrowser(browserURL string) {
	u, err := url.Parse(browserURL)
	if err != nil {
		return
	}
	conn, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	if err != nil {
		return
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	d, err := handshake(conn, u)
	if err != nil {
		return
	}
	d.id = 1
	req, _ := json.Marshal(map[string]any{"id": 1, "method": "Browser.close"})
	if d.write(req) != nil {
		return
	}
	// The answer, or the connection closing as the browser goes.
	for {
		msg, err := d.read()
		if err != nil {
			return
		}
		var resp struct {
			ID int `json:"id"`
		}
		if json.Unmarshal(msg, &resp) == nil && resp.ID == 1 {
			return
		}
	}
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
	d, err := handshake(conn, u)
	if err != nil {
		t.Fatal(err)
	}
	d.t = t
	return d
}

// handshake upgrades conn to a websocket for u's resource.
func handshake(conn net.Conn, u *url.URL) (*devtools, error) {
	key := make([]byte, 16)
	rand.Read(key)
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
		u.RequestURI(), u.Host, base64.StdEncoding.EncodeToString(key))
	r := bufio.NewReader(conn)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		return nil, fmt.Errorf("websocket handshake: %w", err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		return nil, fmt.Errorf("websocket handshake: %s", resp.Status)
	}
	return &devtools{conn: conn, r: r}, nil
}

// send writes one masked text frame.
func (d *devtools) send(p []byte) {
	if err := d.write(p); err != nil {
		d.t.Fatal(err)
	}
}

func (d *devtools) write(p []byte) error {
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
	_, err := d.conn.Write(append(hdr, body...))
	return err
}

// receive reads one message (its frames joined).
func (d *devtools) receive() []byte {
	msg, err := d.read()
	if err != nil {
		d.t.Fatal(err)
	}
	return msg
}

// maxFrame bounds one frame: a screenshot of the page is a few hundred
// kilobytes of base64; anything near this is a broken stream.
const maxFrame = 64 << 20

func (d *devtools) read() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(d.r, h[:]); err != nil {
			return nil, err
		}
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var x [2]byte
			if _, err := io.ReadFull(d.r, x[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(x[:]))
		case 127:
			var x [8]byte
			if _, err := io.ReadFull(d.r, x[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(x[:])
		}
		if n > maxFrame {
			return nil, fmt.Errorf("a websocket frame of %d bytes", n)
		}
		p := make([]byte, n)
		if _, err := io.ReadFull(d.r, p); err != nil {
			return nil, err
		}
		if op := h[0] & 0x0f; op == 0x8 {
			return nil, fmt.Errorf("chromium closed the DevTools connection")
		} else if op == 0x9 || op == 0xa {
			continue // ping, pong
		}
		msg = append(msg, p...)
		if h[0]&0x80 != 0 {
			return msg, nil
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
