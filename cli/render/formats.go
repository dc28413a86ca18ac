package render

import (
	"os"
)

// The output formats. text is for people; json is the contract's
// document; sarif (SARIF 2.1.0) and github (workflow commands) are for CI;
// html is the transcript report of validate-rpc --transcript.
const (
	FormatText   = "text"
	FormatJSON   = "json"
	FormatSARIF  = "sarif"
	FormatGitHub = "github"
	FormatHTML   = "html"
)

// Formats lists the formats of every command that reports findings or
// events; html is validate-rpc's only.
var Formats = []string{FormatText, FormatJSON, FormatSARIF, FormatGitHub}

// IsTerminal reports whether w is a terminal: a file the system says is
// one (a terminal's attributes can be read: isTerminalFile), or a writer
// with an IsTerminal method that says so (a program that writes to a
// pseudo-terminal through a writer of its own, or a test that wants the
// terminal's output in a buffer). A character device that is no terminal
// (/dev/null) is not one: `2>/dev/null` started the progress meter.
func IsTerminal(w any) bool {
	if t, ok := w.(interface{ IsTerminal() bool }); ok {
		return t.IsTerminal()
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0 && isTerminalFile(f)
}
