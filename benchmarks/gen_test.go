package benchmarks

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// sample is one generated value and whether the generator made it invalid.
type sample struct {
	data     []byte
	valid    bool
	mutation string
}

// generate returns n deterministic bench#Order values; every fifth one has
// one mutation that makes it invalid under both the Smithy model and the
// JSON Schema.
func generate(n int, seed uint64) []sample {
	r := rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15))
	out := make([]sample, n)
	for i := range out {
		mut := ""
		if i%5 == 4 {
			mut = mutations[r.IntN(len(mutations))]
		}
		g := gen{r: r, mut: mut}
		out[i] = sample{data: []byte(g.order(i)), valid: mut == "", mutation: mut}
	}
	return out
}

var mutations = []string{
	"id-pattern", "quantity-range", "quantity-type", "status-enum", "missing-email",
	"bad-month", "duplicate-tag", "extra-member", "currency-pattern", "union-two",
	"metadata-key", "negative-price", "priority-enum", "no-items", "fractional-version",
	"long-notes",
}

type gen struct {
	r   *rand.Rand
	mut string
	b   strings.Builder
}

func (g *gen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g *gen) digits(n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.r.IntN(len(alphabet))]
	}
	return string(b)
}

func q(s string) string { return strconv.Quote(s) }

// obj renders members in order, skipping empty values.
func obj(kv ...string) string {
	var parts []string
	for i := 0; i < len(kv); i += 2 {
		if kv[i+1] != "" {
			parts = append(parts, q(kv[i])+":"+kv[i+1])
		}
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func arr(xs []string) string { return "[" + strings.Join(xs, ",") + "]" }

func (g *gen) timestamp(month int) string {
	return q(fmt.Sprintf("20%02d-%02d-%02dT%02d:%02d:%02d.%03dZ", 20+g.r.IntN(6), month, 1+g.r.IntN(28),
		g.r.IntN(24), g.r.IntN(60), g.r.IntN(60), g.r.IntN(1000)))
}

func (g *gen) money(max int) string {
	return fmt.Sprintf("%d.%02d", g.r.IntN(max), g.r.IntN(100))
}

func (g *gen) words(n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = g.pick("blue", "widget", "deluxe", "large", "café", "spare", "kit", "ünïcode", "pro", "mini")
	}
	return strings.Join(ws, " ")
}

func (g *gen) address() string {
	return obj(
		"line1", q(fmt.Sprintf("%d %s Street", 1+g.r.IntN(999), g.words(1))),
		"line2", g.opt(q("Apt "+strconv.Itoa(g.r.IntN(99)))),
		"city", q(g.pick("Lisbon", "Seattle", "München", "Osaka", "Lagos")),
		"postalCode", q(g.digits(5, "0123456789")),
		"country", q(g.pick("PT", "US", "DE", "JP", "NG")),
	)
}

// opt returns v half of the time.
func (g *gen) opt(v string) string {
	if g.r.IntN(2) == 0 {
		return ""
	}
	return v
}

func (g *gen) order(i int) string {
	m := g.mut
	items := make([]string, 1+g.r.IntN(8))
	for k := range items {
		qty := strconv.Itoa(1 + g.r.IntN(20))
		price := g.money(500)
		switch {
		case k == 0 && m == "quantity-range":
			qty = "0"
		case k == 0 && m == "quantity-type":
			qty = q(qty)
		case k == 0 && m == "negative-price":
			price = "-1.50"
		}
		items[k] = obj(
			"sku", q(g.digits(3, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")+"-"+g.digits(6, "0123456789")),
			"name", q(g.words(1+g.r.IntN(4))),
			"quantity", qty,
			"unitPrice", price,
			"discountPercent", g.opt(strconv.Itoa(g.r.IntN(50))),
		)
	}
	if m == "no-items" {
		items = nil
	}
	tags := make([]string, g.r.IntN(6))
	for k := range tags {
		tags[k] = q(fmt.Sprintf("tag-%d", k))
	}
	if m == "duplicate-tag" {
		tags = append(tags, q("dup"), q("dup"))
	}
	meta := make([]string, 2*g.r.IntN(7))
	for k := 0; k < len(meta); k += 2 {
		meta[k], meta[k+1] = fmt.Sprintf("key_%d", k), q(g.words(2))
	}
	if m == "metadata-key" {
		meta = append(meta, "1abc", q("x"))
	}
	coupons := make([]string, g.r.IntN(3))
	for k := range coupons {
		coupons[k] = obj("code", q(g.digits(8, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")), "amount", g.money(50))
	}
	attrs := make([]string, 2*g.r.IntN(4))
	for k := 0; k < len(attrs); k += 2 {
		attrs[k], attrs[k+1] = g.pick("color", "size", "fabric")+strconv.Itoa(k), arr([]string{q(g.words(1)), q(g.words(1))})
	}
	var shipping string
	switch g.r.IntN(3) {
	case 0:
		shipping = obj("ground", obj("days", strconv.Itoa(1+g.r.IntN(10))))
	case 1:
		shipping = obj("express", obj("carrier", q(g.pick("UPS", "DHL", "FDX")), "deliverBy", g.timestamp(1+g.r.IntN(12))))
	default:
		shipping = obj("pickup", obj("storeId", q("store-"+g.digits(4, "0123456789"))))
	}
	if m == "union-two" {
		shipping = obj("ground", obj("days", "2"), "pickup", obj("storeId", q("s1")))
	}

	email := q(strings.ToLower(g.digits(6, "abcdefghijklmnopqrstuvwxyz")) + "@example.com")
	if m == "missing-email" {
		email = ""
	}
	customer := obj(
		"id", q("cus_"+g.digits(12, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")),
		"name", q(g.words(2)),
		"email", email,
		"tier", g.opt(q(g.pick("BRONZE", "SILVER", "GOLD", "PLATINUM"))),
		"phone", g.opt(q("+351"+g.digits(9, "0123456789"))),
	)
	id := q("ord_" + g.digits(16, "0123456789abcdef"))
	status := q(g.pick("PENDING", "PAID", "SHIPPED", "DELIVERED", "CANCELLED"))
	created := g.timestamp(1 + g.r.IntN(12))
	currency := q(g.pick("EUR", "USD", "JPY"))
	priority := g.opt(strconv.Itoa(1 + g.r.IntN(3)))
	version := strconv.Itoa(1 + g.r.IntN(1000))
	notes := g.opt(q(g.words(3 + g.r.IntN(10))))
	extraKey, extra := "", ""
	switch m {
	case "id-pattern":
		id = q("ord_XYZ")
	case "status-enum":
		status = q("LOST")
	case "bad-month":
		created = g.timestamp(13)
	case "currency-pattern":
		currency = q("usd")
	case "priority-enum":
		priority = "5"
	case "fractional-version":
		version = "1.5"
	case "long-notes":
		notes = q(strings.Repeat("n", 501))
	case "extra-member":
		extraKey, extra = "foo", "true"
	}
	metaObj := ""
	if len(meta) > 0 {
		kv := make([]string, len(meta))
		for k := 0; k < len(meta); k += 2 {
			kv[k], kv[k+1] = meta[k], meta[k+1]
		}
		metaObj = obj(kv...)
	}
	attrObj := ""
	if len(attrs) > 0 {
		attrObj = obj(attrs...)
	}
	tagsArr := ""
	if len(tags) > 0 {
		tagsArr = arr(tags)
	}
	couponsArr := ""
	if len(coupons) > 0 {
		couponsArr = arr(coupons)
	}
	return obj(
		"id", id,
		"customer", customer,
		"items", arr(items),
		"status", status,
		"priority", priority,
		"createdAt", created,
		"updatedAt", g.opt(g.timestamp(1+g.r.IntN(12))),
		"total", g.money(5000),
		"currency", currency,
		"shippingAddress", g.address(),
		"billingAddress", g.opt(g.address()),
		"notes", notes,
		"tags", tagsArr,
		"metadata", metaObj,
		"discountPercent", g.opt(strconv.Itoa(g.r.IntN(30))),
		"gift", g.opt(g.pick("true", "false")),
		"version", version,
		"coupons", couponsArr,
		"shipping", shipping,
		"attributes", attrObj,
		extraKey, extra,
	)
}
