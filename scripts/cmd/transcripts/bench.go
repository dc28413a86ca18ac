package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/smithy-validation/go/scripts/internal/procstat"
)

// binFlag is -bin name=PATH, repeated: the smithy binaries to compare in
// one run (before and after a change).
type binFlag []string

func (b *binFlag) String() string     { return strings.Join(*b, ",") }
func (b *binFlag) Set(s string) error { *b = append(*b, s); return nil }

type rusage struct {
	user, sys time.Duration
	rss       int64
	faults    int64 // page faults (minor): most of the system time of a short run
}

func (u rusage) cpu() time.Duration { return u.user + u.sys }

// bench generates the two transcripts into a temporary directory and runs,
// for each, the floor program and `smithy validate-rpc --transcript` in
// --format json and text with each binary, round after round (the order
// rotates each round so that a change of load does not always hit the
// same one), and prints each round's CPU time as a ratio of the floor's in
// the same round, then the median and the spread.
func bench(args []string) error {
	fs := flag.NewFlagSet("bench", flag.ExitOnError)
	rounds := fs.Int("rounds", 5, "rounds")
	nLedger := fs.Int("ledger", 600_000, "lines of the Ledger transcript")
	nMCP := fs.Int("mcp", 100_000, "lines of the MCP session")
	var bins binFlag
	fs.Var(&bins, "bin", "name=PATH of a smithy binary (repeat to compare; default: build ./cli/cmd/smithy as \"smithy\")")
	env := fs.String("env", "", "extra environment of the smithy runs, NAME=VALUE,... (e.g. GOGC=400)")
	fs.Parse(args)

	dir, err := os.MkdirTemp("", "smithy-transcripts-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if len(bins) == 0 {
		bin := filepath.Join(dir, "smithy")
		cmd := exec.Command("go", "build", "-o", bin, "./cli/cmd/smithy")
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building smithy (run from the repository's root): %w", err)
		}
		bins = binFlag{"smithy=" + bin}
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}

	type transcript struct{ name, file, model, service string }
	ledgerFile, ledgerModelFile := filepath.Join(dir, "ledger.jsonl"), filepath.Join(dir, "ledger.smithy")
	mcpFile := filepath.Join(dir, "mcp.jsonl")
	if err := os.WriteFile(ledgerModelFile, ledgerModel, 0o644); err != nil {
		return err
	}
	if err := writeFile(ledgerFile, func(f *os.File) error { return ledger(f, *nLedger, 27, 10_000) }); err != nil {
		return err
	}
	if err := writeFile(mcpFile, func(f *os.File) error { return mcpSession(f, "examples/mcp/transcripts", *nMCP) }); err != nil {
		return err
	}
	ts := []transcript{
		{"ledger", ledgerFile, ledgerModelFile, "ledger#Ledger"},
		{"mcp", mcpFile, "examples/mcp/mcp.smithy", "io.modelcontextprotocol#Mcp"},
	}
	for _, t := range ts {
		st, _ := os.Stat(t.file)
		fmt.Printf("%s: %s, %d bytes\n", t.name, t.file, st.Size())
		if err := writeFirstLine(t.file, t.file+".first"); err != nil {
			return err
		}
	}

	type run struct {
		label string
		argv  []string
		env   []string
	}
	out := filepath.Join(dir, "out")
	var extra []string
	if *env != "" {
		extra = strings.Split(*env, ",")
	}
	results := map[string][]rusage{} // label -> one usage a round
	var order []string
	for _, t := range ts {
		runs := []run{{label: t.name + "/floor", argv: []string{self, "floor", t.file}}}
		for _, b := range bins {
			name, path, ok := strings.Cut(b, "=")
			if !ok {
				return fmt.Errorf("-bin %q: want name=PATH", b)
			}
			for _, format := range []string{"json", "text"} {
				runs = append(runs, run{label: t.name + "/" + name + "/" + format, env: extra,
					argv: []string{path, "validate-rpc", "--service", t.service, "--transcript", t.file, "--format", format, t.model}})
			}
			runs = append(runs, run{label: t.name + "/" + name + "/startup", env: extra,
				argv: []string{path, "validate-rpc", "--service", t.service, "--transcript", t.file + ".first", "--format", "json", t.model}})
		}
		for _, r := range runs {
			order = append(order, r.label)
		}
		for round := range *rounds {
			for i := range runs {
				r := runs[(i+round)%len(runs)]
				u, err := measure(r.argv, r.env, out)
				if err != nil {
					return fmt.Errorf("%s: %w", r.label, err)
				}
				results[r.label] = append(results[r.label], u)
			}
		}
	}

	fmt.Printf("\n%d rounds; CPU = user + system time of the child; ratio = CPU / the floor's CPU in the same round\n\n", *rounds)
	fmt.Printf("%-28s %12s %16s %20s %10s %12s %22s\n", "run", "CPU median", "sys share", "ratio med (min-max)", "peak RSS", "page faults", "net ratio med (min-max)")
	for _, label := range order {
		us := results[label]
		parts := strings.Split(label, "/")
		floorLabel := parts[0] + "/floor"
		startLabel := ""
		if len(parts) == 3 && parts[2] != "startup" {
			startLabel = parts[0] + "/" + parts[1] + "/startup"
		}
		var cpus, ratios, shares, nets, faults []float64
		var rss int64
		for i, u := range us {
			floorCPU := results[floorLabel][i].cpu().Seconds()
			cpus = append(cpus, u.cpu().Seconds())
			ratios = append(ratios, u.cpu().Seconds()/floorCPU)
			shares = append(shares, 100*u.sys.Seconds()/u.cpu().Seconds())
			rss = max(rss, u.rss)
			faults = append(faults, float64(u.faults))
			if startLabel != "" {
				nets = append(nets, (u.cpu()-results[startLabel][i].cpu()).Seconds()/floorCPU)
			}
		}
		net := ""
		if len(nets) > 0 {
			net = fmt.Sprintf("%6.2fx (%.2f-%.2f)", median(nets), slices.Min(nets), slices.Max(nets))
		}
		fmt.Printf("%-28s %11.3fs %5.1f%% (%.0f-%.0f) %6.2fx (%.2f-%.2f) %7.1f MB %12.0f %s\n", label, median(cpus),
			median(shares), slices.Min(shares), slices.Max(shares), median(ratios), slices.Min(ratios), slices.Max(ratios), float64(rss)/1e6, median(faults), net)
	}
	return nil
}

// writeFirstLine writes the first line of the file src to dst.
func writeFirstLine(src, dst string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	line, err := bufio.NewReaderSize(f, 1<<20).ReadBytes('\n')
	if err != nil && len(line) == 0 {
		return fmt.Errorf("%s: no first line: %w", src, err)
	}
	return os.WriteFile(dst, line, 0o644)
}

func writeFile(path string, fill func(*os.File) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := fill(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// measure runs argv with its standard output to the file out (truncated):
// exit 0 (valid) and 1 (findings) are both a run.
func measure(argv, env []string, out string) (rusage, error) {
	f, err := os.Create(out)
	if err != nil {
		return rusage{}, err
	}
	defer f.Close()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdout = f
	var stderr strings.Builder
	cmd.Stderr = &stderr
	cmd.Env = append(os.Environ(), env...)
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		return rusage{}, fmt.Errorf("%v: %s", err, stderr.String())
	}
	ps := cmd.ProcessState
	return rusage{user: ps.UserTime(), sys: ps.SystemTime(), rss: procstat.PeakRSS(ps), faults: procstat.PageFaults(ps)}, nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
