// Package proxy is `smithy proxy`: a validating man-in-the-middle for a
// live JSON-RPC conversation. A [Proxy] relays messages between a client
// and a server, frame by frame and byte for byte, and feeds every message,
// in both directions, to one [rpc.Exchange], so a conversation is checked
// exactly as `validate-rpc --transcript` checks the same messages written
// down. Findings stream to the log as JSON Lines; the conversation can be
// recorded as a transcript; with Enforce, calls that a conforming server
// would refuse are answered by the proxy and never reach the server.
//
// Transports: [Proxy.Relay] on two byte streams (stdio: [Proxy.RunCommand]
// starts the server as a child) in [Lines] or [LSP] framing (framing.go),
// and [Proxy.HTTPHandler] for JSON-RPC over HTTP POST (http.go).
//
// Decisions where the issue is silent:
//   - A message is fed to the exchange before it is relayed, so a reply
//     can never be checked before its call; the validation is in the path
//     of every message (the benchmarks measure what it adds: a few µs a
//     message; docs/performance.md). Forwarding first and checking after
//     would take the check (under 1 µs for a small message) out of the
//     latency, but a fast peer's reply could then reach the exchange
//     before its call, and the two directions cannot hold one lock across
//     a write without risking a deadlock when both pipes are full.
//   - Frames that arrive together are written together: what was checked
//     is written just before the relay reads again from the stream (a
//     read that could wait) or once 64 KiB are pending, never later; a
//     frame read alone is written as read. A peer writing as fast as it
//     can therefore costs the proxy one read and one write for many
//     messages, and a message is never held back waiting for the next.
//   - Framing problems are the proxy's own findings (codes
//     framing-header, framing-truncated, framing-too-large), logged with
//     the byte offset in that direction's stream instead of a message
//     index; they have no transcript line, since a transcript holds
//     messages, not bytes.
//   - The conversation is complete when it ends: calls never answered are
//     reported (response-missing), as `validate-rpc --complete` reports
//     them on the recorded transcript.
//   - With Enforce, only a frame read as exactly one message, validated
//     and not refused, reaches the server: a message a conforming server
//     answers with -32700, -32600, -32601 or -32602 is answered by the
//     proxy (with the message's id whenever it can be read), a frame with
//     a framing problem is answered -32700 (-32600 past the size limit)
//     with id null, blank lines are left out. The framing is read
//     strictly (framing.go) so that a forwarded frame means the same to
//     every peer.
//   - With Enforce, a batch is forwarded whole unless the batch itself is
//     refused (an empty batch, a service without batches): answering some
//     elements would mean merging the proxy's answers into the server's
//     response array. The proxy's own answers are fed to the exchange and
//     recorded as the server's messages: they are what the client got.
//   - Each direction waits for its next message in a blocking read
//     system call (the child's output too, not the network poller: one
//     read a message instead of two and no epoll_wait; the child's pipes
//     are kept out of the poller's epoll set altogether, where each
//     message would wake a thread parked in epoll_wait) and passes through
//     the scheduler every few milliseconds so that the runtime's monitor
//     does not take it for a goroutine running for ever; [ReserveProcs]
//     (which the smithy command calls) gives the runtime enough Ps that a
//     blocked read's P is not handed around on every message
//     (docs/performance.md, "A real session").
//   - The log gets each message's lines in one write, at once; the
//     transcript is buffered and written at most [RecordDelay] after a
//     message (a message further than that from the last write is
//     written once relayed; faster traffic once every RecordDelay), when
//     64 KiB are pending, and by [Proxy.Finish]: a write a message would
//     cost, in fast one-call-at-a-time traffic, as much as the rest of
//     the proxy's work on it, a timer firing in an idle session wakes the
//     whole runtime, and a killed proxy loses at most the transcript's
//     last RecordDelay.
package proxy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/smithy-validation/go/core/limits"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// Options configure a [Proxy].
type Options struct {
	// Framing delimits messages on byte streams (Relay).
	Framing Framing
	// Enforce forwards to the server only what was read as exactly one
	// message, validated and not refused: it answers refused calls and
	// faulty frames, and drops invalid notifications and blank lines.
	Enforce bool
	// Log receives the findings and the summary, one JSON object a line
	// (nil: discarded).
	Log io.Writer
	// Record, when set, receives the conversation as a JSON Lines
	// transcript: written at most RecordDelay after a message, and in
	// full by Finish.
	Record io.Writer
	// MaxMessage bounds a message that is validated (0:
	// limits.DefaultMaxSize); a longer one is relayed, not validated.
	MaxMessage int
	// Grace is how long RunCommand waits for a child to end on its own
	// once its output closed (or it exited with its output held open, or
	// was sent SIGTERM), before the next signal (0: DefaultGrace).
	Grace time.Duration
}

