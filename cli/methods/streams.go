package methods

import (
	"context"

	"github.com/smithy-validation/go/cli/gate"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/cli/serve"
	"github.com/smithy-validation/go/core/model"
)

// The seed's stream methods (docs/streams.md): watch.start, watch.feed,
// watch.finish, llm.open, llm.feed, llm.close and llm.run, run by
// cli/gate's Streams. A connection (stdio) has one watch and one llm
// stream at a time, beside its exchange stream; over HTTP each request is
// its own connection, so only llm.run, the stateless form, is offered.
func init() {
	RegisterStreamKind("watch", "watch.start", "watch.feed", "watch.finish")
	RegisterStreamKind("llm", "llm.open", "llm.feed", "llm.close") // llm.run is stateless
	for _, name := range gate.StreamMethods {
		name := name
		Register(name, func(ctx context.Context, s *Session, params []byte) ([]byte, int, error) {
			return streamMethod(ctx, s, name, params)
		})
	}
}

// streamsKey is the session's key of its gate.Streams.
type streamsKey struct{}

func streamMethod(ctx context.Context, s *Session, name string, params []byte) ([]byte, int, error) {
	if name != "llm.run" && !s.Stateful() {
		return nil, 0, serve.Errorf("%s needs a connection: use smithy serve --stdio (over HTTP, llm.run is the stateless form)", name)
	}
	var mp ModelParams
	if err := DecodeParams(params, &mp); err != nil {
		return nil, 0, err
	}
	st, _ := s.Value(streamsKey{}).(*gate.Streams)
	if st == nil {
		st = &gate.Streams{}
		if s.Stateful() {
			s.SetValue(streamsKey{}, st)
		}
	}
	// A shape (a watch's declaration, a tool's) is looked up in the
	// request's models, loaded through the server's files and cache.
	resolve := func() (*model.Model, error) {
		srcs, err := mp.Sources()
		if err != nil {
			return nil, err
		}
		var m *model.Model
		_, _, err = s.Run(ctx, srcs, nil, func(e *run.Env) error {
			lm, err := e.RequireModel(srcs)
			if err != nil {
				return err
			}
			m = lm.Res.Model
			return nil
		})
		return m, err
	}
	out, exit, err := st.Call(name, params, resolve)
	if me, ok := gate.AsError(err); ok {
		return nil, 0, &serve.Error{Code: me.Code, Message: me.Message, Exit: me.Exit}
	}
	return out, exit, err
}
