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
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/idl"
	"github.com/smithy-validation/go/core/jsonast"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/prelude"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
)

// smithyCorpus is the Smithy test corpus, read in place (never copied).
var smithyCorpus = filepath.Join("..", "..", "shared", "corpus", "smithy")

func corpusDir(t *testing.T, sub string) string {
	t.Helper()
	dir := filepath.Join(smithyCorpus, sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("Smithy corpus not available at %s (%v): it lives in ../shared/corpus beside the repository", dir, err)
	}
	return dir
}

func smithyFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".smithy") {
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

// loadIDL loads one IDL file as the IDL loader does within a model whose
// other documents are given: parse, then lower with every defined ID (the
// prelude's, the other documents' and the file's own). DANGER events (an
// unquoted shape ID naming no shape) fail the load as they fail the
// reference implementation's.
func loadIDL(name string, src []byte, others ...*model.Document) (*model.Document, error) {
	f, err := idl.Parse(name, src)
	if err != nil {
		return nil, err
	}
	defined := map[shapeid.ID]bool{}
	for _, d := range append([]*model.Document{prelude.Document()}, others...) {
		for _, s := range d.Shapes {
			defined[s.ID] = true
		}
	}
	for _, id := range f.Declared() {
		defined[id] = true
	}
	doc, events, err := f.LowerWithEvents(func(id shapeid.ID) bool { return defined[id] })
	if err != nil {
		return nil, err
	}
	for _, e := range events {
		if e.Severity == idl.Danger {
			return nil, &idl.Error{File: e.File, Pos: e.Pos, Shape: e.Shape, Msg: e.Msg}
		}
	}
	return doc, nil
}

// expectation is the first line of an idl-invalid file, as the reference
// implementation renders a validation event: "[shape: ]message[ | EventId]",
// where a syntax error's message is "Syntax error at line L, column C: text".
type expectation struct {
	shape     string
	line, col int
	text      string
}

var (
	expectRe = regexp.MustCompile(`^(?:([A-Za-z0-9_.]+#[A-Za-z0-9_$]+): )?(.*?)(?: \| [A-Za-z.]+)?$`)
	syntaxRe = regexp.MustCompile(`^Syntax error at line (\d+), column (\d+)(?::\s*(.*))?$`)
)

func parseExpectation(first string) expectation {
	first = strings.TrimSpace(strings.TrimPrefix(first, "//"))
	m := expectRe.FindStringSubmatch(first)
	e := expectation{shape: m[1], text: m[2]}
	if s := syntaxRe.FindStringSubmatch(e.text); s != nil {
		e.line, _ = strconv.Atoi(s[1])
		e.col, _ = strconv.Atoi(s[2])
		e.text = s[3]
	}
	return e
}

// cleanMessage normalizes what the reference's own test normalizes: the
// [EOF] marker and line breaks.
func cleanMessage(s string) string {
	s = strings.ReplaceAll(s, "[EOF]", "")
	s = strings.ReplaceAll(s, "\r\n", `\n`)
	return strings.ReplaceAll(s, "\n", `\n`)
}

// matches reports whether err is the expected failure: same position for a
// syntax error, same shape when one is named, and a message containing the
// expected text.
func (e expectation) matches(err error) bool {
	var ie *idl.Error
	if !errors.As(err, &ie) {
		return strings.Contains(cleanMessage(err.Error()), cleanMessage(e.text))
	}
	if e.line != 0 && (int(ie.Pos.Line) != e.line || int(ie.Pos.Column) != e.col) {
		return false
	}
	if e.shape != "" && ie.Shape.String() != e.shape {
		return false
	}
	return strings.Contains(cleanMessage(ie.Msg), cleanMessage(e.text))
}

// assemblyProblem assembles a file that the IDL loader accepted and says
// what is wrong when assembly does not report the expected error (or
// DANGER) event.
func assemblyProblem(path string, src []byte, want expectation) string {
	a := assembly.New()
	if err := a.AddSource(path, src); err != nil {
		if want.matches(err) {
			return ""
		}
		return "wrong error: " + err.Error()
	}
	res, err := a.Assemble()
	if err != nil {
		if want.matches(err) {
			return ""
		}
		return "wrong error: " + err.Error()
	}
	var found []string
	for _, e := range res.Events {
		if e.Severity < model.Danger {
			continue
		}
		if (want.shape == "" || e.Shape.String() == want.shape) &&
			strings.Contains(cleanMessage(e.Message), cleanMessage(want.text)) {
			return ""
		}
		found = append(found, e.String())
	}
	if len(found) == 0 {
		return "loaded without error"
	}
	return "wrong events: " + strings.Join(found, "; ")
}

// readExpectedFailures reads testdata/<name>: "path: reason" lines, paths
// relative to the corpus directory.
func readExpectedFailures(t *testing.T, name string) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		path, reason, ok := strings.Cut(line, ": ")
		if !ok || strings.TrimSpace(reason) == "" {
			t.Fatalf("%s: %q is not `path: reason`", name, line)
		}
		out[path] = reason
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestIDLInvalid loads every idl-invalid file: each must fail, with the
// error its first line names. Files the IDL loader cannot reject alone
// (their errors belong to model assembly) are listed with a reason in
// testdata/idl-expected-failures.txt; a listed file that starts passing
// fails the test so that the list stays honest.
func TestIDLInvalid(t *testing.T) {
	dir := corpusDir(t, "idl-invalid")
	expected := readExpectedFailures(t, "idl-expected-failures.txt")
	for k := range expected {
		if !strings.HasPrefix(k, "idl-invalid/") {
			delete(expected, k)
		}
	}
	passed, failedAsExpected := 0, 0
	files := smithyFiles(t, dir)
	for _, path := range files {
		rel := filepath.ToSlash(strings.TrimPrefix(path, smithyCorpus+string(filepath.Separator)))
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(src), "\n")
		want := parseExpectation(first)
		var problem string
		if _, err := loadIDL(path, src); err != nil {
			if !want.matches(err) {
				problem = "wrong error: " + err.Error()
			}
		} else {
			problem = assemblyProblem(path, src, want)
		}
		reason, listed := expected[rel]
		delete(expected, rel)
		switch {
		case problem == "" && listed:
			t.Errorf("%s now passes: remove it from testdata/idl-expected-failures.txt (%s)", rel, reason)
		case problem == "":
			passed++
		case listed:
			failedAsExpected++
		default:
			t.Errorf("%s:\n  want %s\n  got  %s", rel, strings.TrimSpace(strings.TrimPrefix(first, "//")), problem)
		}
	}
	for rel := range expected {
		t.Errorf("testdata/idl-expected-failures.txt lists %s, which is not in the corpus", rel)
	}
	t.Logf("idl-invalid: %d of %d rejected with the expected error; %d listed as expected failures", passed, len(files), failedAsExpected)
}

