package proxy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// What a program whose job is the proxy does around a [Proxy] (the smithy
// command's flags name the files, the child and the address): the files it
// logs and records to, the server it starts as a child, the HTTP server it
// runs.

// ErrSameFile is wrapped by [Options.CreateFiles]'s error when log and
// record name one file: a usage mistake, not a file that cannot be written.
var ErrSameFile = errors.New("is also the --log file; give each its own file")

// CreateFiles creates the file named log, when not empty, as o.Log and
// the one named record, when not empty, as o.Record (an existing file is
// truncated). close closes them; on an error, whatever was created is
// already closed and unset, and the error names the command's flag
// (--log: ...). log and record naming one file (the same path, or two names of one
// file through a link) is an error before either is created: the two
// streams, each with its own offset, would overwrite each other.
func (o *Options) CreateFiles(log, record string) (close func(), err error) {
	var files []*os.File
	var set []*io.Writer
	close = func() {
		for _, f := range files {
			f.Close()
		}
	}
	fail := func(err error) (func(), error) {
		close()
		for _, to := range set {
			*to = nil
		}
		return func() {}, err
	}
	if log != "" && record != "" && sameFile(log, record) {
		return fail(fmt.Errorf("--record: %s %w", record, ErrSameFile))
	}
	for _, out := range []struct {
		flag, name string
		to         *io.Writer
	}{{"log", log, &o.Log}, {"record", record, &o.Record}} {
		if out.name == "" {
			continue
		}
		if out.flag == "record" && len(files) == 1 && sameOpen(files[0], out.name) {
			// Created by the log's creation (a link that pointed nowhere).
			return fail(fmt.Errorf("--record: %s %w", out.name, ErrSameFile))
		}
		f, err := os.Create(out.name)
		if err != nil {
			return fail(fmt.Errorf("--%s: %w", out.flag, err))
		}
		files = append(files, f)
		*out.to = f
		set = append(set, out.to)
	}
	return close, nil
}

// sameFile says whether a and b name one file: the same cleaned absolute
// path, or two existing names of one file.
func sameFile(a, b string) bool {
	if aa, err := filepath.Abs(a); err == nil {
		if bb, err := filepath.Abs(b); err == nil && aa == bb {
			return true
		}
	}
	ai, err := os.Stat(a)
	if err != nil {
		return false
	}
	bi, err := os.Stat(b)
	return err == nil && os.SameFile(ai, bi)
}

// sameOpen says whether name is, now, the open file f.
func sameOpen(f *os.File, name string) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	ni, err := os.Stat(name)
	return err == nil && os.SameFile(fi, ni)
}

// RunChild starts command (a program and its arguments) as the server,
// with stderr as its standard error, relays stdin and stdout through the
// proxy ([Proxy.RunCommand]: the child leads its own process group, which
// receives the signals the process gets) and finishes the conversation,
// whose summary is logged. code is the child's exit code (128 + the
// signal's number when a signal ended it); err a failure of the relay, of
// starting the child, or of writing the log or record.
func (p *Proxy) RunChild(command []string, stdin io.Reader, stdout, stderr io.Writer) (code int, err error) {
	if len(command) == 0 {
		return 0, errors.New("no command to start")
	}
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Stderr = stderr
	code, err = p.RunCommand(cmd, stdin, stdout)
	if _, _, ferr := p.Finish(); err == nil {
		err = ferr
	}
	return code, err
}

// The HTTP mode's timeouts: a request's headers, a whole request (the
// body is read whole before it is checked), the upstream's response
// headers, writing the response, an idle connection; and how long
// requests in flight get when the proxy stops.
const (
	httpReadHeaderTimeout     = 10 * time.Second
	httpReadTimeout           = time.Minute
	httpUpstreamHeaderTimeout = time.Minute
	httpWriteTimeout          = 2 * time.Minute
	httpIdleTimeout           = 2 * time.Minute
	httpShutdownGrace         = 10 * time.Second
)

// Serve is HTTP mode: it serves [Proxy.HTTPHandler] for upstream on ln
// until ctx is done (a signal, for the command), then shuts the server
// down, letting requests in flight finish for up to 10 s, and finishes
// the conversation, whose summary is logged and returned. Timeouts:
// request headers 10 s, a request 1 min, the upstream's response headers
// 1 min, writing the response 2 min. err is a failure of the server or
// of its shutdown, or of writing the log or record.
func (p *Proxy) Serve(ctx context.Context, ln net.Listener, upstream *url.URL) (Summary, error) {
	srv := &http.Server{
		Handler:           p.HTTPHandler(upstream, httpUpstreamHeaderTimeout),
		ReadHeaderTimeout: httpReadHeaderTimeout,
		ReadTimeout:       httpReadTimeout,
		WriteTimeout:      httpWriteTimeout,
		IdleTimeout:       httpIdleTimeout,
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	var err error
	select {
	case err = <-errc:
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), httpShutdownGrace)
		err = srv.Shutdown(sctx)
		cancel()
	}
	_, sum, ferr := p.Finish()
	if err != nil && err != http.ErrServerClosed {
		return sum, err
	}
	return sum, ferr
}
