package app

import (
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/mend"
	"github.com/urfave/cli/v2"
)

// The stream commands (docs/streams.md): `smithy watch` is the seed's
// watch.start/feed/finish on a file or standard input, `smithy llm` its
// llm.run on a file of provider events, one a line. They print what the
// server's methods answer, byte for byte, and exit as they do (run.Env's
// Watch and LLM do the work). The declaration flags are those of repair
// (declarationFlags, cmd_mend.go).

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

// watchAction reads watch's flags and arguments for run.Env.Watch.
func (e *env) watchAction(c *cli.Context) error {
	chunk := c.Int("chunk")
	if chunk < 0 {
		return exitcode.Usagef("--chunk must be 0 (each read as it returns) or more, not %d", chunk)
	}
	input, models, err := inputAndModels(c)
	if err != nil {
		return err
	}
	if err := stdinOnce(append(append([]stdinUse{{"--schema-json", c.String("schema-json")}}, modelUses(models)...), stdinUse{"FILE", input})...); err != nil {
		return err
	}
	opts, err := e.GateOptions(declaration(c, models))
	if err != nil {
		return err
	}
	return e.Watch(input, chunk, opts)
}

// llmAction reads llm's flags and arguments for run.Env.LLM.
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
	if err := stdinOnce(append(append([]stdinUse{{"--tools", c.String("tools")}, {"--schema-json", c.String("schema-json")}}, modelUses(models)...), stdinUse{"EVENTS", input})...); err != nil {
		return err
	}
	return e.LLM(run.LLMParams{Provider: c.String("provider"), Tools: c.String("tools"), Input: input, Format: format}, declaration(c, models))
}
