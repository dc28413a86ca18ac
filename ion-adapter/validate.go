package ionadapter

import (
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// Parse reads data, text or binary Ion (binary when it starts with the
// version marker E0 01 00 EA), which must hold exactly one top-level value.
// A text version marker ($ion_1_0) and local symbol tables are consumed,
// not returned. A problem of the input is returned as an [*Error]. A value
// that is well-formed but cannot be presented faithfully (a symbol without
// text, a timestamp finer than nanoseconds) is returned with
// Scalar().Unsupported set, which the engine reports. Of the options only
// [MaxDepth], [MaxSize] and [MaxElements] apply.
func Parse(data []byte, opts ...Option) (*Value, error) {
	cfg := readOptions(defaultLimits, opts)
	cfg.mode = StreamSingle
	s := read(data, cfg, 1)
	if ps := s.problems(cfg.mode); len(ps) > 0 {
		return nil, ps[0].err
	}
	return s.values[0], nil
}

// ParseStream reads every top-level value of data (a datagram), text or
// binary, as [Parse] reads one. On a problem it returns the values before
// the one concerned and an [*Error] whose path carries that value's index.
// An empty input is an empty datagram. Of the options only [MaxDepth],
// [MaxSize] and [MaxElements] apply.
func ParseStream(data []byte, opts ...Option) ([]*Value, error) {
	cfg := readOptions(defaultLimits, opts)
	cfg.mode = StreamDatagram
	s := read(data, cfg, 0)
	if ps := s.problems(cfg.mode); len(ps) > 0 {
		return s.values[:min(ps[0].index, len(s.values))], ps[0].err
	}
	return s.values, nil
}

// indexed is a problem with the index of the top-level value it is about.
type indexed struct {
	index int
	err   *Error
}

// problems returns the problems of s, with paths rendered for the mode:
// what stopped reading, or else a missing or extra value in single mode.
func (s *stream) problems(mode StreamMode) []indexed {
	datagram := s.datagram(mode)
	switch {
	case s.fatal != nil:
		return []indexed{{s.fatal.index, s.fatal.toError(datagram)}}
	case mode == StreamDatagram:
		return nil
	case s.n == 0:
		return []indexed{{0, &Error{Code: sv.CodeSyntax, Offset: -1, Msg: "not valid Ion: the input holds no value"}}}
	case s.more:
		return []indexed{{1, &Error{Code: sv.CodeSyntax, Offset: -1,
			Msg: "the input holds more than one Ion value, and one was expected (the datagram mode validates each)"}}}
	}
	return nil
}

// datagram reports whether findings carry the top-level index.
func (s *stream) datagram(mode StreamMode) bool {
	switch mode {
	case StreamSingle:
		return false
	case StreamDatagram:
		return true
	}
	n := s.n
	if s.fatal != nil && s.fatal.index >= n {
		n = s.fatal.index + 1
	}
	return n > 1
}

func (p *problem) toError(datagram bool) *Error {
	path := sv.Root()
	if datagram {
		path = sv.InDocument(p.index)
	}
	return &Error{Code: p.code, Path: path.Append(p.segs...), Pos: p.pos, Offset: p.offset, Msg: p.msg, Err: p.err}
}

// Validate reads data as Ion, text or binary, and validates each top-level
// value with v. This is what `smithy validate-value --input-format ion`
// runs.
//
// With the default [StreamAuto] mode a single value is validated as the
// document (paths like "/items/0", no index) and an input of two or more
// values as a datagram: every finding then carries the 0-based index of its
// top-level value (Finding.Path.Document(); "index" in the JSON rendering,
// "[i] " in the text rendering) and its path is inside that value, exactly
// as transcript findings are. [StreamSingle] and [StreamDatagram] force
// one reading.
//
// Problems of the input are findings, never errors (see [Error] for their
// codes): malformed or truncated Ion and unsupported versions are errors
// (exit code 1), a reader limit ([MaxDepth], [MaxSize], [MaxElements]; by
// default the validator's MaxDepth, MaxValueSize and MaxElements) is a
// limit finding that leaves the result incomplete (exit code 5 when
// nothing else is wrong). Values before a problem that stops reading are
// still validated, and so is what a value held before a reader limit
// stopped it: the findings that nothing after the limit could change
// ([smithyvalidate.Validator.CheckBeforeLimit]).
//
// All values share one collector with the validator's run options
// ([smithyvalidate.Validator.NewCollector]): FailFast and MaxFindings count
// across the whole input, and validation stops where they say, reading
// too. Each top-level value is validated as soon as it is read and then
// let go, so a datagram costs the memory of its largest value, not of all
// its values. The error is the engine's [*smithyvalidate.InternalError]
// only.
func Validate(v *sv.Validator, data []byte, opts ...Option) (sv.Result, error) {
	c := v.NewCollector()
	if err := Check(v, c, sv.Root(), data, opts...); err != nil {
		return sv.Result{}, err
	}
	return c.Result(), nil
}

// Check is [Validate] into a caller's collector, with every path under at
// (a datagram's index replaces at's document index, when at has one, and
// its segments follow at's). It is for callers that validate Ion as part
// of a larger input.
func Check(v *sv.Validator, c *sv.Collector, at sv.Path, data []byte, opts ...Option) error {
	cfg := readOptions(c.Limits(), opts)
	limit := 0
	if cfg.mode == StreamSingle {
		limit = 1
	}
	// Whether paths carry the value's index is known from the mode, or in
	// the auto mode once a second value (or a problem after the first)
	// shows the input is a datagram: until then the first value waits.
	datagram, decided := cfg.mode == StreamDatagram, cfg.mode != StreamAuto
	base := func(i int) sv.Path {
		if datagram {
			return sv.InDocument(i).Join(at)
		}
		return at
	}
	var (
		pending *Value
		checked int // top-level values validated
		err     error
	)
	check := func(val *Value) bool {
		if c.Stopped() {
			return false
		}
		if err = v.Check(c, base(checked), val); err != nil {
			return false
		}
		checked++
		if afterValue != nil {
			afterValue(checked)
		}
		return !c.Stopped()
	}
	s := readEach(data, cfg, limit, func(val *Value) bool {
		if !decided {
			if pending == nil {
				pending = val
				return true
			}
			datagram, decided = true, true
			first := pending
			pending = nil
			if !check(first) {
				return false
			}
		}
		return check(val)
	})
	if !decided {
		datagram = s.datagram(cfg.mode)
	}
	if pending != nil {
		check(pending)
	}
	if err != nil {
		return err
	}
	if c.Stopped() {
		return nil
	}
	if p := s.fatal; s.partial != nil {
		// What the value held before the limit keeps its certain
		// findings, before the limit's own.
		if err := v.CheckBeforeLimit(c, base(p.index), s.partial, sv.Root().Append(p.segs...)); err != nil {
			return err
		}
	}
	for _, p := range s.problems(cfg.mode) {
		f := p.err.Finding()
		f.Path = base(p.index).Join(f.Path)
		c.Add(f) // ignored when validation has stopped
	}
	return nil
}

// afterValue, when set (by tests), is called after each top-level value
// Check validates, with the number validated so far.
var afterValue func(checked int)
