package mend

import (
	"encoding/json"
)

// The decisions of [Analyze].
const (
	DecisionExecute = "execute" // the text is JSON as written and satisfies the declaration
	DecisionRepair  = "repair"  // execute the repaired text: the profile allows its repairs
	DecisionRetry   = "retry"   // send Retry to the model: a refused repair or a declaration not met
	DecisionInvalid = "invalid" // no JSON value could be read (or the text is over a limit)
)

// Plan is what [Analyze] returns: the seed's RepairPlan.
type Plan struct {
	Decision string `json:"decision"`
	// Label is one word for the reason: exact, cosmetic, lossy, ambiguous,
	// truncated, strict, schema_mismatch, no_json, over_limit, or
	// checker_error (the declaration's checker failed; Error says why).
	Label     string    `json:"label"`
	Exactness Exactness `json:"exactness"`
	Ambiguous bool      `json:"ambiguous"`
	// ValidJSON: the text is legal JSON as written.
	ValidJSON bool `json:"valid_json"`
	// Normalized: Text differs from the input.
	Normalized bool `json:"normalized"`
	// Ambiguity is the other plausible reading of the first ambiguous
	// repair, "" when none.
	Ambiguity string `json:"ambiguity"`
	// Execution is the profile that judged the repairs.
	Execution string `json:"execution"`
	// Executable: Decision is execute or repair.
	Executable      bool     `json:"executable"`
	SchemaTotal     int      `json:"schema_total"`
	SchemaSatisfied int      `json:"schema_satisfied"`
	SchemaMissing   []string `json:"schema_missing"`
	Error           *Error   `json:"error"`
	Repairs         []Fix    `json:"repairs"`
	// Retry is the retry hint ("" unless Decision is retry or invalid).
	Retry string `json:"retry"`
	// Value is the value to execute (null unless Executable).
	Value json.RawMessage `json:"value"`
	// Text is the repaired text ("" when nothing could be read).
	Text         string       `json:"text"`
	Completeness Completeness `json:"completeness"`
	// Schema is the whole verdict, with the findings, when a declaration
	// was given and a value was read.
	Schema *SchemaVerdict `json:"schema,omitempty"`
}

// Analyze decides what to do with text: execute it, execute its repair,
// send the model a retry prompt, or give up. It never fails: a malformed
// text is a plan with decision invalid, and the error of a declaration's
// checker is the plan's Error.
func Analyze(text []byte, opts Options) *Plan {
	g := read(text, &opts)
	p := &Plan{Exactness: g.res.Exactness, Ambiguous: g.res.Ambiguous, Execution: opts.Profile.String(),
		Repairs: g.res.Repairs, Text: g.res.Text, Completeness: g.res.Completeness,
		SchemaMissing: []string{}, Value: json.RawMessage("null")}
	p.ValidJSON = g.fatal == nil && len(g.res.Repairs) == 0
	p.Normalized = g.fatal == nil && g.res.Text != string(text)
	for _, rp := range g.res.Repairs {
		if rp.Ambiguity != "" {
			p.Ambiguity = rp.Ambiguity
			break
		}
	}
	if g.fatal != nil {
		p.Decision, p.Label = DecisionInvalid, "no_json"
		if g.fatal.Code == CodeLimit {
			p.Label = "over_limit"
		}
		p.Error = g.fatal
		p.Error.RetryHint = hint(p.Error, opts.Declaration, nil)
		p.Retry = p.Error.RetryHint
		return p
	}
	var v *SchemaVerdict
	if opts.Declaration != nil {
		verdict, err := opts.Declaration.Check(g.out)
		if e, ok := limitOf(err); ok {
			// the check stopped at a limit: not judged, as a text over a limit
			p.Decision, p.Label = DecisionInvalid, "over_limit"
			p.Error = e
			p.Error.RetryHint = hint(e, opts.Declaration, nil)
			p.Retry = p.Error.RetryHint
			return p
		}
		if err != nil {
			p.Decision, p.Label = DecisionInvalid, "checker_error"
			p.Error = &Error{Code: CodeDeclaration, Exit: 3, Message: err.Error()}
			return p
		}
		g.placeFindings(verdict.Findings)
		v = &verdict
		p.Schema = v
		p.SchemaTotal, p.SchemaSatisfied, p.SchemaMissing = v.Total, v.Satisfied, v.Missing
	}
	e := judge(g, &opts)
	if e == nil && v != nil && !v.OK {
		e = schemaError(v)
	}
	if e != nil {
		e.RetryHint = hint(e, opts.Declaration, v)
		p.Decision, p.Error, p.Retry = DecisionRetry, e, e.RetryHint
		switch {
		case e.Code == CodeSchema:
			p.Label = "schema_mismatch"
		case e.Code == CodeStrict:
			p.Label = "strict"
		case g.res.Completeness == Partial:
			p.Label = "truncated"
		case e.Code == CodeAmbiguous:
			p.Label = "ambiguous"
		default:
			p.Label = "lossy"
		}
		return p
	}
	p.Executable = true
	p.Value = rawValue(g.out)
	if g.res.Exactness == Exact {
		p.Decision, p.Label = DecisionExecute, "exact"
		return p
	}
	p.Decision = DecisionRepair
	switch {
	case g.res.Completeness == Partial:
		p.Label = "truncated"
	case g.res.Ambiguous:
		p.Label = "ambiguous"
	default:
		p.Label = string(g.res.Exactness)
	}
	return p
}

