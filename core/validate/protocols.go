package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// compressionAlgorithms are the `encodings` @requestCompression allows
// (compared case-insensitively).
var compressionAlgorithms = map[string]bool{"gzip": true}

// requestCompressions checks @requestCompression operations: they have an
// input, no input member targets a shape that is both @streaming and
// @requiresLength, and their encodings are known algorithms
// (RequestCompressionTrait).
func requestCompressions(ix *protoIndex) []model.Event {
	var events []model.Event
	m := ix.m
	for _, op := range ix.with[preludeid.RequestCompression] {
		v, _ := op.Trait(preludeid.RequestCompression)
		if op.Type() != model.OperationType {
			continue
		}
		if op.Input().IsZero() || op.Input() == preludeid.Unit {
			events = append(events, errorf("RequestCompressionTrait", op,
				"The `requestCompression` trait can only be applied to operations which have an input shape defined"))
		} else if in, ok := resolve(m, op.Input(), model.StructureType); ok {
			for _, mem := range in.Members() {
				t, ok := m.Target(mem)
				if ok && t.HasTrait(preludeid.Streaming) && t.HasTrait(preludeid.RequiresLength) {
					events = append(events, errorf("RequestCompressionTrait", op,
						"The `requestCompression` trait can only be applied to operations which do not have input members that target shapes with both the `streaming` and `requiresLength` traits applied, but found member `%s` targeting `%s`",
						mem.ID(), t.ID()))
				}
			}
		}
		encodings, ok := v.Get("encodings")
		if !ok || encodings.Kind() != node.Array {
			continue // the value engine reports the missing or mistyped member
		}
		if encodings.Len() == 0 {
			events = append(events, onTraitf(model.ErrorSeverity, "RequestCompressionTrait", op, preludeid.RequestCompression,
				"There must be at least one compression algorithm in `encodings` for the `requestCompression` trait applied to `%s`", op.ID()))
			continue
		}
		var invalid []string
		for _, e := range encodings.Elems() {
			if !compressionAlgorithms[strings.ToLower(e.StringValue())] {
				invalid = append(invalid, e.StringValue())
			}
		}
		if len(invalid) > 0 {
			plural := "s"
			if len(invalid) == 1 {
				plural = ""
			}
			events = append(events, onTraitf(model.ErrorSeverity, "RequestCompressionTrait", op, preludeid.RequestCompression,
				"Invalid compression algorithm%s found in `requestCompression` trait applied to `%s`: %s", plural, op.ID(), tickedList(invalid)))
		}
	}
	return events
}

// noInlineDocumentSupport reports services that apply a protocol whose
// @protocolDefinition sets noInlineDocumentSupport while their closure
// holds a document shape (NoInlineDocumentSupport).
func noInlineDocumentSupport(ix *protoIndex) []model.Event {
	if !ix.documents {
		return nil
	}
	var protocols []shapeid.ID
	for _, s := range ix.with[preludeid.ProtocolDefinition] {
		v, _ := s.Trait(preludeid.ProtocolDefinition)
		if f, ok := v.Get("noInlineDocumentSupport"); ok && f.Kind() == node.Bool && f.BoolValue() {
			protocols = append(protocols, s.ID())
		}
	}
	if len(protocols) == 0 {
		return nil
	}
	m := ix.m
	var events []model.Event
	for _, svc := range ix.services {
		var docs []string
		closureDone := false
		for _, p := range protocols {
			if !svc.HasTrait(p) {
				continue
			}
			if !closureDone {
				closureDone = true
				var found []*model.Shape
				for _, s := range closure(m, svc) {
					if s.Type() == model.DocumentType {
						found = append(found, s)
					}
				}
				sort.Slice(found, func(i, j int) bool { return javaIDLess(found[i].ID().String(), found[j].ID().String()) })
				for _, s := range found {
					docs = append(docs, fmt.Sprintf("%s @ %s", s.ID(), s.Source()))
				}
			}
			if len(docs) > 0 {
				events = append(events, onTraitf(model.ErrorSeverity, "NoInlineDocumentSupport", svc, p,
					"This service uses the `%s` protocol which does not support inline document types, but the following document types were found in the closure of the service: [%s]",
					p, strings.Join(docs, ", ")))
			}
		}
	}
	return events
}

// closure returns the shapes reachable from root (see reachable), root
// first.
func closure(m *model.Model, root *model.Shape) []*model.Shape { return reachable(m, root) }
