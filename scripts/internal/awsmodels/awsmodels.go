// Package awsmodels runs `smithy validate` on each of many Smithy JSON AST
// models (the published AWS service models) and sums up the ERROR and
// DANGER events, by event ID and by model. It is the logic behind
// scripts/aws-models.sh.
//
// Each model is checked in its own process, as a user would check it, with
// the trait definition files the models need (the AWS, rules-engine,
// waiters and test traits) on the same command line. A model whose run
// does not end with exit code 0 or 3, or whose output is not the JSON
// report, is a failure of its own kind: the summary never counts it as
// clean.
package awsmodels

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/smithy-validation/go/scripts/internal/procstat"
)

// Event is one validation event of the JSON report, the fields the
// summary uses.
type Event struct {
	Severity string `json:"severity"`
	ID       string `json:"id"`
	Shape    string `json:"shape"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Message  string `json:"message"`
}

// Result is what one model's run gave.
type Result struct {
	// Model is the model's name: its file name without ".json".
	Model string
	// Path is the model file.
	Path string
	// Events are the model's ERROR and DANGER events, in report order.
	Events []Event
	// Failure says why the run gave no report (the process could not
	// start, ended with another exit code, printed no JSON report); ""
	// when it gave one.
	Failure string
	// MaxRSS is the process's peak resident memory in bytes, 0 when the
	// platform does not tell.
	MaxRSS int64
	// Elapsed is the run's wall time.
	Elapsed time.Duration
}

// Serious reports whether an event is an ERROR or a DANGER.
func Serious(e Event) bool { return e.Severity == "ERROR" || e.Severity == "DANGER" }

// Parse reads one run's exit code and standard output into r: exit code 0
// or 3 with a JSON report {"valid": ..., "events": [...]}; anything else
// is a failure.
func Parse(r *Result, exitCode int, stdout, stderr []byte) {
	if exitCode != 0 && exitCode != 3 {
		r.Failure = fmt.Sprintf("exit code %d: %s", exitCode, firstLine(stderr, stdout))
		return
	}
	var rep struct {
		Valid  *bool   `json:"valid"`
		Events []Event `json:"events"`
	}
	if err := json.Unmarshal(stdout, &rep); err != nil || rep.Valid == nil {
		r.Failure = fmt.Sprintf("exit code %d without a JSON report: %s", exitCode, firstLine(stderr, stdout))
		return
	}
	for _, e := range rep.Events {
		if Serious(e) {
			r.Events = append(r.Events, e)
		}
	}
	if exitCode == 3 && len(r.Events) == 0 {
		r.Failure = "exit code 3 but no ERROR event in the report"
	}
}

func firstLine(texts ...[]byte) string {
	for _, t := range texts {
		if s := strings.TrimSpace(string(t)); s != "" {
			line, _, _ := strings.Cut(s, "\n")
			if len(line) > 200 {
				line = line[:200] + "..."
			}
			return line
		}
	}
	return "no output"
}

// Find returns the model files under dir: every *.json file, directories
// whose name starts with "." left out (the AWS repository keeps its
// tooling's overrides in .scripts), sorted by file name, then path.
func Find(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".json") {
			out = append(out, p)
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool {
		bi, bj := filepath.Base(out[i]), filepath.Base(out[j])
		if bi != bj {
			return bi < bj
		}
		return out[i] < out[j]
	})
	return out, err
}

// Traits returns the trait definition files of dir (*.smithy and *.json,
// not recursive), sorted; none for "".
func Traits(dir string) ([]string, error) {
	if dir == "" {
		return nil, nil
	}
	var out []string
	for _, pat := range []string{"*.smithy", "*.json"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return nil, err
		}
		out = append(out, m...)
	}
	sort.Strings(out)
	return out, nil
}

// Run checks each model with `smithy validate --format json TRAITS...
// MODEL`, jobs at a time, and returns the results in the order of models.
func Run(ctx context.Context, smithy string, traits, models []string, jobs int) []Result {
	if jobs < 1 {
		jobs = 1
	}
	results := make([]Result, len(models))
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				results[i] = runOne(ctx, smithy, traits, models[i])
			}
		}()
	}
	for i := range models {
		work <- i
	}
	close(work)
	wg.Wait()
	return results
}

