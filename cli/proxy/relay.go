package proxy

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"sync"
	"syscall"
	"time"

	"github.com/smithy-validation/go/rpc"
)

// Relay relays frames from clientIn to serverIn and from serverOut to
// clientOut, checking each message on its way, until the server's output
// ends; then it closes serverIn (a peer closing its side closes the
// other's) and returns. When clientIn ends first, serverIn is closed and
// the server's remaining output is still relayed. The error is the first
// write or read error other than the end of a stream.
func (p *Proxy) Relay(clientIn io.Reader, clientOut io.Writer, serverIn io.WriteCloser, serverOut io.Reader) error {
	var once sync.Once
	closeServer := func() { once.Do(func() { serverIn.Close() }) }
	errc := make(chan error, 1)
	go func() {
		err := p.pump(rpc.Client, clientIn, serverIn, nil, clientOut)
		closeServer()
		errc <- err
	}()
	err := p.pump(rpc.Server, serverOut, clientOut, &p.clientMu, nil)
	closeServer()
	select {
	case cerr := <-errc:
		if err == nil {
			err = cerr
		}
	default:
		// The client's side is still open (its reader blocks on it): the
		// relay ends with the server.
	}
	return err
}

// pump relays one direction: frames read from in are checked (from is
// their sender) and written to out, under outMu when set; back receives
// the proxy's own answers under Enforce. Frames that arrive together are
// written together: what was checked is written just before the reader
// next reads from in (a read that could wait), or once it reaches chunk
// bytes; a frame read alone is written as read, without a copy.
func (p *Proxy) pump(from rpc.Peer, in io.Reader, out io.Writer, outMu *sync.Mutex, back io.Writer) error {
	var pending, answer []byte
	var werr error
	write := func(b []byte) error {
		if outMu != nil {
			outMu.Lock()
			defer outMu.Unlock()
		}
		_, err := out.Write(b)
		return err
	}
	flush := func() {
		if len(pending) == 0 || werr != nil {
			return
		}
		werr = write(pending)
		pending = pending[:0]
		if cap(pending) > 4*chunk {
			pending = nil
		}
	}
	var lastYield time.Duration
	beforeRead := func() {
		flush()
		now := clock()
		if p.rec != nil {
			p.mu.Lock()
			p.settle(now)
			p.mu.Unlock()
		}
		// A goroutine that waits in read system calls and never parks
		// is, to the runtime's monitor, one goroutine running for ever:
		// after 10 ms it preempts it and takes its P back, and then
		// polls every 20 µs for a while, waking a thread each time.
		// Passing through the scheduler every few milliseconds (a
		// handful of times a second per direction, against tens of
		// thousands of messages) keeps the monitor asleep.
		// After a pause longer than the monitor's 10 ms the goroutine
		// has been through the scheduler anyway (its P was taken back
		// while it waited), and a yield then only wakes threads for
		// nothing: the relay yields only while messages keep coming.
		if d := now - lastYield; d >= yieldEvery {
			if d < 2*yieldEvery {
				runtime.Gosched()
			}
			lastYield = now
		}
	}
	r := NewReader(readHook{in, beforeRead}, p.opts.Framing, p.opts.MaxMessage)
	for {
		f, err := r.Read()
		if werr != nil {
			return werr
		}
		if err != nil {
			flush()
			if errors.Is(err, io.EOF) || errors.Is(err, os.ErrClosed) {
				return werr
			}
			return err
		}
		v := forward
		p.mu.Lock()
		if p.done {
			p.mu.Unlock()
			flush()
			return werr
		}
		if f.Problem != nil {
			p.logProblem(from, f.Problem)
		}
		var reply []byte
		switch {
		case f.Body != nil:
			v, reply = p.check(from, f.Body, -1, p.opts.Framing == Lines)
		case !p.opts.Enforce || from != rpc.Client:
		case f.Problem != nil:
			// Under Enforce only what was read as exactly one message
			// and validated is forwarded: a faulty frame is answered,
			// and a blank line or a further piece of an oversized frame
			// is left out.
			v, reply = refuse, p.refuseFrame(from, f.Problem)
		default:
			v = drop
		}
		p.mu.Unlock()
		switch v {
		case forward:
			if len(pending) == 0 && r.Buffered() == 0 {
				werr = write(f.Raw)
			} else if pending = append(pending, f.Raw...); len(pending) >= chunk {
				flush()
			}
		case refuse:
			answer = AppendFrame(answer[:0], p.opts.Framing, reply)
			p.clientMu.Lock()
			_, err = back.Write(answer)
			p.clientMu.Unlock()
			if err != nil {
				return err
			}
		}
		if werr != nil {
			return werr
		}
	}
}

