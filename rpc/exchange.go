package rpc

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"slices"
	"sort"
	"strings"

	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/shapeid"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// Peer is one side of an exchange.
type Peer uint8

const (
	// Client is the peer that opened the connection (the "-->" side of
	// the specifications' examples).
	Client Peer = iota
	// Server is the other peer ("<--").
	Server
)

// String returns "client" or "server".
func (p Peer) String() string {
	if p == Server {
		return "server"
	}
	return "client"
}

func (p Peer) other() Peer { return 1 - p }

// ParsePeer returns the peer named "client" or "server".
func ParsePeer(s string) (Peer, bool) {
	switch s {
	case "client":
		return Client, true
	case "server":
		return Server, true
	}
	return 0, false
}

// Exchange checks a stream of messages between two peers: each message's
// envelopes and payloads, and the relations between them: responses
// correlated with calls by exact id, per calling peer (either peer may
// call: JSON-RPC 1.0 is peer-to-peer, and one 2.0 implementation may fill
// both roles), unsolicited and duplicate responses, responses to
// notifications, ids reused while a call is outstanding (ambiguous, a
// warning), response arrays that do not match a batch, and, when the
// transcript is declared complete, calls never answered.
//
// The exchange streams: it keeps the calls that await a response and a
// bounded window of answered ones, never the messages, so its memory grows
// with the number of outstanding calls, not with the transcript. Findings
// are kept (at most the engine's MaxFindings, see [PayloadOptions]).
//
// No claim is made about scheduling: responses may come in any order, and
// a batch's responses in any order within their array. An Exchange is not
// safe for concurrent use.
type Exchange struct {
	s       *PreparedService
	c       *checker
	index   int
	maxOut  int
	recentN int
	// maxOutBytes bounds openBytes, what the outstanding calls hold.
	maxOutBytes, openBytes int

	// calls awaiting a response, by calling peer and id key; a key with
	// several calls (an ambiguous id) chains them, oldest first.
	byKey keyTable
	seed  maphash.Seed
	// nullable are invalid requests that a null-id error may answer,
	// per calling peer, oldest first; answered ones are skipped lazily.
	nullable [2][]*call
	open     int
	seq      uint64
	stopped  bool
	// unreadAt is one more than the index of the message that stopped
	// correlation by being left unread (0: none did), for Withdraw.
	unreadAt int
	// withdrawn is one more than the index of the unread message last
	// withdrawn (0: none), whose answer by the gate itself (FeedReply)
	// answers no call.
	withdrawn int

	// answered keys, a ring, for duplicate detection (entries reuse
	// their storage).
	ring   [][]byte
	ringAt int

	// notified remembers recent messages that held notifications (for
	// supplied associations).
	notified [2][]int

	// used maps each call id to the message that first used it, under
	// idReuse "reject" (reuse.go); usedBytes is what it holds, bounded by
	// the outstanding limits; reuseStopped is set once they are reached.
	used         idSet
	usedBytes    int
	reuseStopped bool
	// anonymous: the senders are not known (ValidatePair), so
	// @method(from) is not checked.
	anonymous bool

	rd read
	// line reads transcript lines (FeedLine); messages are read by c.text.
	line   textReader
	keyBuf []byte
	// lazy is the message of a line on the fast path (lazy.go);
	// fastOK says whether the service's limits allow that path
	// (fastKnown once it was worked out).
	lazy              lazyLine
	fastKnown, fastOK bool
	// free holds answered calls for reuse (never ones still listed in
	// nullable).
	free  []*call
	first int // first summary of the current Feed
}

type call struct {
	seq     uint64
	index   int
	element int
	pos     node.Pos
	rpcErr  int32 // a protocol code (InvalidRequest, MethodNotFound...) or 0
	from    Peer
	hasM    bool
	mayNull bool // an invalid request: a null-id error answers it
	done    bool
	// cancelled: a @cancels notification with response "optional"
	// cancelled the call, so it need not be answered.
	cancelled bool
	key       []byte // empty when the call has no usable id; storage reused
	hash      uint64 // of key
	meth      *Method
	text      *callText // nil unless the call has one of its texts
	size      int       // what the call counts toward MaxOutstandingBytes
	next      *call     // the next call with the same key
	chain     *chain    // shared by the calls of a key that several calls use
	batch     *batchRec
}

// callText is what a call keeps of its message that its key and method
// do not say, apart from the call because a call seldom has it: the id as
// written when the key does not spell it (a number written otherwise,
// a structured 1.0 id) and the name of a method the service does not
// have. A call is 128 bytes without them (200 when its path and both
// texts were fields of its own): the MCP session keeps 5,265 calls never
// answered (docs/performance.md, issue 27 goal 2, the midday of
// 2026-12-03).
type callText struct {
	written string // the id as written
	method  string // the method's name when meth is nil
}

