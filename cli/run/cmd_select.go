package run

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/selector"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/core/validate"
	"github.com/smithy-validation/go/rpc"
	"github.com/smithy-validation/go/smithyvalidate"
)

// `smithy select` queries a model with a selector, as the official CLI's
// command of the same name does: by default each matching shape ID on a
// line of its own, sorted; with --show (type, file, vars) or
// --show-traits a JSON array of objects, one a match, each with "shape"
// and what was asked for, indented by four spaces.
//
// Differences from the official CLI, all for determinism or for this
// command's conventions: the JSON array is sorted by shape ID (the
// reference prints matches in its model's iteration order), variables
// are sorted by name (a hash map there), a match repeated with the same
// variables is printed once; a selector that does not parse
// is a usage error (exit 2; the reference exits 1); the smithy.rpc and
// alloy trait definitions this command loads with the prelude are left
// out of the results, as `smithy ast` leaves them out.
//
// The selector is the user's, the model may be anyone's: the evaluation
// runs under the budget `smithy validate` gives a model's own selectors
// (validate.DefaultSelectorLimit: 2^22 units of selector work plus 32 a
// shape and member; --max-selector-work sets another). A selector that
// passes it (a variable, :recursive, :topdown or :in(... ~> ...) from
// every shape of a large cycle costs n² units) stops there: the matches
// found before it are printed as usual, except that the JSON form is then
// an object {"complete": false, "limit": N, "matches": [...]} (so that a
// program reading an array cannot take them for all matches), stderr says
// so, and the exit code is 5. The same selector, model and bound stop at
// the same unit: the partial output is deterministic too.

type SelectParams struct {
	Models     []load.Source
	Selector   string
	Show       []string
	ShowTraits []string
	// MaxSelectorWork bounds the evaluation in units of selector work
	// (0: validate.DefaultSelectorLimit of the model).
	MaxSelectorWork int64
}

// selectShow is what --show may ask for, in the order the fields are
// printed.
var selectShow = []string{"type", "file", "vars"}

