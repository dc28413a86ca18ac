package proxy_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/internal/testkit"
	"github.com/smithy-validation/go/cli/proxy"
	"github.com/smithy-validation/go/rpc"
)

// link is a client's view of a server: what it writes, what it reads.
type link struct {
	w io.WriteCloser
	r *bufio.Reader
}

// pipes returns an OS pipe's two ends.
func pipes(b *testing.B) (*os.File, *os.File) {
	r, w, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	return r, w
}

// echoServer answers each subtract call line read from in with its
// result, on out, until in ends.
func echoServer(in io.Reader, out io.WriteCloser) {
	br := bufio.NewReader(in)
	var buf []byte
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			out.Close()
			return
		}
		i := len(`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":`)
		if len(line) < i+2 {
			continue
		}
		buf = append(buf[:0], `{"jsonrpc":"2.0","result":19,"id":`...)
		buf = append(buf, line[i:]...)
		out.Write(buf)
	}
}

// direct connects a client to the echo server through two OS pipes.
func direct(b *testing.B) link {
	cr, cw := pipes(b) // client -> server
	sr, sw := pipes(b) // server -> client
	go echoServer(cr, sw)
	return link{w: cw, r: bufio.NewReader(sr)}
}

// proxied puts a proxy (validating against the calculator, logging
// nowhere) between the client and the echo server: four OS pipes.
func proxied(b *testing.B) (link, chan error) {
	clientInR, clientInW := pipes(b)
	clientOutR, clientOutW := pipes(b)
	serverInR, serverInW := pipes(b)
	serverOutR, serverOutW := pipes(b)
	go echoServer(serverInR, serverOutW)
	p := proxy.New(calculator(b), proxy.Options{Framing: proxy.Lines})
	done := make(chan error, 1)
	go func() {
		err := p.Relay(clientInR, clientOutW, serverInW, serverOutR)
		clientOutW.Close()
		done <- err
	}()
	return link{w: clientInW, r: bufio.NewReader(clientOutR)}, done
}

func call(l link, id int, buf []byte) ([]byte, error) {
	buf = append(buf[:0], `{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":`...)
	buf = strconv.AppendInt(buf, int64(id), 10)
	buf = append(buf, "}\n"...)
	if _, err := l.w.Write(buf); err != nil {
		return buf, err
	}
	_, err := l.r.ReadSlice('\n')
	return buf, err
}

// percentile is testkit.Percentile in nanoseconds.
func percentile(d []time.Duration, p float64) float64 {
	return float64(testkit.Percentile(d, p).Nanoseconds())
}

// BenchmarkLatency measures round trips (a call and its answer) through
// two OS pipes (direct) and through the proxy (four pipes, both messages
// validated), alternately in the same loop, and reports p50 and p99 of
// each and the latency the proxy adds per message: half the difference
// of the round trips' p50 (p99), since a round trip is two messages.
func BenchmarkLatency(b *testing.B) {
	d := direct(b)
	p, done := proxied(b)
	var buf []byte
	var err error
	// Warm both paths.
	for i := 0; i < 100; i++ {
		buf, _ = call(d, i, buf)
		buf, _ = call(p, i, buf)
	}
	dt := make([]time.Duration, 0, b.N)
	pt := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if buf, err = call(d, 1000+i, buf); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if buf, err = call(p, 1000+i, buf); err != nil {
			b.Fatal(err)
		}
		pt = append(pt, time.Since(t1))
		dt = append(dt, t1.Sub(t0))
	}
	b.StopTimer()
	d50, d99 := percentile(dt, 0.5), percentile(dt, 0.99)
	p50, p99 := percentile(pt, 0.5), percentile(pt, 0.99)
	b.ReportMetric(d50, "direct-p50-ns/rtt")
	b.ReportMetric(d99, "direct-p99-ns/rtt")
	b.ReportMetric(p50, "proxy-p50-ns/rtt")
	b.ReportMetric(p99, "proxy-p99-ns/rtt")
	b.ReportMetric((p50-d50)/2, "added-p50-ns/msg")
	b.ReportMetric((p99-d99)/2, "added-p99-ns/msg")
	d.w.Close()
	p.w.Close()
	if err := <-done; err != nil {
		b.Fatal(err)
	}
}