// Proxy validates one conversation. Its methods are safe for concurrent
// use: the two directions (or the HTTP requests) share one exchange.
type Proxy struct {
	svc  *rpc.PreparedService
	opts Options

	mu        sync.Mutex
	x         *rpc.Exchange
	rec       *bufio.Writer
	servers   []uint64 // which messages the server sent: a bit a message, by index
	logged    map[string]int
	line      []byte        // log lines not written yet (see writeLog)
	checking  bool          // check is running: its log lines are written at its end
	flushing  bool          // the timer will write the transcript (see settle)
	flush     *time.Timer   // the timer
	lastFlush time.Duration // when the transcript was last written (clock)
	done      bool
	counts    Summary
	clientMu  sync.Mutex // serializes writes to the client
}

// Summary counts what a conversation held; it is the log's last line.
type Summary struct {
	Messages int  `json:"messages"`
	Findings int  `json:"findings"`
	Errors   int  `json:"errors"`
	Framing  int  `json:"framing"`
	Refused  int  `json:"refused"`
	Dropped  int  `json:"dropped"`
	Valid    bool `json:"valid"`
	Complete bool `json:"complete"`
}

// New returns a proxy validating against svc.
func New(svc *rpc.PreparedService, opts Options) *Proxy {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.MaxMessage <= 0 {
		opts.MaxMessage = limits.DefaultMaxSize
	}
	p := &Proxy{svc: svc, opts: opts, x: svc.NewExchange(), logged: map[string]int{}}
	if opts.Record != nil {
		p.rec = bufio.NewWriterSize(opts.Record, recordBuffer)
	}
	return p
}

func direction(from rpc.Peer) string {
	if from == rpc.Server {
		return "server-to-client"
	}
	return "client-to-server"
}

// verdict is what to do with a client's message under Enforce.
type verdict uint8

const (
	forward verdict = iota
	refuse
	drop
)

// check feeds one message and logs and records it; under Enforce it
// returns the answer to send back instead of forwarding (refuse), or
// drop. flat says body holds no CR or LF (a line read by the Lines
// framing), so the transcript need not look for them. The caller holds
// p.mu.
func (p *Proxy) check(from rpc.Peer, body []byte, to int, flat bool) (verdict, []byte) {
	p.checking = true
	defer func() {
		p.checking = false
		p.writeLog()
	}()
	index := p.x.Index()
	var sums []rpc.MessageSummary
	if to >= 0 {
		sums = p.x.FeedReply(to, from, body)
	} else {
		sums = p.x.Feed(from, body)
	}
	p.sent(index, from)
	p.counts.Messages++
	for _, f := range p.x.LastFindings() {
		p.logFinding(from, f, true)
	}
	p.record(from, body, sums, to, flat)
	if !p.opts.Enforce || from != rpc.Client || len(sums) == 0 {
		return forward, nil
	}
	s := sums[0]
	if s.RPCError == 0 && p.limited() {
		// A limit ended the message's check: it was not validated whole,
		// so it does not pass. Unread (a reader limit), it is refused as
		// a frame past the size limit is; read, its payload could not be
		// walked whole.
		s.RPCError = rpc.InvalidParams
		if s.Kind == rpc.KindInvalid {
			s.RPCError = rpc.InvalidRequest
		}
	}
	switch {
	case s.RPCError != rpc.ParseError && s.RPCError != rpc.InvalidRequest && s.RPCError != rpc.MethodNotFound && s.RPCError != rpc.InvalidParams:
		return forward, nil
	case s.Kind == rpc.KindNotification:
		p.counts.Dropped++
		p.logAction(from, index, "dropped", s.RPCError)
		return drop, nil
	case s.Kind == rpc.KindBatch && len(sums) > 1:
		return forward, nil
	}
	p.counts.Refused++
	p.logAction(from, index, "refused", s.RPCError)
	// The server never sees it: a message a limit left unread made no
	// call, and correlation goes on (rpc stops it at an unread message
	// the peer may have answered).
	p.x.Withdraw()
	reply := p.errorReply(s)
	p.x.FeedReply(index, rpc.Server, reply)
	p.sent(index+1, rpc.Server)
	p.counts.Messages++
	for _, f := range p.x.LastFindings() {
		p.logFinding(rpc.Server, f, true)
	}
	p.record(rpc.Server, reply, nil, index, false)
	return refuse, reply
}

