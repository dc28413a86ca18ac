package preludeid_test

import (
	"testing"

	"github.com/smithy-validation/go/core/prelude"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// declared lists every ID the package declares with the prelude name it must
// carry, so a typo in a name or a Go identifier bound to the wrong shape fails.
var declared = []struct {
	id   shapeid.ID
	name string
}{
	{preludeid.String, "String"},
	{preludeid.Blob, "Blob"},
	{preludeid.BigInteger, "BigInteger"},
	{preludeid.BigDecimal, "BigDecimal"},
	{preludeid.Timestamp, "Timestamp"},
	{preludeid.Document, "Document"},
	{preludeid.Boolean, "Boolean"},
	{preludeid.Byte, "Byte"},
	{preludeid.Short, "Short"},
	{preludeid.Integer, "Integer"},
	{preludeid.Long, "Long"},
	{preludeid.Float, "Float"},
	{preludeid.Double, "Double"},
	{preludeid.PrimitiveBoolean, "PrimitiveBoolean"},
	{preludeid.PrimitiveByte, "PrimitiveByte"},
	{preludeid.PrimitiveShort, "PrimitiveShort"},
	{preludeid.PrimitiveInteger, "PrimitiveInteger"},
	{preludeid.PrimitiveLong, "PrimitiveLong"},
	{preludeid.PrimitiveFloat, "PrimitiveFloat"},
	{preludeid.PrimitiveDouble, "PrimitiveDouble"},
	{preludeid.Unit, "Unit"},
	{preludeid.Trait, "trait"},
	{preludeid.Deprecated, "deprecated"},
	{preludeid.Box, "box"},
	{preludeid.Documentation, "documentation"},
	{preludeid.ExternalDocumentation, "externalDocumentation"},
	{preludeid.Auth, "auth"},
	{preludeid.ProtocolDefinition, "protocolDefinition"},
	{preludeid.AuthDefinition, "authDefinition"},
	{preludeid.HTTPBasicAuth, "httpBasicAuth"},
	{preludeid.HTTPDigestAuth, "httpDigestAuth"},
	{preludeid.HTTPBearerAuth, "httpBearerAuth"},
	{preludeid.HTTPAPIKeyAuth, "httpApiKeyAuth"},
	{preludeid.TraitValidators, "traitValidators"},
	{preludeid.Metadata, "metadata"},
	{preludeid.Default, "default"},
	{preludeid.AddedDefault, "addedDefault"},
	{preludeid.ClientOptional, "clientOptional"},
	{preludeid.OptionalAuth, "optionalAuth"},
	{preludeid.Examples, "examples"},
	{preludeid.Error, "error"},
	{preludeid.Retryable, "retryable"},
	{preludeid.Readonly, "readonly"},
	{preludeid.Idempotent, "idempotent"},
	{preludeid.IdempotencyToken, "idempotencyToken"},
	{preludeid.Internal, "internal"},
	{preludeid.JSONName, "jsonName"},
	{preludeid.XMLAttribute, "xmlAttribute"},
	{preludeid.XMLFlattened, "xmlFlattened"},
	{preludeid.XMLName, "xmlName"},
	{preludeid.XMLNamespace, "xmlNamespace"},
	{preludeid.NoReplace, "noReplace"},
	{preludeid.MediaType, "mediaType"},
	{preludeid.References, "references"},
	{preludeid.ResourceIdentifier, "resourceIdentifier"},
	{preludeid.Private, "private"},
	{preludeid.Sensitive, "sensitive"},
	{preludeid.Since, "since"},
	{preludeid.Streaming, "streaming"},
	{preludeid.RequiresLength, "requiresLength"},
	{preludeid.LongPoll, "longPoll"},
	{preludeid.Tags, "tags"},
	{preludeid.Title, "title"},
	{preludeid.Enum, "enum"},
	{preludeid.EnumValue, "enumValue"},
	{preludeid.Length, "length"},
	{preludeid.Range, "range"},
	{preludeid.Pattern, "pattern"},
	{preludeid.Required, "required"},
	{preludeid.Property, "property"},
	{preludeid.NotProperty, "notProperty"},
	{preludeid.NestedProperties, "nestedProperties"},
	{preludeid.Recommended, "recommended"},
	{preludeid.Sparse, "sparse"},
	{preludeid.UniqueItems, "uniqueItems"},
	{preludeid.Unstable, "unstable"},
	{preludeid.Paginated, "paginated"},
	{preludeid.HTTP, "http"},
	{preludeid.HTTPLabel, "httpLabel"},
	{preludeid.HTTPQuery, "httpQuery"},
	{preludeid.HTTPQueryParams, "httpQueryParams"},
	{preludeid.HTTPHeader, "httpHeader"},
	{preludeid.HTTPPrefixHeaders, "httpPrefixHeaders"},
	{preludeid.HTTPPayload, "httpPayload"},
	{preludeid.HTTPError, "httpError"},
	{preludeid.HTTPResponseCode, "httpResponseCode"},
	{preludeid.CORS, "cors"},
	{preludeid.EventPayload, "eventPayload"},
	{preludeid.EventHeader, "eventHeader"},
	{preludeid.IDRef, "idRef"},
	{preludeid.TimestampFormat, "timestampFormat"},
	{preludeid.Endpoint, "endpoint"},
	{preludeid.HostLabel, "hostLabel"},
	{preludeid.Suppress, "suppress"},
	{preludeid.HTTPChecksumRequired, "httpChecksumRequired"},
	{preludeid.Input, "input"},
	{preludeid.Output, "output"},
	{preludeid.UnitType, "unitType"},
	{preludeid.Mixin, "mixin"},
	{preludeid.RequestCompression, "requestCompression"},
}

// TestDeclaredIDsAreThePrelude checks each declaration against the prelude
// model this module ships: it names a shape defined there, traits are trait
// definitions and shapes are not, no ID is declared twice, and every trait
// the prelude defines is declared.
func TestDeclaredIDsAreThePrelude(t *testing.T) {
	isTrait := map[shapeid.ID]bool{}
	for _, s := range prelude.Document().Shapes {
		isTrait[s.ID] = false
		for _, tr := range s.Traits {
			if tr.ID == preludeid.Trait {
				isTrait[s.ID] = true
			}
		}
	}
	seen := map[shapeid.ID]bool{}
	for _, d := range declared {
		want := shapeid.New(shapeid.Prelude, d.name)
		if d.id != want {
			t.Errorf("%s: declared as %s", want, d.id)
			continue
		}
		if seen[d.id] {
			t.Errorf("%s: declared twice", d.id)
		}
		seen[d.id] = true
		trait, ok := isTrait[d.id]
		if !ok {
			t.Errorf("%s: not a shape of the prelude", d.id)
			continue
		}
		if lower := d.name[0] >= 'a' && d.name[0] <= 'z'; trait != lower {
			t.Errorf("%s: trait definition %v, but its name says %v", d.id, trait, lower)
		}
	}
	for id, trait := range isTrait {
		if trait && !seen[id] {
			t.Errorf("prelude trait %s has no declaration in preludeid", id)
		}
	}
}