// path returns where the call is: its message, and its element in a
// batch. Every exchange's messages are in the context inExchange gives
// them, where the reader puts a call at its document (sv.InDocument of
// its index) or, in a batch, at the element's index in it.
func (cl *call) path() sv.Path {
	p := sv.InDocument(cl.index)
	if cl.element >= 0 {
		p = p.Index(cl.element)
	}
	return p
}

// method returns the name of the call's method ("" when it has none).
func (cl *call) method() string {
	switch {
	case cl.meth != nil:
		return cl.meth.name
	case cl.text != nil:
		return cl.text.method
	}
	return ""
}

// written returns the id as written when the key does not spell it, else
// "".
func (cl *call) written() string {
	if cl.text != nil {
		return cl.text.written
	}
	return ""
}

// chain is what the calls that share a key (an ambiguous id) know about
// each other, kept as they come and go so that no step walks the chain:
// correlating n calls with one id costs O(n), not O(n²).
type chain struct {
	n    int
	last *call
	// meth is the method of every call while they share one; counts
	// holds the calls of each method once they differ.
	meth   *Method
	counts map[*Method]int
	// taintedTo: the calls up to this sequence number were outstanding
	// when a response matched several of them and was taken as the
	// oldest's answer, so which response answers them is a guess too.
	taintedTo uint64
}

// join appends cl to ch.
func (ch *chain) join(cl *call) {
	ch.last.next = cl
	ch.last = cl
	ch.n++
	cl.chain = ch
	switch {
	case ch.counts != nil:
		ch.counts[cl.meth]++
	case cl.meth != ch.meth:
		ch.counts = map[*Method]int{ch.meth: ch.n - 1, cl.meth: 1}
	}
}

// leave takes cl's method out of ch's counts (the table relinks the calls).
func (ch *chain) leave(cl *call) {
	ch.n--
	if ch.counts == nil {
		return
	}
	if ch.counts[cl.meth]--; ch.counts[cl.meth] == 0 {
		delete(ch.counts, cl.meth)
	}
	if len(ch.counts) == 1 {
		for m := range ch.counts {
			ch.meth = m
		}
		ch.counts = nil
	}
}

// sameMethod reports whether every call of ch has one method.
func (ch *chain) sameMethod() bool { return ch.counts == nil }

// tainted reports whether another call with cl's id was answered by a
// guess, so that which response answers cl is a guess too.
func (cl *call) tainted() bool { return cl.chain != nil && cl.seq <= cl.chain.taintedTo }

// idText returns the call's id as written (numbers keep their token).
func (cl *call) idText() string {
	switch w := cl.written(); {
	case w != "":
		return w
	case len(cl.key) > 0:
		return string(cl.key[1:])
	}
	return ""
}

// spelled reports whether t is the call's id as written (idText == t,
// without building the text).
func (cl *call) spelled(t string) bool {
	switch w := cl.written(); {
	case w != "":
		return w == t
	case len(cl.key) > 0:
		return string(cl.key[1:]) == t
	}
	return t == ""
}

// newCall returns a zeroed call (but for its key's storage, of length
// 0): one from the free list, which settle zeroes, or a new one.
func (x *Exchange) newCall() *call {
	if n := len(x.free); n > 0 {
		cl := x.free[n-1]
		x.free = x.free[:n-1]
		return cl
	}
	return new(call)
}

type batchRec struct {
	index int
	open  int
}

// NewExchange starts an exchange (see [Exchange]). Its limits are the
// service's ([MaxOutstanding], [RecentReplies] given to Prepare), then
// opts'.
func (s *PreparedService) NewExchange(opts ...Option) *Exchange {
	cfg := s.cfg
	if len(opts) > 0 {
		cfg = readOptions(append([]Option{s.opts}, opts...))
	}
	return &Exchange{s: s, c: newChecker(s), maxOut: cfg.maxOutstanding, maxOutBytes: cfg.maxOutstandingBytes, recentN: cfg.recentReplies,
		seed: maphash.MakeSeed()}
}

// unread stops the correlation of calls and responses at a message that
// met a reader limit: which calls it made, or which it answered, is not
// known, so every later verdict about answers (a response that answers
// nothing, a call never answered, an id reused) could be false. Each
// later message is still checked on its own (envelope, method, params);
// the result is not complete already.
func (x *Exchange) unread() {
	x.c.unread = false
	if !x.stopped {
		x.stopped = true
		x.unreadAt = x.index + 1 // the message's index, plus one (0: none)
	}
}