// limited reports whether a limit of one message (rpc.IsMessageLimit)
// ended the check of the message just fed.
func (p *Proxy) limited() bool {
	for _, f := range p.x.LastFindings() {
		if f.Class == sv.ClassLimit && rpc.IsMessageLimit(f.Code) {
			return true
		}
	}
	return false
}

// sent notes who sent message index (the next one): a bit a message,
// so that Finish can say which direction a finding it reports belongs
// to.
func (p *Proxy) sent(index int, from rpc.Peer) {
	if index/64 >= len(p.servers) {
		p.servers = append(p.servers, 0)
	}
	if from == rpc.Server {
		p.servers[index/64] |= 1 << (index % 64)
	}
}

// readableID reports whether the id of the message s sums up can be
// echoed: JSON-RPC 2.0 answers with null only an id that cannot be read.
// An id is readable when it is present once and, in 2.0, a string or a
// number (1.0 allows any JSON value). A duplicated "id" key is not: the
// two spellings are both the message's, and the client is waiting on
// one of them the proxy cannot tell.
func (p *Proxy) readableID(s rpc.MessageSummary) bool {
	if !s.ID.IsPresent() || s.Element >= 0 {
		return false
	}
	if p.svc.Version() != rpc.V1_0 {
		if k := s.ID.Value().Kind(); k != node.String && k != node.Number {
			return false
		}
	}
	for _, f := range p.x.LastFindings() {
		if f.Code == rpc.CodeDuplicateKey && f.Path.String() == "/id" {
			return false
		}
	}
	return true
}

var errorMessages = map[int]string{
	rpc.ParseError:     "Parse error",
	rpc.InvalidRequest: "Invalid Request",
	rpc.MethodNotFound: "Method not found",
	rpc.InvalidParams:  "Invalid params",
}

// refuseFrame answers, under Enforce, a client's frame that holds no
// message the proxy could validate (a framing fault, a frame past the
// limit): the frame is not forwarded, the client gets the error a server
// reading it would send (-32700, or -32600 for a frame past the limit),
// with id null, since no id was read, and the fault in data. The answer is
// not fed to the exchange nor recorded: the transcript holds messages,
// and this frame was none. The caller holds p.mu.
func (p *Proxy) refuseFrame(from rpc.Peer, pr *Problem) []byte {
	code := rpc.ParseError
	if pr.Code == CodeFramingTooLarge {
		code = rpc.InvalidRequest
	}
	p.counts.Refused++
	b := append(p.line, `{"direction":"`...)
	b = append(b, direction(from)...)
	b = append(b, `","offset":`...)
	b = strconv.AppendInt(b, pr.Offset, 10)
	b = append(b, `,"action":"refused","rpc_error":`...)
	b = strconv.AppendInt(b, int64(code), 10)
	p.line = append(b, "}\n"...)
	p.writeLog()

	var r []byte
	if p.svc.Version() == rpc.V1_0 {
		r = append(r, `{"result":null,"error":`...)
	} else {
		r = append(r, `{"jsonrpc":"2.0","id":null,"error":`...)
	}
	r = append(r, `{"code":`...)
	r = strconv.AppendInt(r, int64(code), 10)
	r = append(r, `,"message":`...)
	r = strconv.AppendQuote(r, errorMessages[code])
	r = append(r, `,"data":{"findings":[`...)
	r = appendProblem(r, pr)
	r = append(r, "]}}"...)
	if p.svc.Version() == rpc.V1_0 {
		r = append(r, `,"id":null`...)
	}
	return append(r, '}')
}

// errorReply is the error response a conforming server sends to the
// message s sums up: its id echoed whenever it can be read, an invalid
// request's included (a client waiting for id 107 waits for ever on an
// answer with id null), the findings in data.
func (p *Proxy) errorReply(s rpc.MessageSummary) []byte {
	id := []byte("null")
	if p.readableID(s) {
		id = node.AppendJSON(nil, s.ID.Value())
	}
	var b []byte
	if p.svc.Version() == rpc.V1_0 {
		b = append(b, `{"result":null,"error":`...)
	} else {
		b = append(b, `{"jsonrpc":"2.0","id":`...)
		b = append(b, id...)
		b = append(b, `,"error":`...)
	}
	b = append(b, `{"code":`...)
	b = strconv.AppendInt(b, int64(s.RPCError), 10)
	b = append(b, `,"message":`...)
	b = strconv.AppendQuote(b, errorMessages[s.RPCError])
	b = append(b, `,"data":{"findings":[`...)
	for i, f := range p.x.LastFindings() {
		if i > 0 {
			b = append(b, ',')
		}
		b = node.AppendJSON(b, f.Node())
	}
	b = append(b, "]}}"...)
	if p.svc.Version() == rpc.V1_0 {
		b = append(b, `,"id":`...)
		b = append(b, id...)
	}
	return append(b, '}')
}