// yieldEvery is how often, at most, a direction of the relay passes
// through the scheduler on its own (see pump).
const yieldEvery = 5 * time.Millisecond

// readHook calls before ahead of each read from r.
type readHook struct {
	r      io.Reader
	before func()
}

func (b readHook) Read(p []byte) (int, error) {
	b.before()
	return b.r.Read(p)
}

// DefaultGrace is how long RunCommand waits for a child to end on its
// own before it signals the child's process group, and again between
// SIGTERM and SIGKILL (Options.Grace overrides it).
const DefaultGrace = 5 * time.Second

// RunCommand starts cmd as the server, relays stdin to it and its stdout
// to stdout (its stderr is cmd.Stderr, the caller's to set: the proxy's
// own stderr passes it through), and returns its exit code (128 plus the
// signal's number when a signal ended it) once it has exited and its
// output is relayed.
//
// The child runs in its own process group, so that a wrapper (sh -c
// 'server | cat', npx) and everything it started are signalled together:
// SIGINT, SIGTERM and SIGHUP received by the proxy go to the whole group.
// The proxy never waits for ever: when the child closes its output but
// keeps running, or exits while something it started keeps its output
// open, or a SIGINT or SIGTERM was forwarded, the proxy waits the grace
// period (Options.Grace), then sends SIGTERM to the group (unless it
// forwarded one), waits again, then sends SIGKILL; once more after that it
// stops reading the child's output (a process that left the group may
// hold it) and returns: the read then in progress ends when that process
// closes the output, and what it brings after [Proxy.Finish] is dropped. Each signal the proxy sends on its own is logged as
// {"child":"SIGTERM","reason":"..."}.
func (p *Proxy) RunCommand(cmd *exec.Cmd, stdin io.Reader, stdout io.Writer) (int, error) {
	// Both pipes are blocking and outside the network poller
	// (blockingPipe): each direction's goroutine waits in its own read
	// system call and wakes once a message, where the poller would cost
	// a second read (the one that finds the pipe empty) and epoll_wait
	// calls a message, and a pipe in the poller's epoll set wakes any
	// thread parked in epoll_wait at every message that passes
	// (docs/performance.md, "A real session"); standard input and output
	// are blocking files too. The price: a blocked read or write is not
	// ended by Close, so once the proxy gives up on the output (below) it
	// stops waiting for the relay instead.
	serverInR, serverIn, err := blockingPipe()
	if err != nil {
		return 0, err
	}
	serverOut, serverOutW, err := blockingPipe()
	if err != nil {
		serverInR.Close()
		serverIn.Close()
		return 0, err
	}
	cmd.Stdin, cmd.Stdout = serverInR, serverOutW
	ownGroup(cmd)
	grace := p.opts.Grace
	if grace <= 0 {
		grace = DefaultGrace
	}
	if cmd.WaitDelay == 0 {
		// A process left behind may hold the child's stderr: Wait gives
		// up on it after this long.
		cmd.WaitDelay = grace
	}
	// Signals are caught before the child starts: one that arrives as it
	// starts is forwarded, not taken by the proxy alone.
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	err = cmd.Start()
	// The child has its copies; the proxy keeps its own ends.
	serverInR.Close()
	serverOutW.Close()
	if err != nil {
		serverIn.Close()
		serverOut.Close()
		return 0, err
	}
	relayc := make(chan error, 1)
	go func() { relayc <- p.Relay(stdin, stdout, serverIn, serverOut) }()
	waitc := make(chan error, 1)
	go func() { waitc <- cmd.Wait() }()

	var relayErr, waitErr error
	relayed, exited := false, false
	// stage is how far the ending went: 0 nothing sent, 1 SIGTERM (sent
	// or forwarded), 2 SIGKILL, 3 the output abandoned.
	stage := 0
	var timer *time.Timer
	var tick <-chan time.Time
	startEnding := func(from int) {
		if tick == nil {
			stage = from
			timer = time.NewTimer(grace)
			tick = timer.C
		}
	}
	for !relayed || !exited {
		select {
		case s := <-sigs:
			signalGroup(cmd, s.(syscall.Signal))
			if s != syscall.SIGHUP {
				startEnding(1)
			}
		case relayErr = <-relayc:
			relayed = true
			if !exited {
				startEnding(0)
			}
		case waitErr = <-waitc:
			exited = true
			if !relayed {
				startEnding(0)
			}
		case <-tick:
			stage++
			switch stage {
			case 1:
				p.logChild("SIGTERM", fmt.Sprintf("%s, and nothing more came within %s", childState(relayed, exited), grace))
				signalGroup(cmd, syscall.SIGTERM)
			case 2:
				p.logChild("SIGKILL", fmt.Sprintf("%s %s after SIGTERM", childState(relayed, exited), grace))
				signalGroup(cmd, syscall.SIGKILL)
			default:
				// A process outside the group holds the output: stop
				// reading it. The read in progress cannot be
				// interrupted (a blocking read, see above): the relay
				// is left to end when that process closes the output,
				// and whatever it reads then is neither checked nor
				// relayed once the conversation is finished.
				serverOut.Close()
				relayed = true
			}
			timer.Reset(grace)
		}
	}
	if timer != nil {
		timer.Stop()
	}
	serverOut.Close()
	code := 0
	var ee *exec.ExitError
	switch {
	case waitErr == nil || errors.Is(waitErr, exec.ErrWaitDelay):
	case errors.As(waitErr, &ee):
		code = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			code = 128 + int(ws.Signal())
		}
	default:
		return 0, waitErr
	}
	return code, relayErr
}