func (e *Env) SelectShapes(p SelectParams) error {
	sel, err := selector.Parse(p.Selector)
	if err != nil {
		return exitcode.Usagef("--selector: %v", err)
	}
	show := map[string]bool{}
	for _, v := range p.Show {
		for _, part := range strings.Split(v, ",") {
			part = strings.TrimSpace(part)
			if !slices.Contains(selectShow, part) {
				return exitcode.Usagef("--show: %q is not one of %s", part, strings.Join(selectShow, ", "))
			}
			show[part] = true
		}
	}
	var traits []shapeid.ID
	for _, v := range p.ShowTraits {
		for _, part := range strings.Split(v, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				return exitcode.Usagef("--show-traits cannot contain empty trait values")
			}
			if !strings.Contains(part, "#") {
				part = shapeid.Prelude + "#" + part
			}
			id, err := shapeid.Parse(part)
			if err != nil {
				return exitcode.Usagef("--show-traits: %v", err)
			}
			traits = append(traits, id)
		}
	}
	lm, err := e.RequireModel(p.Models)
	if err != nil {
		return err
	}
	m := lm.Res.Model
	loadedWithPrelude := func(s *model.Shape) bool {
		id := s.ID()
		return id.Namespace == rpc.TraitsNamespace ||
			(id.Namespace == smithyvalidate.AlloyNamespace && s.Source().File == smithyvalidate.AlloyTraitsFileName)
	}
	limit := p.MaxSelectorWork
	if limit <= 0 {
		limit = validate.DefaultSelectorLimit(m)
	}
	ev := selector.NewEvaluator(m).Within(selector.NewBudget(limit))
	each := func(fn func(selector.Match)) error { return ev.Each(sel, fn) }
	if !sel.HasVariables() {
		// Each starting shape that yields a shape yields the same match,
		// printed once: the union, evaluated once for all starting shapes
		// (`structure ~> structure` searched a cycle of n structures n
		// times from each start in turn).
		each = func(fn func(selector.Match)) error {
			found, err := ev.SelectFound(sel)
			for _, s := range found {
				fn(selector.Match{Shape: s})
			}
			return err
		}
	}
	// stopped is the command's error when the bound stopped the
	// evaluation after n matches were found: exit 5, after the output.
	stopped := func(err error, n int) error {
		if err == nil {
			return nil
		}
		var be *selector.BudgetError
		if !errors.As(err, &be) {
			return exitcode.Internal(err)
		}
		return &exitcode.Error{Code: exitcode.Incomplete, Msg: fmt.Sprintf(
			"incomplete: the selector passed the bound of %d units of selector work (--max-selector-work); "+
				"the %d matches printed are those found before it, others may be missing", be.Limit, n)}
	}
	if len(show) == 0 && len(traits) == 0 {
		var ids []string
		seen := map[*model.Shape]bool{}
		everr := each(func(mt selector.Match) {
			if !seen[mt.Shape] && !loadedWithPrelude(mt.Shape) {
				seen[mt.Shape] = true
				ids = append(ids, mt.Shape.ID().String())
			}
		})
		slices.Sort(ids)
		var b []byte
		for _, id := range ids {
			b = append(append(b, render.EscapeText(id)...), '\n')
		}
		if _, err := e.Stdout.Write(b); err != nil {
			return err
		}
		return stopped(everr, len(ids))
	}
	type match struct {
		id  string
		obj node.Node
	}
	var matches []match
	everr := each(func(mt selector.Match) {
		s := mt.Shape
		if loadedWithPrelude(s) {
			return
		}
		fields := []node.Field{{Key: "shape", Value: node.NewString(s.ID().String())}}
		if show["type"] {
			fields = append(fields, node.Field{Key: "type", Value: node.NewString(s.Type().String())})
		}
		if src := s.Source(); show["file"] && src.File != "" {
			loc := src.File
			if src.Pos.IsValid() {
				loc += ":" + strconv.Itoa(int(src.Pos.Line)) + ":" + strconv.Itoa(int(src.Pos.Column))
			}
			fields = append(fields, node.Field{Key: "file", Value: node.NewString(loc)})
		}
		if vars := mt.Vars(); show["vars"] && len(vars) > 0 {
			names := make([]string, 0, len(vars))
			for name := range vars {
				names = append(names, name)
			}
			slices.Sort(names)
			var vf []node.Field
			for _, name := range names {
				ids := make([]string, 0, len(vars[name]))
				for _, v := range vars[name] {
					ids = append(ids, v.ID().String())
				}
				slices.Sort(ids)
				ids = slices.Compact(ids)
				elems := make([]node.Node, len(ids))
				for i, id := range ids {
					elems[i] = node.NewString(id)
				}
				vf = append(vf, node.Field{Key: name, Value: node.NewArray(elems...)})
			}
			fields = append(fields, node.Field{Key: "vars", Value: node.NewObject(vf...)})
		}
		if len(traits) > 0 {
			sorted := slices.Clone(traits)
			slices.SortFunc(sorted, func(a, b shapeid.ID) int { return strings.Compare(a.String(), b.String()) })
			sorted = slices.Compact(sorted)
			var tf []node.Field
			for _, t := range sorted {
				if v, ok := s.Trait(t); ok {
					tf = append(tf, node.Field{Key: t.String(), Value: v})
				}
			}
			fields = append(fields, node.Field{Key: "traits", Value: node.NewObject(tf...)})
		}
		matches = append(matches, match{id: s.ID().String(), obj: node.NewObject(fields...)})
	})
	// Sorted by shape ID, and a shape yielded again with the same
	// variables (from another starting shape) printed once.
	slices.SortStableFunc(matches, func(a, b match) int { return strings.Compare(a.id, b.id) })
	var elems []node.Node
	seen := map[string]bool{}
	for _, mt := range matches {
		key := string(node.Marshal(mt.obj))
		if !seen[key] {
			seen[key] = true
			elems = append(elems, mt.obj)
		}
	}
	doc := node.NewArray(elems...)
	if everr != nil {
		doc = node.NewObject(
			node.Field{Key: "complete", Value: node.NewBool(false)},
			node.Field{Key: "limit", Value: node.NewNumber(strconv.FormatInt(limit, 10))},
			node.Field{Key: "matches", Value: doc},
		)
	}
	out := node.Marshal(doc, node.Indent("    "))
	if _, err := e.Stdout.Write(append(out, '\n')); err != nil {
		return err
	}
	return stopped(everr, len(elems))
}