// Validation is what [Validate] returns: the seed's validate result.
type Validation struct {
	// Valid: the text is legal JSON as written.
	Valid bool `json:"valid"`
	// Error is the first refusal of the strict profile (or the fatal
	// condition), nil when Valid.
	Error *Error `json:"error,omitempty"`
	// Repaired, Exactness and Repairs are the repair when the text is
	// not valid but a value could be read (under the lenient profile:
	// Exactness says whether it is lossy).
	Repaired  *string   `json:"repaired,omitempty"`
	Exactness Exactness `json:"exactness,omitempty"`
	Repairs   []Fix     `json:"repairs,omitempty"`
	// Schema is the verdict with a declaration, for a valid text.
	Schema *SchemaVerdict `json:"schema,omitempty"`
}

// Validate reports whether text is legal JSON as written, the first
// strict refusal when it is not, the repair when one exists, and with a
// declaration the verdict on a valid text. It fails only when the
// declaration's checker does.
func Validate(text []byte, opts Options) (*Validation, error) {
	g := read(text, &opts)
	out := &Validation{}
	if g.fatal == nil && len(g.res.Repairs) == 0 {
		out.Valid = true
		if opts.Declaration != nil {
			v, err := opts.Declaration.Check(g.out)
			if e, ok := limitOf(err); ok {
				// JSON as written, but not judged: the error says why
				e.RetryHint = hint(e, opts.Declaration, nil)
				out.Error = e
				return out, nil
			}
			if err != nil {
				return nil, err
			}
			g.placeFindings(v.Findings)
			out.Schema = &v
		}
		return out, nil
	}
	strict := opts
	strict.Profile = ProfileStrict
	out.Error = judge(g, &strict)
	out.Error.RetryHint = hint(out.Error, opts.Declaration, nil)
	if g.fatal == nil {
		t := g.res.Text
		out.Repaired, out.Exactness, out.Repairs = &t, g.res.Exactness, g.res.Repairs
	}
	return out, nil
}

// ReadinessResult is what [Readiness] returns.
type ReadinessResult struct {
	// SyntaxPermille is how much of the syntax is done (README.md,
	// "Readiness"): 1000 exactly when the text holds a whole value.
	SyntaxPermille int `json:"syntax_permille"`
	// SchemaPermille is the share of required members that are settled
	// and satisfy their declaration; -1 without a declaration.
	SchemaPermille int `json:"schema_permille"`
	// SettledPermille is the share of required members that are settled:
	// their value can no longer change; -1 without a declaration.
	SettledPermille int `json:"settled_permille"`
	// Step is where the text stopped: empty, value, key, colon, comma,
	// string, token or done.
	Step string `json:"step"`
	// Verdict is the declaration's verdict on the lenient reading of the
	// text so far (null without a declaration or without a value).
	Verdict *SchemaVerdict `json:"verdict"`
	// Settled lists the required members already settled, in declaration
	// order.
	Settled []string `json:"settled"`
}

// Readiness measures a text that may be a prefix of a value as it
// streams: how much of its syntax is done, how much of the declaration is
// met for good, and how much can no longer change. It reads the text with
// the lenient profile (opts.Profile is ignored). It fails when the text
// is over a limit (an [*Error] E020, exit 5: a fatal condition is the
// error, not a partial result that would read as a prefix not yet begun)
// and when the declaration's checker does.
func Readiness(text []byte, opts Options) (*ReadinessResult, error) {
	o := opts
	o.Profile = ProfileLenient
	o.progress = true
	g := read(text, &o)
	if g.fatal != nil && g.fatal.Code == CodeLimit {
		e := *g.fatal
		e.RetryHint = hint(&e, opts.Declaration, nil)
		return nil, &e
	}
	return readinessOf(g, opts.Declaration)
}

// readinessOf measures a reading (of any profile: readiness reads as the
// lenient profile would, and the profile only judges).
func readinessOf(g *reading, d Declaration) (*ReadinessResult, error) {
	res := &ReadinessResult{SyntaxPermille: g.syntax, SchemaPermille: -1, SettledPermille: -1,
		Step: g.state, Settled: []string{}}
	if g.fatal != nil {
		res.Step = "empty"
	}
	complete := g.fatal == nil && g.res.Completeness == Complete
	if complete {
		res.SyntaxPermille = 1000
	} else if res.SyntaxPermille > 999 {
		res.SyntaxPermille = 999
	}
	if d == nil {
		return res, nil
	}
	res.SchemaPermille, res.SettledPermille = 0, 0
	if g.fatal != nil {
		return res, nil
	}
	v, err := d.Check(g.out)
	if e, ok := limitOf(err); ok {
		e.RetryHint = hint(e, d, nil)
		return nil, e
	}
	if err != nil {
		return nil, err
	}
	g.placeFindings(v.Findings)
	res.Verdict = &v
	total := 0
	for _, m := range d.Members() {
		if m.Required {
			total++
		}
	}
	if total == 0 {
		if complete {
			res.SettledPermille = 1000
			if v.OK {
				res.SchemaPermille = 1000
			}
		}
		return res, nil
	}
	// The settled members: the reader marks a member of the root object
	// settled once the ',' or '}' after its value is read; the first
	// occurrence of a key counts.
	settled := map[string]json.RawMessage{}
	ms := topMembers(g.out)
	for i, m := range ms {
		if i >= len(g.members) || !g.members[i] {
			continue
		}
		if _, dup := settled[m.key]; !dup {
			settled[m.key] = m.raw
		}
	}
	nSettled, nMet := 0, 0
	for _, m := range d.Members() {
		raw, ok := settled[m.Name]
		if !m.Required || !ok {
			continue
		}
		nSettled++
		res.Settled = append(res.Settled, m.Name)
		good, err := d.CheckMember(m.Name, raw)
		if err != nil {
			return nil, err
		}
		if good {
			nMet++
		}
	}
	res.SettledPermille = 1000 * nSettled / total
	res.SchemaPermille = 1000 * nMet / total
	return res, nil
}
