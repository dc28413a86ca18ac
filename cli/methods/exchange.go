package methods

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/cli/serve"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

func init() {
	names := []string{"exchange.start", "exchange.feed", "exchange.finish"}
	RegisterStreamKind("exchange", names...)
	for _, name := range names {
		Register(name, func(ctx context.Context, s *Session, params []byte) ([]byte, int, error) {
			if !s.Stateful() {
				return nil, 0, serve.Errorf("%s needs a connection: use smithy serve --stdio", name)
			}
			return exchange(ctx, s, name, params)
		})
	}
}

// streamKey is the session's key of its exchange stream.
type streamKey struct{}

// stream is the connection's exchange: a transcript fed piece by piece
// (rpc's streaming Exchange). One per connection, as the protocol's
// design notes argue: exchange.start opens it, exchange.finish closes it.
type stream struct {
	x *rpc.Exchange
}

// exchange runs exchange.start, exchange.feed and exchange.finish.
//
//	exchange.start  {models, service, version, extension, max_outstanding, recent_replies}
//	                -> {"scope": ...}
//	exchange.feed   {lines: "<JSON Lines>"} or {from, message: <JSON>} or {from, text}
//	                -> {"findings": [...], "messages": [...]} (what this piece produced)
//	exchange.finish {complete}
//	                -> the validate-rpc --transcript document without "messages"
//
// Lines are indexed from 0 across the whole stream, as the lines of a
// transcript file; a message fed with from is one line.
func exchange(ctx context.Context, s *Session, method string, params []byte) ([]byte, int, error) {
	st, _ := s.Value(streamKey{}).(*stream)
	switch method {
	case "exchange.start":
		if st != nil {
			return nil, 0, serve.Errorf("an exchange is already open: exchange.finish it first (one stream per connection)")
		}
		var p struct {
			ServiceParams
			MaxOutstanding int  `json:"max_outstanding"`
			RecentReplies  *int `json:"recent_replies"`
		}
		models, err := p.Decode(params, &p)
		if err != nil {
			return nil, 0, err
		}
		if p.MaxOutstanding < 0 || (p.RecentReplies != nil && *p.RecentReplies < 0) {
			return nil, 0, serve.Errorf("max_outstanding and recent_replies must not be negative")
		}
		var svc *rpc.PreparedService
		_, exit, err := s.Run(ctx, models, nil, func(e *run.Env) error {
			version, err := run.ParseVersion(p.Version)
			if err != nil {
				return err
			}
			opts, err := p.Options()
			if err != nil {
				return err
			}
			svc, err = e.RPCServiceWith(models, p.Service, version, p.Extension, opts...)
			return err
		})
		if err != nil {
			return nil, 0, err
		}
		var opts []rpc.Option
		if p.MaxOutstanding > 0 {
			opts = append(opts, rpc.MaxOutstanding(p.MaxOutstanding))
		}
		if p.RecentReplies != nil {
			opts = append(opts, rpc.RecentReplies(*p.RecentReplies))
		}
		s.SetValue(streamKey{}, &stream{x: svc.NewExchange(opts...)})
		return []byte(`{"scope":"` + svc.Scope().String() + `"}`), exit, nil
	case "exchange.feed":
		if st == nil {
			return nil, 0, serve.Errorf("no exchange is open: call exchange.start first")
		}
		var p struct {
			Lines   *string         `json:"lines"`
			From    string          `json:"from"`
			Message json.RawMessage `json:"message"`
			Text    *string         `json:"text"`
		}
		if err := DecodeParams(params, &p); err != nil {
			return nil, 0, err
		}
		return st.feed(p.Lines, p.From, p.Message, p.Text)
	default: // exchange.finish
		if st == nil {
			return nil, 0, serve.Errorf("no exchange is open: call exchange.start first")
		}
		var p struct {
			Complete bool `json:"complete"`
		}
		if err := DecodeParams(params, &p); err != nil {
			return nil, 0, err
		}
		res := st.x.Finish(p.Complete)
		s.SetValue(streamKey{}, nil)
		code, _, _ := exitcode.Of(exitcode.Verdict(res.Valid, res.Complete))
		return res.AppendVerdictJSON(nil), code, nil
	}
}

// feed checks one piece of the stream and renders what it produced; its
// exit code is 1 when the piece had an error finding, else 0.
func (st *stream) feed(lines *string, from string, message json.RawMessage, text *string) ([]byte, int, error) {
	out := []byte(`{"findings":[`)
	var msgs []byte
	nf, nm, exit := 0, 0, 0
	collect := func(ms []rpc.MessageSummary) {
		for _, f := range st.x.LastFindings() {
			if nf > 0 {
				out = append(out, ',')
			}
			nf++
			b, _ := f.MarshalJSON()
			out = append(out, b...)
			if f.Severity == sv.SeverityError {
				exit = exitcode.Invalid
			}
		}
		for i := range ms {
			if nm > 0 {
				msgs = append(msgs, ',')
			}
			nm++
			msgs = ms[i].AppendJSON(msgs)
		}
	}
	switch {
	case lines != nil && (from != "" || message != nil || text != nil):
		return nil, 0, serve.Errorf("exchange.feed: give \"lines\", or \"from\" with \"message\" or \"text\", not both")
	case lines != nil:
		rest := []byte(*lines)
		for len(rest) > 0 {
			line := rest
			if i := bytes.IndexByte(rest, '\n'); i >= 0 {
				line, rest = rest[:i], rest[i+1:]
			} else {
				rest = nil
			}
			collect(st.x.FeedLine(line))
		}
	default:
		peer, ok := rpc.ParsePeer(from)
		if !ok {
			return nil, 0, serve.Errorf("exchange.feed: \"from\" must be \"client\" or \"server\" (or give \"lines\")")
		}
		switch {
		case message != nil && text != nil:
			return nil, 0, serve.Errorf("exchange.feed: give \"message\" or \"text\", not both")
		case message != nil:
			collect(st.x.Feed(peer, message))
		case text != nil:
			collect(st.x.Feed(peer, []byte(*text)))
		default:
			return nil, 0, serve.Errorf("exchange.feed needs \"lines\", or \"from\" with \"message\" or \"text\"")
		}
	}
	out = append(out, `],"messages":[`...)
	out = append(out, msgs...)
	return append(out, "]}"...), exit, nil
}
