package app

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/smithy-validation/go/cli/serve"
	"github.com/urfave/cli/v2"
)

// serveCommand is `smithy serve`: the commands as a JSON Lines server on
// standard input and output, or as an HTTP facade (package serve has the
// transport, methods.go the methods).
func (e *env) serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "answer requests for the commands: JSON Lines on stdin/stdout, or HTTP",
		Description: "--stdio reads one JSON request a line and writes one response a line; stdout\n" +
			"carries protocol lines only. --http ADDR serves POST /v1/<method> (a port alone,\n" +
			"\":8080\", listens on 127.0.0.1). See cli/README.md for the methods and envelopes.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "stdio", Usage: "serve the line protocol on standard input and output"},
			&cli.StringFlag{Name: "http", Usage: "serve HTTP on `ADDR` (HOST:PORT, or :PORT for loopback)"},
			&cli.IntFlag{Name: "cache-models", Value: DefaultCacheEntries, Usage: "assembled models kept (least recently used evicted)"},
			&cli.Int64Flag{Name: "cache-bytes", Value: DefaultCacheBytes, Usage: "model source bytes kept in the cache"},
		},
		Action: func(c *cli.Context) error {
			stdio, addr := c.Bool("stdio"), c.String("http")
			if stdio == (addr != "") {
				return usageErrorf("give exactly one of --stdio or --http ADDR")
			}
			if c.Args().Len() > 0 {
				return usageErrorf("serve takes no arguments (models come with each request)")
			}
			if c.Int("cache-models") < 1 || c.Int64("cache-bytes") < 1 {
				return usageErrorf("--cache-models and --cache-bytes must be positive")
			}
			h := NewHandler(NewModelCache(c.Int("cache-models"), c.Int64("cache-bytes")))
			if stdio {
				if err := serve.Stdio(h, e.stdin, e.stdout, e.stderr); err != nil {
					return inputErrorf("%v", err)
				}
				return nil
			}
			if _, err := serve.ListenAddr(addr); err != nil {
				return usageErrorf("%v", err)
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			err := serve.ServeHTTP(ctx, h, addr, serve.HTTPOptions{}, 10*time.Second, func(a net.Addr) {
				fmt.Fprintf(e.stderr, "smithy serve: listening on http://%s\n", a)
			})
			if err != nil {
				return inputErrorf("serve --http: %v", err)
			}
			fmt.Fprintln(e.stderr, "smithy serve: stopped")
			return nil
		},
	}
}
