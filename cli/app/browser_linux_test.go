package app

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// ownProcessGroup starts cmd as the leader of a new process group, so that
// every process the browser starts can be signalled at once, and has the
// kernel kill it if the test binary dies first.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup sends SIGKILL to cmd's process group (its pid: it leads it).
func killGroup(cmd *exec.Cmd) error {
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if err == syscall.ESRCH {
		return nil // already gone
	}
	return err
}

// waitGroupGone waits until no live process is left in cmd's process
// group, and returns those still alive after the timeout. A zombie is
// not alive: it runs nothing and holds no file. (Zombies matter here: a
// browser's helpers are reparented to process 1 when it dies, and a
// container's process 1 may never reap them, so signal 0 to the group
// would find them for ever.)
func waitGroupGone(cmd *exec.Cmd, timeout time.Duration) []int {
	pgid := cmd.Process.Pid
	for deadline := time.Now().Add(timeout); ; time.Sleep(50 * time.Millisecond) {
		left := liveInGroup(pgid)
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
	}
}

// liveInGroup lists the processes of group pgid that are not zombies, from
// /proc/PID/stat: "PID (COMM) STATE PPID PGRP ...", COMM may hold spaces
// and parentheses, so the fields are counted after its last ')'.
func liveInGroup(pgid int) []int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var live []int
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue // ended meanwhile
		}
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(b[i+1:])
		if len(f) < 3 {
			continue
		}
		state, group := string(f[0]), string(f[2])
		if group != strconv.Itoa(pgid) || state == "Z" || state == "X" {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
		live = append(live, pid)
	}
	return live
}

// TestChromiumEndsItsProcessGroup starts the browser as the page tests do,
// lets it write into its profile (a page that stores data), and ends it:
// no process of its group may be left running and the profile must be
// gone, three times in a row. Ending only the browser process (the old
// Process.Kill) could leave its helpers running for seconds, writing into
// the profile, which made TestHTMLReportInChromium fail 2 runs of 5 when
// the temporary directory was removed under them.
func TestChromiumEndsItsProcessGroup(t *testing.T) {
	browser := findChromium(t)
	// A page with an origin of its own (a data: URL has none, and no storage).
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!doctype html><title>profile writer</title><p>profile writer</p>"))
	}))
	defer site.Close()
	for i := range 3 {
		dir := t.TempDir()
		c := launchChromium(t, browser, dir)
		d := openPage(t, c)
		d.call("Page.navigate", map[string]any{"url": site.URL})
		var stored string
		for deadline := time.Now().Add(30 * time.Second); stored != "stored" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			d.eval(`document.readyState === "complete" ? (localStorage.setItem("k", "v".repeat(1000)), new Promise(r => { const o = indexedDB.open("smithy", 1); o.onupgradeneeded = () => o.result.createObjectStore("s"); o.onsuccess = () => { const tx = o.result.transaction("s", "readwrite"); tx.objectStore("s").put("x".repeat(10000), "k"); tx.oncomplete = () => r("stored"); tx.onerror = () => r("tx: " + tx.error); }; o.onerror = () => r("open: " + o.error); })) : "loading"`, &stored)
		}
		if stored != "stored" {
			t.Fatalf("run %d: the page did not store its data: %s", i, stored)
		}
		pgid := c.cmd.Process.Pid
		if live := liveInGroup(pgid); len(live) < 2 {
			t.Fatalf("run %d: the browser's group has %d live processes (%v): want the browser and its helpers", i, len(live), live)
		}
		if _, err := os.Stat(c.profile); err != nil {
			t.Fatalf("run %d: no profile: %v", i, err)
		}
		if err := c.end(); err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		if live := liveInGroup(pgid); len(live) != 0 {
			t.Errorf("run %d: processes %v of the browser's group are alive after end", i, live)
		}
		if _, err := os.Stat(c.profile); !os.IsNotExist(err) {
			t.Errorf("run %d: the profile is still there after end (%v)", i, err)
		}
	}
}