// Withdraw tells the exchange that the message just fed never reached
// its peer: a gate refused it (proxy --enforce answers it itself, with
// FeedReply). When a reader limit left that message unread, correlation
// goes on as if it had not been sent (it made no call the exchange knows
// of), so that the next messages' ids are still checked (a reused id
// under @jsonRpc(idReuse: "reject") is still refused). It does nothing
// otherwise.
func (x *Exchange) Withdraw() {
	if x.unreadAt != 0 && x.unreadAt == x.index {
		x.stopped, x.unreadAt, x.withdrawn = false, 0, x.index
	}
}

// Index returns the document index the next message will get.
func (x *Exchange) Index() int { return x.index }

// Feed checks the next message, sent by from, given as the text that was
// sent (invalid JSON included: it is the -32700 case). It returns the
// summaries of the message (one, or the batch and each element); the
// slice is valid until the next call, and its ids share data's memory.
// Nothing else refers to data after the call: findings and outstanding
// calls keep copies.
func (x *Exchange) Feed(from Peer, data []byte) []MessageSummary {
	if ms, ok := x.fastFeed(from, data); ok {
		return ms // see lazy.go
	}
	// The message's context is written in place (see beginIn): Feed runs
	// for every message of a connection.
	m := x.beginIn(from)
	m.emptyIsResponse = from == Server
	x.c.readText(data, roleUnknown, false, &x.rd)
	x.process(from, -1)
	return x.end()
}

// FeedReply is [Exchange.Feed] for a response whose request is known from
// the transport (an HTTP response to its POST, say): the message at
// document index to. Its ids must still match that request's (an id
// mismatch is a finding), and calls of that request left unanswered are
// reported at once as missing responses.
func (x *Exchange) FeedReply(to int, from Peer, data []byte) []MessageSummary {
	x.begin(inExchange(x.index), from)
	x.c.readText(data, roleResponse, false, &x.rd)
	x.process(from, to)
	return x.end()
}

// feedRecord is Feed for a transcript record's message, in context m:
// text that was sent ("text"), or, when text is nil, a value already read
// ("message").
func (x *Exchange) feedRecord(from Peer, to int, m msgCtx, v sv.ValueView, text []byte) []MessageSummary {
	m.emptyIsResponse = from == Server
	x.begin(m, from)
	r := roleUnknown
	if to >= 0 {
		r = roleResponse
	}
	if text != nil {
		x.c.readText(text, r, false, &x.rd)
	} else {
		x.c.readView(v, r, false, &x.rd)
	}
	x.process(from, to)
	return x.end()
}

// begin starts checking the exchange's next message, sent by from, in
// context m.
func (x *Exchange) begin(m msgCtx, from Peer) {
	m.from, m.peerKnown = from, !x.anonymous
	x.c.begin(m)
	x.first = len(x.c.msgs)
}

// beginIn is begin for the exchange's next message in the context
// inExchange gives it, which it writes in place, field by field (built
// aside, the context would be copied twice) and returns for the caller to
// complete.
func (x *Exchange) beginIn(from Peer) *msgCtx {
	c := x.c
	m := &c.m
	*m = msgCtx{}
	m.index, m.doc, m.track = x.index, sv.InDocument(x.index), true
	m.from, m.peerKnown = from, !x.anonymous
	c.recent = c.recent[:0]
	x.first = len(c.msgs)
	return m
}

// end closes the message begin started and returns its summaries.
func (x *Exchange) end() []MessageSummary {
	x.index++
	x.c.endMessage()
	out := x.c.msgs[x.first:]
	x.c.msgs = x.c.msgs[:x.first]
	return out
}

// process correlates the message just read and records its summaries.
func (x *Exchange) process(from Peer, to int) {
	rd := &x.rd
	c := x.c
	if c.unread {
		x.unread()
	}
	switch {
	case rd.response:
		x.responses(from, to)
	case !rd.batch && rd.whole.kind == KindInvalid && len(rd.elems) == 0:
		// Invalid JSON or an empty batch: one error object answers it.
		// Text that cannot be read is taken as a request only from the
		// client: a peer does not answer a server's unreadable message
		// under 2.0, and under 1.0 it cannot tell what it was.
		if rd.whole.rpcError != 0 && (from == Client || rd.whole.rpcError != ParseError) {
			x.register(from, &rd.whole, nil)
		}
	default:
		var b *batchRec
		if rd.batch {
			b = &batchRec{index: x.index}
		}
		notified := false
		for i := range rd.elems {
			in := &rd.elems[i]
			if in.kind == KindNotification {
				notified = true
				if in.cancel != nil {
					x.cancel(from, in)
				}
				continue
			}
			x.register(from, in, b)
		}
		if notified {
			x.rememberNotification(from)
		}
	}
	c.summarize(rd)
	c.endMessage()
	c.text.reset()
	c.src = ""
}