// oneWay is a one-way path for the throughput benchmark: the client
// writes to w; a counting reader at the far end reads whole lines and,
// for each count sent on expect, answers on got once it has read that
// many messages (or failed).
type oneWay struct {
	w      io.WriteCloser
	expect chan int
	got    chan error
	relay  chan error // the proxy's Relay, nil for the direct pipe
	stop   func()
}

// countLines reads lines from r as the rounds ask (see oneWay).
func countLines(r io.Reader, expect <-chan int, got chan<- error) {
	br := bufio.NewReader(r)
	for n := range expect {
		var err error
		for i := 0; i < n && err == nil; i++ {
			_, err = br.ReadSlice('\n')
		}
		got <- err
	}
}

// directWay is one OS pipe from the client to the reader.
func directWay(b *testing.B) *oneWay {
	r, w := pipes(b)
	o := &oneWay{w: w, expect: make(chan int), got: make(chan error)}
	go countLines(r, o.expect, o.got)
	o.stop = func() { w.Close(); close(o.expect); r.Close() }
	return o
}

// proxyWay puts a proxy (validating against svc, logging nowhere)
// between the client and the reader: the client writes to one OS pipe,
// the proxy relays to another; the server's output pipe stays silent.
func proxyWay(b *testing.B, svc *rpc.PreparedService) *oneWay {
	inR, inW := pipes(b)
	sinkR, sinkW := pipes(b)
	outR, outW := pipes(b)
	o := &oneWay{w: inW, expect: make(chan int), got: make(chan error), relay: make(chan error, 1)}
	go countLines(sinkR, o.expect, o.got)
	p := proxy.New(svc, proxy.Options{Framing: proxy.Lines})
	go func() { o.relay <- p.Relay(inR, io.Discard, sinkW, outR) }()
	o.stop = func() {
		inW.Close() // the client's side ends: the proxy closes the server's input
		outW.Close()
		if err := <-o.relay; err != nil {
			b.Error(err)
		}
		close(o.expect)
		sinkR.Close()
	}
	return o
}

// send writes n messages (msg repeated) through o, perWrite messages a
// write call, and returns how long it took until the reader had them all.
func (o *oneWay) send(b *testing.B, msg, batch []byte, n, perWrite int) time.Duration {
	o.expect <- n
	t0 := time.Now()
	for sent := 0; sent < n; sent += perWrite {
		chunk := msg
		if perWrite > 1 {
			chunk = batch[:min(perWrite, n-sent)*len(msg)]
		}
		if _, err := o.w.Write(chunk); err != nil {
			b.Fatal(err)
		}
	}
	if err := <-o.got; err != nil {
		b.Fatal(err)
	}
	return time.Since(t0)
}

func median(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	return v[len(v)/2]
}

