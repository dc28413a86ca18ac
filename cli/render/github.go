package render

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

// GitHubData escapes a workflow command's message.
func GitHubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// GitHubProperty escapes a workflow command's property value.
func GitHubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// WriteGitHub writes rep as workflow commands, and its summary as a
// notice when summary is set.
func WriteGitHub(w io.Writer, rep *Report, summary bool) error {
	bw := bufio.NewWriter(w)
	for i := range rep.Diags {
		d := &rep.Diags[i]
		bw.WriteString("::")
		bw.WriteString(githubLevel(d.Severity))
		var props []string
		if d.File != "" && d.File != "<stdin>" {
			props = append(props, "file="+GitHubProperty(EscapeText(d.File)))
			if d.Line > 0 {
				props = append(props, "line="+strconv.Itoa(d.Line))
				if d.Col > 0 {
					props = append(props, "col="+strconv.Itoa(d.codePointCol()))
				}
			}
		}
		props = append(props, "title="+GitHubProperty(d.Code))
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
		bw.WriteString(GitHubData(EscapeText(msg.String())))
		bw.WriteString("\n")
	}
	if summary {
		s := strings.TrimSpace(string(appendSummary(nil, rep, Palette{})))
		bw.WriteString("::notice title=smithy " + GitHubProperty(rep.Command) + "::" + GitHubData(s) + "\n")
	}
	return bw.Flush()
}
