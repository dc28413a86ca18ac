package mend

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"unsafe"

	"github.com/smithy-validation/go/core/limits"
)

// Profile selects which repairs are allowed.
type Profile uint8

// The profiles. The zero value is ProfileExecution, the seed's default.
const (
	// ProfileExecution allows cosmetic repairs; a lossy repair is refused
	// with E010, an ambiguous one with E011.
	ProfileExecution Profile = iota
	// ProfileStrict allows no repair: the text is JSON as written, or E012.
	ProfileStrict
	// ProfileLenient allows every repair, lossy ones up to
	// [Options.MaxLoss].
	ProfileLenient
)

var profileNames = [...]string{"execution", "strict", "lenient"}

// String returns the profile's name as the seed spells it.
func (p Profile) String() string {
	if int(p) < len(profileNames) {
		return profileNames[p]
	}
	return fmt.Sprintf("Profile(%d)", uint8(p))
}

// ParseProfile reads a profile's name; "" is the default (execution).
func ParseProfile(s string) (Profile, error) {
	if s == "" {
		return ProfileExecution, nil
	}
	for i, n := range profileNames {
		if n == s {
			return Profile(i), nil
		}
	}
	return 0, &Error{Code: CodeDeclaration, Exit: ExitUsage, Message: fmt.Sprintf("unknown profile %q (strict, execution or lenient)", s)}
}

// Options are the seed's params besides the text. The zero value is the
// default: the execution profile, no declaration, prose not skipped.
type Options struct {
	Profile Profile
	// MaxLoss bounds the total loss the lenient profile accepts (the sum
	// of the lossy repairs' Loss: bytes dropped plus bytes invented);
	// 0 means no bound. The other profiles refuse any loss.
	MaxLoss int
	// SkipProse makes text before and after the value (an assistant's
	// sentences) a cosmetic repair; without it, that text is dropped as a
	// lossy one. Markdown fences are cosmetic either way.
	SkipProse bool
	// Declaration, when set, is what the value must satisfy.
	Declaration Declaration
	// MaxSize and MaxDepth bound the input (0: the project's defaults,
	// limits.DefaultMaxSize and limits.DefaultMaxDepth).
	MaxSize, MaxDepth int
	// MaxRepairs is how many repairs a result lists (0: 1000); the rest
	// are counted, and RepairsTruncated says so.
	MaxRepairs int

	progress bool // Readiness: keep syntax progress
}

// Exactness classifies a result.
type Exactness string

// The exactness classes.
const (
	Exact    Exactness = "exact"    // the text was JSON
	Cosmetic Exactness = "cosmetic" // the value is what the writer evidently meant
	Lossy    Exactness = "lossy"    // content was dropped, invented or guessed
)

// Completeness says whether the text held a whole value.
type Completeness string

// The completeness classes.
const (
	Empty    Completeness = "empty"    // no value
	Partial  Completeness = "partial"  // the text ended inside a value
	Complete Completeness = "complete" // the value ended in the text
)

// Fix is one repair: where, by which rule, how severe.
type Fix struct {
	Code      string `json:"code"`
	Threshold string `json:"threshold"` // the rule's name
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Offset    int    `json:"offset"`
	Severity  string `json:"severity"` // "cosmetic" or "lossy"
	Message   string `json:"message"`
	Ambiguity string `json:"ambiguity"` // the other plausible reading; "" when none
	Loss      int    `json:"loss"`      // bytes dropped plus bytes invented; 0 for cosmetic repairs

	rule *rule
	end  int
	path string // for a cut: what the text ended inside, for retry hints
}

// Result is what [Repair] returns: the seed's repair result.
type Result struct {
	Text             string       `json:"text"`
	Exactness        Exactness    `json:"exactness"`
	Ambiguous        bool         `json:"ambiguous"`
	Completeness     Completeness `json:"completeness"`
	Repairs          []Fix        `json:"repairs"`
	RepairsTruncated bool         `json:"repairs_truncated"`
	// Loss is the sum of the lossy repairs' Loss.
	Loss int `json:"loss"`
}

