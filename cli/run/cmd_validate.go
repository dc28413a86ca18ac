package run

import (
	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/validate"
)

// Validate reports the model's validation events of severity min or
// above; the verdict counts every event.
func (e *Env) Validate(models []load.Source, format string, min model.Severity) error {
	lm, err := e.LoadModel(models)
	if err != nil {
		return err
	}
	events := lm.ValidateEvents()
	lm.Loaded()
	valid, complete := true, true
	for _, ev := range events {
		if ev.Severity == model.ErrorSeverity {
			valid = false
		}
		if ev.ID == validate.SelectorLimitID {
			// The bound on the model's selectors stopped a validator
			// (never suppressed: see core/validate).
			complete = false
		}
	}
	if min > model.Note {
		kept := events[:0:0]
		for _, ev := range events {
			if ev.Severity >= min {
				kept = append(kept, ev)
			}
		}
		events = kept
	}
	if format == render.FormatJSON {
		e.Stdout.Write(append(node.Marshal(render.EventsJSON(valid, complete, events)), '\n'))
	} else if err := e.writeReport(modelReport(valid, complete, events), format); err != nil {
		return err
	}
	if !valid {
		return exitcode.Status(exitcode.Model)
	}
	if !complete {
		return exitcode.Status(exitcode.Incomplete)
	}
	return nil
}

// modelReport is the report of `smithy validate`: the events, with the
// source lines of the model files they are in.
func modelReport(valid, complete bool, events []model.Event) *render.Report {
	rep := &render.Report{Command: "validate", Model: true, Valid: valid, Complete: complete}
	rep.Diags = make([]render.Diag, len(events))
	byFile := map[string][]*render.Diag{}
	var files []string
	for i := range events {
		rep.Diags[i] = render.EventDiag(&events[i])
		d := &rep.Diags[i]
		if d.File != "" && d.Line > 0 {
			if byFile[d.File] == nil {
				files = append(files, d.File)
			}
			byFile[d.File] = append(byFile[d.File], d)
		}
	}
	for _, name := range files {
		// Read again for the source lines: only a regular file, never
		// blocking (a file that became a named pipe shows no line).
		if f, err := assembly.OpenRegular(name); err == nil {
			render.FillSources(f, byFile[name])
			f.Close()
		}
	}
	return rep
}
