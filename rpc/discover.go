package rpc

import (
	"fmt"
	"slices"

	"github.com/smithy-validation/go/core/shapeid"
)

// Discover is the JSON-RPC system extension that returns the service's
// OpenRPC document (OpenRPC 1.3.2, "Service Discovery Method").
const Discover = "rpc.discover"

// DiscoverResultShape is the shape rpc.discover's result is checked
// against: any JSON object (a map of strings to documents, shipped with
// the traits, see [TraitsSource]). The openrpc module checks the document
// itself against the OpenRPC metaschema.
var DiscoverResultShape = shapeid.New(TraitsNamespace, "DiscoverResult")

// SystemExtension prepares the named JSON-RPC system extension as a method
// of the service. JSON-RPC 2.0 reserves the "rpc." method names for them;
// without this option a call of one is reported as reserved
// (method-reserved, -32601), never accepted because a name happens to be
// modeled. The one extension known is [Discover]: params none (omitted,
// [] or {}; members of an object follow the unknown-member policy),
// result any JSON object, and the service's application errors. Prepare
// fails on any other name.
//
// The prepared method has no operation ([Method.Operation] is zero); its
// [Method.Output] is [DiscoverResultShape].
func SystemExtension(name string) Option { return Option{system: []string{name}} }

// systemMethods adds the system extensions the options ask for.
func (p *preparer) systemMethods(s *PreparedService, byName map[string]*Method, svcErrors []*ErrorMapping) error {
	for _, name := range s.cfg.system {
		if name != Discover {
			return fmt.Errorf("rpc: unknown system extension %q (known: %s)", name, Discover)
		}
		if _, dup := byName[name]; dup {
			continue
		}
		if _, ok := p.m.Shape(DiscoverResultShape); !ok {
			p.problem(s.service, shapeid.ID{}, modelSource(p, s.service),
				"the %s extension needs %s: add the smithy.rpc trait definitions (AddTraits)", Discover, DiscoverResultShape)
			continue
		}
		m := &Method{name: name, mode: ParamsEither, positional: []string{}, output: DiscoverResultShape, errors: map[int64]*ErrorMapping{}}
		for _, e := range svcErrors {
			m.errors[e.code] = e
		}
		m.errorCodes = sortedCodes(m.errors)
		byName[name] = m
	}
	return nil
}

// SystemExtensions returns the names of the system extensions the service
// was prepared with, in the order given.
func (s *PreparedService) SystemExtensions() []string {
	var out []string
	for _, n := range s.cfg.system {
		if _, ok := s.methods[n]; ok && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}
