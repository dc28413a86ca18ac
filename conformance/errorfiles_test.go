package conformance

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/core/validate"
	"github.com/smithy-validation/go/smithyvalidate"
)

// The Smithy errorfiles corpus: each model file (.smithy or .json) has a
// .errors file listing the validation events the reference implementation
// reports for it, one a line: `[SEVERITY] shapeId|-: message | EventId`.
// An expected event matches an actual one with the same severity and
// shape, an event ID equal to the expected one or a dotted extension of it,
// and a message that starts with the expected text. A file passes when
// every expected event is matched and every actual event that is not
// suppressed is expected (ModelDeprecation, DeprecatedTrait and
// DeprecatedShape events excepted, as in the reference's test runner).
//
// As the reference's runner does, a file that expects both events of the
// critical validators and later ones is validated without stopping after
// the critical stage (validate.ContinueAfterCritical).
//
// A file that fails to load (a syntax error) produces one ERROR event for
// the error, matched against the expected text with the reference's
// "Syntax error at line L, column C: " prefix removed.
//
// Files that are known not to pass are listed in
// testdata/errorfiles-expected-failures.txt (`path: reason`); the test
// fails when a listed file passes, so the list only shrinks. Set
// UPDATE_GOLDEN=1 to rewrite the list from the current results
// (reasons written by hand are kept; derived ones are recomputed).

const expectedFailuresFile = "testdata/errorfiles-expected-failures.txt"

// errorfileDirs are the corpus directories run, relative to errorfiles/.
var errorfileDirs = []string{"loader", "validators"}

// valueValidators are the value engine's model validators (trait values,
// @default values, @examples), added to each file's validators as `smithy
// validate` does.
var valueValidators = smithyvalidate.ModelValidators()

type errorfileEvent struct {
	severity   string // ERROR, DANGER, WARNING, NOTE, SUPPRESSED
	shape      string // "-" for none
	message    string
	id         string
	loadFailed bool // an error from loading the file
}

func (e errorfileEvent) String() string {
	return fmt.Sprintf("[%s] %s: %s | %s", e.severity, e.shape, strings.ReplaceAll(e.message, "\n", "\\n"), e.id)
}

var expectedLine = regexp.MustCompile(`^\[(SUPPRESSED|NOTE|WARNING|DANGER|ERROR)\] ([^ ]+): ?(.*) \| ([^)]+)$`)

func readExpected(path string) ([]errorfileEvent, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []errorfileEvent
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		m := expectedLine.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("%s: malformed line %q", path, line)
		}
		out = append(out, errorfileEvent{severity: m[1], shape: m[2], message: m[3], id: strings.TrimSpace(m[4])})
	}
	return out, nil
}

var syntaxPrefix = regexp.MustCompile(`^Syntax error at line \d+, column \d+: `)

func (exp errorfileEvent) matches(act errorfileEvent) bool {
	if act.loadFailed {
		if exp.severity != "ERROR" {
			return false
		}
		want := syntaxPrefix.ReplaceAllString(exp.message, "")
		return strings.Contains(normalizeNewlines(act.message), normalizeNewlines(want))
	}
	return exp.severity == act.severity && exp.shape == act.shape && validate.ContainsID(act.id, exp.id) &&
		strings.HasPrefix(normalizeNewlines(act.message), normalizeNewlines(exp.message))
}

func normalizeNewlines(s string) string {
	return strings.NewReplacer("\r", "\\n", "\n", "\\n").Replace(s)
}

// criticalIDs are the event IDs of the reference's critical validators.
var criticalIDs = map[string]bool{
	"Target": true, "ResourceCycle": true, "EnumShape": true, "ExclusiveStructureMemberTrait": true,
	"TraitTarget": true, "TraitValue": true, "TraitConflict": true, "DefaultTrait": true,
	"ShapeIdConflict": true, "SingleOperationBinding": true, "SingleResourceBinding": true,
}

// needsLegacyStaging applies the reference test runner's rule: a file that
// expects both critical events (or Model ERRORs) and later ones is
// validated without stopping after the critical stage.
func needsLegacyStaging(expected []errorfileEvent) bool {
	critical, other := false, false
	for _, e := range expected {
		base, _, _ := strings.Cut(e.id, ".")
		if criticalIDs[base] || e.id == "Model" && e.severity == "ERROR" {
			critical = true
		} else {
			other = true
		}
	}
	return critical && other
}

