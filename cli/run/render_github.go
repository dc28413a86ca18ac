package run

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// The GitHub format (--format github): one workflow command per finding,
// which GitHub Actions shows as an annotation on the file and line:
//
//	::error file=calls.jsonl,line=4,col=87,title=type::/params/1 (example#SubtractInput$subtrahend): expected an integer, found a string
//
// error is error (a model's DANGER too), warning is warning, and an
// advisory (a model's NOTE) is a notice. Columns count Unicode code
// points. A summary line follows as a notice.

// githubLevel maps a severity to a workflow command.
func githubLevel(severity string) string {
	switch severity {
	case "error", "danger":
		return "error"
	case "warning":
		return "warning"
	}
	return "notice"
}

// githubData escapes a workflow command's message.
func githubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// githubProperty escapes a workflow command's property value.
func githubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// writeGitHub writes rep as workflow commands, and its summary as a
// notice when summary is set.
func writeGitHub(w io.Writer, rep *report, summary bool) error {
	bw := bufio.NewWriter(w)
	for i := range rep.diags {
		d := &rep.diags[i]
		bw.WriteString("::")
		bw.WriteString(githubLevel(d.Severity))
		var props []string
		if d.File != "" && d.File != "<stdin>" {
			props = append(props, "file="+githubProperty(EscapeText(d.File)))
			if d.Line > 0 {
				props = append(props, "line="+strconv.Itoa(d.Line))
				if d.Col > 0 {
					props = append(props, "col="+strconv.Itoa(d.codePointCol()))
				}
			}
		}
		props = append(props, "title="+githubProperty(d.Code))
		bw.WriteString(" ")
		bw.WriteString(strings.Join(props, ","))
		bw.WriteString("::")
		var msg strings.Builder
		if d.File == "<stdin>" {
			msg.WriteString("<stdin>")
			if d.Line > 0 {
				msg.WriteString(":" + strconv.Itoa(d.Line))
			}
			msg.WriteString(": ")
		}
		if d.Path != "" {
			msg.WriteString(d.Path)
			msg.WriteString(" ")
		}
		if d.Shape != "" {
			msg.WriteString("(" + d.Shape + ") ")
		}
		if msg.Len() > 0 && d.File != "<stdin>" {
			s := strings.TrimSuffix(msg.String(), " ")
			msg.Reset()
			msg.WriteString(s + ": ")
		}
		msg.WriteString(d.Message)
		bw.WriteString(githubData(EscapeText(msg.String())))
		bw.WriteString("\n")
	}
	if summary {
		s := strings.TrimSpace(string(appendSummary(nil, rep, palette{})))
		bw.WriteString("::notice title=smithy " + githubProperty(rep.command) + "::" + githubData(s) + "\n")
	}
	return bw.Flush()
}
