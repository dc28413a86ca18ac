package app

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/urfave/cli/v2"
)

// The output formats. text is for people; json is the contract's
// document; sarif (SARIF 2.1.0) and github (workflow commands) are for CI;
// html is the transcript report of validate-rpc --transcript.
const (
	formatText   = "text"
	formatJSON   = "json"
	formatSARIF  = "sarif"
	formatGitHub = "github"
	formatHTML   = "html"
)

// formats lists the formats of every command that reports findings or
// events; html is validate-rpc's only.
var formats = []string{formatText, formatJSON, formatSARIF, formatGitHub}

func formatFlag() *cli.StringFlag {
	return &cli.StringFlag{Name: "format", Value: formatText, Usage: "output format: " + strings.Join(formats, ", ")}
}

func rpcFormatFlag() *cli.StringFlag {
	return &cli.StringFlag{Name: "format", Value: formatText, Usage: "output format: " + strings.Join(formats, ", ") + ", or html (--transcript only: a report page)"}
}

func maxFindingsFlag() *cli.IntFlag {
	return &cli.IntFlag{Name: "max-findings", Value: 0, DefaultText: "0, all",
		Usage: "print at most N findings or events (text, sarif, github); the summary and the verdict count them all"}
}

func verboseFlag() *cli.BoolFlag {
	return &cli.BoolFlag{Name: "verbose", Value: false, Usage: "text format: list every message, not only those with findings"}
}

// checkFormat returns the --format of c, one of formats (or html where
// allowHTML).
func checkFormat(c *cli.Context) (string, error) {
	if c.IsSet("max-findings") && c.Int("max-findings") < 0 {
		return "", usageErrorf("--max-findings must be 0 (all) or more, not %d", c.Int("max-findings"))
	}
	f := c.String("format")
	allowed := formats
	if c.Command.Name == "validate-rpc" {
		allowed = append(slices.Clip(formats), formatHTML)
	}
	if slices.Contains(allowed, f) {
		return f, nil
	}
	return "", usageErrorf("--format must be one of %s, not %q", strings.Join(allowed, ", "), f)
}

// colorOn reports whether the text format is coloured on w: as
// --force-color or --no-color say, else only when w is a terminal and
// NO_COLOR is unset or empty (https://no-color.org).
func (e *env) colorOn(w io.Writer) bool {
	switch e.colorMode {
	case 1:
		return true
	case -1:
		return false
	}
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	if e.terminal != nil {
		return *e.terminal
	}
	return isTerminal(w)
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// requestedFormat finds the --format argument in args without parsing
// them (the parse itself may be what failed), so that a usage error is
// reported in the format asked for.
func requestedFormat(args []string) string {
	f := formatText
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
	ExitInvalid:    "internal",
	ExitUsage:      "usage",
	ExitModel:      "model",
	ExitInput:      "input",
	ExitIncomplete: "limit",
}

// writeErrorDocument writes a failure (usage, model, input) in a machine
// format, so that a program reading stdout never has to parse stderr:
//
//	json:   {"valid":false,"error":{"code":"model","message":"...","exit":3},"events":[...]}
//	sarif:  a log whose invocation failed, the model's events as results
//	github: the model's events and the error as annotations
//
// It reports whether it wrote one (text has none: stderr says it all).
func (e *env) writeErrorDocument(format string, code int, msg string, events []model.Event) bool {
	switch format {
	case formatJSON:
		doc := node.NewObject(
			node.Field{Key: "valid", Value: node.NewBool(false)},
			node.Field{Key: "error", Value: node.NewObject(
				node.Field{Key: "code", Value: node.NewString(exitNames[code])},
				node.Field{Key: "message", Value: node.NewString(msg)},
				node.Field{Key: "exit", Value: node.NewNumber(strconv.Itoa(code))},
			)},
			node.Field{Key: "events", Value: eventsNode(events)},
		)
		e.stdout.Write(append(node.Marshal(doc), '\n'))
	case formatSARIF, formatGitHub:
		rep := &report{command: e.command, model: true}
		for i := range events {
			rep.diags = append(rep.diags, eventDiag(&events[i]))
		}
		if format == formatSARIF {
			writeSARIF(e.stdout, rep, &sarifFailure{exit: code, message: msg})
		} else {
			writeGitHub(e.stdout, rep, false)
			fmt.Fprintf(e.stdout, "::error title=smithy %s::%s\n", githubProperty(exitNames[code]), githubData(escapeText(msg)))
		}
	default:
		return false
	}
	return true
}
