package app

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
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
	e.maxFindings = c.Int("max-findings")
	if e.progressMode, err = progressMode(c); err != nil {
		return err
	}
	p := rpcParams{Models: pathSources(c.Args().Slice()), Service: c.String("service"), Version: c.String("version"), Complete: c.Bool("complete"), Verbose: c.Bool("verbose"), Extensions: c.StringSlice("extension")}
	p.Naming = c.String("naming")
	p.Policies = rpcPolicies{UnknownMembers: c.String("unknown-members"), Nulls: c.String("nulls"), EnvelopeExtensions: c.String("envelope-extensions")}
	p.Method = c.String("method")
	for _, f := range []struct {
		flag string
		in   **Input
	}{{"request", &p.Request}, {"response", &p.Response}, {"transcript", &p.Transcript}} {
		if v := c.String(f.flag); v != "" {
			*f.in = &Input{Path: v}
		}
	}
	if msgs := c.StringSlice("message"); len(msgs) > 0 {
		files, many, err := expandInputs(msgs, []string{".json"})
		if err != nil {
			return err
		}
		p.Message = &Input{Path: files[0]}
		if many {
			p.Messages, p.Jobs = files, c.Int("jobs")
		}
	}
	return e.validateRPCInputs(p, format)
}

// rpcParams are the parameters of `smithy validate-rpc` and of the
// server's validate-rpc method (nil inputs are not given).
type rpcParams struct {
	Models                                 []Source
	Service, Version                       string
	Message, Request, Response, Transcript *Input
	Complete                               bool
	// Verbose lists every message in the text format.
	Verbose bool
	// Extensions are the system extensions to prepare (--extension).
	Extensions []string
	// Naming is the member-name policy (--naming; "" is the default).
	Naming string
	// Policies are the unknown-member, null and envelope-extension
	// policies (rpcpolicy.go).
	Policies rpcPolicies
	// Method is --method: the method a lone response answers ("" none).
	Method string
	// Messages are several message files (Message is the first), checked
	// Jobs at once.
	Messages []string
	Jobs     int
}

// validateRPCInputs checks a message, a pair or a transcript.
func (e *env) validateRPCInputs(p rpcParams, format string) error {
	msg, req, resp, tr := p.Message, p.Request, p.Response, p.Transcript
	modes := 0
	for _, set := range []bool{msg != nil, req != nil || resp != nil, tr != nil} {
		if set {
			modes++
		}
	}
	switch {
	case modes != 1:
		return usageErrorf("give exactly one of --message, --request with --response, or --transcript")
	case (req != nil) != (resp != nil):
		return usageErrorf("--request and --response go together")
	case p.Complete && tr == nil:
		return usageErrorf("--complete applies to --transcript only")
	case format == formatHTML && tr == nil:
		return usageErrorf("--format html applies to --transcript only")
	case p.Method != "" && msg == nil:
		return usageErrorf("--method applies to --message (a lone response) only: a pair or a transcript knows its calls")
	case p.Method != "" && p.Service == "":
		return usageErrorf("--method needs --service: the method is one of a service's")
	}
	version, err := parseVersion(p.Version)
	if err != nil {
		return err
	}
	naming, err := namingOptions(p.Naming)
	if err != nil {
		return err
	}
	policies, err := p.Policies.options()
	if err != nil {
		return err
	}
	svc, err := e.rpcServiceWith(p.Models, p.Service, version, p.Extensions, append(naming, policies...)...)
	if err != nil {
		return err
	}
	var meth *rpc.Method
	if p.Method != "" {
		m, ok := svc.Method(p.Method)
		if !ok {
			return usageErrorf("--method: service %s has no method %q%s", svc.Service(), p.Method, methodList(svc))
		}
		meth = m
	}

	var res *rpc.Result
	var files []string
	var texts [][]byte
	switch {
	case len(p.Messages) > 1:
		return e.validateMessages(svc, meth, p, format)
	case msg != nil:
		data, err := e.readInput(*msg, limits.DefaultMaxSize)
		if err != nil {
			return err
		}
		res = validateLone(svc, meth, data)
		files, texts = []string{msg.Path}, [][]byte{data}
	case req != nil:
		reqData, err := e.readInput(*req, limits.DefaultMaxSize)
		if err != nil {
			return err
		}
		respData, err := e.readInput(*resp, limits.DefaultMaxSize)
		if err != nil {
			return err
		}
		res = svc.ValidatePair(reqData, respData)
		files, texts = []string{req.Path, resp.Path}, [][]byte{reqData, respData}
	case format == formatJSON:
		return e.validateTranscript(svc, *tr, p.Complete, format)
	default:
		return e.transcriptReport(svc, *tr, p.Complete, format, p.Verbose)
	}
	if format == formatJSON {
		res.Write(e.stdout, rpc.FormatJSON)
	} else if err := e.writeReport(e.rpcReport(res, files, texts, p.Verbose), format); err != nil {
		return err
	}
	return verdict(res.Valid, res.Complete)
}