func (x *Exchange) rememberNotification(from Peer) {
	l := append(x.notified[from], x.index)
	if len(l) > 64 {
		l = append(l[:0], l[len(l)-32:]...)
	}
	x.notified[from] = l
}

func (x *Exchange) hadNotification(from Peer, index int) bool {
	return slices.Contains(x.notified[from], index)
}

// key returns the correlation key of the id of in, sent by peer p (in
// x.keyBuf).
func (x *Exchange) key(p Peer, in *info) []byte {
	k, _ := x.keyToken(p, in)
	return k
}

// keyToken is key, and reports whether the key is the peer's byte and the
// id's number token as written (so that the call need not keep the
// spelling apart).
func (x *Exchange) keyToken(p Peer, in *info) (k []byte, token bool) {
	x.keyBuf = append(x.keyBuf[:0], byte(p))
	if in.idInt {
		// The common case, told by the reader: an integer token is its
		// own key when appendKey would keep it as it is.
		t := in.id.value.NumberText()
		digits := len(t)
		if digits > 0 && t[0] == '-' {
			digits--
		}
		if digits <= maxPlainDigits && t != "-0" {
			x.keyBuf = append(x.keyBuf, t...)
			return x.keyBuf, true
		}
	}
	x.keyBuf = in.id.appendKey(x.keyBuf)
	return x.keyBuf, false
}

// register records a call that awaits a response: a request, or an
// invalid request (answered by an error, with a null id when its own id
// could not be read).
func (x *Exchange) register(from Peer, in *info, b *batchRec) {
	if x.stopped {
		return
	}
	if x.open >= x.maxOut {
		x.stopped = true
		x.c.add(sv.Finding{Severity: sv.SeverityWarning, Class: sv.ClassLimit, Code: CodeOutstandingLimit,
			Path: in.at, Pos: x.c.pos(in.pos),
			Message: fmt.Sprintf("more than %d calls await a response (the MaxOutstanding limit): correlation stopped", x.maxOut)})
		return
	}
	usable := in.id.IsPresent() && in.idOK && (in.kind != KindInvalid || !in.id.IsNull())
	// The id's key and its hash, once for the reuse check and the key
	// table (x.keyBuf: valid until the next x.key).
	var k []byte
	var token bool
	var h uint64
	if usable {
		k, token = x.keyToken(from, in)
		h = x.hash(k)
	}
	reused := false
	if usable && x.s.proto.IDReuse == RejectIDReuse {
		reused = x.reuse(from, in, k, h)
	}
	if in.kind == KindInvalid && !usable && x.s.version == V1_0 {
		// JSON-RPC 1.0 has no null-id error answers: an invalid message
		// without a usable id expects nothing that could be recognized.
		return
	}
	// What the call will hold: its key and the id's spelling (kept only
	// when the key does not spell it already), the method name, and the
	// fixed part.
	written := ""
	if usable {
		if token {
			// The key spells the id.
		} else if t := in.id.Value().NumberText(); t != "" && t != string(k[1:]) {
			written = t
		} else if kind := in.id.Value().Kind(); kind == node.Array || kind == node.Object {
			// A structured 1.0 id: its spelling, for id-spelling.
			written = string(node.Marshal(in.id.Value()))
		}
	}
	size := CallOverhead + len(in.method) + len(k) + len(written)
	if x.openBytes+size > x.maxOutBytes {
		x.stopped = true
		x.c.add(sv.Finding{Severity: sv.SeverityWarning, Class: sv.ClassLimit, Code: CodeOutstandingLimit,
			Path: in.at, Pos: x.c.pos(in.pos),
			Message: fmt.Sprintf("the calls awaiting a response would hold more than %d bytes (the MaxOutstandingBytes limit): correlation stopped", x.maxOutBytes)})
		return
	}
	x.seq++
	cl := x.newCall() // zeroed: its fields are set one by one
	cl.seq, cl.index, cl.element, cl.pos, cl.from = x.seq, x.index, in.element, x.c.pos(in.pos), from
	cl.hasM, cl.meth, cl.rpcErr, cl.batch, cl.size = in.hasMethod, in.meth, int32(in.rpcError), b, size
	x.openBytes += size
	// Keep the method name, not the message it was read from (a method
	// of the service's is its own).
	if in.meth == nil && in.hasMethod {
		cl.text = &callText{method: strings.Clone(in.method)}
	}
	if in.kind == KindInvalid && x.s.version == V2_0 {
		cl.mayNull = true
		x.nullable[from] = append(x.nullable[from], cl)
	}
	if usable {
		if written != "" {
			if cl.text == nil {
				cl.text = new(callText)
			}
			cl.text.written = strings.Clone(written) // the text goes, the call stays
		}
		cl.key = append(cl.key, k...)
		cl.hash = h
		if head := x.byKey.add(cl.hash, cl); head != nil && !reused {
			n := head.chain.n - 1
			x.c.report(CodeIDAmbiguous, in.at.Key("id"), in.idPos, shapeid.ID{},
				"id %s is already used by %d outstanding call(s) from the %s (first at index %d): responses to them cannot be told apart",
				cl.idText(), n, from, head.index)
		}
	}
	if b != nil {
		b.open++
	}
	x.open++
}