func runOne(ctx context.Context, smithy string, traits []string, model string) Result {
	r := Result{Model: strings.TrimSuffix(filepath.Base(model), ".json"), Path: model}
	args := append(append([]string{"validate", "--format", "json"}, traits...), model)
	cmd := exec.CommandContext(ctx, smithy, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r.Elapsed = time.Since(start)
	if cmd.ProcessState != nil {
		r.MaxRSS = procstat.PeakRSS(cmd.ProcessState)
	}
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			r.Failure = "cannot run: " + err.Error()
			return r
		}
		code = ee.ExitCode()
	}
	Parse(&r, code, stdout.Bytes(), stderr.Bytes())
	return r
}

// Summary writes the table of results to w: the models with ERROR or
// DANGER events or a failure, with their counts by event ID; the counts
// by event ID over all models; each event when events is set; and the
// totals. It returns whether every model was clean.
func Summary(w io.Writer, results []Result, events bool) bool {
	type idKey struct{ sev, id string }
	byID := map[idKey]int{}
	modelsByID := map[idKey]map[string]bool{}
	var dirty, failed int
	var peak Result
	var rows strings.Builder
	for _, r := range results {
		if r.MaxRSS > peak.MaxRSS {
			peak = r
		}
		if r.Failure != "" {
			failed++
			fmt.Fprintf(&rows, "%-48s %6s %6s  FAILED: %s\n", r.Model, "-", "-", r.Failure)
			continue
		}
		if len(r.Events) == 0 {
			continue
		}
		dirty++
		counts := map[string]int{}
		var errs, dangers int
		for _, e := range r.Events {
			if e.Severity == "ERROR" {
				errs++
			} else {
				dangers++
			}
			counts[e.ID]++
			k := idKey{e.Severity, baseID(e.ID)}
			byID[k]++
			if modelsByID[k] == nil {
				modelsByID[k] = map[string]bool{}
			}
			modelsByID[k][r.Model] = true
		}
		ids := make([]string, 0, len(counts))
		for id := range counts {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = fmt.Sprintf("%s %d", id, counts[id])
		}
		fmt.Fprintf(&rows, "%-48s %6d %6d  %s\n", r.Model, errs, dangers, strings.Join(parts, ", "))
	}
	if rows.Len() > 0 {
		fmt.Fprintf(w, "%-48s %6s %6s  %s\n%s\n", "model", "ERROR", "DANGER", "events by id", rows.String())
	}
	if len(byID) > 0 {
		fmt.Fprintf(w, "%-8s %-40s %7s %7s\n", "severity", "event id", "events", "models")
		keys := make([]idKey, 0, len(byID))
		for k := range byID {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if byID[keys[i]] != byID[keys[j]] {
				return byID[keys[i]] > byID[keys[j]]
			}
			if keys[i].sev != keys[j].sev {
				return keys[i].sev < keys[j].sev
			}
			return keys[i].id < keys[j].id
		})
		for _, k := range keys {
			fmt.Fprintf(w, "%-8s %-40s %7d %7d\n", k.sev, k.id, byID[k], len(modelsByID[k]))
		}
	}
	if events && len(byID) > 0 {
		fmt.Fprintln(w)
		for _, r := range results {
			for _, e := range r.Events {
				fmt.Fprintf(w, "%s: [%s] %s %s (line %d): %s\n", r.Model, e.Severity, e.ID, e.Shape, e.Line, e.Message)
			}
		}
	}
	if rows.Len() > 0 {
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "models: %d, clean: %d, with ERROR or DANGER: %d, failed: %d\n", len(results), len(results)-dirty-failed, dirty, failed)
	if peak.MaxRSS > 0 {
		fmt.Fprintf(w, "largest peak memory of one run: %.0f MiB (%s)\n", float64(peak.MaxRSS)/(1<<20), peak.Model)
	}
	return dirty == 0 && failed == 0
}

// baseID is an event ID without the parts the validators append to name
// a shape or member (TraitValue.UnknownMember.<shape>.<member> is
// TraitValue.UnknownMember): the table counts kinds of events.
func baseID(id string) string {
	parts := strings.Split(id, ".")
	for i, p := range parts {
		if strings.Contains(p, "#") || i > 0 && p != "" && strings.ToLower(p[:1]) == p[:1] {
			return strings.Join(parts[:i], ".")
		}
	}
	return id
}
