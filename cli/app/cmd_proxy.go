package app

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/signal"
	"slices"
	"syscall"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/proxy"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/cli/serve"
	"github.com/urfave/cli/v2"
)

// proxyCommand is `smithy proxy`: a validating man-in-the-middle between
// a JSON-RPC client and server (package proxy has the relay).
func (e *env) proxyCommand() *cli.Command {
	return &cli.Command{
		Name:  "proxy",
		Usage: "relay a live JSON-RPC conversation and validate every message against a service",
		Description: "With -- COMMAND, the server is started as a child: standard input is relayed to\n" +
			"it and its standard output back, message by message, byte for byte, in\n" +
			"--framing lines (MCP stdio) or lsp (Content-Length headers); the proxy exits\n" +
			"with the child's code. With --listen and --upstream it is an HTTP reverse proxy\n" +
			"for JSON-RPC over POST (exit 1 when an error was found). Findings stream to --log as JSON Lines, a summary line\n" +
			"last; --record writes a transcript that validate-rpc --transcript reads.",
		ArgsUsage: "MODEL... -- COMMAND [ARG...]  |  --listen ADDR --upstream URL MODEL...",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "service", Required: true, Usage: "the service's absolute shape ID (ns#Service)"},
			&cli.StringFlag{Name: "version", Usage: "the JSON-RPC version: 1.0 or 2.0"},
			&cli.StringFlag{Name: "framing", Value: "lines", Usage: "stdio framing: lines or lsp"},
			&cli.BoolFlag{Name: "enforce", Usage: "answer calls a conforming server refuses; drop invalid notifications"},
			&cli.StringFlag{Name: "record", Usage: "write the conversation as a JSON Lines transcript to `FILE`"},
			&cli.StringFlag{Name: "log", DefaultText: "standard error", Usage: "write findings as JSON Lines to `FILE`"},
			&cli.StringFlag{Name: "listen", Usage: "HTTP mode: serve on `ADDR` (HOST:PORT, or :PORT for loopback); needs --upstream"},
			&cli.StringFlag{Name: "upstream", Usage: "HTTP mode: the JSON-RPC server's `URL`"},
		},
		// Only the MODEL arguments are checked for misplaced flags:
		// everything after "--" is the child's, "--log" and "--version"
		// included.
		Before: func(c *cli.Context) error {
			models, _ := e.proxyArgs(c)
			return flagsAmong(c, models)
		},
		Action: e.proxy,
	}
}

// proxyArgs splits the arguments into the MODEL files and the child's
// command line (nil without "--"). The flag parser keeps a "--" that
// follows an argument and drops one that follows the flags: then the
// command is what follows the first "--" in the arguments as given.
func (e *env) proxyArgs(c *cli.Context) (models, command []string) {
	args := c.Args().Slice()
	models = args
	if i := slices.Index(args, "--"); i >= 0 {
		models, command = args[:i], args[i+1:]
	} else if i := slices.Index(e.args, "--"); i >= 0 && len(e.args)-i-1 <= len(args) {
		n := len(e.args) - i - 1
		models, command = args[:len(args)-n], args[len(args)-n:]
	}
	return models, command
}

func (e *env) proxy(c *cli.Context) error {
	models, command := e.proxyArgs(c)
	listen, upstream := c.String("listen"), c.String("upstream")
	httpMode := listen != "" || upstream != ""
	switch {
	case httpMode && (listen == "" || upstream == ""):
		return exitcode.Usagef("--listen and --upstream go together")
	case httpMode && command != nil:
		return exitcode.Usagef("give either -- COMMAND or --listen with --upstream, not both")
	case !httpMode && len(command) == 0:
		return exitcode.Usagef("give the server to start after --: smithy proxy ... MODEL... -- COMMAND [ARG...]")
	case len(models) == 0:
		return exitcode.Usagef("give at least one MODEL")
	}
	var up *url.URL
	if httpMode {
		u, err := url.Parse(upstream)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return exitcode.Usagef("--upstream %q: give an http:// or https:// URL", upstream)
		}
		up = u
	}
	framing, ok := proxy.ParseFraming(c.String("framing"))
	if !ok {
		return exitcode.Usagef("--framing must be lines or lsp, not %q", c.String("framing"))
	}
	version, err := run.ParseVersion(c.String("version"))
	if err != nil {
		return err
	}
	svc, err := e.RPCServiceWith(load.PathSources(models), c.String("service"), version, nil)
	if err != nil {
		return err
	}
	opts := proxy.Options{Framing: framing, Enforce: c.Bool("enforce"), Log: e.Stderr}
	closeFiles, err := opts.CreateFiles(c.String("log"), c.String("record"))
	if errors.Is(err, proxy.ErrSameFile) {
		return exitcode.Usagef("%v", err)
	}
	if err != nil {
		return exitcode.Inputf("%v", err)
	}
	defer closeFiles()
	p := proxy.New(svc, opts)
	if httpMode {
		return e.proxyHTTP(p, listen, up)
	}
	// The relay waits for each message in blocking reads: see
	// proxy.ReserveProcs (the command owns the process).
	proxy.ReserveProcs()
	code, err := p.RunChild(command, e.Stdin, e.Stdout, e.Stderr)
	if err != nil && code == 0 {
		return exitcode.Inputf("proxy: %v", err)
	}
	return exitcode.Status(code)
}

// proxyHTTP serves the HTTP reverse proxy until SIGINT or SIGTERM; the
// exit code is the conversation's verdict.
func (e *env) proxyHTTP(p *proxy.Proxy, listen string, u *url.URL) error {
	addr, err := serve.ListenAddr(listen)
	if err != nil {
		return exitcode.Usagef("--listen: %v", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return exitcode.Inputf("--listen: %v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(e.Stderr, "smithy proxy: listening on http://%s, forwarding to %s\n", ln.Addr(), u)
	sum, err := p.Serve(ctx, ln, u)
	if err != nil {
		return exitcode.Inputf("proxy: %v", err)
	}
	if !sum.Valid {
		return exitcode.Status(exitcode.Invalid)
	}
	return nil
}
