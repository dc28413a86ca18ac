package validate

// protocolValidators are the validators of HTTP bindings, endpoints,
// authentication and protocol traits (files http*.go, auth.go,
// protocols.go, mediatype.go, xml.go), with the reference
// implementation's event IDs.
func protocolValidators() []Validator {
	return []Validator{
		{Name: "HttpPatterns", Stage: StageLoad, Check: httpPatterns},
		{Name: "HttpLabelTrait", Stage: StageDefault, Check: httpLabels},
		{Name: "HttpQueryTrait", Stage: StageDefault, Check: httpQueries},
		{Name: "HttpQueryParamsTrait", Stage: StageDefault, Check: httpQueryParams},
		{Name: "HttpHeaderTrait", Stage: StageDefault, Check: httpHeaders},
		{Name: "HttpPrefixHeadersTrait", Stage: StageDefault, Check: httpPrefixHeaders},
		{Name: "HttpPayload", Stage: StageDefault, Check: httpPayloads},
		{Name: "HttpBindingsMissing", Stage: StageDefault, Check: httpBindingsMissing},
		{Name: "HttpBindingTraitIgnored", Stage: StageDefault, Check: httpBindingTraitsIgnored},
		{Name: "HttpMethodSemantics", Stage: StageDefault, Check: httpMethodSemantics},
		{Name: "HttpResponseCodeSemantics", Stage: StageDefault, Check: httpResponseCodes},
		{Name: "HttpUriFormat", Stage: StageDefault, Check: httpURIFormats},
		{Name: "HttpUriGreedyLabel", Stage: StageDefault, Check: httpGreedyLabels},
		{Name: "HttpUriConflict", Stage: StageDefault, Check: httpURIConflicts},
		{Name: "HostLabelTrait", Stage: StageDefault, Check: hostLabels},
		{Name: "CorsTrait", Stage: StageDefault, Check: corsTraits},
		{Name: "AuthTrait", Stage: StageDefault, Check: authTraits},
		{Name: "ServiceAuthDefinitions", Stage: StageDefault, Check: serviceAuthDefinitions},
		{Name: "HttpApiKeyAuthTrait", Stage: StageDefault, Check: httpAPIKeyAuths},
		{Name: "RequestCompressionTrait", Stage: StageDefault, Check: requestCompressions},
		{Name: "MediaType", Stage: StageDefault, Check: mediaTypes},
		{Name: "XmlNamespaceTrait", Stage: StageDefault, Check: xmlNamespaces},
		{Name: "XmlFlattenedTrait", Stage: StageDefault, Check: xmlFlattenedNames},
		{Name: "NoInlineDocumentSupport", Stage: StageDefault, Check: noInlineDocumentSupport},
	}
}
