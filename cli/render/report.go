package render

import (
	"cmp"
	"io"
	"slices"

	"github.com/smithy-validation/go/rpc"
)

// Report is what a command found, as the formats other than JSON print
// it: the diagnostics of every input in order, the message counts of
// validate-rpc, and the verdict.
type Report struct {
	// Command is the command's name ("validate-rpc"); tool output names it.
	Command string
	// Inputs are the files checked, in order ("<stdin>" for -).
	Inputs []string
	Diags  []Diag
	// Valid and complete are the verdict over every input.
	Valid, Complete bool
	// Model says the diagnostics are model events (`smithy validate`).
	Model bool
	// Scope is validate-rpc's scope, "" for the other commands.
	Scope string
	// Msgs counts the messages of validate-rpc; nil for other commands.
	Msgs *MessageTally
	// all are every diagnostic, for the summary's counts; diags may be
	// fewer (--max-findings): all[len(diags):] are not printed.
	all []Diag
	// Listing writes the message lines of the text format (messages with
	// findings, or every message with --verbose); nil when none.
	Listing func(w io.Writer) error
	// Listed are the lines of listing when they are in memory (single
	// messages and pairs), for a report that joins several inputs.
	Listed []byte
	// Quiet leaves the summary out of the text format.
	Quiet bool
}

// MessageTally counts messages by kind and the calls answered, as the
// summary reports them.
type MessageTally struct {
	Total    int
	ByKind   [rpc.KindBatch + 1]int
	Calls    int // requests: messages that expect a response
	Answered int // responses whose call is known
	// Final says every response is there (a request with its response,
	// a transcript declared complete), so unanswered calls are final, not
	// "so far".
	Final bool
	// ShowCalls says calls are counted in the summary: for exchanges
	// (a request and its response, a transcript), not single messages.
	ShowCalls bool
}

func NewMessageTally() *MessageTally { return &MessageTally{} }

// Add counts the summaries of one message.
func (t *MessageTally) Add(ms []rpc.MessageSummary) {
	for i := range ms {
		m := &ms[i]
		if int(m.Kind) < len(t.ByKind) {
			t.ByKind[m.Kind]++
		}
		if m.Kind != rpc.KindBatch {
			t.Total++
		}
		switch m.Kind {
		case rpc.KindRequest:
			t.Calls++
		case rpc.KindResponse, rpc.KindErrorResponse:
			if m.HasMethod {
				t.Answered++
			}
		}
	}
}

// unanswered is the number of calls without a response: the calls minus
// the responses that answer one (a response answers a known call at most
// once: a duplicate's call is not known).
func (t *MessageTally) unanswered() int { return max(t.Calls-t.Answered, 0) }

// Bound keeps the first max diagnostics for printing (0: all); the
// summary still counts every one.
func (r *Report) Bound(max int) {
	r.all = r.Diags
	if max > 0 && len(r.Diags) > max {
		r.Diags = r.Diags[:max]
	}
}

// counted is every diagnostic, printed or not.
func (r *Report) counted() []Diag {
	if r.all != nil {
		return r.all
	}
	return r.Diags
}

// verdict is "valid", "invalid" or "incomplete".
func (r *Report) verdict() string {
	switch {
	case !r.Valid:
		return "invalid"
	case !r.Complete:
		return "incomplete"
	}
	return "valid"
}

// codeCount is how many diagnostics have one code.
type codeCount struct {
	code string
	n    int
}

// severityCount is how many diagnostics have one severity, by code.
type severityCount struct {
	severity string
	n        int
	codes    []codeCount
}

// severityOrder ranks severities strongest first (engine findings and
// model events share the scale).
var severityOrder = map[string]int{"error": 0, "danger": 1, "warning": 2, "advisory": 3, "note": 4}

// tally counts the diagnostics by severity (strongest first) and, within
// each, by code (alphabetically).
func tally(ds []Diag) []severityCount {
	var out []severityCount
	for i := range ds {
		d := &ds[i]
		j := slices.IndexFunc(out, func(s severityCount) bool { return s.severity == d.Severity })
		if j < 0 {
			out = append(out, severityCount{severity: d.Severity})
			j = len(out) - 1
		}
		s := &out[j]
		s.n++
		k := slices.IndexFunc(s.codes, func(c codeCount) bool { return c.code == d.Code })
		if k < 0 {
			s.codes = append(s.codes, codeCount{code: d.Code})
			k = len(s.codes) - 1
		}
		s.codes[k].n++
	}
	slices.SortFunc(out, func(a, b severityCount) int {
		return cmp.Compare(severityRank(a.severity), severityRank(b.severity))
	})
	for i := range out {
		slices.SortFunc(out[i].codes, func(a, b codeCount) int { return cmp.Compare(a.code, b.code) })
	}
	return out
}

func severityRank(s string) int {
	if r, ok := severityOrder[s]; ok {
		return r
	}
	return len(severityOrder)
}
