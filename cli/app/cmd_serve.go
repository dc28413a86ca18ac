package app

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/methods"
	"github.com/smithy-validation/go/cli/serve"
	"github.com/urfave/cli/v2"
)

// serveCommand is `smithy serve`: the commands as a JSON Lines server on
// standard input and output, or as an HTTP facade (package serve has the
// transport, methods.go the methods, servefiles.go what a request may
// read). docs/security.md ("serve") states what it reads and answers.
func (e *env) serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "answer requests for the commands: JSON Lines on stdin/stdout, or HTTP",
		Description: "--stdio reads one JSON request a line and writes one response a line; stdout\n" +
			"carries protocol lines only. --http ADDR serves POST /v1/<method> (a port alone,\n" +
			"\":8080\", listens on 127.0.0.1). Requests may name files only under --root\n" +
			"(default: the working directory); --no-paths takes models and inputs inline only.\n" +
			"See cli/README.md for the methods and envelopes, docs/security.md (serve) for what\n" +
			"the server reads and answers.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "stdio", Usage: "serve the line protocol on standard input and output"},
			&cli.StringFlag{Name: "http", Usage: "serve HTTP on `ADDR` (HOST:PORT, or :PORT for loopback)"},
			&cli.StringFlag{Name: "root", Usage: "the `DIR`ectory requests may name files in (symbolic links may not lead out of it)", DefaultText: "the working directory"},
			&cli.BoolFlag{Name: "no-paths", Usage: "refuse every path: models and inputs come inline only"},
			&cli.IntFlag{Name: "max-sources", Value: methods.DefaultMaxSources, Usage: "model files, inline models and inputs one request may name"},
			&cli.Int64Flag{Name: "max-request-bytes", Value: methods.DefaultMaxRequestBytes, Usage: "bytes one request may read (its files and inline text), checked before reading"},
			&cli.DurationFlag{Name: "timeout", Value: serve.DefaultTimeout, Usage: "time one request may take; its work stops when it runs out (E071)"},
			&cli.StringSliceFlag{Name: "allow-origin", DefaultText: "none", Usage: "a browser `ORIGIN` (scheme://host:port) whose cross-origin requests --http serves (repeat for more)"},
			&cli.IntFlag{Name: "max-concurrent", Value: serve.DefaultMaxConcurrent, Usage: "--http requests read and worked on at once; the others wait for a slot (E071 when their time runs out)"},
			&cli.StringSliceFlag{Name: "allow-host", DefaultText: "none", Usage: "a `NAME` --http answers in the Host header besides its loopback names and address (repeat for more)"},
			&cli.IntFlag{Name: "cache-models", Value: load.DefaultCacheEntries, Usage: "assembled models kept (least recently used evicted)"},
			&cli.Int64Flag{Name: "cache-bytes", Value: load.DefaultCacheBytes, Usage: "memory the cached models may hold, in bytes (estimated from each assembled model)"},
		},
		Action: func(c *cli.Context) error {
			stdio, addr := c.Bool("stdio"), c.String("http")
			if stdio == (addr != "") {
				return exitcode.Usagef("give exactly one of --stdio or --http ADDR")
			}
			if c.Args().Len() > 0 {
				return exitcode.Usagef("serve takes no arguments (models come with each request)")
			}
			if c.Int("cache-models") < 1 || c.Int64("cache-bytes") < 1 {
				return exitcode.Usagef("--cache-models and --cache-bytes must be positive")
			}
			if c.Int("max-sources") < 1 || c.Int64("max-request-bytes") < 1 || c.Duration("timeout") <= 0 || c.Int("max-concurrent") < 1 {
				return exitcode.Usagef("--max-sources, --max-request-bytes, --timeout and --max-concurrent must be positive")
			}
			if c.Bool("no-paths") && c.IsSet("root") {
				return exitcode.Usagef("--root and --no-paths contradict each other: give one")
			}
			if stdio && (len(c.StringSlice("allow-origin")) > 0 || len(c.StringSlice("allow-host")) > 0) {
				return exitcode.Usagef("--allow-origin and --allow-host apply to --http only")
			}
			for _, o := range c.StringSlice("allow-origin") {
				if err := serve.CheckOrigin(o); err != nil {
					return exitcode.Usagef("--allow-origin: %v", err)
				}
			}
			h, err := methods.NewHandler(methods.HandlerOptions{
				Cache:           load.NewCache(c.Int("cache-models"), c.Int64("cache-bytes")),
				Root:            c.String("root"),
				NoPaths:         c.Bool("no-paths"),
				MaxSources:      c.Int("max-sources"),
				MaxRequestBytes: c.Int64("max-request-bytes"),
			})
			if err != nil {
				return exitcode.Usagef("%v", err)
			}
			if stdio {
				if err := serve.StdioWith(h, e.Stdin, e.Stdout, e.Stderr, serve.StdioOptions{Timeout: c.Duration("timeout")}); err != nil {
					return exitcode.Inputf("%v", err)
				}
				return nil
			}
			if _, err := serve.ListenAddr(addr); err != nil {
				return exitcode.Usagef("%v", err)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			o := serve.HTTPOptions{CallTimeout: c.Duration("timeout"), MaxConcurrent: c.Int("max-concurrent"), AllowOrigins: c.StringSlice("allow-origin"), AllowHosts: c.StringSlice("allow-host")}
			err = serve.ServeHTTP(ctx, h, addr, o, 10*time.Second, func(a net.Addr) {
				fmt.Fprintf(e.Stderr, "smithy serve: listening on http://%s\n", a)
			})
			if err != nil {
				return exitcode.Inputf("serve --http: %v", err)
			}
			fmt.Fprintln(e.Stderr, "smithy serve: stopped")
			return nil
		},
	}
}
