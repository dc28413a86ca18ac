package proxy

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"

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
	r := NewReader(beforeRead{in, flush}, p.opts.Framing, p.opts.MaxMessage)
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
			v, reply = p.check(from, f.Body, -1)
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

// beforeRead calls before ahead of each read from r.
type beforeRead struct {
	r      io.Reader
	before func()
}

func (b beforeRead) Read(p []byte) (int, error) {
	b.before()
	return b.r.Read(p)
}

// RunCommand starts cmd as the server, relays stdin to it and its stdout
// to stdout (its stderr is cmd.Stderr, the caller's to set: the proxy's
// own stderr passes it through), forwards SIGINT, SIGTERM and SIGHUP to
// it, and returns its exit code (128 plus the signal's number when a
// signal ended it) once it has exited and its output is relayed.
func (p *Proxy) RunCommand(cmd *exec.Cmd, stdin io.Reader, stdout io.Writer) (int, error) {
	serverIn, err := cmd.StdinPipe()
	if err != nil {
		return 0, err
	}
	serverOut, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	stopped := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-sigs:
				cmd.Process.Signal(s)
			case <-stopped:
				return
			}
		}
	}()
	relayErr := p.Relay(stdin, stdout, serverIn, serverOut)
	waitErr := cmd.Wait()
	signal.Stop(sigs)
	close(stopped)
	code := 0
	var ee *exec.ExitError
	switch {
	case waitErr == nil:
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
