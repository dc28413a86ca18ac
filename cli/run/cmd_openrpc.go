package run

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/openrpc"
	"github.com/smithy-validation/go/rpc"
)

// OpenRPC writes the OpenRPC document of a service to stdout, or to the
// file out.
func (e *Env) OpenRPC(models []load.Source, s OpenRPCSettings, out string) error {
	// The settings are checked first; --service, which may be a name
	// without a namespace or left out, is resolved in the loaded model.
	cfg, err := s.Config("--")
	if err != nil {
		return err
	}
	lm, err := e.RequireValidModel(models)
	if err != nil {
		return err
	}
	svc, err := resolveService(lm.Res.Model, "--service", s.Service)
	if err != nil {
		return err
	}
	res, err := e.ExportOpenRPC(lm.Res.Model, svc, cfg)
	if err != nil {
		return err
	}
	if out != "" {
		if err := os.WriteFile(out, res.JSON, 0o644); err != nil {
			return exitcode.Inputf("cannot write %s: %v", out, load.UnwrapPath(err))
		}
		return nil
	}
	_, err = e.Stdout.Write(res.JSON)
	return err
}

// ExportOpenRPC converts a service and prints its diagnostics; model and
// export problems exit 3.
func (e *Env) ExportOpenRPC(m *model.Model, svc shapeid.ID, cfg openrpc.Config) (*openrpc.Result, error) {
	res, err := openrpc.Convert(m, svc, cfg)
	if err != nil {
		var me *rpc.ModelError
		if errors.As(err, &me) {
			var b strings.Builder
			for _, p := range me.Problems {
				b.WriteString(render.EscapeText(p.String()))
				b.WriteByte('\n')
			}
			io.WriteString(e.Stderr, b.String())
			return nil, exitcode.Modelf("service %s cannot be exported: %d problem(s)", svc, len(me.Problems))
		}
		return nil, exitcode.Modelf("%v", err)
	}
	for _, d := range res.Diagnostics {
		fmt.Fprintf(e.Stderr, "smithy: openrpc: %s\n", render.EscapeText(fmt.Sprint(d)))
	}
	return res, nil
}

// OpenRPCSettings are the settings of the openrpc export: the command's
// flags, or the openrpc plugin's settings in smithy-build.json.
type OpenRPCSettings struct {
	Service        string
	Naming         string
	UnknownMembers string
	Nulls          string
	Extensions     string
	Info           openrpc.Info
	// SystemExtensions are the JSON-RPC system extensions to prepare and
	// describe (rpc.discover).
	SystemExtensions []string
}

// Config checks the settings and returns the export configuration;
// prefix is how a setting is named in messages ("--" for flags).
func (s OpenRPCSettings) Config(prefix string) (openrpc.Config, error) {
	var cfg openrpc.Config
	cfg.Info = s.Info
	for _, x := range s.SystemExtensions {
		if x != rpc.Discover {
			return cfg, exitcode.Usagef("%sextension: unknown system extension %q (known: %s)", prefix, x, rpc.Discover)
		}
		cfg.RPCOptions = append(cfg.RPCOptions, rpc.SystemExtension(x))
	}
	choose := func(name, v string, def string, opts map[string]func()) error {
		if v == "" {
			v = def
		}
		f, ok := opts[v]
		if !ok {
			keys := make([]string, 0, len(opts))
			for k := range opts {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			return exitcode.Usagef("%s%s must be %s, not %q", prefix, name, strings.Join(keys, " or "), v)
		}
		f()
		return nil
	}
	for _, err := range []error{
		choose("naming", s.Naming, "jsonName", map[string]func(){
			"memberName": func() { cfg.MatchJSONNames = false }, "jsonName": func() { cfg.MatchJSONNames = true }}),
		choose("unknown-members", s.UnknownMembers, "warn", map[string]func(){
			"warn":   func() { cfg.RejectUnknownMembers, cfg.IgnoreUnknownMembers = false, false },
			"ignore": func() { cfg.RejectUnknownMembers, cfg.IgnoreUnknownMembers = false, true },
			"error":  func() { cfg.RejectUnknownMembers, cfg.IgnoreUnknownMembers = true, false }}),
		choose("nulls", s.Nulls, "absent", map[string]func(){
			"absent": func() { cfg.RejectNullMembers = false }, "reject": func() { cfg.RejectNullMembers = true }}),
		choose("extensions", s.Extensions, "emit", map[string]func(){
			"emit": func() { cfg.Extensions = openrpc.ExtensionsEmit }, "omit": func() { cfg.Extensions = openrpc.ExtensionsOmit }}),
	} {
		if err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

// OpenRPCFileName is the plugin's output file for a service.
func OpenRPCFileName(svc shapeid.ID) string {
	return filepath.Clean(svc.Name + ".openrpc.json")
}

// AbsoluteService is the service of a smithy-build.json plugin, which
// must be an absolute shape ID there (prefix names the plugin).
func (s OpenRPCSettings) AbsoluteService(prefix string) (shapeid.ID, error) {
	svc, err := shapeid.Parse(s.Service)
	if err != nil || svc.HasMember() {
		return svc, exitcode.Usagef("%sservice: %q is not an absolute shape ID (ns#Service)", prefix, s.Service)
	}
	return svc, nil
}
