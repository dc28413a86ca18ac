package assembly_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/internal/testmodel"
	"github.com/smithy-validation/go/core/node"
)

// heapPeak samples the heap while a load runs: the most bytes of heap
// objects seen (live and not yet collected: what the process must hold)
// and the most bytes the collector found live after a cycle.
type heapPeak struct {
	stop     chan struct{}
	wg       sync.WaitGroup
	objects  uint64
	liveMax  uint64
	baseline uint64
}

func startHeapPeak() *heapPeak {
	runtime.GC()
	h := &heapPeak{stop: make(chan struct{})}
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	h.baseline = s[0].Value.Uint64()
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			h.objects = max(h.objects, s[0].Value.Uint64())
			h.liveMax = max(h.liveMax, s[1].Value.Uint64())
			select {
			case <-h.stop:
				return
			case <-t.C:
			}
		}
	}()
	return h
}

func (h *heapPeak) end() (peak, live uint64) {
	close(h.stop)
	h.wg.Wait()
	return h.objects - min(h.objects, h.baseline), h.liveMax - min(h.liveMax, h.baseline)
}

// BenchmarkAssembleMemory reports, for each shape of model, the peak heap
// while a model is assembled and the model the assembly keeps (after a
// full collection), each in bytes per byte of model source: issue 27's
// goal 4 (docs/performance.md). The shapes: the chain of 100,000 small
// structures (the worst per source byte: three shapes in 56 bytes), the
// generated model of BenchmarkAssemble (traits, enums, operations), and,
// when SMITHY_AWS_MODELS names a directory of the published AWS models
// (scripts/aws-models.sh says how to get them; SMITHY_AWS_TRAITS their
// trait definitions), all of them in one assembly. The peak is sampled
// (runtime/metrics every millisecond, so it may miss the top by a little);
// the retained size is exact. The collector runs with GOGC's setting of
// the test binary (100 unless set).
//
//	cd core && go test ./assembly -run '^$' -bench AssembleMemory -benchtime 1x
func BenchmarkAssembleMemory(b *testing.B) {
	type input struct {
		name  string
		files map[string][]byte
	}
	inputs := []input{
		{"chain=100000", map[string][]byte{"chain.smithy": testmodel.Chain(100_000)}},
		{"generated=100000", map[string][]byte{"bench.smithy": testmodel.Generate(100_000)}},
	}
	if dir := os.Getenv("SMITHY_AWS_MODELS"); dir != "" {
		files := readTree(b, dir)
		if t := os.Getenv("SMITHY_AWS_TRAITS"); t != "" {
			for k, v := range readTree(b, t) {
				files[k] = v
			}
		}
		inputs = append(inputs, input{"aws", files})
	}
	for _, in := range inputs {
		for _, once := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/once=%v", in.name, once), func(b *testing.B) {
				assembleMemory(b, in.files, once)
			})
		}
	}
}

// assembleMemory is one case of BenchmarkAssembleMemory: files assembled
// by an assembler made with Once(once).
func assembleMemory(b *testing.B, files map[string][]byte, once bool) {
	names := make([]string, 0, len(files))
	size := 0
	for name, data := range files {
		names = append(names, name)
		size += len(data)
	}
	sort.Strings(names)
	for b.Loop() {
		h := startHeapPeak()
		a := assembly.New(assembly.NodeOptions(node.MaxSize(1<<30)), assembly.Once(once))
		for _, name := range names {
			if err := a.AddSource(name, files[name]); err != nil {
				b.Fatal(err)
			}
		}
		res, err := a.Assemble()
		if err != nil || res.Model == nil {
			b.Fatalf("assemble: %v", err)
		}
		a = nil
		peak, _ := h.end()
		var ms0 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms0)
		kept := int64(ms0.HeapAlloc) - int64(h.baseline)
		runtime.KeepAlive(res)
		b.ReportMetric(float64(peak)/float64(size), "peak-B/src-B")
		b.ReportMetric(float64(kept)/float64(size), "kept-B/src-B")
		b.ReportMetric(float64(res.Model.Footprint())/float64(size), "footprint-B/src-B")
		b.ReportMetric(float64(size), "src-B")
	}
}

// readTree reads every .json and .smithy file below dir.
func readTree(b *testing.B, dir string) map[string][]byte {
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".smithy")) {
			return err
		}
		data, err := os.ReadFile(path)
		files[path] = data
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return files
}

// BenchmarkAssembleMCP loads examples/mcp/mcp.smithy as the command does
// (with the smithy.rpc trait definitions, and the alloy ones as a
// fallback), with Once: its allocated bytes a load (-benchmem) are most of
// the page faults of a one-line `smithy validate-rpc` run on it, issue 27's
// goal 2 (docs/performance.md, "Where a model's bytes go", twelfth round).
// It reads the files from the repository's checkout, and is skipped
// without them.
//
//	cd core && go test ./assembly -run '^$' -bench AssembleMCP -benchmem
func BenchmarkAssembleMCP(b *testing.B) {
	var files [3][]byte
	for i, path := range []string{"../../examples/mcp/mcp.smithy", "../../rpc/traits.smithy", "../../smithyvalidate/alloy.smithy"} {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Skipf("the repository's models: %v", err)
		}
		files[i] = data
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(files[0])))
	for b.Loop() {
		a := assembly.New(assembly.Once(true))
		if err := a.AddSource("traits.smithy", files[1]); err != nil {
			b.Fatal(err)
		}
		if err := a.AddFallbackSource("alloy.smithy", files[2]); err != nil {
			b.Fatal(err)
		}
		if err := a.AddSource("mcp.smithy", files[0]); err != nil {
			b.Fatal(err)
		}
		res, err := a.Assemble()
		if err != nil || res.Model == nil || res.HasErrors() {
			b.Fatalf("assemble: %v %v", err, res)
		}
	}
}
