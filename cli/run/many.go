package run

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/load"
	"github.com/smithy-validation/go/cli/render"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/rpc"
)

// ExpandInputs turns the flag's values into files: a directory becomes
// its files whose names end in one of exts, recursively, sorted. many is
// true when the inputs are more than one file or came from a directory.
func ExpandInputs(values []string, exts []string) (files []string, many bool, err error) {
	for _, v := range values {
		if v == "-" {
			files = append(files, v)
			continue
		}
		st, err := os.Stat(v)
		if err != nil || !st.IsDir() {
			files = append(files, v) // a read error is reported when it is read
			continue
		}
		many = true
		var found []string
		err = filepath.WalkDir(v, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !slices.ContainsFunc(exts, func(x string) bool { return strings.HasSuffix(p, x) }) {
				return nil
			}
			// Only regular files (or links to one) are read from a
			// directory: a named pipe there would block the read forever.
			t := d.Type()
			if t&fs.ModeSymlink != 0 {
				st, err := os.Stat(p)
				if err != nil {
					return err
				}
				t = st.Mode().Type()
			}
			if !t.IsRegular() {
				return fmt.Errorf("%s: %w", p, assembly.NotRegular(t))
			}
			found = append(found, p)
			return nil
		})
		if err != nil {
			return nil, false, exitcode.Inputf("cannot read the directory %s: %v", v, load.UnwrapPath(err))
		}
		slices.Sort(found)
		files = append(files, found...)
	}
	if len(files) == 0 {
		return nil, false, exitcode.Usagef("no input file: the directories hold no %s file", strings.Join(exts, " or "))
	}
	return files, many || len(files) > 1, nil
}

// fileOutcome is one input's result, ready to print in any format: its
// JSON rendering, and its report for the others.
type fileOutcome struct {
	json []byte
	rep  *render.Report
	err  error
}

// checkFiles runs check on every file with up to jobs at once and returns
// the outcomes in input order.
func checkFiles(files []string, jobs int, check func(file string) fileOutcome) []fileOutcome {
	out := make([]fileOutcome, len(files))
	jobs = max(min(jobs, len(files)), 1)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = check(files[i])
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// printMany writes the outcomes of several inputs in format and returns
// the exit status over all of them: the first file that could not be read
// is an input error; otherwise invalid when any is invalid, incomplete
// when any is incomplete.
func (e *Env) printMany(command string, files []string, outs []fileOutcome, format string) error {
	for _, o := range outs {
		if o.err != nil {
			return o.err
		}
	}
	valid, complete := true, true
	all := &render.Report{Command: command, Complete: true}
	var list []node.Node
	for i, o := range outs {
		valid = valid && o.rep.Valid
		complete = complete && o.rep.Complete
		all.Inputs = append(all.Inputs, render.DisplayName(files[i]))
		all.Diags = append(all.Diags, o.rep.Diags...)
		if o.rep.Msgs != nil {
			if all.Msgs == nil {
				all.Msgs = render.NewMessageTally()
			}
			mergeTally(all.Msgs, o.rep.Msgs)
			all.Scope = o.rep.Scope
		}
		if format == render.FormatJSON {
			doc, err := node.Parse(o.json)
			if err != nil {
				return exitcode.Internal(err)
			}
			fields := append([]node.Field{{Key: "file", Value: node.NewString(files[i])}}, doc.Fields()...)
			list = append(list, node.NewObject(fields...))
		}
	}
	all.Valid, all.Complete = valid, complete
	if format == render.FormatJSON {
		doc := node.NewObject(
			node.Field{Key: "valid", Value: node.NewBool(valid)},
			node.Field{Key: "complete", Value: node.NewBool(complete)},
			node.Field{Key: "files", Value: node.NewArray(list...)},
		)
		e.Stdout.Write(append(node.Marshal(doc), '\n'))
	} else {
		// The message lines, each under its file's name.
		var lines []byte
		for i, o := range outs {
			for _, l := range strings.SplitAfter(string(o.rep.Listed), "\n") {
				if l != "" {
					lines = append(lines, render.EscapeText(render.DisplayName(files[i]))+": "+l...)
				}
			}
		}
		all.Listed = lines
		all.Listing = render.WriteListed(lines)
		if err := e.writeReport(all, format); err != nil {
			return err
		}
	}
	return exitcode.Verdict(valid, complete)
}

// mergeTally adds t's counts to into.
func mergeTally(into, t *render.MessageTally) {
	into.Total += t.Total
	for k, n := range t.ByKind {
		into.ByKind[k] += n
	}
	into.Calls += t.Calls
	into.Answered += t.Answered
}

// validateMessages checks several message files against svc, p.Jobs at
// once.
func (e *Env) validateMessages(svc *rpc.PreparedService, meth *rpc.Method, p RPCParams, format string) error {
	if slices.Contains(p.Messages, "-") {
		return exitcode.Usagef("standard input (-) cannot be one of several --message inputs")
	}
	if p.Jobs < 1 {
		return exitcode.Usagef("-j must be 1 or more, not %d", p.Jobs)
	}
	outs := checkFiles(p.Messages, p.Jobs, func(file string) fileOutcome {
		data, err := e.ReadValue(file, limits.DefaultMaxSize)
		if err != nil {
			return fileOutcome{err: err}
		}
		res := validateLone(svc, meth, data)
		return fileOutcome{json: res.AppendJSON(nil), rep: e.rpcReport(res, []string{file}, [][]byte{data}, p.Verbose)}
	})
	return e.printMany("validate-rpc", p.Messages, outs, format)
}
