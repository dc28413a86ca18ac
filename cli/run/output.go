package run

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
)

// colorOn reports whether the text format is coloured on w: as
// --force-color or --no-color say, else only when w is a terminal and
// NO_COLOR is unset or empty (https://no-color.org).
func (e *Env) colorOn(w io.Writer) bool {
	switch e.ColorMode {
	case 1:
		return true
	case -1:
		return false
	}
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	return render.IsTerminal(w)
}

// RequestedFormat finds the --format argument in args without parsing
// them (the parse itself may be what failed), so that a usage error is
// reported in the format asked for.
func RequestedFormat(args []string) string {
	f := render.FormatText
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "format" {
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				break
			}
			i++
			val = args[i]
		}
		f = val
	}
	return f
}

// exitNames name the exit codes in error documents.
var exitNames = map[int]string{
	exitcode.Invalid:    "internal",
	exitcode.Usage:      "usage",
	exitcode.Model:      "model",
	exitcode.Input:      "input",
	exitcode.Incomplete: "limit",
}

// WriteErrorDocument writes a failure (usage, model, input) in a machine
// format, so that a program reading stdout never has to parse stderr:
//
//	json:   {"valid":false,"error":{"code":"model","message":"...","exit":3},"events":[...]}
//	sarif:  a log whose invocation failed, the model's events as results
//	github: the model's events and the error as annotations
//	html:   validate-rpc's page saying the error, the model's events listed
//
// It reports whether it wrote one (text has none: stderr says it all).
func (e *Env) WriteErrorDocument(format string, code int, msg string, events []model.Event) bool {
	switch format {
	case render.FormatJSON:
		doc := node.NewObject(
			node.Field{Key: "valid", Value: node.NewBool(false)},
			node.Field{Key: "error", Value: node.NewObject(
				node.Field{Key: "code", Value: node.NewString(exitNames[code])},
				node.Field{Key: "message", Value: node.NewString(msg)},
				node.Field{Key: "exit", Value: node.NewNumber(strconv.Itoa(code))},
			)},
			node.Field{Key: "events", Value: render.EventsNode(events)},
		)
		e.Stdout.Write(append(node.Marshal(doc), '\n'))
	case render.FormatSARIF, render.FormatGitHub:
		rep := &render.Report{Command: e.Command, Model: true}
		for i := range events {
			rep.Diags = append(rep.Diags, render.EventDiag(&events[i]))
		}
		if format == render.FormatSARIF {
			render.WriteSARIF(e.Stdout, rep, &render.SARIFFailure{Exit: code, Message: msg})
		} else {
			render.WriteGitHub(e.Stdout, rep, false)
			fmt.Fprintf(e.Stdout, "::error title=smithy %s::%s\n", render.GitHubProperty(exitNames[code]), render.GitHubData(render.EscapeText(msg)))
		}
	case render.FormatHTML:
		if e.Command != "validate-rpc" {
			return false // the only command with a page
		}
		var diags []render.Diag
		for i := range events {
			diags = append(diags, render.EventDiag(&events[i]))
		}
		render.WriteHTMLFailure(e.Stdout, e.Command, exitNames[code], msg, diags)
	default:
		return false
	}
	return true
}
