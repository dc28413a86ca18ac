package smithyvalidate

import (
	"errors"
	"fmt"
	"strings"

	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
)

// Collector gathers the findings of one validation run into one [Result].
// [Validator.Validate] uses one internally; callers that validate several
// values into one result (a protocol message and its payloads, a stream of
// messages) create one with [NewCollector], add their own findings with
// [Collector.Add] and run validators with [Validator.Check].
//
// The run options of the collector apply to everything it collects:
// [FailFast], [MaxFindings], [MaxDepth], [MaxValueSize] and
// [MaxNumberLength]; policies come from each validator. A Collector is not
// safe for concurrent use.
type Collector struct {
	cfg config
	// w is the walker of the collector's checks, kept across them (a
	// caller that checks many small values into one reused collector pays
	// for no pool on each), and returned to the pool by Result.
	w *walker
	// pass is the one pass of ValidJSONAt, kept across its calls (its
	// arrays are not cleared to start one).
	pass     *onePass
	findings []Finding
	errors   int
	counted  int // findings that count towards MaxFindings
	stopped  bool
	complete bool
}

// NewCollector returns an empty collector with the given run options
// (policies among opts are ignored).
func NewCollector(opts ...Option) *Collector {
	return &Collector{cfg: readOptions(opts), complete: true}
}

func newCollectorConfig(cfg config) *Collector { return &Collector{cfg: cfg, complete: true} }

// Add records f and reports whether validation may go on. Nothing is
// recorded once the collector has stopped: after a ClassLimit finding, after
// the first error under [FailFast], or once MaxFindings findings were
// recorded (a findings-limit finding is then added).
func (c *Collector) Add(f Finding) bool {
	if c.stopped {
		return false
	}
	c.findings = append(c.findings, f)
	if f.Class == ClassLimit {
		c.stopped, c.complete = true, false
		return false
	}
	c.counted++
	if f.Severity == SeverityError {
		c.errors++
		if c.cfg.on(failFast) {
			c.stopped, c.complete = true, false
			return false
		}
	}
	return c.budget(f)
}

// AddPartial records f, a [ClassLimit] finding that stopped the check of
// one part of a run but not the run: one message of a transcript or of a
// live exchange, whose reader or payload limit ends that message's check
// while the next messages are still checked. The result is not complete
// and validation goes on. Unlike a limit given to [Collector.Add], f
// counts towards MaxFindings, so that a run of many such parts stays
// bounded. A finding of another class is given to Add. It reports
// whether validation may go on.
func (c *Collector) AddPartial(f Finding) bool {
	if f.Class != ClassLimit {
		return c.Add(f)
	}
	if c.stopped {
		return false
	}
	c.findings = append(c.findings, f)
	c.complete = false
	c.counted++
	return c.budget(f)
}

// budget stops the collector, with a findings-limit finding, once
// MaxFindings findings were counted; f is the last one.
func (c *Collector) budget(f Finding) bool {
	if c.counted >= c.cfg.lim.MaxFindings {
		c.findings = append(c.findings, Finding{
			Severity: SeverityWarning, Class: ClassLimit, Code: CodeFindingsLimit,
			Path: f.Path, Pos: f.Pos,
			Want:    fmt.Sprint(c.cfg.lim.MaxFindings),
			Message: fmt.Sprintf("validation stopped after %d findings (the MaxFindings limit)", c.cfg.lim.MaxFindings),
		})
		c.stopped, c.complete = true, false
		return false
	}
	return true
}

// Reset empties the collector for another run with the same options,
// keeping the capacity of its findings (and dropping the findings
// themselves, so that nothing they refer to is kept alive).
func (c *Collector) Reset() {
	clear(c.findings)
	c.findings = c.findings[:0]
	c.errors, c.counted, c.stopped, c.complete = 0, 0, false, true
}

// Stopped reports whether the collector accepts no more findings.
func (c *Collector) Stopped() bool { return c.stopped }

// Complete reports whether nothing stopped validation early so far.
func (c *Collector) Complete() bool { return c.complete }

// Valid reports whether no error finding was recorded so far.
func (c *Collector) Valid() bool { return c.errors == 0 }

// Limits returns the collector's run options.
func (c *Collector) Limits() Limits { return c.cfg.limits() }

// Limits are the run options of a validation: the limits, in package
// core/limits' vocabulary (MaxSize is the [MaxValueSize] option), and
// fail-fast.
type Limits struct {
	limits.Limits
	FailFast bool
}

func (c *config) limits() Limits {
	return Limits{Limits: c.lim, FailFast: c.on(failFast)}
}

