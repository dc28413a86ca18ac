package proxy_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/proxy"
)

// The session benchmark runs the proxy as its own process, as `smithy
// proxy` runs, between the benchmark (the client) and a child process (the
// server), and reads the proxy's CPU time from /proc: the test binary is
// all three programs, chosen by this variable.
const roleEnv = "SMITHY_PROXY_BENCH_ROLE"

func TestMain(m *testing.M) {
	switch os.Getenv(roleEnv) {
	case "echo":
		echoServer(os.Stdin, os.Stdout)
		os.Exit(0)
	case "replay":
		os.Exit(replayServer(os.Getenv("SMITHY_PROXY_BENCH_SCRIPT")))
	case "proxy":
		os.Exit(proxyMain())
	case "gorelay":
		os.Exit(goRelay())
	case "cat":
		if _, err := io.Copy(os.Stdout, os.Stdin); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// proxyMain is the proxy process: the service of examples/$MODEL, the
// log and the transcript to files in $DIR (as `smithy proxy --log FILE
// --record FILE`), the child the test binary in the role $CHILD.
//
// With SMITHY_PROXY_BENCH_CPUPROFILE set, the proxy writes its CPU
// profile (runtime/pprof) to that file: the profile of the proxy alone,
// not of the benchmark driving it.
func proxyMain() int {
	proxy.ReserveProcs() // as the smithy command does
	if path := os.Getenv("SMITHY_PROXY_BENCH_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		defer pprof.StopCPUProfile()
	}
	svc, err := prepareExample(os.Getenv("SMITHY_PROXY_BENCH_MODEL"), os.Getenv("SMITHY_PROXY_BENCH_SERVICE"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	dir := os.Getenv("SMITHY_PROXY_BENCH_DIR")
	log, err := os.Create(filepath.Join(dir, "log.jsonl"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer log.Close()
	rec, err := os.Create(filepath.Join(dir, "record.jsonl"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer rec.Close()
	p := proxy.New(svc, proxy.Options{Framing: proxy.Lines, Log: log, Record: rec})
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), roleEnv+"="+os.Getenv("SMITHY_PROXY_BENCH_CHILD"))
	cmd.Stderr = os.Stderr
	code, err := p.RunCommand(cmd, os.Stdin, os.Stdout)
	if _, _, ferr := p.Finish(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	return code
}

// script is a conversation to replay in ping-pong: each client message
// with the server's messages that followed it (its answer and any
// notification before it).
type script struct {
	turns []turn
	// loop is the first turn replayed in every round: the turns before it
	// (initialize) are sent once.
	loop int
}

type turn struct {
	client  []byte
	id      bool // the client's message is a call: its id is renumbered each round
	replies [][]byte
}

// renumber returns msg with its top-level id set to id (msg unchanged
// when it has none); the rest of the bytes stay as they were.
func renumber(msg []byte, id int) []byte {
	dec := json.NewDecoder(bytes.NewReader(msg))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return msg
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return msg
		}
		start := int(dec.InputOffset())
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return msg
		}
		if k == "id" {
			end := int(dec.InputOffset())
			i := start + bytes.Index(msg[start:end], v)
			out := append([]byte(nil), msg[:i]...)
			out = strconv.AppendInt(out, int64(id), 10)
			return append(out, msg[i+len(v):]...)
		}
	}
	return msg
}

// round returns turn k of round r: the ids of a call and of its answers
// made unique over the whole session.
func (s *script) round(r, k int) (client []byte, replies [][]byte) {
	t := s.turns[k]
	if !t.id {
		return t.client, t.replies
	}
	id := r*len(s.turns) + k + 1
	replies = make([][]byte, len(t.replies))
	for i, m := range t.replies {
		replies[i] = renumber(m, id)
	}
	return renumber(t.client, id), replies
}

// readScript reads a transcript recorded by the proxy into turns.
func readScript(path string) (*script, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := &script{}
	for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var e struct {
			From    string          `json:"from"`
			Message json.RawMessage `json:"message"`
		}
		if err := json.Unmarshal(line, &e); err != nil {
			return nil, err
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		json.Unmarshal(e.Message, &m)
		switch {
		case e.From == "client":
			s.turns = append(s.turns, turn{client: e.Message, id: m.ID != nil})
			if m.Method == "notifications/initialized" {
				s.loop = len(s.turns)
			}
		case len(s.turns) == 0:
			return nil, fmt.Errorf("%s: the server speaks first", path)
		default:
			t := &s.turns[len(s.turns)-1]
			t.replies = append(t.replies, e.Message)
		}
	}
	if s.loop >= len(s.turns) {
		return nil, fmt.Errorf("%s: nothing after the initialization to replay", path)
	}
	return s, nil
}

// replayServer answers the k-th line it reads with the replies of the
// script's k-th turn (in the order the client sends them).
func replayServer(path string) int {
	s, err := readScript(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	br := bufio.NewReader(os.Stdin)
	var out []byte
	r, k := 0, 0
	for {
		if _, err := br.ReadSlice('\n'); err != nil {
			return 0
		}
		_, replies := s.round(r, k)
		out = out[:0]
		for _, m := range replies {
			out = append(append(out, m...), '\n')
		}
		if len(out) > 0 {
			os.Stdout.Write(out)
		}
		if k++; k == len(s.turns) {
			r, k = r+1, s.loop
		}
	}
}

// usage is a process's CPU time (all its threads, nanoseconds, from
// /proc/PID/task/*/schedstat), context switches, and read and write
// system calls (syscr and syscw of /proc/PID/io: every call, one that
// finds a pipe empty included).
type usage struct{ cpu, switches, reads, writes int64 }

func procUsage(b *testing.B, pid int) usage {
	var u usage
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		b.Fatal(err)
	}
	if io, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", pid)); err == nil {
		for _, l := range strings.Split(string(io), "\n") {
			k, v, _ := strings.Cut(l, ":")
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			switch k {
			case "syscr":
				u.reads = n
			case "syscw":
				u.writes = n
			}
		}
	}
	for _, t := range tasks {
		dir := fmt.Sprintf("/proc/%d/task/%s/", pid, t.Name())
		if st, err := os.ReadFile(dir + "schedstat"); err == nil {
			var ns int64
			fmt.Sscan(string(st), &ns)
			u.cpu += ns
		}
		if st, err := os.ReadFile(dir + "status"); err == nil {
			for _, l := range strings.Split(string(st), "\n") {
				if strings.HasSuffix(strings.SplitN(l, ":", 2)[0], "ctxt_switches") {
					n, _ := strconv.ParseInt(strings.TrimSpace(strings.SplitN(l, ":", 2)[1]), 10, 64)
					u.switches += n
				}
			}
		}
	}
	return u
}

// pingPeer is a process the benchmark talks to in ping-pong.
type pingPeer struct {
	cmd *exec.Cmd
	w   io.WriteCloser
	r   *bufio.Reader
}

// startPeer starts argv (the test binary itself when argv is empty) with
// env added to the benchmark's environment.
func startPeer(b *testing.B, argv []string, env ...string) *pingPeer {
	if len(argv) == 0 {
		argv = []string{os.Args[0], "-test.run", "^$"}
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	w, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	return &pingPeer{cmd: cmd, w: w, r: bufio.NewReaderSize(out, 1<<20)}
}

// turn sends one message and reads n lines back.
func (p *pingPeer) turn(b *testing.B, msg []byte, n int) {
	if _, err := p.w.Write(msg); err != nil {
		b.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if _, err := p.r.ReadSlice('\n'); err != nil {
			b.Fatal(err)
		}
	}
}

func (p *pingPeer) stop(b *testing.B) {
	p.w.Close()
	io.Copy(io.Discard, p.r)
	if err := p.cmd.Wait(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkSession measures the proxy's CPU a message in a real session:
// ping-pong, one message sent, its answer awaited, as MCP and LSP clients
// behave, through the proxy as a process of its own (the test binary,
// proxy.RunCommand with the log and the transcript written to files)
// whose child answers each line at once. b.N is the number of turns (a
// message and its answers); the proxy's CPU time and context switches
// are read from /proc before and after them (Linux).
//
//   - calculator: a subtract call and its result, the child answering
//     each line with a fixed reply (echoServer).
//   - calculator-bulk: the bulk figure in the same setting, 64 subtract
//     notifications and a call written at once, the call's answer
//     awaited: 66 messages a turn, the proxy reading many a read.
//   - mcp-replay: a session with a real MCP server (mcp-server-everything,
//     recorded through the proxy when the benchmark starts: initialize,
//     tools, prompts and resources listed and called, pings), replayed in
//     rounds by a child that answers each line with what the real server
//     sent, ids renumbered so that every call of the session is distinct.
//
// Beside the proxy, in the same run and with the same child, the same
// turns go through three minimal relays that only read and write (nothing
// framed, checked or written down): the C program testdata/minrelay.c
// (two threads blocked in read(2)), testdata/uringrelay.c (one thread
// over io_uring: a message's write and the next wait in one system
// call), both built with the C compiler when there is one (left out
// otherwise, and the io_uring one where it cannot run), and the
// equivalent of minrelay.c in Go in the runtime setting the proxy
// chooses (goRelay: the runtime's own cost). The processes
// are all started at once and driven in alternation, a slice of the
// turns each in turn, so that a change in the machine's load falls on
// all of them alike.
//
// With SMITHY_PROXY_BENCH_BEFORE=PATH, PATH (another build of this test
// binary, e.g. an earlier commit's) runs as a further proxy in the same
// alternation: before-cpu-ns/msg, before-switches/msg,
// before-rw-calls/msg and proxy/before.
//
// Reported: proxy-cpu-ns/msg (all of the proxy's threads: the runtime's
// included), proxy-switches/msg, proxy-rw-calls/msg (read and write
// system calls, from /proc/PID/io: 2 is one read and one write a
// message, the least a relay that looks at each message can make in
// ping-pong; the figures that do not move with the machine's load);
// c-relay-cpu-ns/msg, c-relay-switches/msg and proxy/c-relay, the ratio
// the goal is read from on a machine where the C relay alone costs
// more than the goal; go-relay-cpu-ns/msg and go-relay-switches/msg;
// uring-relay-cpu-ns/msg, uring-relay-switches/msg, proxy/uring-relay and
// uring-relay/c-relay (what halving the system calls is worth); and
// the floor: floor-cpu-ns/line, the CPU a line costs the echo child when
// the benchmark talks to it directly (a process that wakes for a line,
// reads it and writes one: what any process in the path pays a message on
// this machine), and proxy/floor, their ratio. On a virtual machine a
// wake-up is expensive (10 to 20 µs on the one of docs/performance.md),
// so the ratios are the figures to read.
func BenchmarkSession(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("reads /proc")
	}
	minrelay := buildCRelay(b, "minrelay")
	uringrelay := buildCRelay(b, "uringrelay")
	// relays returns the peers of a sub-benchmark: the proxy and the two
	// minimal relays with child (a role) behind them, turn driving each.
	relays := func(b *testing.B, child string, turn func() turnFunc, env ...string) []peerSpec {
		specs := []peerSpec{
			{name: "proxy", turn: turn(), env: append([]string{roleEnv + "=proxy", "SMITHY_PROXY_BENCH_CHILD=" + child,
				"SMITHY_PROXY_BENCH_DIR=" + b.TempDir()}, env...)},
			{name: "go-relay", turn: turn(), env: append([]string{roleEnv + "=gorelay", "SMITHY_PROXY_BENCH_CHILD=" + child}, env...)},
		}
		if before := os.Getenv("SMITHY_PROXY_BENCH_BEFORE"); before != "" {
			// Another build of this test binary (an earlier commit's) in
			// the proxy's role, measured in the same run: before/after
			// from one run however the load moves.
			specs = append(specs, peerSpec{name: "before", turn: turn(), argv: []string{before, "-test.run", "^$"},
				env: append([]string{roleEnv + "=proxy", "SMITHY_PROXY_BENCH_CHILD=" + child,
					"SMITHY_PROXY_BENCH_DIR=" + b.TempDir()}, env...)})
		}
		if minrelay != "" {
			specs = append(specs, peerSpec{name: "c-relay", turn: turn(), env: append([]string{roleEnv + "=" + child}, env...),
				argv: []string{minrelay, os.Args[0], "-test.run", "^$"}})
		}
		if uringrelay != "" {
			specs = append(specs, peerSpec{name: "uring-relay", turn: turn(), env: append([]string{roleEnv + "=" + child}, env...),
				argv: []string{uringrelay, os.Args[0], "-test.run", "^$"}})
		}
		return specs
	}
	calculator := []string{"SMITHY_PROXY_BENCH_MODEL=calculator", "SMITHY_PROXY_BENCH_SERVICE=example#Calculator"}
	b.Run("calculator", func(b *testing.B) {
		msg := []byte(`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":`)
		turn := func() turnFunc {
			var m []byte
			return func(p *pingPeer, i int) int {
				m = strconv.AppendInt(append(m[:0], msg...), int64(i), 10)
				p.turn(b, append(m, "}\n"...), 1)
				return 2
			}
		}
		echo := turn()
		floor := peerSpec{name: "floor", env: []string{roleEnv + "=echo"}, turn: func(p *pingPeer, i int) int { echo(p, i); return 1 }}
		report(b, measure(b, b.N, append(relays(b, "echo", turn, calculator...), floor)))
	})
	b.Run("calculator-bulk", func(b *testing.B) {
		// The bulk figure beside ping-pong, from the same proxy process:
		// 64 subtract notifications and a call in one write, the call's
		// answer awaited (the echo child answers calls only).
		note := []byte(`{"jsonrpc":"2.0","method":"subtract","params":[42,23]}` + "\n")
		batch := bytes.Repeat(note, 64)
		msg := []byte(`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":`)
		turn := func() turnFunc {
			var line []byte
			return func(p *pingPeer, i int) int {
				line = append(append(line[:0], batch...), msg...)
				line = strconv.AppendInt(line, int64(i), 10)
				p.turn(b, append(line, "}\n"...), 1)
				return len(batch)/len(note) + 2
			}
		}
		echo := turn()
		floor := peerSpec{name: "floor", env: []string{roleEnv + "=echo"}, turn: func(p *pingPeer, i int) int { return echo(p, i) - 1 }}
		report(b, measure(b, b.N, append(relays(b, "echo", turn, calculator...), floor)))
	})
	b.Run("mcp-replay", func(b *testing.B) {
		path := recordMCP(b)
		s, err := readScript(path)
		if err != nil {
			b.Fatal(err)
		}
		// The script's turns in order: the first round from the start,
		// the next ones from the loop; each peer its own round.
		turn := func() turnFunc {
			r, k := 0, 0
			var line []byte
			return func(p *pingPeer, i int) int {
				client, replies := s.round(r, k)
				line = append(append(line[:0], client...), '\n')
				p.turn(b, line, len(replies))
				if k++; k == len(s.turns) {
					r, k = r+1, s.loop
				}
				return 1 + len(replies)
			}
		}
		floor := peerSpec{name: "floor", env: []string{roleEnv + "=echo"}, turn: func(p *pingPeer, i int) int {
			p.turn(b, []byte(`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}`+"\n"), 1)
			return 1
		}}
		report(b, measure(b, b.N, append(relays(b, "replay", turn,
			"SMITHY_PROXY_BENCH_SCRIPT="+path, "SMITHY_PROXY_BENCH_MODEL=mcp",
			"SMITHY_PROXY_BENCH_SERVICE=io.modelcontextprotocol#Mcp"), floor)))
	})
}

// BenchmarkPauses is BenchmarkSession's calculator turn after a pause:
// the client waits 20 ms before each call, as an MCP or LSP session is
// mostly idle. A pause is longer than the runtime monitor's 10 ms, so
// every P goes idle and the first system call after it wakes the runtime
// (docs/performance.md, "Sessions with pauses"): what a message costs
// there is mostly what the process does on waking, not the checks. Same
// peers, metrics and alternation as BenchmarkSession; run it with a
// small -benchtime (200x: 4 s of pauses a peer).
func BenchmarkPauses(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("reads /proc")
	}
	minrelay := buildCRelay(b, "minrelay")
	uringrelay := buildCRelay(b, "uringrelay")
	msg := []byte(`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":`)
	turn := func() turnFunc {
		var m []byte
		return func(p *pingPeer, i int) int {
			time.Sleep(pause)
			m = strconv.AppendInt(append(m[:0], msg...), int64(i), 10)
			p.turn(b, append(m, "}\n"...), 1)
			return 2
		}
	}
	calculator := []string{"SMITHY_PROXY_BENCH_MODEL=calculator", "SMITHY_PROXY_BENCH_SERVICE=example#Calculator"}
	specs := []peerSpec{
		{name: "proxy", turn: turn(), env: append([]string{roleEnv + "=proxy", "SMITHY_PROXY_BENCH_CHILD=echo",
			"SMITHY_PROXY_BENCH_DIR=" + b.TempDir()}, calculator...)},
		{name: "go-relay", turn: turn(), env: []string{roleEnv + "=gorelay", "SMITHY_PROXY_BENCH_CHILD=echo"}},
	}
	if before := os.Getenv("SMITHY_PROXY_BENCH_BEFORE"); before != "" {
		specs = append(specs, peerSpec{name: "before", turn: turn(), argv: []string{before, "-test.run", "^$"},
			env: append([]string{roleEnv + "=proxy", "SMITHY_PROXY_BENCH_CHILD=echo", "SMITHY_PROXY_BENCH_DIR=" + b.TempDir()}, calculator...)})
	}
	if minrelay != "" {
		specs = append(specs, peerSpec{name: "c-relay", turn: turn(), env: []string{roleEnv + "=echo"},
			argv: []string{minrelay, os.Args[0], "-test.run", "^$"}})
	}
	if uringrelay != "" {
		specs = append(specs, peerSpec{name: "uring-relay", turn: turn(), env: []string{roleEnv + "=echo"},
			argv: []string{uringrelay, os.Args[0], "-test.run", "^$"}})
	}
	echo := turn()
	specs = append(specs, peerSpec{name: "floor", env: []string{roleEnv + "=echo"}, turn: func(p *pingPeer, i int) int { echo(p, i); return 1 }})
	report(b, measure(b, b.N, specs))
}

// pause is BenchmarkPauses' wait before each turn.
const pause = 20 * time.Millisecond

// turnFunc is one turn of ping-pong with p (i counts the turns); it
// returns the messages the turn moved.
type turnFunc func(p *pingPeer, i int) int

// peerSpec is a process the benchmark measures: argv (the test binary
// when empty) started with env, driven by turn.
type peerSpec struct {
	name string
	argv []string
	env  []string
	turn turnFunc
}

// measured is what a series of turns cost the process talked to.
type measured struct {
	u        usage
	messages int
}

// alternations is how many slices the turns are cut into, each peer driven
// through one slice before the next peer is: the alternation that makes
// the peers' figures comparable on a loaded machine.
const alternations = 16

// measure starts the peers, warms each with 200 turns, then reads each
// one's usage around n turns, driven a slice at a time in alternation,
// the order rotating from one slice to the next.
func measure(b *testing.B, n int, specs []peerSpec) map[string]measured {
	peers := make([]*pingPeer, len(specs))
	for k, s := range specs {
		peers[k] = startPeer(b, s.argv, s.env...)
		for i := 0; i < 200; i++ {
			s.turn(peers[k], i)
		}
	}
	out := map[string]measured{}
	b.ResetTimer()
	done := 0
	for sl := 0; sl < alternations; sl++ {
		end := n * (sl + 1) / alternations
		// Each slice starts with the next peer: none always follows the
		// same one.
		for j := range specs {
			k := (j + sl) % len(specs)
			s := specs[k]
			m := out[s.name]
			u0 := procUsage(b, peers[k].cmd.Process.Pid)
			for i := done; i < end; i++ {
				m.messages += s.turn(peers[k], 200+i)
			}
			u1 := procUsage(b, peers[k].cmd.Process.Pid)
			m.u = usage{m.u.cpu + u1.cpu - u0.cpu, m.u.switches + u1.switches - u0.switches,
				m.u.reads + u1.reads - u0.reads, m.u.writes + u1.writes - u0.writes}
			out[s.name] = m
		}
		done = end
	}
	b.StopTimer()
	for _, p := range peers {
		p.stop(b)
	}
	return out
}

func report(b *testing.B, m map[string]measured) {
	per := func(name string, v int64) float64 { return float64(v) / float64(m[name].messages) }
	pc := per("proxy", m["proxy"].u.cpu)
	fc := per("floor", m["floor"].u.cpu)
	b.ReportMetric(pc, "proxy-cpu-ns/msg")
	b.ReportMetric(per("proxy", m["proxy"].u.switches), "proxy-switches/msg")
	b.ReportMetric(per("proxy", m["proxy"].u.reads+m["proxy"].u.writes), "proxy-rw-calls/msg")
	for _, r := range []string{"c-relay", "go-relay", "uring-relay"} {
		if _, ok := m[r]; !ok {
			continue
		}
		b.ReportMetric(per(r, m[r].u.cpu), r+"-cpu-ns/msg")
		b.ReportMetric(per(r, m[r].u.switches), r+"-switches/msg")
	}
	if _, ok := m["c-relay"]; ok {
		b.ReportMetric(pc/per("c-relay", m["c-relay"].u.cpu), "proxy/c-relay")
	}
	b.ReportMetric(pc/per("go-relay", m["go-relay"].u.cpu), "proxy/go-relay")
	if _, ok := m["uring-relay"]; ok {
		b.ReportMetric(pc/per("uring-relay", m["uring-relay"].u.cpu), "proxy/uring-relay")
		if _, ok := m["c-relay"]; ok {
			b.ReportMetric(per("uring-relay", m["uring-relay"].u.cpu)/per("c-relay", m["c-relay"].u.cpu), "uring-relay/c-relay")
		}
	}
	if _, ok := m["before"]; ok {
		b.ReportMetric(per("before", m["before"].u.cpu), "before-cpu-ns/msg")
		b.ReportMetric(per("before", m["before"].u.switches), "before-switches/msg")
		b.ReportMetric(per("before", m["before"].u.reads+m["before"].u.writes), "before-rw-calls/msg")
		b.ReportMetric(pc/per("before", m["before"].u.cpu), "proxy/before")
	}
	b.ReportMetric(fc, "floor-cpu-ns/line")
	b.ReportMetric(pc/fc, "proxy/floor")
	b.ReportMetric(float64(m["proxy"].messages)/float64(b.N), "msgs/turn")
}

// buildCRelay compiles testdata/NAME.c (minrelay, uringrelay) into the
// benchmark's temporary folder and returns the program's path, or ""
// (logged) when there is no C compiler or it fails: that C reference is
// then left out.
func buildCRelay(b testing.TB, name string) string {
	cc, err := exec.LookPath("cc")
	if err != nil {
		b.Logf("no C compiler (cc): %s is left out", name)
		return ""
	}
	bin := filepath.Join(b.TempDir(), name)
	src := filepath.Join("testdata", name+".c")
	if out, err := exec.Command(cc, "-O2", "-pthread", "-o", bin, src).CombinedOutput(); err != nil {
		b.Logf("cc %s: %v (%s is left out)\n%s", src, err, name, out)
		return ""
	}
	// The program must run here (io_uring can be missing or forbidden):
	// relay an empty input to the echo child.
	probe := exec.Command(bin, os.Args[0], "-test.run", "^$")
	probe.Env = append(os.Environ(), roleEnv+"=echo")
	if out, err := probe.CombinedOutput(); err != nil {
		b.Logf("%s does not run here: %v (left out)\n%s", name, err, out)
		return ""
	}
	return bin
}

// TestCRelays checks that the benchmark's C references relay every byte
// in order both ways (the test binary as a child that copies its input
// to its output): 4 MiB in writes of varied sizes, more than the pipes
// and the relays' 64 KiB buffers hold, so that writes wait and come
// short.
func TestCRelays(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the C relays are Linux programs")
	}
	in := make([]byte, 4<<20)
	x := uint32(1)
	for i := range in {
		x = x*1664525 + 1013904223
		in[i] = byte(x >> 24)
	}
	for _, name := range []string{"minrelay", "uringrelay"} {
		t.Run(name, func(t *testing.T) {
			bin := buildCRelay(t, name)
			if bin == "" {
				t.Skip("not built or cannot run here (logged)")
			}
			cmd := exec.Command(bin, os.Args[0], "-test.run", "^$")
			cmd.Env = append(os.Environ(), roleEnv+"=cat")
			w, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			cmd.Stdout = &out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// A relay that loses a write waits for ever: bounded.
			defer time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() }).Stop()
			for off, n := 0, 1; off < len(in); off, n = off+n, n*3%200003+1 {
				if _, err := w.Write(in[off:min(off+n, len(in))]); err != nil {
					t.Fatal(err)
				}
			}
			w.Close()
			if err := cmd.Wait(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), in) {
				t.Fatalf("%s relayed %d bytes, not the %d written (first difference at %d)", name, out.Len(), len(in), firstDiff(out.Bytes(), in))
			}
		})
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// goRelay is the minimal relay in Go (role gorelay), in the runtime's
// setting the proxy chooses (RunCommand): the child, the test binary in
// the role $SMITHY_PROXY_BENCH_CHILD, on two pipes that are blocking and
// outside the network poller, each direction a loop of read and write
// that passes through the scheduler when its last pass is 5 to 10 ms
// old, with the Ps the smithy command gives the proxy (ReserveProcs);
// nothing framed, checked or written down. Between the C relay and the
// proxy, it says what the Go runtime costs and what the proxy's own work
// does.
func goRelay() int {
	proxy.ReserveProcs()
	pipe := func() (r, w *os.File, err error) {
		var p [2]int
		syscall.ForkLock.RLock()
		err = syscall.Pipe(p[:])
		if err == nil {
			syscall.CloseOnExec(p[0])
			syscall.CloseOnExec(p[1])
		}
		syscall.ForkLock.RUnlock()
		return os.NewFile(uintptr(p[0]), "|0"), os.NewFile(uintptr(p[1]), "|1"), err
	}
	inR, inW, err := pipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	outR, outW, err := pipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), roleEnv+"="+os.Getenv("SMITHY_PROXY_BENCH_CHILD"))
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	inR.Close()
	outW.Close()
	copyLoop := func(in io.Reader, out io.Writer) {
		const yieldEvery = 5 * time.Millisecond
		buf := make([]byte, 64<<10)
		last := time.Now()
		for {
			if d := time.Since(last); d >= yieldEvery {
				if d < 2*yieldEvery {
					runtime.Gosched()
				}
				last = time.Now()
			}
			n, err := in.Read(buf)
			if n > 0 {
				if _, err := out.Write(buf[:n]); err != nil {
					return
				}
			}
			if err != nil {
				return
			}
		}
	}
	go func() {
		copyLoop(os.Stdin, inW)
		inW.Close()
	}()
	copyLoop(outR, os.Stdout)
	if err := cmd.Wait(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	return 0
}

// recordMCP records a session with mcp-server-everything through the
// proxy (in this process) and returns the transcript's path.
func recordMCP(b *testing.B) string {
	bin := mcpEverything(b)
	var log, record testkit.SyncBuffer
	p := proxy.New(example(b, "mcp", "io.modelcontextprotocol#Mcp"), proxy.Options{Framing: proxy.Lines, Log: &log, Record: &record})
	cmd := exec.Command(bin, "stdio")
	stdinR, stdinW := io.Pipe()
	stdout, done := runCommand(p, cmd, stdinR)
	br := bufio.NewReader(stdout)
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"smithy proxy benchmark","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"prompts/list"}`,
		`{"jsonrpc":"2.0","id":4,"method":"resources/list"}`,
		`{"jsonrpc":"2.0","id":5,"method":"resources/templates/list"}`,
		`{"jsonrpc":"2.0","id":6,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hello"}}}`,
		`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"get-sum","arguments":{"a":17,"b":25}}}`,
		`{"jsonrpc":"2.0","id":9,"method":"prompts/get","params":{"name":"simple-prompt"}}`,
		`{"jsonrpc":"2.0","id":10,"method":"resources/read","params":{"uri":"demo://resource/static/document/architecture.md"}}`,
		`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"echo","arguments":{"message":"a longer message, echoed back through the proxy"}}}`,
		`{"jsonrpc":"2.0","id":12,"method":"ping"}`,
	} {
		if _, err := stdinW.Write([]byte(m + "\n")); err != nil {
			b.Fatal(err)
		}
		var call struct{ ID *int }
		if json.Unmarshal([]byte(m), &call); call.ID == nil {
			continue // a notification: no answer
		}
		// Read up to the answer (notifications may come first).
		want := fmt.Sprintf(`"id":%d}`, *call.ID)
		for {
			line, err := br.ReadBytes('\n')
			if err != nil {
				b.Fatalf("mcp-server-everything: %v", err)
			}
			if bytes.Contains(line, []byte(want)) && bytes.Contains(line, []byte(`"result"`)) {
				break
			}
		}
	}
	stdinW.Close()
	go io.Copy(io.Discard, br)
	if r := <-done; r.err != nil {
		b.Fatal(r.err)
	}
	if _, sum, err := p.Finish(); err != nil || !sum.Valid {
		b.Fatalf("the recorded session: %v, %+v\n%s", err, sum, log.String())
	}
	path := filepath.Join(b.TempDir(), "mcp-session.jsonl")
	if err := os.WriteFile(path, []byte(record.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}