// settle marks a call answered.
func (x *Exchange) settle(cl *call) {
	cl.done = true
	x.open--
	x.openBytes -= cl.size
	if cl.batch != nil {
		cl.batch.open--
	}
	if len(cl.key) > 0 {
		x.byKey.unlink(cl.hash, cl)
		x.remember(cl.key)
	}
	cl.next, cl.chain = nil, nil
	if cl.mayNull {
		x.compactNullable(cl.from)
	} else if len(x.free) < 64 {
		*cl = call{key: cl.key[:0]}
		x.free = append(x.free, cl)
	}
}

func (x *Exchange) compactNullable(p Peer) {
	l := x.nullable[p]
	i := 0
	for i < len(l) && l[i].done {
		i++
	}
	if i > 0 {
		n := copy(l, l[i:])
		clear(l[n:])
		x.nullable[p] = l[:n]
	}
}

func (x *Exchange) remember(key []byte) {
	if x.recentN == 0 {
		return
	}
	if n := len(x.ring); n < x.recentN {
		if n < cap(x.ring) {
			// A reset exchange keeps the slots' storage.
			x.ring = x.ring[:n+1]
			x.ring[n] = append(x.ring[n][:0], key...)
		} else {
			x.ring = append(x.ring, bytes.Clone(key))
		}
		return
	}
	x.ring[x.ringAt] = append(x.ring[x.ringAt][:0], key...)
	x.ringAt++
	if x.ringAt == x.recentN {
		x.ringAt = 0
	}
}

// collideForTest makes every key hash alike (tests of the key table's
// probing).
var collideForTest bool

func (x *Exchange) hash(k []byte) uint64 {
	if collideForTest {
		return 0
	}
	return maphash.Bytes(x.seed, k)
}

// lookup returns the first outstanding call with key k, or nil.
func (x *Exchange) lookup(k []byte) *call { return x.byKey.find(x.hash(k), k) }

// heads calls f with the first outstanding call of every key.
func (x *Exchange) heads(f func(*call)) { x.byKey.each(f) }

// answered reports whether key is among the recently answered calls. It
// scans the window: it runs only for a response that matches nothing,
// while remember runs for every answer.
func (x *Exchange) answered(key []byte) bool {
	for _, k := range x.ring {
		if bytes.Equal(k, key) {
			return true
		}
	}
	return false
}

// responses correlates the responses just read with the calls of the
// other peer.
func (x *Exchange) responses(from Peer, to int) {
	rd := &x.rd
	c := x.c
	caller := from.other()
	var batches map[*batchRec]bool
	loose := false
	for i := range rd.elems {
		in := &rd.elems[i]
		cl, ambiguous := x.match(caller, in, to)
		if cl == nil {
			c.responsePayload(in, nil)
			continue
		}
		if cl.hasM {
			in.method, in.hasMethod = cl.method(), true
		}
		x.checkAnswer(in, cl)
		meth := cl.meth
		if ambiguous {
			meth = nil
		}
		c.responsePayload(in, meth)
		b := cl.batch
		x.settle(cl) // cl may be reused from here on
		if rd.batch {
			if b == nil {
				loose = true
			} else {
				if batches == nil {
					batches = map[*batchRec]bool{}
				}
				batches[b] = true
			}
		} else if b != nil {
			c.report(CodeBatchResponseSplit, in.at, in.pos, shapeid.ID{},
				"this response answers a call made in the batch at index %d outside a response array", b.index)
		}
	}
	if rd.batch && (len(batches) > 1 || (len(batches) == 1 && loose)) {
		c.report(CodeBatchResponseSplit, c.m.doc, rd.whole.pos, shapeid.ID{},
			"this response array answers calls of several messages (%s): each batch is answered by its own array", batchIndexes(batches, loose))
	}
	if len(batches) > 0 { // a single response has none: skip the iterator
		for b := range batches {
			if b.open > 0 && to < 0 {
				c.report(CodeBatchResponseSplit, c.m.doc, rd.whole.pos, shapeid.ID{},
					"this response array leaves %d call(s) of the batch at index %d unanswered: a batch is answered by one array", b.open, b.index)
			}
		}
	}
	if to >= 0 {
		x.missingFor(caller, to)
	}
}

