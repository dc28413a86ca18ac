package render

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/smithy-validation/go/cli/version"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// The SARIF format (--format sarif): one SARIF 2.1.0 log with one run. The
// rules are the codes that the results use, described from the code
// catalogues (smithyvalidate/CODES.md, rpc/CODES.md; a model event's rule
// is its event ID); each result has the input file and line and column as
// its physical location (columns counted in Unicode code points, the
// run's columnKind) and the JSON Pointer of the offending value as its
// logical location. A failure (usage, model, input) is a log whose
// invocation did not succeed, with the model's events as results.

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	ColumnKind  string            `json:"columnKind"`
	Results     []sarifResult     `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string             `json:"id"`
	ShortDescription     sarifText          `json:"shortDescription"`
	Help                 sarifText          `json:"help"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
	Properties           map[string]string  `json:"properties,omitempty"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	ExitCode            *int                `json:"exitCode,omitempty"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

type sarifResult struct {
	RuleID     string          `json:"ruleId"`
	RuleIndex  int             `json:"ruleIndex"`
	Level      string          `json:"level"`
	Message    sarifText       `json:"message"`
	Locations  []sarifLocation `json:"locations,omitempty"`
	Properties *sarifProps     `json:"properties,omitempty"`
}

type sarifProps struct {
	Class string `json:"class,omitempty"`
	Shape string `json:"shape,omitempty"`
	Index *int   `json:"index,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifLogical struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

// SARIFFailure is a command that failed before it could report findings.
type SARIFFailure struct {
	Exit    int
	Message string
}

// sarifLevel maps a severity to a SARIF level.
func sarifLevel(severity string) string {
	switch severity {
	case "error", "danger":
		return "error"
	case "warning":
		return "warning"
	}
	return "note"
}

// WriteSARIF writes rep as a SARIF log; fail is the failure of a command
// that could not finish, nil otherwise.
func WriteSARIF(w io.Writer, rep *Report, fail *SARIFFailure) error {
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "smithy",
			Version:        version.Version,
			InformationURI: "https://github.com/smithy-validation/go",
			Rules:          []sarifRule{},
		}},
		ColumnKind: "unicodeCodePoints",
		Results:    []sarifResult{},
	}
	inv := sarifInvocation{ExecutionSuccessful: true}
	if fail != nil {
		code := fail.Exit
		inv = sarifInvocation{ExecutionSuccessful: false, ExitCode: &code,
			Notifications: []sarifNotification{{Level: "error", Message: sarifText{fail.Message}}}}
	}
	if all, shown := len(rep.counted()), len(rep.Diags); all > shown {
		// --max-findings: the log says what it leaves out, as the text
		// format's "... N more not shown" does.
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: "note",
			Message: sarifText{fmt.Sprintf("%d more findings not listed (--max-findings %d): %d in all", all-shown, shown, all)}})
	}
	run.Invocations = []sarifInvocation{inv}
	ruleIndex := map[string]int{}
	for i := range rep.Diags {
		d := &rep.Diags[i]
		idx, ok := ruleIndex[d.Code]
		if !ok {
			idx = len(run.Tool.Driver.Rules)
			ruleIndex[d.Code] = idx
			run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRuleFor(d))
		}
		res := sarifResult{RuleID: d.Code, RuleIndex: idx, Level: sarifLevel(d.Severity), Message: sarifText{d.Message}}
		var loc sarifLocation
		if d.File != "" && d.File != "<stdin>" {
			loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{URI: fileURI(d.File)}}
			if d.Line > 0 {
				r := &sarifRegion{StartLine: d.Line}
				if d.Col > 0 {
					r.StartColumn = d.codePointCol()
				}
				loc.PhysicalLocation.Region = r
			}
		}
		if !rep.Model {
			loc.LogicalLocations = []sarifLogical{{FullyQualifiedName: d.Path, Kind: "value"}}
		}
		if loc.PhysicalLocation != nil || loc.LogicalLocations != nil {
			res.Locations = []sarifLocation{loc}
		}
		props := &sarifProps{Class: d.Class, Shape: d.Shape}
		if d.Index >= 0 {
			i := d.Index
			props.Index = &i
		}
		res.Properties = props
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

// sarifRuleFor describes the rule of d's code from the catalogues.
func sarifRuleFor(d *Diag) sarifRule {
	r := sarifRule{ID: d.Code, DefaultConfiguration: sarifConfiguration{Level: sarifLevel(d.Severity)}}
	var summary string
	if d.Class == "model" {
		summary = "Smithy model validation event " + d.Code
	} else if info, ok := rpc.LookupCode(sv.Code(d.Code)); ok {
		summary = info.Summary
		r.DefaultConfiguration.Level = sarifLevel(info.Severity.String())
		r.Properties = map[string]string{"class": info.Class.String()}
	} else if info, ok := sv.Code(d.Code).Info(); ok {
		summary = info.Summary
		r.DefaultConfiguration.Level = sarifLevel(info.Severity.String())
		r.Properties = map[string]string{"class": info.Class.String()}
	} else {
		summary = d.Code
	}
	r.ShortDescription = sarifText{summary}
	r.Help = sarifText{summary}
	return r
}

// fileURI is a relative URI reference for a file name: forward slashes,
// each segment percent-encoded.
func fileURI(name string) string {
	segs := strings.Split(filepath.ToSlash(name), "/")
	abs := filepath.IsAbs(name)
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
		if !abs {
			// "a:b.json" would read as the scheme a (RFC 3986 4.2)
			segs[i] = strings.ReplaceAll(segs[i], ":", "%3A")
		}
	}
	u := strings.Join(segs, "/")
	if abs {
		if !strings.HasPrefix(u, "/") {
			u = "/" + u // C:/x on Windows: file:///C:/x
		}
		return "file://" + u
	}
	return u
}