// BenchmarkThroughput streams small messages one way as fast as a reader
// takes them, through one OS pipe (direct) and through the proxy (which
// validates each against the model and relays it to a second pipe), and
// runs encoding/json.Valid over the same messages: the floor any
// validator pays. Two message sizes: a 55-byte subtract notification
// (examples/calculator) and a 1 KB progress notification (examples/mcp,
// a 900-character message string).
//
// Two ways of writing: writes=1, each message with its own write call, as
// JSON-RPC peers write (an MCP SDK or a language server writes and flushes
// a message at a time): the goal (the proxy at least half the
// direct pipe's throughput) is judged on it; writes=64, 64 messages a
// write call, where the direct pipe is a memory copy.
//
// b.N messages go each way, in rounds: each round sends the same number
// of messages directly, through the proxy and through json.Valid, in an
// order that alternates, so the machine's load falls on all three alike.
// Reported: the medians over the rounds of each one's time a message
// (direct-ns/msg, proxy-ns/msg, json.Valid-ns/msg; direct-MB/s and
// proxy-MB/s from them) and of the rounds' throughput ratios
// (proxy/direct, proxy/json.Valid); ns/op is the sum of the three
// series. All of it runs in one process: with -cpu 1 the client, the
// proxy and the reader share one core (the proxy's CPU adds to the
// client's: the worst case), with -cpu 2 the proxy can run beside the
// client when the machine has a core to spare.
func BenchmarkThroughput(b *testing.B) {
	progress := `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"job-17","progress":42,"total":100,"message":"` +
		strings.Repeat("copying files, ", 60) + `"}}`
	sizes := []struct {
		name string
		msg  string
		svc  func(testing.TB) *rpc.PreparedService
	}{
		{"55B", `{"jsonrpc":"2.0","method":"subtract","params":[42,23]}`, calculator},
		{"1KB", progress, func(t testing.TB) *rpc.PreparedService { return example(t, "mcp", "io.modelcontextprotocol#Mcp") }},
	}
	for _, size := range sizes {
		msg := []byte(size.msg + "\n")
		svc := size.svc(b)
		// The message is valid: the proxy relays it and finds nothing.
		if x := svc.NewExchange(); len(x.Feed(rpc.Client, msg[:len(msg)-1])) != 1 || len(x.LastFindings()) != 0 {
			b.Fatalf("%s: the message has findings: %v", size.name, x.LastFindings())
		}
		for _, perWrite := range []int{1, 64} {
			b.Run(fmt.Sprintf("msg=%s/writes=%d", size.name, perWrite), func(b *testing.B) {
				batch := bytes.Repeat(msg, perWrite)
				d, p := directWay(b), proxyWay(b, svc)
				const rounds = 15
				per := max(1, (b.N+rounds-1)/rounds)
				// Warm both paths.
				d.send(b, msg, batch, min(per, 1000), perWrite)
				p.send(b, msg, batch, min(per, 1000), perWrite)
				var dn, pn, vn, ratio, floor []float64
				b.ResetTimer()
				for done, round := 0, 0; done < b.N; round++ {
					n := min(per, b.N-done)
					done += n
					var dt, pt, vt time.Duration
					valid := func() {
						t0 := time.Now()
						for i := 0; i < n; i++ {
							if !json.Valid(msg) {
								b.Fatal("json.Valid refused the message")
							}
						}
						vt = time.Since(t0)
					}
					if round%2 == 0 {
						dt = d.send(b, msg, batch, n, perWrite)
						pt = p.send(b, msg, batch, n, perWrite)
						valid()
					} else {
						valid()
						pt = p.send(b, msg, batch, n, perWrite)
						dt = d.send(b, msg, batch, n, perWrite)
					}
					dn = append(dn, float64(dt.Nanoseconds())/float64(n))
					pn = append(pn, float64(pt.Nanoseconds())/float64(n))
					vn = append(vn, float64(vt.Nanoseconds())/float64(n))
					ratio = append(ratio, float64(dt)/float64(pt))
					floor = append(floor, float64(vt)/float64(pt))
				}
				b.StopTimer()
				d.stop()
				p.stop()
				b.ReportMetric(median(dn), "direct-ns/msg")
				b.ReportMetric(median(pn), "proxy-ns/msg")
				b.ReportMetric(float64(len(msg))*1e3/median(dn), "direct-MB/s")
				b.ReportMetric(float64(len(msg))*1e3/median(pn), "proxy-MB/s")
				b.ReportMetric(median(vn), "json.Valid-ns/msg")
				b.ReportMetric(median(ratio), "proxy/direct")
				b.ReportMetric(median(floor), "proxy/json.Valid")
			})
		}
	}
}

// repeated yields msg n times, a message per copy.
type repeated struct {
	msg    []byte
	n, off int
}

func (r *repeated) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	w := 0
	for w < len(p) && r.n > 0 {
		c := copy(p[w:], r.msg[r.off:])
		w += c
		if r.off += c; r.off == len(r.msg) {
			r.off = 0
			r.n--
		}
	}
	return w, nil
}

// discardCloser is the server's input: it takes everything; closing it
// ends the server's (silent) output.
type discardCloser struct{ out *io.PipeWriter }

func (discardCloser) Write(p []byte) (int, error) { return len(p), nil }
func (d discardCloser) Close() error              { return d.out.Close() }

// BenchmarkRelay is the proxy's CPU per message without pipes or
// scheduling: b.N subtract notifications read from memory, checked and
// relayed to a sink (relay), against feeding the same messages to an
// exchange alone (exchange), the validation every message pays. The
// difference is the relay's own cost (framing, batching, locking,
// logging nothing); instruction counts (valgrind --tool=callgrind, see
// docs/performance.md) do not move with the machine's load.
func BenchmarkRelay(b *testing.B) {
	msg := []byte(`{"jsonrpc":"2.0","method":"subtract","params":[42,23]}` + "\n")
	svc := calculator(b)
	b.Run("exchange", func(b *testing.B) {
		x := svc.NewExchange()
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			x.Feed(rpc.Client, msg[:len(msg)-1])
		}
	})
	b.Run("relay", func(b *testing.B) {
		p := proxy.New(svc, proxy.Options{Framing: proxy.Lines})
		serverOut, end := io.Pipe()
		b.ReportAllocs()
		if err := p.Relay(&repeated{msg: msg, n: b.N}, io.Discard, discardCloser{end}, serverOut); err != nil {
			b.Fatal(err)
		}
		if _, s, _ := p.Finish(); s.Messages != b.N || s.Findings != 0 {
			b.Fatalf("%+v, want %d messages and no finding", s, b.N)
		}
	})
}