func batchIndexes(m map[*batchRec]bool, loose bool) string {
	var idx []int
	for b := range m {
		idx = append(idx, b.index)
	}
	sort.Ints(idx)
	s := ""
	for i, v := range idx {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("the batch at index %d", v)
	}
	if loose {
		s += " and single calls"
	}
	return s
}

// match finds the call a response answers: by exact id among the
// caller's outstanding calls; a null-id error answers the oldest invalid
// request. With a supplied association (to >= 0), only calls of message
// to are candidates.
func (x *Exchange) match(caller Peer, in *info, to int) (cl *call, ambiguous bool) {
	c := x.c
	if x.stopped {
		return nil, false
	}
	if !in.id.IsPresent() || !in.idOK {
		// The envelope already says what is wrong with the id; with a
		// supplied association the answer is still known.
		if to >= 0 {
			return x.callAt(caller, to), false
		}
		return nil, false
	}
	idAt := func() sv.Path { return in.at.Key("id") }
	if to >= 0 && (!in.id.IsNull() || x.s.version == V1_0) {
		// A supplied association names the message: among the calls with
		// this id, the one of that message is the answer, whichever came
		// first; the association settles what the id alone could not.
		for p := x.lookup(x.key(caller, in)); p != nil; p = p.next {
			if p.index == to {
				return p, false
			}
		}
	}
	if !in.id.IsNull() || x.s.version == V1_0 {
		if head := x.lookup(x.key(caller, in)); head != nil && to < 0 {
			if head.next != nil {
				ch := head.chain
				ch.taintedTo = ch.last.seq
				c.report(CodeIDAmbiguous, idAt(), in.idPos, shapeid.ID{},
					"id %s matches %d outstanding calls of the %s: the response is taken as the answer to the oldest (index %d)",
					in.id, ch.n, caller, head.index)
				return head, !ch.sameMethod()
			}
			if head.tainted() {
				c.report(CodeIDAmbiguous, idAt(), in.idPos, shapeid.ID{},
					"id %s was shared by several calls of the %s: which one this response answers is a guess (taken as index %d)",
					in.id, caller, head.index)
				return head, true
			}
			return head, false
		}
	}
	if in.id.IsNull() && x.s.version == V2_0 {
		// A null id answers a request whose id could not be read; or a
		// call that itself used a null id.
		if in.kind == KindErrorResponse && in.hasCode && (in.errCode == ParseError || in.errCode == InvalidRequest) {
			for _, cl := range x.nullable[caller] {
				if !cl.done && (to < 0 || cl.index == to) {
					return cl, false
				}
			}
		}
		if head := x.lookup(x.key(caller, in)); head != nil && (to < 0 || head.index == to) {
			return head, head.next != nil
		}
	}
	if to >= 0 && to == x.withdrawn-1 {
		// The gate's own answer to the unread message it withdrew
		// (Withdraw): that message made no call the exchange knows of.
		x.withdrawn = 0
		return nil, false
	}
	if to >= 0 {
		// The transport says which request this answers: find it. A
		// second answer to a call already answered is a duplicate, and a
		// null id answers none of its calls (their ids were readable):
		// neither is taken for another call's answer with a wrong id.
		if !in.id.IsNull() && x.answered(x.key(caller, in)) {
			c.report(CodeResponseDuplicate, idAt(), in.idPos, shapeid.ID{},
				"a second response to the %s's call with id %s, which was already answered", caller, in.id)
			return nil, false
		}
		if in.id.IsNull() && x.s.version == V2_0 && !x.hadNotification(caller, to) {
			c.report(CodeResponseUnsolicited, idAt(), in.idPos, shapeid.ID{},
				"a null id answers a request whose id could not be read, but the message at index %d has no such call", to)
			return nil, false
		}
		if cl := x.callAt(caller, to); cl != nil {
			c.report(CodeIDMismatch, idAt(), in.idPos, shapeid.ID{},
				"the response's id %s is not the id of the request it answers (%s, index %d)", in.id, describeCallID(cl), to)
			return cl, false
		}
		if x.hadNotification(caller, to) {
			c.report(CodeResponseToNotify, in.at, in.pos, shapeid.ID{},
				"a response to a notification (index %d): notifications are never answered", to)
			return nil, false
		}
		c.report(CodeResponseUnsolicited, in.at, in.pos, shapeid.ID{},
			"the message at index %d has no call awaiting a response", to)
		return nil, false
	}
	if in.id.IsNull() && x.s.version == V1_0 {
		c.report(CodeResponseToNotify, idAt(), in.idPos, shapeid.ID{},
			"a response with a null id answers a JSON-RPC 1.0 notification, which is never answered")
		return nil, false
	}
	if x.answered(x.key(caller, in)) {
		c.report(CodeResponseDuplicate, idAt(), in.idPos, shapeid.ID{},
			"a second response to the %s's call with id %s, which was already answered", caller, in.id)
		return nil, false
	}
	c.report(CodeResponseUnsolicited, idAt(), in.idPos, shapeid.ID{},
		"no outstanding call of the %s has id %s", caller, in.id)
	return nil, false
}