// writeLog writes the log lines p.line holds, unless a message is being
// checked: then check writes all of that message's lines at once, one
// write a message however many findings it has.
func (p *Proxy) writeLog() {
	if p.checking || len(p.line) == 0 {
		return
	}
	p.opts.Log.Write(p.line)
	p.line = p.line[:0]
}

// logFinding writes one finding; live says it was logged as the message
// passed (Finish logs only the findings not logged before).
func (p *Proxy) logFinding(from rpc.Peer, f sv.Finding, live bool) {
	rendered := node.AppendJSON(nil, f.Node())
	if live {
		p.logged[string(rendered)]++
	}
	p.counts.Findings++
	if f.Severity == sv.SeverityError {
		p.counts.Errors++
	}
	b := append(p.line, `{"direction":"`...)
	b = append(b, direction(from)...)
	b = append(b, `",`...)
	b = append(b, rendered[1:]...)
	p.line = append(b, '\n')
	p.writeLog()
}

// logProblem writes a framing problem.
func (p *Proxy) logProblem(from rpc.Peer, pr *Problem) {
	p.counts.Framing++
	if pr.Code != CodeFramingTooLarge {
		p.counts.Errors++
	}
	b := append(p.line, `{"direction":"`...)
	b = append(b, direction(from)...)
	b = append(b, `",`...)
	b = appendProblemFields(b, pr)
	p.line = append(b, "}\n"...)
	p.writeLog()
}

// appendProblem appends a framing problem as a JSON object: offset,
// severity (a frame past the limit is a warning of class limit, the
// others errors of class envelope), code and message.
func appendProblem(b []byte, pr *Problem) []byte {
	return append(appendProblemFields(append(b, '{'), pr), '}')
}

// appendProblemFields is appendProblem without the braces.
func appendProblemFields(b []byte, pr *Problem) []byte {
	severity, class := "error", "envelope"
	if pr.Code == CodeFramingTooLarge {
		severity, class = "warning", "limit"
	}
	b = append(b, `"offset":`...)
	b = strconv.AppendInt(b, pr.Offset, 10)
	b = append(b, `,"severity":"`...)
	b = append(b, severity...)
	b = append(b, `","class":"`...)
	b = append(b, class...)
	b = append(b, `","code":"`...)
	b = append(b, pr.Code...)
	b = append(b, `","message":`...)
	return node.AppendJSON(b, node.NewString(pr.Message))
}

// logAction writes what Enforce did with message index.
func (p *Proxy) logAction(from rpc.Peer, index int, action string, code int) {
	b := append(p.line, `{"direction":"`...)
	b = append(b, direction(from)...)
	b = append(b, `","index":`...)
	b = strconv.AppendInt(b, int64(index), 10)
	b = append(b, `,"action":"`...)
	b = append(b, action...)
	b = append(b, `","rpc_error":`...)
	b = strconv.AppendInt(b, int64(code), 10)
	p.line = append(b, "}\n"...)
	p.writeLog()
}