// runErrorfile loads and validates one model file and returns its events.
func runErrorfile(path string, legacy bool) []errorfileEvent {
	a := assembly.New()
	if err := a.AddPath(path); err != nil {
		return []errorfileEvent{loadError(err)}
	}
	res, err := a.Assemble()
	if err != nil {
		return []errorfileEvent{loadError(err)}
	}
	var opts []validate.Option
	opts = append(opts, validate.WithEvents(res.Events))
	if legacy {
		opts = append(opts, validate.ContinueAfterCritical())
	}
	if res.Model != nil {
		opts = append(opts, validate.WithValidators(valueValidators...))
	}
	rep := validate.Check(res.Model, opts...)
	var out []errorfileEvent
	for _, e := range rep.Events {
		out = append(out, fromEvent(e, e.Severity.String(), ""))
	}
	for _, s := range rep.Suppressed {
		out = append(out, fromEvent(s.Event, "SUPPRESSED", s.Reason))
	}
	return out
}

func fromEvent(e model.Event, severity, reason string) errorfileEvent {
	shape := "-"
	if !e.Shape.IsZero() {
		shape = e.Shape.String()
	}
	msg := e.Message
	if reason != "" {
		msg += " (" + reason + ")"
	}
	return errorfileEvent{severity: severity, shape: shape, message: msg, id: e.ID}
}

func loadError(err error) errorfileEvent {
	ev := errorfileEvent{severity: "ERROR", shape: "-", id: "Model", message: err.Error(), loadFailed: true}
	var ie *idl.Error
	var je *jsonast.Error
	var se *shapeid.Error
	switch {
	case errors.As(err, &ie):
		ev.message = ie.Msg
		if !ie.Shape.IsZero() {
			ev.shape = ie.Shape.String()
		}
	case errors.As(err, &je):
		ev.message = je.Msg
	case errors.As(err, &se):
		ev.message = se.Error()
	}
	return ev
}

type errorfileResult struct {
	unmatched, extra []errorfileEvent
}

func (r errorfileResult) ok() bool { return len(r.unmatched) == 0 && len(r.extra) == 0 }

func (r errorfileResult) String() string {
	var b strings.Builder
	if len(r.unmatched) > 0 {
		b.WriteString("did not match the expected events:\n")
		for _, e := range r.unmatched {
			b.WriteString("  " + e.String() + "\n")
		}
	}
	if len(r.extra) > 0 {
		b.WriteString("unexpected events:\n")
		for _, e := range r.extra {
			b.WriteString("  " + e.String() + "\n")
		}
	}
	return b.String()
}

func compareErrorfile(expected, actual []errorfileEvent) errorfileResult {
	var r errorfileResult
	for _, exp := range expected {
		found := false
		for _, act := range actual {
			if exp.matches(act) {
				found = true
				break
			}
		}
		if !found {
			r.unmatched = append(r.unmatched, exp)
		}
	}
	for _, act := range actual {
		if act.severity == "SUPPRESSED" || isDeprecationEvent(act.id) {
			continue
		}
		found := false
		for _, exp := range expected {
			if exp.matches(act) {
				found = true
				break
			}
		}
		if !found {
			r.extra = append(r.extra, act)
		}
	}
	return r
}

func isDeprecationEvent(id string) bool {
	return validate.ContainsID(id, "ModelDeprecation") || validate.ContainsID(id, "DeprecatedTrait") || validate.ContainsID(id, "DeprecatedShape")
}

// errorfileModels lists the model files of dir that have a .errors file.
func errorfileModels(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		ext := filepath.Ext(path)
		if ext != ".smithy" && ext != ".json" {
			return nil
		}
		if _, err := os.Stat(strings.TrimSuffix(path, ext) + ".errors"); err == nil {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

func readErrorfileFailures(t *testing.T) (map[string]string, []string) {
	t.Helper()
	f, err := os.Open(expectedFailuresFile)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	var header []string
	sc := bufio.NewScanner(f)
	inHeader := true
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			if inHeader {
				header = append(header, line)
			}
			continue
		}
		inHeader = false
		path, reason, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("%s: malformed line %q (want `path: reason`)", expectedFailuresFile, line)
		}
		if _, dup := out[path]; dup {
			t.Fatalf("%s: %s listed twice", expectedFailuresFile, path)
		}
		out[path] = reason
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out, header
}

