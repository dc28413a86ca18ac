package run

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// RPCParams are the parameters of `smithy validate-rpc` and of the
// server's validate-rpc method (nil inputs are not given).
type RPCParams struct {
	Models                                 []load.Source
	Service, Version                       string
	Message, Request, Response, Transcript *load.Input
	Complete                               bool
	// Verbose lists every message in the text format.
	Verbose bool
	// Extensions are the system extensions to prepare (--extension).
	Extensions []string
	// Naming is the member-name policy (--naming; "" is the default).
	Naming string
	// Policies are the unknown-member, null and envelope-extension
	// policies (rpcpolicy.go).
	Policies RPCPolicies
	// Method is --method: the method a lone response answers ("" none).
	Method string
	// Messages are several message files (Message is the first), checked
	// Jobs at once.
	Messages []string
	Jobs     int
}

// ValidateRPCInputs checks a message, a pair or a transcript.
func (e *Env) ValidateRPCInputs(p RPCParams, format string) error {
	msg, req, resp, tr := p.Message, p.Request, p.Response, p.Transcript
	modes := 0
	for _, set := range []bool{msg != nil, req != nil || resp != nil, tr != nil} {
		if set {
			modes++
		}
	}
	switch {
	case modes != 1:
		return exitcode.Usagef("give exactly one of --message, --request with --response, or --transcript")
	case (req != nil) != (resp != nil):
		return exitcode.Usagef("--request and --response go together")
	case p.Complete && tr == nil:
		return exitcode.Usagef("--complete applies to --transcript only")
	case format == render.FormatHTML && tr == nil:
		return exitcode.Usagef("--format html applies to --transcript only")
	case p.Method != "" && msg == nil:
		return exitcode.Usagef("--method applies to --message (a lone response) only: a pair or a transcript knows its calls")
	case p.Method != "" && p.Service == "":
		return exitcode.Usagef("--method needs --service: the method is one of a service's")
	}
	version, err := ParseVersion(p.Version)
	if err != nil {
		return err
	}
	naming, err := NamingOptions(p.Naming)
	if err != nil {
		return err
	}
	policies, err := p.Policies.Options()
	if err != nil {
		return err
	}
	svc, err := e.RPCServiceWith(p.Models, p.Service, version, p.Extensions, append(naming, policies...)...)
	if err != nil {
		return err
	}
	var meth *rpc.Method
	if p.Method != "" {
		m, ok := svc.Method(p.Method)
		if !ok {
			return exitcode.Usagef("--method: service %s has no method %q%s", svc.Service(), p.Method, methodList(svc))
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
		data, err := e.ReadInput(*msg, limits.DefaultMaxSize)
		if err != nil {
			return err
		}
		res = validateLone(svc, meth, data)
		files, texts = []string{msg.Path}, [][]byte{data}
	case req != nil:
		reqData, err := e.ReadInput(*req, limits.DefaultMaxSize)
		if err != nil {
			return err
		}
		respData, err := e.ReadInput(*resp, limits.DefaultMaxSize)
		if err != nil {
			return err
		}
		res = svc.ValidatePair(reqData, respData)
		files, texts = []string{req.Path, resp.Path}, [][]byte{reqData, respData}
	case format == render.FormatJSON:
		return e.validateTranscript(svc, *tr, p.Complete, format)
	default:
		return e.transcriptReport(svc, *tr, p.Complete, format, p.Verbose)
	}
	if format == render.FormatJSON {
		res.Write(e.Stdout, rpc.FormatJSON)
	} else if err := e.writeReport(e.rpcReport(res, files, texts, p.Verbose), format); err != nil {
		return err
	}
	return exitcode.Verdict(res.Valid, res.Complete)
}

// beforeStream calls BeforeStream, if set, with the size of r, the
// input about to be streamed: what is left of a regular file or of data
// in memory, -1 for anything else.
func (e *Env) beforeStream(r io.Reader) {
	if e.BeforeStream == nil {
		return
	}
	size := int64(-1)
	switch r := r.(type) {
	case *bytes.Reader:
		size = int64(r.Len())
	case *os.File:
		if st, err := r.Stat(); err == nil && st.Mode().IsRegular() {
			if off, err := r.Seek(0, io.SeekCurrent); err == nil {
				size = max(st.Size()-off, 0)
			}
		}
	}
	e.BeforeStream(size)
}

func rpcFormat(format string) rpc.Format {
	if format == "json" {
		return rpc.FormatJSON
	}
	return rpc.FormatText
}

// validateTranscript checks a transcript, streaming: rpc writes the
// output, and its memory does not grow with the transcript.
func (e *Env) validateTranscript(svc *rpc.PreparedService, in load.Input, complete bool, format string) error {
	r, name, closeFn, err := e.openTranscript(in)
	if err != nil {
		return err
	}
	e.beforeStream(r)
	var opts []rpc.Option
	if e.SpoolLimit > 0 {
		opts = append(opts, rpc.SpoolLimit(e.SpoolLimit))
	}
	r, prog, stop := e.startProgress(r, name, e.ProgressMode, true)
	opts = append(opts, rpc.Observe(func(fs []sv.Finding) { prog.findings.Add(int64(len(fs))) }))
	res, err := svc.WriteTranscript(e.Stdout, r, rpcFormat(format), complete, opts...)
	stop()
	closeFn()
	var se *rpc.SpoolError
	var oe *rpc.OutputError
	switch {
	case errors.As(err, &se):
		return exitcode.Inputf("cannot keep the message summaries of %s: %v", name, se.Err)
	case errors.As(err, &oe):
		return exitcode.Inputf("cannot write the result: %v", oe.Err)
	case err != nil:
		return exitcode.Inputf("cannot read %s: %v", name, load.UnwrapPath(errors.Unwrap(err)))
	}
	return exitcode.Verdict(res.Valid, res.Complete)
}

// ParseVersion reads --version ("" is none).
func ParseVersion(text string) (rpc.ProtocolVersion, error) {
	if text == "" {
		return 0, nil
	}
	v, err := rpc.ParseVersion(text)
	if err != nil {
		return 0, exitcode.Usagef("--version must be 1.0 or 2.0, not %q", text)
	}
	return v, nil
}

// rpcService prepares the service named by --service from the MODEL
// arguments, or, without --service, the envelope-only profile of the
// --version given.
func (e *Env) rpcService(models []load.Source, id string, version rpc.ProtocolVersion) (*rpc.PreparedService, error) {
	if id == "" && len(models) == 0 {
		if version == 0 {
			return nil, exitcode.Usagef("--version is required without --service (envelope checks only)")
		}
		return rpc.EnvelopeOnly(version)
	}
	if id != "" {
		// A malformed ID is a usage error before any model is read.
		if _, err := shapeid.ParseRelative(id); err != nil {
			return nil, exitcode.Usagef("--service: %v", err)
		}
	}
	lm, err := e.RequireModel(models)
	if err != nil {
		return nil, err
	}
	sid, err := resolveService(lm.Res.Model, "--service", id)
	if err != nil {
		return nil, err
	}
	svc, err := lm.Service(sid, version)
	if err != nil {
		var me *rpc.ModelError
		switch {
		case errors.Is(err, rpc.ErrVersionRequired):
			return nil, exitcode.Usagef("%v: give --version", err)
		case errors.As(err, &me):
			var b strings.Builder
			for _, p := range me.Problems {
				b.WriteString(render.EscapeText(p.String()))
				b.WriteByte('\n')
			}
			events := load.RPCProblemEvents(me)
			io.WriteString(e.Stderr, b.String())
			return nil, &exitcode.Error{Code: exitcode.Model, Events: events,
				Msg: fmt.Sprintf("service %s cannot be checked against: %d problem(s)", sid, len(me.Problems))}
		}
		return nil, exitcode.Modelf("%v", err)
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
