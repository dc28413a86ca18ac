package render

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/smithy-validation/go/mend"
)

// The JSON gate's results (package mend) in the text format: what
// `smithy repair`, `analyze`, `readiness`, `validate-text` and `llm`
// print without --format json.

// WriteGateError writes a refusal or a fatal condition of the JSON gate
// (the commands print it on stderr): the error, then the retry hint to
// send back to the model.
func WriteGateError(w io.Writer, me *mend.Error) {
	fmt.Fprintf(w, "%s\n", EscapeText(me.Error()))
	if me.RetryHint != "" {
		fmt.Fprintf(w, "retry hint: %s\n", EscapeText(me.RetryHint))
	}
}

// WriteGateText renders the result object res of the gate's method
// (repair, analyze, validate, readiness) in the text format on w; repair
// writes only the repaired text on w, so it can be piped, and what was
// repaired on notes.
func WriteGateText(w, notes io.Writer, method string, res []byte) error {
	switch method {
	case "repair":
		var r mend.Result
		if err := json.Unmarshal(res, &r); err != nil {
			return err
		}
		// The repaired text alone on stdout, so it can be piped; what was
		// repaired goes to stderr.
		io.WriteString(w, r.Text)
		if !strings.HasSuffix(r.Text, "\n") {
			io.WriteString(w, "\n")
		}
		writeRepairs(notes, r.Repairs, "")
		fmt.Fprintf(notes, "%s, %s: %s%s\n", r.Exactness, r.Completeness, plural(len(r.Repairs), "repair"), truncatedNote(r.RepairsTruncated))
	case "analyze":
		var p mend.Plan
		if err := json.Unmarshal(res, &p); err != nil {
			return err
		}
		fmt.Fprintf(w, "decision: %s (%s)\n", p.Decision, p.Label)
		fmt.Fprintf(w, "exactness: %s, %s, profile %s\n", p.Exactness, p.Completeness, p.Execution)
		if p.Schema != nil {
			writeVerdict(w, p.Schema)
		}
		if p.Error != nil {
			fmt.Fprintf(w, "error: %s\n", EscapeText(p.Error.Error()))
		}
		writeRepairs(w, p.Repairs, "repairs:\n")
		if p.Retry != "" {
			fmt.Fprintf(w, "retry: %s\n", EscapeText(p.Retry))
		}
		if p.Executable {
			fmt.Fprintf(w, "value: %s\n", EscapeText(string(p.Value)))
		}
	case "validate":
		var v mend.Validation
		if err := json.Unmarshal(res, &v); err != nil {
			return err
		}
		if v.Valid {
			fmt.Fprintln(w, "valid: JSON as written")
		} else {
			fmt.Fprintf(w, "not valid: %s\n", EscapeText(v.Error.Error()))
		}
		if v.Repaired != nil {
			fmt.Fprintf(w, "repaired (%s): %s\n", v.Exactness, EscapeText(*v.Repaired))
			writeRepairs(w, v.Repairs, "repairs:\n")
		}
		if v.Schema != nil {
			writeVerdict(w, v.Schema)
		}
	case "readiness":
		var r mend.ReadinessResult
		if err := json.Unmarshal(res, &r); err != nil {
			return err
		}
		fmt.Fprintf(w, "syntax %s, schema %s, settled %s, step %s\n", permille(r.SyntaxPermille), permille(r.SchemaPermille), permille(r.SettledPermille), r.Step)
		if r.Verdict != nil {
			fmt.Fprintf(w, "settled: %s\n", listOrNone(r.Settled))
			writeVerdict(w, r.Verdict)
		}
	}
	return nil
}

func writeRepairs(w io.Writer, rs []mend.Fix, head string) {
	if len(rs) == 0 {
		return
	}
	io.WriteString(w, head)
	for _, f := range rs {
		fmt.Fprintf(w, "  %d:%d %s %s (%s", f.Line, f.Column, f.Code, f.Threshold, f.Severity)
		if f.Ambiguity != "" {
			fmt.Fprintf(w, "; or: %s", f.Ambiguity)
		}
		fmt.Fprintf(w, "): %s\n", EscapeText(f.Message))
	}
}