// TestIDLValid loads every idl-valid file with __shared.json and compares
// it with the JSON AST file of the same name, twice: as loaded documents
// (which checks the IDL loader alone; normalize does model assembly's work
// on both sides: apply statements merged into their targets, values of
// traits written without one, enum values left implicit, operations'
// implicit Unit input and output, elided member targets), then as
// assembled models.
func TestIDLValid(t *testing.T) {
	dir := corpusDir(t, "idl-valid")
	sharedSrc, err := os.ReadFile(filepath.Join(dir, "__shared.json"))
	if err != nil {
		t.Fatal(err)
	}
	shared, err := jsonast.Decode("__shared.json", sharedSrc)
	if err != nil {
		t.Fatalf("__shared.json: %v", err)
	}
	expected := readExpectedFailures(t, "idl-expected-failures.txt")
	for k := range expected {
		if !strings.HasPrefix(k, "idl-valid/") {
			delete(expected, k)
		}
	}
	loaded, compared, assembled, failedAsExpected := 0, 0, 0, 0
	files := smithyFiles(t, dir)
	for _, path := range files {
		rel := strings.TrimPrefix(path, dir+string(filepath.Separator))
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := loadIDL(path, src, shared)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		loaded++
		jsonSrc, err := os.ReadFile(strings.TrimSuffix(path, ".smithy") + ".json")
		if errors.Is(err, fs.ErrNotExist) {
			continue // mixins/*.flattened.smithy and a few others have no JSON form
		}
		if err != nil {
			t.Fatal(err)
		}
		want, err := jsonast.Decode(rel, jsonSrc)
		if err != nil {
			t.Errorf("%s: the JSON AST file does not load: %v", rel, err)
			continue
		}
		if diffs := compareDocuments(normalize(doc), normalize(want)); len(diffs) > 0 {
			t.Errorf("%s differs from its JSON AST as a document:\n  %s", rel, strings.Join(diffs, "\n  "))
			continue
		}
		compared++
		problem := modelProblem(path, src, jsonSrc, sharedSrc)
		reason, listed := expected["idl-valid/"+filepath.ToSlash(rel)]
		delete(expected, "idl-valid/"+filepath.ToSlash(rel))
		switch {
		case problem == "" && listed:
			t.Errorf("idl-valid/%s now passes: remove it from testdata/idl-expected-failures.txt (%s)", rel, reason)
			continue
		case problem != "" && !listed:
			t.Errorf("%s: %s", rel, problem)
			continue
		case listed:
			failedAsExpected++
			continue
		}
		assembled++
	}
	for rel := range expected {
		t.Errorf("testdata/idl-expected-failures.txt lists %s, which is not an idl-valid file with a JSON AST", rel)
	}
	t.Logf("idl-valid: %d of %d files loaded; %d equal to their JSON AST as documents, %d as assembled models; %d listed as expected failures",
		loaded, len(files), compared, assembled, failedAsExpected)
}