// reading is one pass of the reader over a text, before any profile.
type reading struct {
	res     Result
	out     []byte
	fatal   *Error
	members []bool // root object members: settled
	syntax  int    // syntax progress, see readiness
	state   string
	// where a declaration's findings on out (the repaired text) are in
	// the input (place.go); the zero value: out is the input itself
	place placer
}

// placeFindings gives fs, a declaration's findings on g.out, positions in
// the input: a checker sees the repaired text, whose offsets differ from
// the input's once a repair inserted or dropped bytes.
func (g *reading) placeFindings(fs []Finding) { g.place.findings(fs) }

// read reads text: the fast path when it is exact JSON (exact.go), the
// full reader otherwise.
func read(text []byte, o *Options) *reading {
	if g := exactReading(text, o); g != nil {
		return g
	}
	return readFull(text, o)
}

// readFull reads text with the full reader.
func readFull(text []byte, o *Options) *reading {
	maxSize := o.MaxSize
	if maxSize <= 0 {
		maxSize = limits.DefaultMaxSize
	}
	if len(text) > maxSize {
		e := errSize(len(text), maxSize)
		return &reading{fatal: e, res: Result{Completeness: Empty, Repairs: []Fix{}}}
	}
	r := &reader{in: text, skipProse: o.SkipProse, maxDepth: o.MaxDepth, maxRepairs: o.MaxRepairs, trackProgress: o.progress}
	if r.maxDepth <= 0 {
		r.maxDepth = limits.DefaultMaxDepth
	}
	if r.maxRepairs <= 0 {
		r.maxRepairs = 1000
	}
	r.run()
	g := r.reading(func(rs []Fix, e *Error) { locate(text, rs, e) }, false)
	if g.fatal == nil && !bytes.Equal(g.out, text) {
		g.place.mode, g.place.text = placeReread, text
		g.place.skipProse, g.place.maxDepth, g.place.maxRepairs = r.skipProse, r.maxDepth, r.maxRepairs
	}
	return g
}

// reading builds the reading of a finished pass; place fills in the line
// and column of the repairs and of the fatal error.
func (r *reader) reading(place func([]Fix, *Error), share bool) *reading {
	g := &reading{fatal: r.fatal, members: r.rootMembers}
	g.place.same = r.changed - 1
	g.res.Repairs = r.repairs
	if g.res.Repairs == nil {
		g.res.Repairs = []Fix{}
	}
	g.res.RepairsTruncated = r.nrepairs > len(r.repairs)
	g.res.Loss = r.loss
	g.res.Ambiguous = r.ambiguous
	place(g.res.Repairs, r.fatal)
	if r.fatal != nil {
		g.res.Completeness = Empty
		g.res.Exactness = Lossy
		return g
	}
	g.out = r.result()
	if share && len(g.out) > 0 {
		g.out = g.out[:len(g.out):len(g.out)]
		g.res.Text = unsafe.String(&g.out[0], len(g.out))
	} else {
		g.res.Text = string(g.out)
	}
	switch {
	case r.lossy:
		g.res.Exactness = Lossy
	case r.nrepairs > 0:
		g.res.Exactness = Cosmetic
	default:
		g.res.Exactness = Exact
	}
	g.res.Completeness = Complete
	if r.truncated {
		g.res.Completeness = Partial
	}
	g.syntax = r.syntaxMax
	g.state = r.stepName
	return g
}

// locate fills in the line and column of every repair and of e, in one
// pass over text.
func locate(text []byte, rs []Fix, e *Error) {
	type at struct {
		off int
		l   *int
		c   *int
	}
	pts := make([]at, 0, len(rs)+1)
	for i := range rs {
		pts = append(pts, at{rs[i].Offset, &rs[i].Line, &rs[i].Column})
	}
	if e != nil {
		pts = append(pts, at{e.Offset, &e.Line, &e.Column})
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].off < pts[j].off })
	line, lineStart, pos := 1, 0, 0
	for _, p := range pts {
		for pos < p.off && pos < len(text) {
			if text[pos] == '\n' {
				line++
				lineStart = pos + 1
			}
			pos++
		}
		*p.l = line
		*p.c = p.off - lineStart + 1
	}
}

