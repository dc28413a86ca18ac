package jsonschema

import (
	"net"
	"net/mail"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// formatCheck returns the check of a format asserted in drafts 4 to 7
// (nil: the format is not known and any string passes). The formats and
// what they accept are those of santhosh-tekuri/jsonschema/v5, which the
// project used before.
func formatCheck(name string) func(string) bool {
	switch name {
	case "date-time":
		return isDateTime
	case "date":
		return isDate
	case "time":
		return isTime
	case "duration":
		return isDuration
	case "period":
		return isPeriod
	case "hostname":
		return isHostname
	case "email":
		return isEmail
	case "ip-address", "ipv4":
		return isIPv4
	case "ipv6":
		return isIPv6
	case "uri", "iri":
		return isURI
	case "uri-reference", "uriref", "iri-reference":
		return isURIRef
	case "uri-template":
		return isURITemplate
	case "regex":
		return func(s string) bool { _, err := regexp.Compile(s); return err == nil }
	case "json-pointer":
		return isJSONPointer
	case "relative-json-pointer":
		return isRelJSONPointer
	case "uuid":
		return isUUID
	}
	return nil
}

func isDateTime(s string) bool {
	return len(s) >= 20 && (s[10] == 'T' || s[10] == 't') && isDate(s[:10]) && isTime(s[11:])
}

func isDate(s string) bool {
	_, err := time.Parse("2006-01-02", s)
	return err == nil
}

// twoDigits reads s[i:i+2] as a number in [0, max].
func twoDigits(s string, i, max int) (int, bool) {
	if i+2 > len(s) || s[i] < '0' || s[i] > '9' || s[i+1] < '0' || s[i+1] > '9' {
		return 0, false
	}
	n := int(s[i]-'0')*10 + int(s[i+1]-'0')
	return n, n <= max
}

// isTime: hh:mm:ss[.frac](Z|±hh:mm), a leap second only at 23:59 UTC.
func isTime(s string) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return false
	}
	h, ok1 := twoDigits(s, 0, 23)
	m, ok2 := twoDigits(s, 3, 59)
	sec, ok3 := twoDigits(s, 6, 60)
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	rest := s[8:]
	if rest[0] == '.' {
		n := 1
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n == 1 {
			return false
		}
		rest = rest[n:]
	}
	switch {
	case rest == "Z" || rest == "z":
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		zh, ok1 := twoDigits(rest, 1, 23)
		zm, ok2 := twoDigits(rest, 4, 59)
		if !ok1 || !ok2 {
			return false
		}
		off := zh*60 + zm
		if rest[0] == '+' {
			off = -off
		}
		utc := ((h*60+m+off)%(24*60) + 24*60) % (24 * 60)
		h, m = utc/60, utc%60
	default:
		return false
	}
	return sec != 60 || (h == 23 && m == 59)
}

// isDuration: ISO 8601 P[nY][nM][nD][T[nH][nM][nS]] or PnW, units in
// order, at least one.
func isDuration(s string) bool {
	if !strings.HasPrefix(s, "P") {
		return false
	}
	s = s[1:]
	units := func() (string, bool) {
		got := ""
		for s != "" && s[0] != 'T' {
			n := 0
			for n < len(s) && s[n] >= '0' && s[n] <= '9' {
				n++
			}
			if n == 0 || n == len(s) {
				return got, false
			}
			got += s[n : n+1]
			s = s[n+1:]
		}
		return got, true
	}
	date, ok := units()
	if !ok {
		return false
	}
	if date == "W" {
		return s == ""
	}
	if date != "" {
		if !strings.Contains("YMD", date) {
			return false
		}
		if s == "" {
			return true
		}
	}
	if s == "" || s[0] != 'T' {
		return false
	}
	s = s[1:]
	tm, ok := units()
	return ok && s == "" && tm != "" && strings.Contains("HMS", tm)
}

func isPeriod(s string) bool {
	start, end, ok := strings.Cut(s, "/")
	if !ok {
		return false
	}
	if isDateTime(start) {
		return isDateTime(end) || isDuration(end)
	}
	return isDuration(start) && isDateTime(end)
}

func isHostname(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if len(s) > 253 || s == "" || s[0] == '-' {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

func isEmail(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if len(s) > 254 || at < 0 || at > 64 {
		return false
	}
	domain := s[at+1:]
	if len(domain) >= 2 && domain[0] == '[' && domain[len(domain)-1] == ']' {
		ip := domain[1 : len(domain)-1]
		if v6, ok := strings.CutPrefix(ip, "IPv6:"); ok {
			return isIPv6(v6)
		}
		return isIPv4(ip)
	}
	if !isHostname(domain) {
		return false
	}
	_, err := mail.ParseAddress(s)
	return err == nil
}

func isIPv4(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || (len(p) > 1 && p[0] == '0') {
			return false
		}
		n := 0
		for i := 0; i < len(p); i++ {
			if p[i] < '0' || p[i] > '9' {
				return false
			}
			n = n*10 + int(p[i]-'0')
		}
		if n > 255 {
			return false
		}
	}
	return true
}

func isIPv6(s string) bool {
	return strings.Contains(s, ":") && net.ParseIP(s) != nil
}

// parseURL parses a URI reference; an IPv6 host must be bracketed and
// valid.
func parseURL(s string) (*url.URL, bool) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, false
	}
	if h := u.Hostname(); strings.Contains(h, ":") {
		if !strings.Contains(u.Host, "[") || !strings.Contains(u.Host, "]") || !isIPv6(h) {
			return nil, false
		}
	}
	return u, true
}

func isURI(s string) bool {
	u, ok := parseURL(s)
	return ok && u.IsAbs()
}

func isURIRef(s string) bool {
	_, ok := parseURL(s)
	return ok && !strings.Contains(s, `\`)
}

func isURITemplate(s string) bool {
	u, ok := parseURL(s)
	if !ok {
		return false
	}
	for _, seg := range strings.Split(u.RawPath, "/") {
		open := false
		for _, c := range seg {
			switch {
			case c == '{' && !open:
				open = true
			case c == '}' && open:
				open = false
			case c == '{' || c == '}':
				return false
			}
		}
		if open {
			return false
		}
	}
	return true
}

func isJSONPointer(s string) bool {
	if s != "" && s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || (s[i+1] != '0' && s[i+1] != '1')) {
			return false
		}
	}
	return true
}

func isRelJSONPointer(s string) bool {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 || (n > 1 && s[0] == '0') {
		return false
	}
	rest := s[n:]
	return rest == "#" || isJSONPointer(rest)
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		c := s[i]
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
			continue
		}
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}
