package app

import (
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/run"
	"github.com/urfave/cli/v2"
)

// validateRPCCommand is `smithy validate-rpc`: JSON-RPC messages, a
// request and its response, or a JSON Lines transcript, checked against a
// service modeled with the smithy.rpc traits, or (without --service and
// MODEL) against the envelope rules of one JSON-RPC version only; the JSON
// output then says "scope": "envelope".
func (e *env) validateRPCCommand() *cli.Command {
	return &cli.Command{
		Name:  "validate-rpc",
		Usage: "check JSON-RPC 1.0/2.0 messages, pairs or transcripts against a service",
		Description: "Exactly one of --message, --request with --response, or --transcript.\n" +
			"Without --service (and MODEL), only envelopes and id correlation are checked\n" +
			"and --version is required. With --service, --version may be left out only\n" +
			"when the service declares exactly one version; it is never inferred from a\n" +
			"message. A transcript is JSON Lines: {\"from\":\"client\"|\"server\",\"message\":...}\n" +
			"or {\"from\":...,\"text\":\"<raw text>\"}; a response line may add \"reply_to\": N,\n" +
			"the 0-based line of the message it answers (as an HTTP response answers its\n" +
			"POST): it is related to that message's calls, whatever its id says.\n" +
			"--complete declares the transcript holds every message, so calls never\n" +
			"answered are reported. --method NAME checks a lone --message response against\n" +
			"that method (scope operation: no request, so no id correlation).\n" +
			"Flags go before the MODEL files.",
		ArgsUsage: "MODEL...",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "service", Usage: "the service's absolute shape ID (ns#Service)"},
			&cli.StringFlag{Name: "version", Usage: "the JSON-RPC version: 1.0 or 2.0"},
			&cli.StringSliceFlag{Name: "message", DefaultText: "none", Usage: "one message (or 2.0 batch) file, - for standard input; repeatable, or a directory (its .json files)"},
			&cli.StringFlag{Name: "request", Usage: "a request (or batch) file; needs --response"},
			&cli.StringFlag{Name: "response", Usage: "the response (or response array) file answering --request"},
			&cli.StringFlag{Name: "transcript", Usage: "a JSON Lines transcript file, - for standard input"},
			&cli.BoolFlag{Name: "complete", Usage: "the transcript holds every message: report calls never answered"},
			rpcFormatFlag(),
			maxFindingsFlag(),
			verboseFlag(),
			extensionFlag(),
			namingFlag(),
			rpcPolicyFlags()[0], rpcPolicyFlags()[1], rpcPolicyFlags()[2], rpcPolicyFlags()[3],
			jobsFlag(),
			progressFlags()[0],
			progressFlags()[1],
		},
		Action: e.validateRPC,
	}
}

func (e *env) validateRPC(c *cli.Context) error {
	format, err := checkFormat(c)
	if err != nil {
		return err
	}
	e.MaxFindings = c.Int("max-findings")
	if e.ProgressMode, err = progressMode(c); err != nil {
		return err
	}
	p := run.RPCParams{Models: load.PathSources(c.Args().Slice()), Service: c.String("service"), Version: c.String("version"), Complete: c.Bool("complete"), Verbose: c.Bool("verbose"), Extensions: c.StringSlice("extension")}
	p.Naming = c.String("naming")
	p.Policies = run.RPCPolicies{UnknownMembers: c.String("unknown-members"), Nulls: c.String("nulls"), EnvelopeExtensions: c.String("envelope-extensions")}
	p.Method = c.String("method")
	for _, f := range []struct {
		flag string
		in   **load.Input
	}{{"request", &p.Request}, {"response", &p.Response}, {"transcript", &p.Transcript}} {
		if v := c.String(f.flag); v != "" {
			*f.in = &load.Input{Path: v}
		}
	}
	var uses []stdinUse
	if msgs := c.StringSlice("message"); len(msgs) > 0 {
		files, many, err := run.ExpandInputs(msgs, []string{".json"})
		if err != nil {
			return err
		}
		p.Message = &load.Input{Path: files[0]}
		if many {
			p.Messages, p.Jobs = files, c.Int("jobs")
		}
		for _, m := range msgs {
			uses = append(uses, stdinUse{"--message", m})
		}
	}
	for _, f := range []string{"request", "response", "transcript"} {
		uses = append(uses, stdinUse{"--" + f, c.String(f)})
	}
	if err := stdinOnce(append(uses, modelUses(c.Args().Slice())...)...); err != nil {
		return err
	}
	return e.ValidateRPCInputs(p, format)
}
