package mend

import (
	"encoding/json"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/pattern"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// An open string judged early. A violation is reported as soon as no
// continuation could fix it, never earlier: a string still arriving may
// still match its pattern, reach its enum value or stay within its
// length. For a string at any depth (a member of the root object, and
// below it a member of a nested structure, a list element, a map value,
// a union's member: watch_nested.go) whose declaration is a Smithy shape
// (or the compact form, compiled to one) and whose target is a string or
// an enum, or whose declaration says its rules itself
// ([OpenStringDeclaration] for the root's members,
// [OpenStringPathDeclaration] below them: a JSON Schema's maxLength, enum
// and const), the content read so far is judged against three rules,
// each exactly:
//
//   - @length max: more characters (code points, as the value engine
//     counts them) than max can only grow;
//   - an enum (an enum shape's values, or the IDL 1.0 @enum trait): no
//     value begins with the content;
//   - @pattern: no string that begins with the content can match
//     ([pattern.Regexp.CanStillMatch]; patterns it cannot judge, those
//     not anchored at the start, with a lookaround or a word boundary,
//     are judged when the string closes).
//
// The violation is the value engine's finding on the shortest prefix
// that settles it (below the root's members, on a document that holds
// only the prefix at its place, its path the string's), positioned at
// the string's start; the same finding
// on the whole string is not reported again. Whatever the chunking, the
// prefix and the finding are the same: each judgement looks at every
// prefix of the content so far (rules are monotone, so a binary search
// finds the shortest), and a string that arrives whole in one feed is
// judged the same way when its step is taken. Only the content read
// without a repair counts (what precedes the first byte that needs one),
// since a repair may still change the rest. A string over 4 KiB is judged
// again only when it has doubled since the last judgement, so judging
// stays linear in its length; its violation may then come some chunks
// after the byte that settled it, but names the same prefix.

// stringRules are what an open string is judged against, and the codes
// of the findings the declaration's checker gives for each ("length",
// "enum" for Smithy shapes).
type stringRules struct {
	re         *pattern.Regexp
	max        int
	hasMax     bool
	enum       []string
	lengthCode string
	enumCode   string
	patCode    string
}

// StringRules are the rules of a string member that can be judged while
// the string still arrives, each certain on a prefix: a declaration
// checked outside this package says what they are with
// [OpenStringDeclaration].
type StringRules struct {
	// MaxLength is the most characters (code points) the string may
	// have, -1 for no bound; MaxLengthCode is the code of the
	// declaration's finding when it has more ("maxLength").
	MaxLength     int
	MaxLengthCode string
	// Enum lists the strings the value may be, nil for any (an empty,
	// non-nil list: no string); EnumCode is the code of the finding when
	// it is none of them ("enum", "const").
	Enum     []string
	EnumCode string
	// Pattern, when not "", is a pattern in the syntax of Smithy's
	// @pattern (java.util.regex, as core/pattern reads it) that matches
	// exactly the strings the declaration accepts by its own pattern
	// ([pattern.Regexp.MatchString]); a string no continuation of which
	// can match ([pattern.Regexp.CanStillMatch]) is refused, with the
	// declaration's finding of code PatternCode ("pattern"). A pattern
	// core/pattern does not compile is no rule.
	Pattern     string
	PatternCode string
}

// OpenStringDeclaration is a [Declaration] that says, for a member of
// its root object, what the member's string must satisfy (cli/gate's
// JSON Schema declarations implement it): a [Watcher] then judges the
// member's string while it arrives, as it does a Smithy shape's. The
// rules must be implied by the declaration: a string that breaks one
// must draw the declaration's finding of that code, whatever else it
// holds.
type OpenStringDeclaration interface {
	Declaration
	OpenStringRules(member string) (StringRules, bool)
}

func (s *stringRules) empty() bool { return s.re == nil && !s.hasMax && s.enum == nil }

// compile returns the rules sr says, nil when they judge nothing.
func (sr StringRules) compile() *stringRules {
	r := &stringRules{max: sr.MaxLength, hasMax: sr.MaxLength >= 0, enum: sr.Enum,
		lengthCode: sr.MaxLengthCode, enumCode: sr.EnumCode, patCode: sr.PatternCode}
	if sr.Pattern != "" {
		if re, err := pattern.Cached(sr.Pattern); err == nil {
			r.re = re
		}
		if r.patCode == "" {
			r.patCode = "pattern"
		}
	}
	if r.empty() {
		return nil
	}
	return r
}

// openStringRules is implemented by declarations whose string members can
// be judged while they arrive.
type openStringRules interface {
	stringRules(wire string) *stringRules
}

// stringRules returns the rules of the member named wire, nil when it has
// none an open string can be judged by.
func (d *ShapeDeclaration) stringRules(wire string) *stringRules {
	id, ok := d.ids[wire]
	if !ok {
		return nil
	}
	mem, ok := d.m.Shape(id)
	if !ok {
		return nil
	}
	return shapeRules(d.m, mem)
}

// shapeRules returns the rules of a value of shape s (a member, whose
// own traits come before its target's, or a shape), nil when it has none
// an open string can be judged by.
func shapeRules(m *model.Model, s *model.Shape) *stringRules {
	mem, target := s, s
	if s.Type() == model.MemberType {
		t, ok := m.Shape(s.Target())
		if !ok {
			return nil
		}
		target = t
	}
	if target.Type() != model.StringType && target.Type() != model.EnumType {
		return nil
	}
	trait := func(t shapeid.ID) (node.Node, bool) {
		if v, ok := mem.Trait(t); ok {
			return v, true
		}
		return target.Trait(t)
	}
	rules := &stringRules{lengthCode: "length", enumCode: "enum", patCode: "pattern"}
	if v, ok := trait(preludeid.Pattern); ok && v.Kind() == node.String {
		if re, err := pattern.Cached(v.StringValue()); err == nil {
			rules.re = re
		}
	}
	if v, ok := trait(preludeid.Length); ok {
		if mx, ok := v.Get("max"); ok && mx.Kind() == node.Number {
			if d, err := node.ParseDecimal(mx.NumberText()); err == nil {
				if n, ok := d.Int64(); ok && n >= 0 && n < 1<<31 {
					rules.max, rules.hasMax = int(n), true
				}
			}
		}
	}
	switch {
	case target.Type() == model.EnumType:
		rules.enum = []string{}
		for _, m := range target.Members() {
			val := m.MemberName()
			if ev, ok := m.Trait(preludeid.EnumValue); ok {
				if ev.Kind() != node.String {
					return nil // the engine refuses the shape: nothing to judge by
				}
				val = ev.StringValue()
			}
			rules.enum = append(rules.enum, val)
		}
	default:
		if v, ok := target.Trait(preludeid.Enum); ok && v.Kind() == node.Array {
			rules.enum = []string{}
			for _, e := range v.Elems() {
				val, ok := e.Get("value")
				if !ok || val.Kind() != node.String {
					return nil
				}
				rules.enum = append(rules.enum, val.StringValue())
			}
		}
	}
	if rules.empty() {
		return nil
	}
	return rules
}

// openJudge is the state of the open string being judged.
type openJudge struct {
	at     int // the string's input offset
	judged int // bytes of content at the last judgement
	rules  *stringRules
}

// rulesFor returns the rules of root member name, cached.
func (w *Watcher) rulesFor(name string) *stringRules {
	d, ok := w.decl.(openStringRules)
	od, open := w.decl.(OpenStringDeclaration)
	if !ok && !open {
		return nil
	}
	if w.rules == nil {
		w.rules = map[string]*stringRules{}
	}
	r, seen := w.rules[name]
	if !seen {
		if ok {
			r = d.stringRules(name)
		} else if sr, has := od.OpenStringRules(name); has {
			r = sr.compile()
		}
		w.rules[name] = r
	}
	return r
}

// plainContent returns the raw content of the double-quoted string at
// in[0] that reads without a repair: up to its closing quote, the end of
// in, or the first byte that needs a repair; a trailing escape or
// character not complete yet, and a surrogate escape waiting for its
// pair, are left out. ok is false when the string is not one a plain
// reading starts (another quote, doubled quotes).
func plainContent(in []byte) ([]byte, bool) {
	if len(in) == 0 || in[0] != '"' {
		return nil, false
	}
	n := len(in)
	if n > 2 && in[1] == '"' && !endsAfterQuote(in[2]) {
		return nil, false
	}
	j := 1
	for j < n {
		c := in[j]
		switch {
		case plain[c]:
			j++
			continue
		case c == '\\':
			if j+1 >= n {
				return in[1:j], true
			}
			switch in[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
				continue
			case 'u':
				if j+6 > n {
					return in[1:j], true
				}
				if !isHex(in[j+2]) || !isHex(in[j+3]) || !isHex(in[j+4]) || !isHex(in[j+5]) {
					return in[1:j], true
				}
				if (in[j+2]|0x20) == 'd' && strings.IndexByte("89abAB", in[j+3]) >= 0 && (j+12 > n || in[j+6] != '\\' || in[j+7] != 'u') {
					return in[1:j], true // a high surrogate: its pair decides
				}
				j += 6
				continue
			}
			return in[1:j], true
		case c >= 0x80:
			if !utf8.FullRune(in[j:]) {
				return in[1:j], true
			}
			r, size := utf8.DecodeRune(in[j:])
			if r == utf8.RuneError && size == 1 {
				return in[1:j], true
			}
			j += size
			continue
		}
		return in[1:j], true // the closing quote, a control character
	}
	return in[1:j], true
}

// judgeOpen judges the string of root member name at path, which starts
// at input offset at and of which in (from its opening quote) has been
// read; final says the string's step is taken (it will not be judged
// again).
func (w *Watcher) judgeOpen(path, name string, at int, in []byte, final bool) {
	w.judgeString(site{name: name, path: path}, at, in, final)
}

// site says where a judged string is: a member of the root object, or a
// position below (watch_nested.go), the value that begins next in the
// innermost open container or, counted, the one that began last.
type site struct {
	name, path string // a member of the root object: its name and path
	nested     bool
	counted    bool
}

// judgeString judges the string at s, which starts at input offset at
// and of which in (from its opening quote) has been read; final says the
// string's step is taken (it will not be judged again).
func (w *Watcher) judgeString(s site, at int, in []byte, final bool) {
	if w.decl == nil || w.s.r.escaped {
		return
	}
	if w.open.at != at {
		// judged -1: the opening quote alone is judged (an empty enum,
		// a const that is no string, is certain there)
		var rules *stringRules
		if s.nested {
			rules = w.nestRules(s.counted)
		} else {
			rules = w.rulesFor(s.name)
		}
		w.open = openJudge{at: at, judged: -1, rules: rules}
	}
	rules := w.open.rules
	if rules == nil {
		return
	}
	// Reading the content costs its length: past 4 KiB, an open string
	// is read again only when it has doubled (in is at least as long as
	// the content), so judging stays linear.
	if !final && len(in) > 4<<10 && len(in) < 2*w.open.judged {
		return
	}
	raw, ok := plainContent(in)
	if !ok || len(raw) <= w.open.judged && !final {
		return
	}
	w.open.judged = max(len(raw), len(in)/2)
	content := string(raw)
	if strings.IndexByte(content, '\\') >= 0 {
		if json.Unmarshal(append(append([]byte{'"'}, raw...), '"'), &content) != nil {
			return
		}
	}
	type doom struct {
		end  int // bytes of content in the shortest prefix that settles it
		code string
	}
	var dooms []doom
	if rules.hasMax && len(content) > rules.max {
		k, end := 0, 0
		for end < len(content) && k <= rules.max {
			_, size := utf8.DecodeRuneInString(content[end:])
			end += size
			k++
		}
		if k > rules.max {
			dooms = append(dooms, doom{end, rules.lengthCode})
		}
	}
	if rules.enum != nil && len(content) == 0 && len(rules.enum) == 0 {
		dooms = append(dooms, doom{0, rules.enumCode})
	} else if rules.enum != nil {
		best := 0 // the longest common prefix with a value that content may still become
		for _, v := range rules.enum {
			if strings.HasPrefix(v, content) {
				best = len(content)
				break
			}
			m := 0
			for m < len(v) && m < len(content) && v[m] == content[m] {
				m++
			}
			best = max(best, m)
		}
		if best < len(content) {
			// the character that leaves every value
			for best > 0 && !utf8.RuneStart(content[best]) {
				best--
			}
			_, size := utf8.DecodeRuneInString(content[best:])
			dooms = append(dooms, doom{best + size, rules.enumCode})
		}
	}
	if rules.re != nil && !rules.re.CanStillMatch(content) {
		// the shortest dead prefix, at a character boundary: dead
		// prefixes only grow (binary search over the boundaries)
		bounds := make([]int, 0, len(content)+1)
		for k := range content {
			bounds = append(bounds, k)
		}
		bounds = append(bounds, len(content))
		k := sort.Search(len(bounds), func(i int) bool { return !rules.re.CanStillMatch(content[:bounds[i]]) })
		dooms = append(dooms, doom{bounds[k], rules.patCode})
	}
	sort.SliceStable(dooms, func(i, j int) bool { return dooms[i].end < dooms[j].end })
	for _, d := range dooms {
		v, _ := json.Marshal(content[:d.end])
		var doc []byte
		path, docPath := s.path, s.path
		if s.nested {
			doc, docPath, path = w.nestDoc(s.counted, v)
		} else {
			k, _ := json.Marshal(s.name)
			doc = []byte("{" + string(k) + ":" + string(v) + "}")
		}
		if w.reported[d.code+" "+path] {
			continue
		}
		res, err := w.decl.Check(doc)
		if err != nil {
			continue
		}
		for _, f := range res.Findings {
			if f.Severity == "error" && f.Code == d.code && f.Path == docPath {
				f.Path = path
				w.violation(f, at, w.startPermille())
			}
		}
	}
}

// judgeLast judges, when the text ends, the open string of a root member
// that the feeds judged only as it doubled: every prefix, as one chunk
// would have (the events do not depend on the chunking).
func (w *Watcher) judgeLast() {
	inc := w.s
	r := &inc.r
	if inc.over || r.fatal != nil || w.decl == nil {
		return
	}
	k := r.i
	for k < len(r.in) && isSpace(r.in[k]) {
		k++
	}
	if k >= len(r.in) || r.in[k] != '"' {
		return
	}
	if n := len(w.stack); n == 0 || w.stack[n-1].kind == '{' && w.stack[n-1].expectKey {
		return
	}
	path := w.openPath()
	if name, member := w.rootMember(path); member {
		w.previewing = true
		w.judgeOpen(path, name, r.base+k, r.in[k:], true)
		w.previewing = false
	} else if w.nest != nil && w.tops == 1 {
		w.previewing = true
		w.judgeString(site{nested: true}, r.base+k, r.in[k:], true)
		w.previewing = false
	}
}