// pingPong is a conversation of n turns in memory, one call and its
// answer at a time: the client's stream yields the next call only once
// the previous answer reached the client, the server's stream yields an
// answer only once the call reached the server. It drives Relay the way
// an MCP or LSP session does, with no pipe and no other process, so that
// the proxy's own work a message can be counted (allocations,
// instructions).
type pingPong struct {
	n, turn     int
	call, reply [2]string // each message is [0] + id + [1] + "\n"
	next, srv   chan struct{}
	closed      bool
}

func newPingPong(n int, call, reply [2]string) *pingPong {
	pp := &pingPong{n: n, call: call, reply: reply, next: make(chan struct{}, 1), srv: make(chan struct{}, 1)}
	pp.next <- struct{}{}
	return pp
}

func appendMsg(p []byte, m [2]string, id int) int {
	b := append(p[:0], m[0]...)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, m[1]...)
	b = append(b, '\n')
	return len(b)
}

// client is the client's side of the conversation.
type ppClient struct{ *pingPong }

func (c ppClient) Read(p []byte) (int, error) {
	<-c.next
	if c.turn == c.n {
		return 0, io.EOF
	}
	c.turn++
	return appendMsg(p, c.call, c.turn), nil
}

func (c ppClient) Write(p []byte) (int, error) {
	c.next <- struct{}{}
	return len(p), nil
}

// ppServer is the server's side.
type ppServer struct{ *pingPong }

func (s ppServer) Write(p []byte) (int, error) {
	s.srv <- struct{}{}
	return len(p), nil
}

func (s ppServer) Close() error {
	close(s.srv)
	return nil
}

func (s ppServer) Read(p []byte) (int, error) {
	if _, ok := <-s.srv; !ok {
		return 0, io.EOF
	}
	return appendMsg(p, s.reply, s.turn), nil
}

// benchPingPong relays b.N turns of call and reply through a proxy with
// a log and a transcript (both discarded); an op is a turn, two
// messages.
func benchPingPong(b *testing.B, svc *rpc.PreparedService, call, reply [2]string) {
	pp := newPingPong(b.N, call, reply)
	p := proxy.New(svc, proxy.Options{Framing: proxy.Lines, Log: io.Discard, Record: io.Discard})
	b.ReportAllocs()
	b.ResetTimer()
	if err := p.Relay(ppClient{pp}, ppClient{pp}, ppServer{pp}, ppServer{pp}); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	if _, s, _ := p.Finish(); s.Messages != 2*b.N || s.Findings != 0 || !s.Complete {
		b.Fatalf("%+v, want %d messages, no finding, complete", s, 2*b.N)
	}
}

// BenchmarkPingPong is BenchmarkRelay in ping-pong with a transcript:
// the calculator's subtract call and its result, and an MCP tools/call
// and its 1 KB result. Its allocations a turn should be 0; its
// instructions (callgrind, docs/performance.md) are the proxy's own work
// a message plus a channel hand-off a stream.
func BenchmarkPingPong(b *testing.B) {
	b.Run("calculator", func(b *testing.B) {
		benchPingPong(b, calculator(b),
			[2]string{`{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":`, `}`},
			[2]string{`{"jsonrpc":"2.0","result":19,"id":`, `}`})
	})
	b.Run("mcp", func(b *testing.B) {
		text := strings.Repeat("copying files, ", 64)
		benchPingPong(b, example(b, "mcp", "io.modelcontextprotocol#Mcp"),
			[2]string{`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"echo","arguments":{"message":"` + text + `"}},"id":`, `}`},
			[2]string{`{"jsonrpc":"2.0","result":{"content":[{"type":"text","text":"Echo: ` + text + `"}]},"id":`, `}`})
	})
}