func writeVerdict(w io.Writer, v *mend.SchemaVerdict) {
	ok := "met"
	if !v.OK {
		ok = "not met"
	}
	fmt.Fprintf(w, "declaration %s: %d of %d required members satisfied; missing: %s; mismatched: %s\n",
		ok, v.Satisfied, v.Total, listOrNone(v.Missing), listOrNone(v.Mismatched))
	for _, f := range v.Findings {
		at := f.Shape
		if at == "" {
			at = f.Schema
		}
		where := "" // a finding with no position says none
		if f.Located() {
			where = fmt.Sprintf(" at %d:%d", f.Line, f.Column)
		}
		fmt.Fprintf(w, "  [%s] %s %s%s: %s (%s)\n", f.Severity, EscapeText(f.Code), pointerText(f.Path), where, EscapeText(f.Message), EscapeText(at))
	}
}

// pointerText shows a JSON Pointer, whose tokens are the text's keys:
// escaped.
func pointerText(p string) string {
	if p == "" {
		return `""`
	}
	return EscapeText(p)
}

func permille(n int) string {
	if n < 0 {
		return "-"
	}
	return fmt.Sprintf("%d‰", n)
}

// listOrNone shows member names (the text's keys, a declaration's
// members): escaped.
func listOrNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return EscapeText(strings.Join(s, ", "))
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func truncatedNote(t bool) string {
	if t {
		return " (more than listed)"
	}
	return ""
}

// WriteLLMText renders llm.run's result readably: one paragraph a call,
// then the stream's end.
func WriteLLMText(w io.Writer, res *mend.LLMClose) {
	for _, call := range res.Calls {
		name := call.Name
		if name == "" {
			name = "(no name)"
		}
		done := "not done"
		if call.Done {
			done = "done"
		}
		exactness := string(call.Exactness)
		if exactness == "" {
			exactness = "no arguments read"
		}
		fmt.Fprintf(w, "call %d %s", call.Index, EscapeText(name))
		if call.ID != "" {
			fmt.Fprintf(w, " (%s)", EscapeText(call.ID))
		}
		if call.Choice != 0 {
			fmt.Fprintf(w, " choice %d", call.Choice)
		}
		fmt.Fprintf(w, ": %s, %s, %s\n", call.End, done, exactness)
		fmt.Fprintf(w, "  value: %s\n", EscapeText(string(call.Value)))
		if call.OpenPath != nil {
			fmt.Fprintf(w, "  open at: %s\n", pointerText(*call.OpenPath))
		}
		fmt.Fprintf(w, "  settled: %s\n", listOrNone(call.Settled))
		for _, ev := range call.Events {
			if ev.Kind != mend.EventViolation || ev.Finding == nil {
				continue
			}
			f := ev.Finding
			fmt.Fprintf(w, "  violation at byte %d: [%s] %s %s: %s\n", ev.At, f.Severity, EscapeText(f.Code), pointerText(f.Path), EscapeText(f.Message))
		}
		if call.Error != nil {
			// without a position (about the call, not a place in its
			// arguments), Error says none
			fmt.Fprintf(w, "  refused: %s\n", EscapeText(call.Error.Error()))
			if call.Error.RetryHint != "" {
				fmt.Fprintf(w, "  retry hint: %s\n", EscapeText(call.Error.RetryHint))
			}
		}
	}
	stop := res.StopReason
	if stop == "" {
		stop = "none given"
	}
	fmt.Fprintf(w, "%s; stop reason: %s; %s ignored\n", plural(len(res.Calls), "call"), EscapeText(stop), plural(res.IgnoredEvents, "event"))
	if res.Error != "" {
		fmt.Fprintf(w, "provider error: %s\n", EscapeText(res.Error))
	}
}
