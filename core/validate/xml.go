package validate

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/preludeid"
)

// xmlNamespaces reports @xmlNamespace URIs that are not URI references
// (XmlNamespaceTrait).
func xmlNamespaces(ix *protoIndex) []model.Event {
	var events []model.Event
	for _, s := range ix.with[preludeid.XMLNamespace] {
		v, _ := s.Trait(preludeid.XMLNamespace)
		uri, _ := stringMember(v, "uri")
		if err := checkURIReference(uri); err != nil {
			events = append(events, errorf("XmlNamespaceTrait", s,
				"An `xmlNamespace` trait is applied to the %s shape with an invalid uri: %s", describe(s), uri))
		}
	}
	return events
}

// xmlFlattenedNames warns about @xmlFlattened members (without their own
// @xmlName) targeting a list whose member has an @xmlName other than the
// member's name: flattening uses the member's name and ignores it
// (XmlFlattenedTrait).
func xmlFlattenedNames(ix *protoIndex) []model.Event {
	var events []model.Event
	for _, mem := range ix.with[preludeid.XMLFlattened] {
		if mem.Type() != model.MemberType || mem.HasTrait(preludeid.XMLName) {
			continue
		}
		list, ok := ix.m.Target(mem)
		if !ok || list.Type() != model.ListType {
			continue
		}
		lm, ok := list.Member("member")
		if !ok {
			continue
		}
		name, ok := lm.Trait(preludeid.XMLName)
		if !ok || name.StringValue() == mem.MemberName() {
			continue
		}
		events = append(events, eventf(model.Warning, "XmlFlattenedTrait", mem,
			"Member is `@xmlFlattened`, so `@xmlName` of target's member (`%s`) has no effect. The flattened list elements will have the name of this member - `%s`. If this is unintended, you can add `@xmlName(\"%s\")` to this member.",
			lm.ID(), mem.MemberName(), name.StringValue()))
	}
	return events
}

// Character classes of RFC 2396 (with RFC 2732's brackets), as the
// reference implementation's URI parser uses them.
const (
	uriAlnum      = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	uriUnreserved = uriAlnum + "-_.!~*'()"
	uriReserved   = ";/?:@&=+$,[]"
	uricChars     = uriReserved + uriUnreserved
	pathChars     = uriUnreserved + ":@&=+$,;/"
	schemeChars   = uriAlnum + "+-."
	regNameChars  = uriUnreserved + "$,;:@&=+"
)

// badURIChar returns the index of the first character of s outside the
// allowed ASCII characters, or -1. With escapes, %HH escapes and
// non-ASCII characters that are neither spaces nor controls are allowed
// too.
func badURIChar(s, allowed string, escapes bool) int {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c < utf8.RuneSelf && strings.IndexByte(allowed, c) >= 0:
			i++
		case escapes && c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			i += 3
		case escapes && c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError || unicode.IsControl(r) || unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp) {
				return i
			}
			i += n
		default:
			return i
		}
	}
	return -1
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// checkURIReference checks that s is a URI reference as RFC 2396 defines
// it (the grammar of the reference implementation's java.net.URI): an
// optional scheme, then an opaque part or a hierarchical part (authority,
// path, query), then an optional fragment. An authority is accepted when
// it is a registry name; one with brackets must be a server with an IPv6
// literal.
func checkURIReference(s string) error {
	bad := func(what string, at int) error { return fmt.Errorf("illegal character in %s at index %d", what, at) }
	check := func(part string, offset int, allowed, what string) error {
		if i := badURIChar(part, allowed, true); i >= 0 {
			return bad(what, offset+i)
		}
		return nil
	}
	rest, offset := s, 0
	if i := strings.IndexAny(s, "/?#:"); i >= 0 && s[i] == ':' {
		if i == 0 {
			return fmt.Errorf("expected a scheme name at index 0")
		}
		if c := s[0]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return bad("scheme name", 0)
		}
		if j := badURIChar(s[1:i], schemeChars, false); j >= 0 {
			return bad("scheme name", 1+j)
		}
		rest, offset = s[i+1:], i+1
		if !strings.HasPrefix(rest, "/") {
			ssp, _, _ := strings.Cut(rest, "#")
			if ssp == "" {
				return fmt.Errorf("expected a scheme-specific part at index %d", offset)
			}
			if err := check(ssp, offset, uricChars, "opaque part"); err != nil {
				return err
			}
			return checkFragment(rest, offset, check)
		}
	}
	body, _, _ := strings.Cut(rest, "#")
	pathEnd := len(body)
	if i := strings.IndexByte(body, '?'); i >= 0 {
		pathEnd = i
		if err := check(body[i+1:], offset+i+1, uricChars, "query"); err != nil {
			return err
		}
	}
	path, pathOffset := body[:pathEnd], offset
	if strings.HasPrefix(path, "//") {
		end := strings.IndexByte(path[2:], '/')
		if end < 0 {
			end = len(path) - 2
		}
		auth := path[2 : 2+end]
		if auth == "" && len(rest) == 2 {
			return fmt.Errorf("expected an authority at index %d", offset+2)
		}
		if err := checkAuthority(auth, offset+2); err != nil {
			return err
		}
		path, pathOffset = path[2+end:], offset+2+end
	}
	if err := check(path, pathOffset, pathChars, "path"); err != nil {
		return err
	}
	return checkFragment(rest, offset, check)
}

func checkFragment(rest string, offset int, check func(string, int, string, string) error) error {
	i := strings.IndexByte(rest, '#')
	if i < 0 {
		return nil
	}
	return check(rest[i+1:], offset+i+1, uricChars, "fragment")
}

// checkAuthority accepts a registry-based authority, or a server
// authority `[userinfo@]host[:port]` whose host is a bracketed IPv6
// literal.
func checkAuthority(auth string, offset int) error {
	if badURIChar(auth, regNameChars, true) < 0 {
		return nil
	}
	host := auth
	if at := strings.LastIndexByte(host, '@'); at >= 0 {
		if i := badURIChar(host[:at], uriUnreserved+";:&=+$,", true); i >= 0 {
			return fmt.Errorf("illegal character in user info at index %d", offset+i)
		}
		host, offset = host[at+1:], offset+at+1
	}
	if !strings.HasPrefix(host, "[") {
		return fmt.Errorf("illegal character in authority at index %d", offset)
	}
	end := strings.IndexByte(host, ']')
	if end < 0 {
		return fmt.Errorf("expected `]` in the authority at index %d", offset)
	}
	literal := host[1:end]
	if !strings.Contains(literal, ":") || badURIChar(literal, "0123456789abcdefABCDEF:.", false) >= 0 {
		return fmt.Errorf("malformed IPv6 address at index %d", offset+1)
	}
	if port := host[end+1:]; port != "" {
		if port[0] != ':' || badURIChar(port[1:], "0123456789", false) >= 0 {
			return fmt.Errorf("illegal character in port at index %d", offset+end+1)
		}
	}
	return nil
}
