package validate

import (
	"fmt"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
)

// mediaTypes reports @mediaType values that are not media types
// (MediaType).
func mediaTypes(ix *protoIndex) []model.Event {
	var events []model.Event
	for _, s := range ix.with[preludeid.MediaType] {
		v, _ := s.Trait(preludeid.MediaType)
		if err := checkMediaType(v.StringValue()); err != nil {
			events = append(events, onTraitf(model.ErrorSeverity, "MediaType", s, preludeid.MediaType,
				"Invalid mediaType value, \"%s\": %v", v.StringValue(), err))
		}
	}
	return events
}

// checkMediaType parses a media type as RFC 9110 section 8.3.1 defines it:
//
//	media-type = type "/" subtype *( OWS ";" OWS parameter )
//	parameter  = token "=" ( token / quoted-string )
//
// (whitespace after the subtype and after each parameter is skipped too).
func checkMediaType(s string) error {
	i := 0
	token := func(what string) error {
		start := i
		for i < len(s) && isTchar(s[i]) {
			i++
		}
		if i == start {
			return fmt.Errorf("expected %s (a token) at position %d", what, start+1)
		}
		return nil
	}
	expect := func(c byte) error {
		if i >= len(s) || s[i] != c {
			return fmt.Errorf("expected `%c` at position %d", c, i+1)
		}
		i++
		return nil
	}
	ws := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
			i++
		}
	}
	quoted := func() error {
		i++ // the opening quote
		for i < len(s) && s[i] != '"' {
			if s[i] == '\\' {
				i++
				if i >= len(s) {
					return fmt.Errorf("expected a character after `\\` at position %d", i+1)
				}
			}
			i++
		}
		return expect('"')
	}
	if err := token("a type"); err != nil {
		return err
	}
	if err := expect('/'); err != nil {
		return err
	}
	if err := token("a subtype"); err != nil {
		return err
	}
	ws()
	for i < len(s) {
		if err := expect(';'); err != nil {
			return err
		}
		ws()
		if err := token("a parameter name"); err != nil {
			return err
		}
		if err := expect('='); err != nil {
			return err
		}
		var err error
		if i < len(s) && s[i] == '"' {
			err = quoted()
		} else {
			err = token("a parameter value")
		}
		if err != nil {
			return err
		}
		ws()
	}
	return nil
}