func describeCallID(cl *call) string {
	if len(cl.key) == 0 {
		return "no readable id"
	}
	return "id " + cl.idText()
}

// callAt returns the oldest unanswered call of message index (a linear
// scan: supplied associations are for small exchanges).
func (x *Exchange) callAt(caller Peer, index int) *call {
	var best *call
	x.heads(func(head *call) {
		for p := head; p != nil; p = p.next {
			if p.from == caller && p.index == index && !p.done && (best == nil || p.seq < best.seq) {
				best = p
			}
		}
	})
	for _, p := range x.nullable[caller] {
		if p.index == index && !p.done && (best == nil || p.seq < best.seq) {
			best = p
		}
	}
	return best
}

// checkAnswer checks a response against the call it answers.
func (x *Exchange) checkAnswer(in *info, cl *call) {
	c := x.c
	if t := in.id.Value().NumberText(); t != "" && len(cl.key) > 0 && cl.key[1] != '"' {
		if !cl.spelled(t) && bytes.Equal(cl.key, x.key(cl.from, in)) {
			want := cl.idText()
			c.report(CodeIDSpelling, in.at.Key("id"), in.idPos, shapeid.ID{},
				"the id %s equals the request's id %s but is written differently; peers that compare text will not match them", t, want)
		}
	} else if k := in.id.Value().Kind(); (k == node.Array || k == node.Object) && cl.written() != "" {
		if t := string(node.Marshal(in.id.Value())); t != cl.written() && bytes.Equal(cl.key, x.key(cl.from, in)) {
			c.report(CodeIDSpelling, in.at.Key("id"), in.idPos, shapeid.ID{},
				"the id %s equals the request's id %s but is written differently; peers that compare text will not match them", t, cl.written())
		}
	}
	if cl.rpcErr == 0 || cl.rpcErr == MethodNotFound {
		// A call of a method the receiver does not provide (by the model)
		// was reported once, at the call: method-not-found,
		// method-reserved or method-wrong-peer. However the peer answers
		// it (a result: it has the method after all; an error of any
		// code), the answer says nothing the finding did not: a call is
		// one finding, not two.
		return
	}
	switch in.kind {
	case KindResponse:
		c.report(CodeResultUnexpected, in.at.Key("result"), in.result.Pos(), shapeid.ID{},
			"a successful result answers a request that deserves error %d (%s)", cl.rpcErr, protocolName(int(cl.rpcErr)))
	case KindErrorResponse:
		if in.hasCode && in.errCode != int64(cl.rpcErr) {
			c.report(CodeErrorCodeDiffers, in.at.Key("error").Key("code"), in.codePos, shapeid.ID{},
				"error %d answers a request that deserves %d (%s)", in.errCode, cl.rpcErr, protocolName(int(cl.rpcErr)))
		}
	}
}

func protocolName(code int) string {
	switch code {
	case ParseError:
		return "parse error"
	case InvalidRequest:
		return "invalid request"
	case MethodNotFound:
		return "method not found"
	case InvalidParams:
		return "invalid params"
	case InternalError:
		return "internal error"
	}
	return "server error"
}

// missingFor reports the calls of message index still unanswered after
// the reply the transport associated with it.
func (x *Exchange) missingFor(caller Peer, index int) {
	left := x.openCalls(caller, index)
	sort.Slice(left, func(i, j int) bool { return left[i].seq < left[j].seq })
	for _, p := range left {
		x.c.report(CodeResponseMissing, x.c.m.doc, x.rd.top().pos, shapeid.ID{},
			"the reply does not answer %s", describeCall(p))
		x.settle(p)
	}
}

