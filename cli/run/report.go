package run

import (
	"cmp"
	"io"
	"slices"

	"github.com/smithy-validation/go/rpc"
)

// report is what a command found, as the formats other than JSON print
// it: the diagnostics of every input in order, the message counts of
// validate-rpc, and the verdict.
type report struct {
	// command is the command's name ("validate-rpc"); tool output names it.
	command string
	// inputs are the files checked, in order ("<stdin>" for -).
	inputs []string
	diags  []diag
	// valid and complete are the verdict over every input.
	valid, complete bool
	// model says the diagnostics are model events (`smithy validate`).
	model bool
	// scope is validate-rpc's scope, "" for the other commands.
	scope string
	// msgs counts the messages of validate-rpc; nil for other commands.
	msgs *messageTally
	// all are every diagnostic, for the summary's counts; diags may be
	// fewer (--max-findings): all[len(diags):] are not printed.
	all []diag
	// listing writes the message lines of the text format (messages with
	// findings, or every message with --verbose); nil when none.
	listing func(w io.Writer) error
	// listed are the lines of listing when they are in memory (single
	// messages and pairs), for a report that joins several inputs.
	listed []byte
	// quiet leaves the summary out of the text format.
	quiet bool
}

// messageTally counts messages by kind and the calls answered, as the
// summary reports them.
type messageTally struct {
	total    int
	byKind   [rpc.KindBatch + 1]int
	calls    int // requests: messages that expect a response
	answered int // responses whose call is known
	// final says every response is there (a request with its response,
	// a transcript declared complete), so unanswered calls are final, not
	// "so far".
	final bool
	// showCalls says calls are counted in the summary: for exchanges
	// (a request and its response, a transcript), not single messages.
	showCalls bool
}

func newMessageTally() *messageTally { return &messageTally{} }

// add counts the summaries of one message.
func (t *messageTally) add(ms []rpc.MessageSummary) {
	for i := range ms {
		m := &ms[i]
		if int(m.Kind) < len(t.byKind) {
			t.byKind[m.Kind]++
		}
		if m.Kind != rpc.KindBatch {
			t.total++
		}
		switch m.Kind {
		case rpc.KindRequest:
			t.calls++
		case rpc.KindResponse, rpc.KindErrorResponse:
			if m.HasMethod {
				t.answered++
			}
		}
	}
}

// unanswered is the number of calls without a response: the calls minus
// the responses that answer one (a response answers a known call at most
// once: a duplicate's call is not known).
func (t *messageTally) unanswered() int { return max(t.calls-t.answered, 0) }

// bound keeps the first max diagnostics for printing (0: all); the
// summary still counts every one.
func (r *report) bound(max int) {
	r.all = r.diags
	if max > 0 && len(r.diags) > max {
		r.diags = r.diags[:max]
	}
}

// counted is every diagnostic, printed or not.
func (r *report) counted() []diag {
	if r.all != nil {
		return r.all
	}
	return r.diags
}

// verdict is "valid", "invalid" or "incomplete".
func (r *report) verdict() string {
	switch {
	case !r.valid:
		return "invalid"
	case !r.complete:
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
func tally(ds []diag) []severityCount {
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
