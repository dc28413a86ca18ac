package proxy_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/smithy-validation/go/cli/proxy"
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

func percentile(d []time.Duration, p float64) float64 {
	slices.Sort(d)
	return float64(d[int(float64(len(d)-1)*p)].Nanoseconds())
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

// BenchmarkThroughput streams small calls one way as fast as the reader
// takes them, directly through an OS pipe and through the proxy (which
// validates each): bytes per second of each, in the same run.
func BenchmarkThroughput(b *testing.B) {
	msg := []byte(`{"jsonrpc":"2.0","method":"subtract","params":[42,23]}` + "\n")
	batch := make([]byte, 0, 64*len(msg))
	for len(batch)+len(msg) <= cap(batch) {
		batch = append(batch, msg...)
	}
	per := len(batch) / len(msg)
	for _, mode := range []string{"direct", "proxy"} {
		b.Run(mode, func(b *testing.B) {
			sinkR, sinkW := pipes(b)
			w := io.WriteCloser(sinkW)
			var done chan error
			counted := make(chan int, 1)
			go func() {
				br := bufio.NewReader(sinkR)
				n := 0
				for {
					if _, err := br.ReadSlice('\n'); err != nil {
						counted <- n
						return
					}
					n++
				}
			}()
			if mode == "proxy" {
				inR, inW := pipes(b)
				outR, outW := pipes(b)
				p := proxy.New(calculator(b), proxy.Options{Framing: proxy.Lines})
				done = make(chan error, 1)
				go func() { done <- p.Relay(inR, outW, sinkW, outR) }()
				w = inW
				defer outW.Close()
			}
			b.SetBytes(int64(len(msg)))
			b.ResetTimer()
			for sent := 0; sent < b.N; sent += per {
				chunk := batch
				if b.N-sent < per {
					chunk = batch[:(b.N-sent)*len(msg)]
				}
				if _, err := w.Write(chunk); err != nil {
					b.Fatal(err)
				}
			}
			w.Close()
			if n := <-counted; n != b.N {
				b.Fatalf("the reader got %d messages, want %d", n, b.N)
			}
			b.StopTimer()
			if done != nil {
				// The server side ended; the relay ends when the server's
				// output does.
			}
		})
	}
	_ = fmt.Sprint
}
