package main

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
)

// ledgerModel is the Ledger service the transcript is checked against.
//
//go:embed ledger.smithy
var ledgerModel []byte

// ledger writes n transcript lines of a session with the Ledger service:
// journal entries posted (two to six lines each, with counterparties,
// dimensions, tags and attachments), their results with the balances they
// moved and the server's entryPosted notification, balance queries and
// entry listings answered out of order, and an application error now and
// then. One message in every badEvery (0: none) breaks a rule of the
// model (a lower-case currency, an unknown side, an unbalanced reference,
// a line too many), so that findings are reported as in real traffic.
// The same n and seed give the same bytes.
func ledger(w io.Writer, n int, seed uint64, badEvery int) error {
	g := &ledgerGen{r: rand.New(rand.NewPCG(seed, 0x1ed9e7)), badEvery: badEvery}
	bw := bufio.NewWriterSize(w, 256<<10)
	for g.lines < n {
		g.buf = g.buf[:0]
		switch k := g.r.IntN(10); {
		case k < 6:
			g.postEntry()
		case k < 8:
			g.pipelined()
		default:
			g.listEntries()
		}
		// The last exchange may be cut: the transcript has exactly n lines.
		cut, lines := 0, 0
		for i, c := range g.buf {
			if c == '\n' {
				lines++
				if g.lines+lines == n {
					cut = i + 1
					break
				}
			}
		}
		if cut > 0 {
			g.buf = g.buf[:cut]
			lines = n - g.lines
		}
		g.lines += lines
		if _, err := bw.Write(g.buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

type ledgerGen struct {
	r        *rand.Rand
	buf      []byte
	lines    int // lines written before this exchange
	msgs     int // messages generated, for badEvery
	nextID   int
	entry    int
	badEvery int
}

// bad says whether the next message breaks a rule.
func (g *ledgerGen) bad() bool {
	g.msgs++
	return g.badEvery > 0 && g.msgs%g.badEvery == 0
}

// id appends a fresh call id: mostly integers, one call in seven a string.
func (g *ledgerGen) id() []byte {
	g.nextID++
	if g.nextID%7 == 0 {
		return fmt.Appendf(nil, `"req-%06d"`, g.nextID)
	}
	return strconv.AppendInt(nil, int64(g.nextID), 10)
}

func (g *ledgerGen) client(id []byte, method string) {
	g.buf = append(g.buf, `{"from":"client","message":{"jsonrpc":"2.0","id":`...)
	g.buf = append(g.buf, id...)
	g.buf = append(g.buf, `,"method":"`...)
	g.buf = append(g.buf, method...)
	g.buf = append(g.buf, `","params":`...)
}

func (g *ledgerGen) result(id []byte) {
	g.buf = append(g.buf, `{"from":"server","message":{"jsonrpc":"2.0","id":`...)
	g.buf = append(g.buf, id...)
	g.buf = append(g.buf, `,"result":`...)
}

func (g *ledgerGen) end() { g.buf = append(g.buf, "}}\n"...) }

func (g *ledgerGen) timestamp(day int) {
	r := g.r
	g.buf = fmt.Appendf(g.buf, `"2026-%02d-%02dT%02d:%02d:%02d.%03dZ"`,
		1+day%12, 1+day%28, r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1000))
}

func (g *ledgerGen) account() {
	g.buf = fmt.Appendf(g.buf, `"%04d-%02d"`, 1000+g.r.IntN(9000), g.r.IntN(100))
}

var currencies = []string{"EUR", "USD", "GBP", "CHF", "JPY"}

func (g *ledgerGen) money(bad bool) {
	g.buf = append(g.buf, `{"value":`...)
	g.buf = strconv.AppendInt(g.buf, int64(g.r.IntN(5_000_000)), 10)
	g.buf = append(g.buf, '.')
	g.buf = fmt.Appendf(g.buf, "%02d", g.r.IntN(100))
	g.buf = append(g.buf, `,"currency":"`...)
	if bad {
		g.buf = append(g.buf, "usd"...)
	} else {
		g.buf = append(g.buf, currencies[g.r.IntN(len(currencies))]...)
	}
	g.buf = append(g.buf, `"}`...)
}

func (g *ledgerGen) entryID(e int) {
	g.buf = fmt.Appendf(g.buf, `"je_%012x"`, uint64(e)*0x9e3779b1&0xffffffffffff)
}

var (
	memos     = []string{"Monthly rent, December", "Invoice 2026-4411 settled", "Payroll run 48", "Card fees", "FX revaluation EUR/USD", "Accrued interest Q4"}
	tags      = []string{"recurring", "audit", "q4", "intercompany", "manual-review", "fx"}
	dimNames  = []string{"cost_center", "project", "region", "department"}
	dimValues = []string{"CC-120", "apollo", "emea", "finance", "R&D", "north-america"}
	sources   = []string{"manual", "import", "payroll", "billing"}
	media     = []string{"application/pdf", "image/png", "image/jpeg"}
)

// postEntry: a call posting an entry, its result, and the server's
// notification; one in fifty is refused with the application error.
func (g *ledgerGen) postEntry() {
	r := g.r
	id := g.id()
	g.entry++
	day := g.entry / 1000
	bad := g.bad()
	lines := 2 + r.IntN(5)
	if bad && g.msgs%3 == 0 {
		lines = 51 // @length(max: 50)
	}
	g.client(id, "ledger/postEntry")
	g.buf = fmt.Appendf(g.buf, `{"entry":{"reference":"GL-2026-%06d","effectiveAt":`, g.entry%1_000_000)
	g.timestamp(day)
	g.buf = append(g.buf, `,"lines":[`...)
	for i := range lines {
		if i > 0 {
			g.buf = append(g.buf, ',')
		}
		g.buf = append(g.buf, `{"account":`...)
		g.account()
		side := "debit"
		if i%2 == 1 {
			side = "credit"
		}
		if bad && g.msgs%3 == 1 && i == 0 {
			side = "debet"
		}
		g.buf = append(g.buf, `,"side":"`...)
		g.buf = append(g.buf, side...)
		g.buf = append(g.buf, `","amount":`...)
		g.money(bad && g.msgs%3 == 2 && i == 1)
		if r.IntN(2) == 0 {
			g.buf = append(g.buf, `,"description":"`...)
			g.buf = append(g.buf, memos[r.IntN(len(memos))]...)
			g.buf = append(g.buf, '"')
		}
		switch r.IntN(4) {
		case 0:
			g.buf = fmt.Appendf(g.buf, `,"counterparty":{"customer":"cus_%010d"}`, r.IntN(1e9))
		case 1:
			g.buf = fmt.Appendf(g.buf, `,"counterparty":{"vendor":"ven_%010d"}`, r.IntN(1e9))
		case 2:
			g.buf = fmt.Appendf(g.buf, `,"counterparty":{"employee":%d}`, 1+r.IntN(999999))
		}
		if k := r.IntN(3); k > 0 {
			g.buf = append(g.buf, `,"dimensions":{`...)
			for j := range k {
				if j > 0 {
					g.buf = append(g.buf, ',')
				}
				g.buf = fmt.Appendf(g.buf, `"%s":"%s"`, dimNames[(i+j)%len(dimNames)], dimValues[r.IntN(len(dimValues))])
			}
			g.buf = append(g.buf, '}')
		}
		g.buf = append(g.buf, '}')
	}
	g.buf = append(g.buf, ']')
	if r.IntN(3) > 0 {
		g.buf = append(g.buf, `,"memo":"`...)
		g.buf = append(g.buf, memos[r.IntN(len(memos))]...)
		g.buf = append(g.buf, '"')
	}
	if k := r.IntN(3); k > 0 {
		g.buf = append(g.buf, `,"tags":[`...)
		first := r.IntN(len(tags))
		for j := range k {
			if j > 0 {
				g.buf = append(g.buf, ',')
			}
			g.buf = fmt.Appendf(g.buf, `"%s"`, tags[(first+j)%len(tags)])
		}
		g.buf = append(g.buf, ']')
	}
	g.buf = fmt.Appendf(g.buf, `,"source":"%s"`, sources[r.IntN(len(sources))])
	if r.IntN(4) == 0 {
		g.buf = fmt.Appendf(g.buf, `,"metadata":{"batch":"b-%d","importedBy":"sync-service"}`, r.IntN(10000))
	}
	if r.IntN(5) == 0 {
		g.buf = fmt.Appendf(g.buf, `,"attachments":[{"url":"https://files.example.com/receipts/%d.pdf","mediaType":"%s","size":%d}]`,
			r.IntN(1e6), media[r.IntN(len(media))], r.IntN(2_000_000))
	}
	g.buf = append(g.buf, '}')
	if r.IntN(2) == 0 {
		g.buf = fmt.Appendf(g.buf, `,"strict":true,"idempotencyKey":"k-%012d"`, r.IntN(1e12))
	}
	g.buf = append(g.buf, '}')
	g.end()

	g.bad() // the answer counts as a message
	if r.IntN(50) == 0 {
		g.buf = append(g.buf, `{"from":"server","message":{"jsonrpc":"2.0","id":`...)
		g.buf = append(g.buf, id...)
		g.buf = append(g.buf, `,"error":{"code":4001,"message":"the period is closed","data":{"reason":"period_closed","account":`...)
		g.account()
		g.buf = append(g.buf, `}}}}`+"\n"...)
		return
	}
	g.result(id)
	g.buf = append(g.buf, `{"entryId":`...)
	g.entryID(g.entry)
	g.buf = append(g.buf, `,"postedAt":`...)
	g.timestamp(day)
	g.buf = append(g.buf, `,"status":"posted","balances":[`...)
	for i := range min(lines, 50) {
		if i > 0 {
			g.buf = append(g.buf, ',')
		}
		g.balance(day)
	}
	g.buf = append(g.buf, "]}"...)
	g.end()

	g.bad()
	g.buf = append(g.buf, `{"from":"server","message":{"jsonrpc":"2.0","method":"ledger/entryPosted","params":{"entryId":`...)
	g.entryID(g.entry)
	g.buf = append(g.buf, `,"postedAt":`...)
	g.timestamp(day)
	g.buf = fmt.Appendf(g.buf, `,"lineCount":%d,"total":`, min(lines, 50))
	g.money(false)
	g.buf = append(g.buf, "}}}\n"...)
}

func (g *ledgerGen) balance(day int) {
	g.buf = append(g.buf, `{"account":`...)
	g.account()
	g.buf = append(g.buf, `,"amount":`...)
	g.money(false)
	g.buf = append(g.buf, `,"asOf":`...)
	g.timestamp(day)
	if g.r.IntN(2) == 0 {
		g.buf = append(g.buf, `,"lastEntry":`...)
		g.entryID(g.entry)
	}
	g.buf = append(g.buf, '}')
}

// pipelined: a balance query and a listing sent before either is
// answered, answered in the other order.
func (g *ledgerGen) pipelined() {
	day := g.entry / 1000
	a, b := g.id(), g.id()
	g.bad()
	g.client(a, "ledger/getBalance")
	g.buf = append(g.buf, `{"account":`...)
	g.account()
	if g.r.IntN(2) == 0 {
		g.buf = append(g.buf, `,"asOf":`...)
		g.timestamp(day)
	}
	g.buf = append(g.buf, '}')
	g.end()
	g.bad()
	g.listCall(b)
	g.bad()
	g.listResult(b, day)
	g.bad()
	g.result(a)
	g.balance(day)
	g.end()
}

func (g *ledgerGen) listEntries() {
	id := g.id()
	g.bad()
	g.listCall(id)
	g.bad()
	g.listResult(id, g.entry/1000)
}

func (g *ledgerGen) listCall(id []byte) {
	g.client(id, "ledger/listEntries")
	g.buf = append(g.buf, `{"account":`...)
	g.account()
	g.buf = fmt.Appendf(g.buf, `,"limit":%d`, 5+g.r.IntN(20))
	if g.r.IntN(2) == 0 {
		g.buf = fmt.Appendf(g.buf, `,"cursor":"c_%d"`, g.r.IntN(1e6))
	}
	g.buf = append(g.buf, '}')
	g.end()
}

func (g *ledgerGen) listResult(id []byte, day int) {
	g.result(id)
	g.buf = append(g.buf, `{"entries":[`...)
	for i := range g.r.IntN(6) {
		if i > 0 {
			g.buf = append(g.buf, ',')
		}
		g.buf = append(g.buf, `{"entryId":`...)
		g.entryID(g.entry - i)
		g.buf = append(g.buf, `,"effectiveAt":`...)
		g.timestamp(day)
		g.buf = fmt.Appendf(g.buf, `,"side":"%s","amount":`, [2]string{"debit", "credit"}[i%2])
		g.money(false)
		if g.r.IntN(2) == 0 {
			g.buf = fmt.Appendf(g.buf, `,"memo":"%s"`, memos[g.r.IntN(len(memos))])
		}
		g.buf = append(g.buf, '}')
	}
	g.buf = append(g.buf, ']')
	if g.r.IntN(2) == 0 {
		g.buf = fmt.Appendf(g.buf, `,"nextCursor":"c_%d"`, g.r.IntN(1e6))
	}
	g.buf = append(g.buf, '}')
	g.end()
}