// judge applies the profile to a reading: the first repair it refuses,
// as an error, or nil.
func judge(g *reading, o *Options) *Error {
	if g.fatal != nil {
		return g.fatal
	}
	for _, rp := range g.res.Repairs {
		switch o.Profile {
		case ProfileStrict:
			return refusal(CodeStrict, rp, "the strict profile allows no repair")
		case ProfileExecution:
			if rp.Severity == "lossy" {
				return refusal(CodeLossy, rp, "the execution profile refuses a lossy repair")
			}
			if rp.Ambiguity != "" {
				return refusal(CodeAmbiguous, rp, "the execution profile refuses an ambiguous repair")
			}
		}
	}
	if o.Profile == ProfileLenient && o.MaxLoss > 0 && g.res.Loss > o.MaxLoss {
		var first Fix
		for _, rp := range g.res.Repairs {
			if rp.Severity == "lossy" {
				first = rp
				break
			}
		}
		e := refusal(CodeLossy, first, fmt.Sprintf("loss %d exceeds max_loss %d", g.res.Loss, o.MaxLoss))
		return e
	}
	if g.res.RepairsTruncated && o.Profile != ProfileLenient {
		// Repairs past the listed ones were not judged one by one; the
		// classes still bind.
		if g.res.Exactness == Lossy {
			return &Error{Code: CodeLossy, Exit: ExitRefused, Message: "the execution profile refuses a lossy repair"}
		}
		if g.res.Ambiguous {
			return &Error{Code: CodeAmbiguous, Exit: ExitRefused, Message: "the execution profile refuses an ambiguous repair"}
		}
	}
	return nil
}

// Repair repairs text under opts and returns the repaired JSON text with
// its repairs: the seed's repair method. A fatal condition, a repair the
// profile refuses, and a value the declaration rejects are errors (an
// [*Error] with its code, offset, exit and retry hint).
func Repair(text []byte, opts Options) (*Result, error) {
	return repairOf(read(text, &opts), &opts)
}

// repairOf judges a reading as [Repair] does.
func repairOf(g *reading, o *Options) (*Result, error) {
	opts := *o
	if e := judge(g, &opts); e != nil {
		e.RetryHint = hint(e, opts.Declaration, nil)
		return nil, e
	}
	if opts.Declaration != nil {
		v, err := opts.Declaration.Check(g.out)
		if e, ok := limitOf(err); ok {
			e.RetryHint = hint(e, opts.Declaration, nil)
			return nil, e
		}
		if err != nil {
			return nil, err
		}
		if !v.OK {
			g.placeFindings(v.Findings)
			e := schemaError(&v)
			e.RetryHint = hint(e, opts.Declaration, &v)
			return nil, e
		}
	}
	return &g.res, nil
}

// limitOf returns err as the E020 error of a declaration's check that
// stopped at a limit ([Declaration].Check), a copy the caller may give a
// retry hint.
func limitOf(err error) (*Error, bool) {
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeLimit {
		return nil, false
	}
	c := *e
	return &c, true
}

func schemaError(v *SchemaVerdict) *Error {
	e := &Error{Code: CodeSchema, Exit: ExitInvalid, Message: "the value does not satisfy the declaration"}
	for _, f := range v.Findings {
		if f.Severity == "error" {
			e.Offset, e.Line, e.Column = f.Offset, f.Line, f.Column
			e.Message += ": " + f.Message
			break
		}
	}
	return e
}

// rawValue returns text as a JSON value to embed, null when empty.
func rawValue(b []byte) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("null")
	}
	return json.RawMessage(b)
}