// modelProblem assembles the IDL file and the JSON AST file, each with
// __shared.json, and describes how the two models differ ("" when equal).
func modelProblem(path string, src, jsonSrc, sharedSrc []byte) string {
	fromIDL, err := assemble(path, src, sharedSrc)
	if err != nil {
		return err.Error()
	}
	fromJSON, err := assemble(strings.TrimSuffix(path, ".smithy")+".json", jsonSrc, sharedSrc)
	if err != nil {
		return "the JSON AST model: " + err.Error()
	}
	if node.Equal(jsonast.ToNode(fromIDL), jsonast.ToNode(fromJSON)) {
		return ""
	}
	return fmt.Sprintf("the assembled models differ:\nfrom the IDL:\n%s\nfrom the JSON AST:\n%s",
		jsonast.Encode(fromIDL), jsonast.Encode(fromJSON))
}

// assemble assembles one model file with __shared.json; ERROR events fail.
func assemble(path string, src, shared []byte) (*model.Model, error) {
	a := assembly.New()
	if err := a.AddSource("__shared.json", shared); err != nil {
		return nil, err
	}
	if err := a.AddSource(path, src); err != nil {
		return nil, err
	}
	res, err := a.Assemble()
	if err != nil {
		return nil, err
	}
	var errs []string
	for _, e := range res.Events {
		if e.Severity >= model.Danger {
			errs = append(errs, e.String())
		}
	}
	if len(errs) > 0 || res.Model == nil {
		return nil, fmt.Errorf("assembly failed: %s", strings.Join(errs, "; "))
	}
	return res.Model, nil
}

// normShape is a shape reduced to what both formats must agree on.
type normShape struct {
	typ    model.ShapeType
	traits map[string]node.Node
	// inherited holds traits applied to members the shape gets from a
	// mixin: written as an elided member in the IDL, as an apply in the
	// JSON AST.
	inherited map[string]map[string]node.Node
	mixins    string
	members   []normMember
	props     string
}

type normMember struct {
	name, target string
	traits       map[string]node.Node
}

type normDoc struct {
	version  string
	metadata map[string]node.Node
	shapes   map[string]*normShape
}

func normalize(d *model.Document) normDoc {
	n := normDoc{version: d.Version, metadata: map[string]node.Node{}, shapes: map[string]*normShape{}}
	for _, m := range d.Metadata {
		n.metadata[m.Key] = m.Value
	}
	defs := map[shapeid.ID]*model.ShapeDef{}
	for i := range d.Shapes {
		defs[d.Shapes[i].ID] = &d.Shapes[i]
	}
	for _, s := range d.Shapes {
		ns := &normShape{typ: s.Type, traits: traitMap(s.Traits), mixins: fmt.Sprint(s.Mixins()), inherited: map[string]map[string]node.Node{}}
		for _, m := range s.Members {
			nm := normMember{name: m.Name, target: m.Target.String(), traits: traitMap(m.Traits())}
			if m.Elided() {
				target, fromMixin := elidedTarget(defs, &s, m.Name)
				if fromMixin {
					ns.inherited[m.Name] = nm.traits
					continue
				}
				nm.target = target.String()
			}
			if s.Type == model.EnumType {
				if _, ok := nm.traits[preludeid.EnumValue.String()]; !ok {
					nm.traits[preludeid.EnumValue.String()] = node.NewString(m.Name)
				}
			}
			ns.members = append(ns.members, nm)
		}
		e := s.Props()
		input, output := e.Input, e.Output
		if s.Type == model.OperationType {
			if input.IsZero() {
				input = preludeid.Unit
			}
			if output.IsZero() {
				output = preludeid.Unit
			}
		}
		ns.props = fmt.Sprintf("version=%q operations=%v resources=%v errors=%v rename=%v input=%v output=%v identifiers=%v properties=%v create=%v put=%v read=%v update=%v delete=%v list=%v collectionOperations=%v",
			e.Version, e.Operations, e.Resources, e.Errors, e.Rename, input, output, e.Identifiers, e.Properties,
			e.Create, e.Put, e.Read, e.Update, e.Delete, e.List, e.CollectionOperations)
		n.shapes[s.ID.String()] = ns
	}
	for _, a := range d.Applies {
		traits := map[string]node.Node{}
		if s, ok := n.shapes[a.Target.Root().String()]; ok {
			traits = s.traits
			if a.Target.HasMember() {
				traits = s.inherited[a.Target.Member]
				if traits == nil {
					traits = map[string]node.Node{}
					s.inherited[a.Target.Member] = traits
				}
				for i := range s.members {
					if s.members[i].name == a.Target.Member {
						traits = s.members[i].traits
					}
				}
			}
		} else {
			// Traits applied to a shape of another document (a mixin member
			// of __shared.json, a prelude shape) are kept under their target.
			s := &normShape{traits: traits, inherited: map[string]map[string]node.Node{}}
			if prev, ok := n.shapes["apply "+a.Target.String()]; ok {
				s = prev
			}
			n.shapes["apply "+a.Target.String()] = s
			traits = s.traits
		}
		for k, v := range traitMap(a.Traits) {
			traits[k] = v
		}
	}
	return n
}

