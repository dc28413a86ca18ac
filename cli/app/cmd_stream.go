package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/gate"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/mend"
	"github.com/urfave/cli/v2"
)

// The stream commands (docs/streams.md): `smithy watch` is the seed's
// watch.start/feed/finish on a file or standard input, `smithy llm` its
// llm.run on a file of provider events, one a line. They print what the
// server's methods answer, byte for byte, and exit as they do. The
// declaration flags are those of repair (declarationFlags, cmd_mend.go).

// watchReadSize is what one read of the input asks for when --chunk is 0:
// each read is one feed, so a pipe is fed as its writer writes.
const watchReadSize = 64 << 10

func (e *env) streamCommands() []*cli.Command {
	return []*cli.Command{{
		Name:      "watch",
		Usage:     "watch a JSON value arrive (a model's tool call as it streams): JSON Lines of its deltas and events as each chunk is read, then the final result",
		ArgsUsage: "[FILE|-]  (with --shape: MODEL... [FILE|-])",
		Flags: append(declarationFlags(""),
			&cli.IntFlag{Name: "chunk", Value: 0, DefaultText: "0, each read as it returns",
				Usage: "feed the input in chunks of exactly N bytes (the last one shorter), to see what a stream cut there would show; 0 feeds each read of the input as it arrives (up to 64 KiB)"}),
		Action: e.watchAction,
	}, {
		Name:      "llm",
		Usage:     "decode a model's streamed tool calls (provider event payloads, one a line) and check each call's arguments: the seed's llm.run",
		ArgsUsage: "[MODEL...] EVENTS.jsonl|-  (MODEL arguments with --shape, or for the shapes of --tools)",
		Flags: append(declarationFlags(""),
			&cli.StringFlag{Name: "provider", Value: string(mend.ProviderAnthropic),
				Usage: "the events' format: anthropic (Messages), openai or openai_compat (Chat Completions), openai_responses (Responses API)"},
			&cli.StringFlag{Name: "tools", Usage: "the tool list (a file): an MCP tools/list result, the array of its tools, or an object of names to declarations ({\"search\":{\"schema\":\"{!query:string}\"}}, {\"get\":{\"shape\":\"ns#GetThing\"}}); a call to a tool it lacks is a finding"},
			&cli.StringFlag{Name: "format", Value: render.FormatText, Usage: "output format: text or json (llm.run's result object)"}),
		Action: e.llmAction,
	}}
}

// watchAction feeds the input to a mend.Watcher as it is read and prints
// one line a feed (watch.feed's result) and the finish (watch.finish's).
func (e *env) watchAction(c *cli.Context) error {
	chunk := c.Int("chunk")
	if chunk < 0 {
		return exitcode.Usagef("--chunk must be 0 (each read as it returns) or more, not %d", chunk)
	}
	input, models, err := inputAndModels(c)
	if err != nil {
		return err
	}
	opts, err := e.declarationOptions(c, models)
	if err != nil {
		return err
	}
	r, closeFn, err := e.OpenStream(input)
	if err != nil {
		return err
	}
	defer closeFn()
	// One byte over the size limit is enough for the watcher to refuse
	// the text (exit 5) as repair does; an endless stream is not read on.
	r = io.LimitReader(r, limits.DefaultMaxSize+1)
	w := mend.NewWatcher(opts)
	size := watchReadSize
	if chunk > 0 {
		size = chunk
	}
	buf := make([]byte, size)
	for {
		var n int
		var rerr error
		if chunk > 0 {
			n, rerr = io.ReadFull(r, buf)
			if rerr == io.ErrUnexpectedEOF {
				rerr = io.EOF
			}
		} else {
			n, rerr = r.Read(buf)
		}
		if n > 0 {
			if err := e.writeJSONLine(w.Feed(buf[:n])); err != nil {
				return err
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return e.streamReadError(input, rerr)
		}
	}
	fin := w.Finish()
	if err := e.writeJSONLine(fin); err != nil {
		return err
	}
	if fin.Error != nil {
		e.printGateError(fin.Error)
		return exitcode.Status(fin.Error.Exit)
	}
	return nil
}

// llmAction decodes the events file line by line with a mend.LLMStream
// (what llm.run does with its events array) and prints the result.
func (e *env) llmAction(c *cli.Context) error {
	format := c.String("format")
	if format != render.FormatText && format != render.FormatJSON {
		return exitcode.Usagef("--format must be text or json, not %q", format)
	}
	args := c.Args().Slice()
	if len(args) == 0 {
		return exitcode.Usagef("llm needs the events: smithy llm --provider P [--tools FILE] EVENTS.jsonl|- (one event payload a line)")
	}
	models, input := args[:len(args)-1], args[len(args)-1]
	switch {
	case c.String("shape") != "" && len(models) == 0:
		return exitcode.Usagef("--shape needs the MODEL it belongs to: smithy llm --shape ID MODEL... EVENTS.jsonl|-")
	case len(models) > 0 && c.String("shape") == "" && c.String("tools") == "":
		return exitcode.Usagef("one events file only (EVENTS.jsonl or -), not %d arguments; MODEL arguments go with --shape or --tools", len(args))
	}
	prov, err := mend.ParseProvider(c.String("provider"))
	if err != nil {
		return gate.CommandError(err)
	}
	opts, err := e.declarationOptions(c, models)
	if err != nil {
		return err
	}
	var tools map[string]mend.Declaration
	if f := c.String("tools"); f != "" {
		raw, err := e.ReadValue(f, gate.MaxSchemaSize)
		if err != nil {
			return err
		}
		if len(raw) > gate.MaxSchemaSize {
			return exitcode.Usagef("--tools: %s is over the limit of %d bytes", f, gate.MaxSchemaSize)
		}
		if len(bytes.TrimSpace(raw)) == 0 {
			return exitcode.Usagef("--tools: %s is empty (an MCP tools/list result, an array of tools, or an object of declarations)", f)
		}
		if !json.Valid(raw) {
			return exitcode.Usagef("--tools: %s is not JSON", f)
		}
		tools, err = gate.ParseTools(raw, e.modelsResolver(models))
		if err != nil {
			if _, ok := gate.AsError(err); ok {
				return gate.CommandError(err)
			}
			return err
		}
	}
	st, err := mend.NewLLMStream(mend.LLMOptions{Provider: prov, Options: opts, Tools: tools})
	if err != nil {
		return gate.CommandError(err)
	}
	r, closeFn, err := e.OpenStream(input)
	if err != nil {
		return err
	}
	defer closeFn()
	// One payload a line, fed as it is read; blank lines are skipped.
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), limits.DefaultMaxSize)
	line := 0
	for sc.Scan() {
		line++
		if ev := bytes.TrimSpace(sc.Bytes()); len(ev) > 0 {
			st.Feed(ev)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return &exitcode.Error{Code: exitcode.Incomplete,
				Msg: fmt.Sprintf("%s, line %d: an event is longer than the %d-byte limit", inputDisplayName(input), line+1, limits.DefaultMaxSize)}
		}
		return e.streamReadError(input, err)
	}
	res := st.Close()
	exit := gate.LLMExit(res)
	if format == render.FormatJSON {
		if err := e.writeJSONLine(res); err != nil {
			return err
		}
	} else {
		writeLLMText(e.Stdout, res)
	}
	return statusOrNil(exit)
}