// childState says why the proxy is ending the child.
func childState(relayed, exited bool) string {
	switch {
	case relayed && !exited:
		return "the child closed its output but kept running"
	case exited && !relayed:
		return "the child exited but a process it started kept its output open"
	}
	return "the child was signalled but did not end"
}

// logChild logs a signal the proxy sent the child's process group on its
// own.
func (p *Proxy) logChild(sig, reason string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	line, _ := json.Marshal(struct {
		Child  string `json:"child"`
		Reason string `json:"reason"`
	}{sig, reason})
	p.opts.Log.Write(append(line, '\n'))
}

// MinProcs is the number of Ps (GOMAXPROCS) ReserveProcs gives the
// runtime at least.
const MinProcs = 4

// ReserveProcs sets GOMAXPROCS to at least MinProcs, unless the
// GOMAXPROCS environment variable chose it; it is for a program whose
// job is the proxy (the smithy command calls it), since it changes the
// whole process.
//
// Why: each direction of RunCommand's relay spends its idle time in a read
// system call (standard input is a blocking file), and each holds a P while
// it does. With two Ps (a 2-core machine) the other direction's message
// leaves no P idle, so the runtime's monitor takes a P back from the read
// on every message and hands it around: in ping-pong traffic 1.8 thread
// wake-ups a message instead of 1.4, and about twice the CPU
// (BenchmarkSession; docs/performance.md). More Ps than cores cost
// nothing here: at most the two directions and the collector run at once.
func ReserveProcs() {
	if os.Getenv("GOMAXPROCS") == "" && runtime.GOMAXPROCS(0) < MinProcs {
		runtime.GOMAXPROCS(MinProcs)
	}
}