func traitMap(ts []model.Trait) map[string]node.Node {
	m := map[string]node.Node{}
	for _, t := range ts {
		m[t.ID.String()] = t.Value
	}
	return m
}

// elidedTarget finds the target of an elided member as assembly does: a
// member of the same name in a mixin (the member is then the mixin's, with
// traits added), else a resource identifier or property of the `for`
// resource.
func elidedTarget(defs map[shapeid.ID]*model.ShapeDef, s *model.ShapeDef, name string) (target shapeid.ID, fromMixin bool) {
	for _, mixin := range s.Mixins() {
		if m, ok := defs[mixin]; ok {
			for _, mem := range m.Members {
				if mem.Name == name {
					if mem.Elided() {
						target, _ = elidedTarget(defs, m, name)
						return target, true
					}
					return mem.Target, true
				}
			}
		}
	}
	if r, ok := defs[s.Props().ForResource]; ok {
		for _, nt := range append(append([]model.NamedTarget(nil), r.Props().Identifiers...), r.Props().Properties...) {
			if nt.Name == name {
				return nt.Target, false
			}
		}
	}
	return shapeid.ID{}, false
}

func compareDocuments(got, want normDoc) []string {
	var diffs []string
	if got.version != want.version {
		diffs = append(diffs, fmt.Sprintf("version %s, want %s", got.version, want.version))
	}
	diffs = append(diffs, compareNodes("metadata", got.metadata, want.metadata)...)
	for _, id := range unionKeys(got.shapes, want.shapes) {
		g, w := got.shapes[id], want.shapes[id]
		switch {
		case g == nil:
			diffs = append(diffs, id+": missing")
			continue
		case w == nil:
			diffs = append(diffs, id+": not in the JSON AST")
			continue
		}
		if g.typ != w.typ || g.mixins != w.mixins || g.props != w.props {
			diffs = append(diffs, fmt.Sprintf("%s: %s %s %s\n    want %s %s %s", id, g.typ, g.mixins, g.props, w.typ, w.mixins, w.props))
		}
		diffs = append(diffs, compareNodes(id+" traits", g.traits, w.traits)...)
		for _, m := range unionKeys(g.inherited, w.inherited) {
			diffs = append(diffs, compareNodes(id+"$"+m+" (from a mixin) traits", g.inherited[m], w.inherited[m])...)
		}
		if len(g.members) != len(w.members) {
			diffs = append(diffs, fmt.Sprintf("%s: %d members, want %d", id, len(g.members), len(w.members)))
			continue
		}
		for i := range g.members {
			gm, wm := g.members[i], w.members[i]
			if gm.name != wm.name || gm.target != wm.target {
				diffs = append(diffs, fmt.Sprintf("%s: member %d is %s -> %s, want %s -> %s", id, i, gm.name, gm.target, wm.name, wm.target))
			}
			diffs = append(diffs, compareNodes(id+"$"+gm.name+" traits", gm.traits, wm.traits)...)
		}
	}
	return diffs
}

// compareNodes compares trait or metadata values; a null value (a trait
// written without one in the IDL) equals an empty object or array, the
// value assembly gives it.
func compareNodes(what string, got, want map[string]node.Node) []string {
	var diffs []string
	for _, k := range unionKeys(got, want) {
		g, gok := got[k]
		w, wok := want[k]
		switch {
		case !gok || !wok:
			diffs = append(diffs, fmt.Sprintf("%s: %s present=%v, want present=%v", what, k, gok, wok))
		case g.IsNull() && (w.Kind() == node.Object || w.Kind() == node.Array) && w.Len() == 0:
		case !node.Equal(g, w):
			diffs = append(diffs, fmt.Sprintf("%s: %s = %s, want %s", what, k, node.Marshal(g), node.Marshal(w)))
		}
	}
	return diffs
}

func unionKeys[V any](a, b map[string]V) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}