// Len returns the number of findings recorded so far.
func (c *Collector) Len() int { return len(c.findings) }

// Result returns the findings collected so far, sorted, with Valid and
// Complete. The collector can go on collecting afterwards.
func (c *Collector) Result() Result {
	if c.w != nil {
		walkerPool.Put(c.w)
		c.w = nil
	}
	fs := append([]Finding(nil), c.findings...)
	SortFindings(fs)
	return Result{Valid: c.errors == 0, Complete: c.complete, Findings: fs}
}

// result is Result for a collector that is dropped after it (Validate's
// and ValidateJSON's own): its findings are handed over, not copied.
func (c *Collector) result() Result {
	if c.w != nil {
		walkerPool.Put(c.w)
		c.w = nil
	}
	fs := c.findings
	c.findings = nil
	SortFindings(fs)
	return Result{Valid: c.errors == 0, Complete: c.complete, Findings: fs}
}

// ReadErrorFinding converts an error of the core/node reader into the
// finding the engine reports for it: code syntax (an error) for text that
// is not JSON, a ClassLimit finding (size-limit, elements-limit,
// depth-limit, number-limit, string-limit) for a reader limit,
// duplicate-key for a repeated key (only under node.RejectDuplicates). Any other error is reported as syntax at
// the root. The finding's Path is at, followed by the path of a
// [*ReadLimitError] (the value that went over the limit, as [TapeError]
// reports it); a bare [*node.LimitError] carries no
// path, so its finding is at at.
func ReadErrorFinding(err error, at Path) Finding {
	var (
		se  *node.SyntaxError
		le  *node.LimitError
		de  *node.DuplicateKeyError
		rle *ReadLimitError
	)
	if errors.As(err, &rle) {
		at = at.Join(rle.Path)
	}
	switch {
	case errors.As(err, &se):
		return Finding{Severity: SeverityError, Class: ClassInstance, Code: CodeSyntax, Path: at, Pos: se.Pos,
			Message: "not valid JSON: " + se.Msg}
	case errors.As(err, &le):
		code, what := CodeSizeLimit, "the input is larger than %d bytes (the MaxValueSize limit)"
		switch le.Limit {
		case node.LimitDepth:
			code, what = CodeDepthLimit, "the value nests deeper than %d levels (the MaxDepth limit)"
		case node.LimitNumberLength:
			code, what = CodeNumberLimit, "a number is longer than %d bytes (the MaxNumberLength limit)"
		case node.LimitElements:
			code, what = CodeElementsLimit, "the input holds more than %d values and object keys (the MaxElements limit)"
		case node.LimitStringLength:
			code, what = CodeStringLimit, "a string is longer than %d bytes"
		}
		return Finding{Severity: SeverityWarning, Class: ClassLimit, Code: code, Path: at, Pos: le.Pos,
			Want: fmt.Sprint(le.Max), Message: fmt.Sprintf(what, le.Max) + "; validation stopped"}
	case errors.As(err, &de):
		key := strings.Clone(de.Key)
		return Finding{Severity: SeverityError, Class: ClassInstance, Code: CodeDuplicateKey, Path: at.Key(key), Pos: de.Second,
			Related: de.First, Got: key,
			Message: fmt.Sprintf("duplicate key %q (first at %s)", de.Key, de.First)}
	}
	return Finding{Severity: SeverityError, Class: ClassInstance, Code: CodeSyntax, Path: at, Message: "not valid JSON: " + err.Error()}
}

// ReadLimitError is a reader limit error with the path, relative to the
// value read, of the value that went over the limit: the container that
// nests deeper than MaxDepth, or the number longer than MaxNumberLength.
// [TapeError] returns one for those two limits; it unwraps to the
// [*node.LimitError] that core/node's reader gives for the same text, and
// [ReadErrorFinding] puts the finding at the path.
type ReadLimitError struct {
	*node.LimitError
	Path Path
}

// Unwrap returns the core/node error.
func (e *ReadLimitError) Unwrap() error { return e.LimitError }

// NewFinding returns a finding with the class and default severity of its
// catalogue entry (ClassInstance and SeverityError for a code that is not
// in this package's catalogue), for callers that report their own
// findings about values.
func NewFinding(code Code, path Path, shape shapeid.ID, pos node.Pos, message string) Finding {
	f := Finding{Severity: SeverityError, Class: ClassInstance, Code: code, Path: path, Shape: shape, Pos: pos, Message: message}
	if info, ok := code.Info(); ok {
		f.Severity, f.Class = info.Severity, info.Class
	}
	return f
}
