package app

import (
	"io"
	"os"
	"os/exec"
	"slices"

	"github.com/smithy-validation/go/cli/proxy"
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
			"with the child's code. Findings stream to --log as JSON Lines, a summary line\n" +
			"last; --record writes a transcript that validate-rpc --transcript reads.",
		ArgsUsage: "MODEL... -- COMMAND [ARG...]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "service", Required: true, Usage: "the service's absolute shape ID (ns#Service)"},
			&cli.StringFlag{Name: "version", Usage: "the JSON-RPC version: 1.0 or 2.0"},
			&cli.StringFlag{Name: "framing", Value: "lines", Usage: "stdio framing: lines or lsp"},
			&cli.BoolFlag{Name: "enforce", Usage: "answer calls a conforming server refuses; drop invalid notifications"},
			&cli.StringFlag{Name: "record", Usage: "write the conversation as a JSON Lines transcript to `FILE`"},
			&cli.StringFlag{Name: "log", DefaultText: "standard error", Usage: "write findings as JSON Lines to `FILE`"},
		},
		Action: e.proxy,
	}
}

func (e *env) proxy(c *cli.Context) error {
	// The flag parser keeps a "--" that follows an argument and drops one
	// that follows the flags: then the command is what follows it in the
	// arguments as given.
	args := c.Args().Slice()
	models, command := args, []string(nil)
	if i := slices.Index(args, "--"); i >= 0 {
		models, command = args[:i], args[i+1:]
	} else if i := slices.Index(e.args, "--"); i >= 0 && len(e.args)-i-1 <= len(args) {
		n := len(e.args) - i - 1
		models, command = args[:len(args)-n], args[len(args)-n:]
	}
	switch {
	case len(command) == 0:
		return usageErrorf("give the server to start after --: smithy proxy ... MODEL... -- COMMAND [ARG...]")
	case len(models) == 0:
		return usageErrorf("give at least one MODEL")
	}
	framing, ok := proxy.ParseFraming(c.String("framing"))
	if !ok {
		return usageErrorf("--framing must be lines or lsp, not %q", c.String("framing"))
	}
	version, err := parseVersion(c.String("version"))
	if err != nil {
		return err
	}
	svc, err := e.rpcServiceWith(pathSources(models), c.String("service"), version, nil)
	if err != nil {
		return err
	}
	opts := proxy.Options{Framing: framing, Enforce: c.Bool("enforce"), Log: e.stderr}
	for _, out := range []struct {
		flag string
		to   *io.Writer
	}{{"log", &opts.Log}, {"record", &opts.Record}} {
		if name := c.String(out.flag); name != "" {
			f, err := os.Create(name)
			if err != nil {
				return inputErrorf("--%s: %v", out.flag, err)
			}
			defer f.Close()
			*out.to = f
		}
	}
	p := proxy.New(svc, opts)
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Stderr = e.stderr
	code, err := p.RunCommand(cmd, e.stdin, e.stdout)
	if _, _, ferr := p.Finish(); err == nil {
		err = ferr
	}
	if err != nil && code == 0 {
		return inputErrorf("proxy: %v", err)
	}
	return status(code)
}