func rpcFormat(format string) rpc.Format {
	if format == "json" {
		return rpc.FormatJSON
	}
	return rpc.FormatText
}

// validateTranscript checks a transcript, streaming: rpc writes the
// output, and its memory does not grow with the transcript.
func (e *env) validateTranscript(svc *rpc.PreparedService, in Input, complete bool, format string) error {
	r, name, closeFn, err := e.openTranscript(in)
	if err != nil {
		return err
	}
	var opts []rpc.Option
	if e.spoolLimit > 0 {
		opts = append(opts, rpc.SpoolLimit(e.spoolLimit))
	}
	r, prog, stop := e.startProgress(r, name, e.progressMode, true)
	opts = append(opts, rpc.Observe(func(fs []sv.Finding) { prog.findings.Add(int64(len(fs))) }))
	res, err := svc.WriteTranscript(e.stdout, r, rpcFormat(format), complete, opts...)
	stop()
	closeFn()
	var se *rpc.SpoolError
	var oe *rpc.OutputError
	switch {
	case errors.As(err, &se):
		return inputErrorf("cannot keep the message summaries of %s: %v", name, se.Err)
	case errors.As(err, &oe):
		return inputErrorf("cannot write the result: %v", oe.Err)
	case err != nil:
		return inputErrorf("cannot read %s: %v", name, unwrapPath(errors.Unwrap(err)))
	}
	return verdict(res.Valid, res.Complete)
}

// parseVersion reads --version ("" is none).
func parseVersion(text string) (rpc.ProtocolVersion, error) {
	if text == "" {
		return 0, nil
	}
	v, err := rpc.ParseVersion(text)
	if err != nil {
		return 0, usageErrorf("--version must be 1.0 or 2.0, not %q", text)
	}
	return v, nil
}

// rpcService prepares the service named by --service from the MODEL
// arguments, or, without --service, the envelope-only profile of the
// --version given.
func (e *env) rpcService(models []Source, id string, version rpc.ProtocolVersion) (*rpc.PreparedService, error) {
	if id == "" && len(models) == 0 {
		if version == 0 {
			return nil, usageErrorf("--version is required without --service (envelope checks only)")
		}
		return rpc.EnvelopeOnly(version)
	}
	if id != "" {
		// A malformed ID is a usage error before any model is read.
		if _, err := shapeid.ParseRelative(id); err != nil {
			return nil, usageErrorf("--service: %v", err)
		}
	}
	lm, err := e.requireModel(models)
	if err != nil {
		return nil, err
	}
	sid, err := resolveService(lm.res.Model, "--service", id)
	if err != nil {
		return nil, err
	}
	svc, err := lm.service(sid, version)
	if err != nil {
		var me *rpc.ModelError
		switch {
		case errors.Is(err, rpc.ErrVersionRequired):
			return nil, usageErrorf("%v: give --version", err)
		case errors.As(err, &me):
			var b strings.Builder
			for _, p := range me.Problems {
				b.WriteString(escapeText(p.String()))
				b.WriteByte('\n')
			}
			events := rpcProblemEvents(me)
			io.WriteString(e.stderr, b.String())
			return nil, &exitError{code: ExitModel, events: events,
				msg: fmt.Sprintf("service %s cannot be checked against: %d problem(s)", sid, len(me.Problems))}
		}
		return nil, modelErrorf("%v", err)
	}
	return svc, nil
}

// validateLone checks one --message: of unknown role, or, with --method,
// a response in that method's context.
func validateLone(svc *rpc.PreparedService, meth *rpc.Method, data []byte) *rpc.Result {
	if meth == nil {
		return svc.ValidateMessage(data)
	}
	return svc.ValidateResponse(data, rpc.ForMethod(meth))
}

// methodList names a service's methods for a usage error.
func methodList(svc *rpc.PreparedService) string {
	ms := svc.Methods()
	if len(ms) == 0 {
		return " (it has none)"
	}
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name()
	}
	return " (it has " + strings.Join(names, ", ") + ")"
}