// AnsweredByTransport tells the exchange that the transport answered
// caller's message index itself, without a JSON-RPC message: an HTTP
// error status with no JSON body, say, which the proxy reports as a
// framing problem naming the status. The calls of that message are
// settled as a reply settles them, without a finding, so Finish does not
// report them missing (the caller got an answer, the status) and the
// problem is said once.
func (x *Exchange) AnsweredByTransport(caller Peer, index int) {
	for _, p := range x.openCalls(caller, index) {
		x.settle(p)
	}
}

// openCalls returns caller's unanswered calls of message index, in no
// particular order (collected first: settling one unlinks it).
func (x *Exchange) openCalls(caller Peer, index int) []*call {
	var left []*call
	x.heads(func(head *call) {
		for p := head; p != nil; p = p.next {
			if p.from == caller && p.index == index && !p.done {
				left = append(left, p)
			}
		}
	})
	for _, p := range x.nullable[caller] {
		if p.index == index && !p.done && len(p.key) == 0 {
			left = append(left, p)
		}
	}
	return left
}

func describeCall(p *call) string {
	what := "the call"
	if p.hasM {
		what = fmt.Sprintf("the call of %q", p.method())
	}
	where := fmt.Sprintf("at index %d", p.index)
	if p.element >= 0 {
		where = fmt.Sprintf("at index %d, element %d", p.index, p.element)
	}
	if len(p.key) > 0 {
		return fmt.Sprintf("%s with id %s %s", what, p.idText(), where)
	}
	return fmt.Sprintf("%s %s (an invalid request, answered by an error)", what, where)
}

// LastFindings returns the findings recorded while checking the message
// of the last Feed, FeedReply or FeedLine, in the order they were found
// (a server streaming a transcript answers each message with them). The
// slice is valid until the next call. Finish returns every finding, in
// the contract's order, including those about calls never answered.
func (x *Exchange) LastFindings() []sv.Finding { return x.c.recent }

// Finish ends the exchange and returns its result: every finding (in the
// contract's order) and the scope; Messages is empty, since the exchange
// does not keep them (Feed returned them). When complete is true the
// transcript is declared to hold every message exchanged, and each call
// still awaiting a response is reported (response-missing, at the call).
// Without it nothing is said about them: a partial transcript proves
// nothing about silence.
func (x *Exchange) Finish(complete bool) *Result {
	c := x.c
	if complete && !x.stopped {
		var left []*call
		x.heads(func(head *call) {
			for p := head; p != nil; p = p.next {
				left = append(left, p)
			}
		})
		for p := range x.nullable {
			for _, cl := range x.nullable[p] {
				if !cl.done && len(cl.key) == 0 {
					left = append(left, cl)
				}
			}
		}
		sort.Slice(left, func(i, j int) bool { return left[i].seq < left[j].seq })
		c.endMessage()
		for _, p := range left {
			if p.cancelled {
				continue
			}
			c.report(CodeResponseMissing, p.path(), p.pos, shapeid.ID{},
				"the transcript is complete but %s from the %s was never answered", describeCall(p), p.from)
		}
	}
	return c.result(x.s.Scope())
}

// ValidatePair checks a request (or batch) and the response (or response
// array) that answers it: the request is document index 0, the response
// index 1, and findings about their relation (id mismatch, answers missing
// from an array, an answered notification) are on the response.
func (s *PreparedService) ValidatePair(request, response []byte) *Result {
	x, _ := s.exchanges.Get().(*Exchange)
	if x == nil {
		x = s.NewExchange()
		// Which peer sent the request is not said: ValidatePair checks
		// no @method(from).
		x.anonymous = true
	}
	var msgs []MessageSummary
	msgs = appendDetached(msgs, x.Feed(Client, request))
	msgs = appendDetached(msgs, x.FeedReply(0, Server, response))
	r := x.Finish(false)
	r.Messages = msgs
	if len(request)+len(response) <= maxPooledText {
		x.reset()
		s.exchanges.Put(x)
	}
	return r
}

// reset empties x, an exchange with the default options, for another
// run (ValidatePair pools them, as single messages pool checkers),
// keeping its storage: the call table, the windows, the checker.
func (x *Exchange) reset() {
	x.byKey.reset()
	for p := range x.nullable {
		clear(x.nullable[p])
		x.nullable[p] = x.nullable[p][:0]
		x.notified[p] = x.notified[p][:0]
	}
	x.index, x.open, x.openBytes, x.seq, x.stopped, x.first, x.unreadAt, x.withdrawn = 0, 0, 0, 0, false, 0, 0, 0
	x.used.reset()
	x.usedBytes, x.reuseStopped = 0, false
	x.ring, x.ringAt = x.ring[:0], 0
	x.rd = read{elems: x.rd.elems[:0]}
	x.line.reset()
	x.s.resetChecker(x.c)
}