// modelsResolver loads the MODEL arguments when a tool names a shape;
// with none, the tools' parser says a shape needs a model.
func (e *env) modelsResolver(models []string) gate.Resolver {
	if len(models) == 0 {
		return nil
	}
	return func() (*model.Model, error) {
		lm, err := e.RequireModel(load.PathSources(models))
		if err != nil {
			return nil, err
		}
		return lm.Res.Model, nil
	}
}

// writeJSONLine prints v as one line of compact JSON, as the server
// renders its results (no HTML escaping).
func (e *env) writeJSONLine(v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return exitcode.Inputf("cannot render the result: %v", err)
	}
	_, err := e.Stdout.Write(b.Bytes())
	return err
}

// streamReadError is a failure to read the input part way (exit 4).
func (e *env) streamReadError(input string, err error) error {
	if e.Files != nil {
		return e.Files.ReadError(inputDisplayName(input), err)
	}
	return exitcode.Inputf("cannot read %s: %v", inputDisplayName(input), load.UnwrapPath(err))
}

func inputDisplayName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

// writeLLMText renders llm.run's result readably: one paragraph a call,
// then the stream's end.
func writeLLMText(w io.Writer, res *mend.LLMClose) {
	for _, call := range res.Calls {
		name := call.Name
		if name == "" {
			name = "(no name)"
		}
		done := "not done"
		if call.Done {
			done = "done"
		}
		exactness := string(call.Exactness)
		if exactness == "" {
			exactness = "no arguments read"
		}
		fmt.Fprintf(w, "call %d %s", call.Index, render.EscapeText(name))
		if call.ID != "" {
			fmt.Fprintf(w, " (%s)", render.EscapeText(call.ID))
		}
		if call.Choice != 0 {
			fmt.Fprintf(w, " choice %d", call.Choice)
		}
		fmt.Fprintf(w, ": %s, %s, %s\n", call.End, done, exactness)
		fmt.Fprintf(w, "  value: %s\n", render.EscapeText(string(call.Value)))
		if call.OpenPath != nil {
			fmt.Fprintf(w, "  open at: %s\n", pointerText(*call.OpenPath))
		}
		fmt.Fprintf(w, "  settled: %s\n", listOrNone(call.Settled))
		for _, ev := range call.Events {
			if ev.Kind != mend.EventViolation || ev.Finding == nil {
				continue
			}
			f := ev.Finding
			fmt.Fprintf(w, "  violation at byte %d: [%s] %s %s: %s\n", ev.At, f.Severity, f.Code, pointerText(f.Path), render.EscapeText(f.Message))
		}
		if call.Error != nil {
			msg := call.Error.Error()
			if call.Error.Line == 0 {
				msg = call.Error.Code + ": " + call.Error.Message // about the call, not a place in its arguments
			}
			fmt.Fprintf(w, "  refused: %s\n", render.EscapeText(msg))
			if call.Error.RetryHint != "" {
				fmt.Fprintf(w, "  retry hint: %s\n", render.EscapeText(call.Error.RetryHint))
			}
		}
	}
	stop := res.StopReason
	if stop == "" {
		stop = "none given"
	}
	fmt.Fprintf(w, "%s; stop reason: %s; %s ignored\n", plural(len(res.Calls), "call"), render.EscapeText(stop), plural(res.IgnoredEvents, "event"))
	if res.Error != "" {
		fmt.Fprintf(w, "provider error: %s\n", render.EscapeText(res.Error))
	}
}
