package validate

import (
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// authTraits reports @auth traits, on a service or on an operation of its
// closure, that name schemes the service does not apply (AuthTrait).
func authTraits(ix *protoIndex) []model.Event {
	if len(ix.with[preludeid.Auth]) == 0 {
		return nil
	}
	m := ix.m
	var events []model.Event
	for _, svc := range ix.services {
		schemes := map[shapeid.ID]bool{}
		for _, id := range serviceTraitsWith(m, svc, preludeid.AuthDefinition) {
			schemes[id] = true
		}
		check := func(s *model.Shape) {
			v, ok := s.Trait(preludeid.Auth)
			if !ok {
				return
			}
			var missing []shapeid.ID
			seen := map[shapeid.ID]bool{}
			for _, e := range v.Elems() {
				id, err := shapeid.Parse(e.StringValue())
				if err != nil || schemes[id] || seen[id] {
					continue
				}
				seen[id] = true
				missing = append(missing, id)
			}
			if len(missing) == 0 {
				return
			}
			sortJavaIDs(missing)
			names := make([]string, len(missing))
			for i, id := range missing {
				names[i] = id.String()
			}
			events = append(events, onTraitf(model.Danger, "AuthTrait", s, preludeid.Auth,
				"auth trait applies authentication that is not configured on the service shape, `%s`: [%s]",
				svc.ID(), strings.Join(names, ", ")))
		}
		check(svc)
		for _, op := range ix.serviceOps(svc) {
			check(op)
		}
	}
	return events
}

// serviceAuthDefinitions warns about services that apply several auth
// schemes without an @auth trait to order them (ServiceAuthDefinitions).
func serviceAuthDefinitions(ix *protoIndex) []model.Event {
	var events []model.Event
	for _, svc := range ix.services {
		if !svc.HasTrait(preludeid.Auth) && len(serviceTraitsWith(ix.m, svc, preludeid.AuthDefinition)) > 1 {
			events = append(events, eventf(model.Warning, "ServiceAuthDefinitions", svc,
				"This service uses multiple authentication schemes but does not have the `@auth` trait applied. "+
					"The `@auth` trait defines a priority ordering of auth schemes for a client to use. "+
					"Without it, the ordering of auth schemes is alphabetical based on the absolute shape ID of the auth schemes."))
		}
	}
	return events
}

// httpAPIKeyAuths reports @httpApiKeyAuth traits with a `scheme` that do
// not put the key in a header (HttpApiKeyAuthTrait).
func httpAPIKeyAuths(ix *protoIndex) []model.Event {
	var events []model.Event
	for _, svc := range ix.with[preludeid.HTTPAPIKeyAuth] {
		v, _ := svc.Trait(preludeid.HTTPAPIKeyAuth)
		if _, ok := v.Get("scheme"); !ok {
			continue
		}
		if in, _ := stringMember(v, "in"); in != "header" {
			events = append(events, onTraitf(model.ErrorSeverity, "HttpApiKeyAuthTrait", svc, preludeid.HTTPAPIKeyAuth,
				"The httpApiKeyAuth trait must have an `in` value of `header` when a `scheme` is provided, found: %s", in))
		}
	}
	return events
}