// derivedReason summarizes why a file fails, for new list entries: the
// same events with other wording, events reported by no check of ours
// (naming whose check it would be), or events the reference does not
// report.
func derivedReason(r errorfileResult) string {
	base := func(id string) string { b, _, _ := strings.Cut(id, "."); return b }
	var parts []string
	add := func(p string) {
		for _, q := range parts {
			if q == p {
				return
			}
		}
		parts = append(parts, p)
	}
	paired := map[int]bool{}
	for _, e := range r.unmatched {
		found := false
		for i, x := range r.extra {
			if !paired[i] && x.severity == e.severity && x.shape == e.shape && base(x.id) == base(e.id) {
				paired[i], found = true, true
				break
			}
		}
		switch {
		case found:
			add("other wording for " + base(e.id) + " (" + owner(base(e.id)) + ")")
		case owner(base(e.id)) == "no such validator yet":
			add("no " + base(e.id) + " validator yet")
		default:
			add("missing " + e.id + " (" + owner(base(e.id)) + ")")
		}
	}
	for i, x := range r.extra {
		if !paired[i] {
			add("unexpected " + x.id + " (" + owner(base(x.id)) + ")")
		}
	}
	return strings.Join(parts, "; ")
}

// isDerived reports whether a reason is one derivedReason writes (and
// UPDATE_GOLDEN may recompute) rather than one written by hand.
func isDerived(reason string) bool {
	for _, p := range []string{"no ", "missing ", "unexpected ", "other wording "} {
		if strings.HasPrefix(reason, p) {
			return true
		}
	}
	return false
}

// owner names the part of the project that reports events of an ID.
func owner(id string) string {
	switch id {
	case "Model", "ModelDeprecation", "SyntacticShapeIdTarget":
		return "loader: assembly, idl, jsonast"
	case "TraitValue":
		return "value engine: smithyvalidate"
	case "Target", "TraitTarget", "TraitConflict", "ShapeIdConflict", "ResourceCycle", "SingleOperationBinding",
		"SingleResourceBinding", "ResourceIdentifier", "ResourceIdentifierBinding", "ResourceLifecycle",
		"UnresolvedTrait", "UnreferencedShape", "EmitEachSelector", "EmitNoneSelector":
		return "core/validate"
	}
	if strings.HasPrefix(id, "UnknownValidator_") {
		return "core/validate"
	}
	return "no such validator yet"
}

func TestErrorfiles(t *testing.T) {
	root := corpusDir(t, "errorfiles")
	listed, header := readErrorfileFailures(t)
	update := os.Getenv("UPDATE_GOLDEN") != ""
	failing := map[string]string{}
	seen := map[string]bool{}
	for _, dir := range errorfileDirs {
		files := errorfileModels(t, filepath.Join(root, dir))
		pass := 0
		for _, path := range files {
			rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
			seen[rel] = true
			ext := filepath.Ext(path)
			expected, err := readExpected(strings.TrimSuffix(path, ext) + ".errors")
			if err != nil {
				t.Errorf("%s: %v", rel, err)
				continue
			}
			res := compareErrorfile(expected, runErrorfile(path, needsLegacyStaging(expected)))
			reason, isListed := listed[rel]
			switch {
			case res.ok():
				pass++
				if isListed && !update {
					t.Errorf("%s passes but is listed in %s (%s): remove it", rel, expectedFailuresFile, reason)
				}
			case isListed && !(update && isDerived(reason)):
				failing[rel] = reason
			default:
				failing[rel] = derivedReason(res)
				if !update {
					t.Errorf("%s:\n%s", rel, res)
				}
			}
		}
		t.Logf("errorfiles/%s: %d of %d files pass", dir, pass, len(files))
	}
	for rel := range listed {
		if !seen[rel] && !update {
			t.Errorf("%s lists %s, which is not in the corpus", expectedFailuresFile, rel)
		}
	}
	if update {
		var b strings.Builder
		for _, h := range header {
			b.WriteString(h + "\n")
		}
		paths := make([]string, 0, len(failing))
		for p := range failing {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			fmt.Fprintf(&b, "%s: %s\n", p, failing[p])
		}
		if err := os.WriteFile(expectedFailuresFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %s: %d entries", expectedFailuresFile, len(paths))
	}
}

// TestErrorfile runs one corpus file and prints its events and the
// comparison: ERRORFILE=validators/trait-target/trait-target.json.
func TestErrorfile(t *testing.T) {
	rel := os.Getenv("ERRORFILE")
	if rel == "" {
		t.Skip("set ERRORFILE to a path under errorfiles/ to inspect one file")
	}
	path := filepath.Join(corpusDir(t, "errorfiles"), filepath.FromSlash(rel))
	expected, err := readExpected(strings.TrimSuffix(path, filepath.Ext(path)) + ".errors")
	if err != nil {
		t.Fatal(err)
	}
	actual := runErrorfile(path, needsLegacyStaging(expected))
	for _, e := range actual {
		t.Logf("actual: %s", e)
	}
	if res := compareErrorfile(expected, actual); !res.ok() {
		t.Errorf("%s", res)
	}
}