// record writes one transcript line: the message as JSON (compacted to
// one line when it spans several), or as "text" when it is not JSON; to
// (when not negative) is the message it answers, known from the
// transport; flat says body holds no CR or LF.
func (p *Proxy) record(from rpc.Peer, body []byte, sums []rpc.MessageSummary, to int, flat bool) {
	if p.rec == nil {
		return
	}
	unreadable := len(sums) == 1 && sums[0].Kind == rpc.KindInvalid && sums[0].RPCError == rpc.ParseError
	// Two scans for one byte each, not bytes.ContainsAny's byte-by-byte
	// loop (7% of a small message's instructions in ping-pong, more on a
	// long one), and none for a line read by the Lines framing, which
	// holds neither (its reader looked for the CR already).
	if !unreadable && !flat && (bytes.IndexByte(body, '\n') >= 0 || bytes.IndexByte(body, '\r') >= 0) {
		var c bytes.Buffer
		if json.Compact(&c, body) == nil {
			body = c.Bytes()
		} else {
			unreadable = true
		}
	}
	if to < 0 && !unreadable {
		// The common line: its head is a constant of the direction.
		head := `{"from":"client","message":`
		if from == rpc.Server {
			head = `{"from":"server","message":`
		}
		p.rec.WriteString(head)
		p.rec.Write(body)
		p.rec.WriteString("}\n")
		return
	}
	p.rec.WriteString(`{"from":"`)
	p.rec.WriteString(from.String())
	if to >= 0 {
		p.rec.WriteString(`","reply_to":`)
		p.rec.WriteString(strconv.Itoa(to))
		p.rec.WriteString(`,"`)
	} else {
		p.rec.WriteString(`","`)
	}
	if unreadable {
		p.rec.WriteString(`text":`)
		p.rec.Write(node.AppendJSON(nil, node.NewString(string(body))))
	} else {
		p.rec.WriteString(`message":`)
		p.rec.Write(body)
	}
	p.rec.WriteString("}\n")
}

// settle writes the transcript's buffer once its last write is
// RecordDelay old; before that it makes sure a timer will. The relay
// calls it after it has relayed what it read, before it reads again (a
// read that may wait), so the write is never in a message's way: in a
// session whose messages come further apart than RecordDelay (an MCP or
// LSP session, mostly idle) each message is written as it passes, by
// the thread that is awake for it, and no timer wakes the process later;
// in traffic faster than that, the buffer is written once every
// RecordDelay. The caller holds p.mu.
func (p *Proxy) settle(now time.Duration) {
	if p.rec == nil || p.done || p.rec.Buffered() == 0 {
		return
	}
	if now-p.lastFlush >= RecordDelay {
		p.rec.Flush()
		p.lastFlush = now
		if p.flushing {
			p.flush.Stop()
			p.flushing = false
		}
		return
	}
	if !p.flushing {
		p.flushing = true
		d := RecordDelay - (now - p.lastFlush)
		if p.flush == nil {
			p.flush = time.AfterFunc(d, p.flushRecord)
		} else {
			p.flush.Reset(d)
		}
	}
}

// epoch is the start of clock.
var epoch = time.Now()

// clock is the monotonic time since epoch: one clock read (time.Now
// reads two; on a virtual machine a read can cost 0.3 µs).
func clock() time.Duration { return time.Since(epoch) }

// RecordDelay is how long, at most, a message stays in the transcript's
// buffer before it is written to [Options.Record] (a full buffer, 64
// KiB, is written at once; Finish writes the rest).
//
// Why not at once: in a session of one call and one answer at a time
// each message would cost a write system call, as much CPU as the rest
// of the proxy's work on it. Why not at the end only: a transcript should
// be readable while the session runs (tail -f), and a proxy that is
// killed (SIGKILL, a crash) should lose little: at most the messages of
// the last RecordDelay. See settle for when it is written.
const RecordDelay = 100 * time.Millisecond

// recordBuffer is the size of the transcript's buffer.
const recordBuffer = 64 << 10

// flushRecord writes the transcript's buffer (the timer armed by settle
// calls it).
func (p *Proxy) flushRecord() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flushing = false
	if !p.done && p.rec.Buffered() > 0 {
		p.rec.Flush()
		p.lastFlush = clock()
	}
}

// Finish ends the conversation: the calls never answered are reported,
// the summary is logged, the transcript flushed. It returns the
// exchange's result (every finding, in the contract's order).
func (p *Proxy) Finish() (*rpc.Result, Summary, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = true
	res := p.x.Finish(true)
	for _, f := range res.Findings {
		key := string(node.AppendJSON(nil, f.Node()))
		if p.logged[key] > 0 {
			p.logged[key]--
			continue
		}
		from := rpc.Client
		if i, ok := f.Path.Document(); ok && i >= 0 && i/64 < len(p.servers) && p.servers[i/64]&(1<<(i%64)) != 0 {
			from = rpc.Server
		}
		p.logFinding(from, f, false)
	}
	p.counts.Valid = p.counts.Errors == 0
	p.counts.Complete = res.Complete
	line, _ := json.Marshal(struct {
		Summary Summary `json:"summary"`
	}{p.counts})
	p.opts.Log.Write(append(line, '\n'))
	var err error
	if p.rec != nil {
		if p.flush != nil {
			p.flush.Stop()
		}
		err = p.rec.Flush()
	}
	return res, p.counts, err
}
