package benchmarks

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	jsv5 "github.com/santhosh-tekuri/jsonschema/v5"
	jsv6 "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/smithyvalidate"
)

//go:embed testdata/order.smithy
var orderSmithy []byte

//go:embed testdata/order.schema.json
var orderSchema string

// The stream: 1000 values, one in five invalid, the same on every run.
var stream = generate(1000, 42)

func streamBytes() int64 {
	n := 0
	for _, s := range stream {
		n += len(s.data)
	}
	return int64(n / len(stream))
}

// engine prepares bench#Order with the policies that make it equivalent to
// the schema: unknown members are errors (additionalProperties: false) and
// optional members may not be null (the schema has no null types).
func engine(tb testing.TB) *smithyvalidate.Validator {
	a := assembly.New()
	if err := a.AddSource("order.smithy", orderSmithy); err != nil {
		tb.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		tb.Fatal(err, res.Events)
	}
	v, err := smithyvalidate.Prepare(res.Model, shapeid.MustParse("bench#Order"),
		smithyvalidate.RejectUnknownMembers(true),
		smithyvalidate.RejectNullMembers(true))
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

func schemaV5(tb testing.TB) *jsv5.Schema {
	c := jsv5.NewCompiler()
	c.Draft = jsv5.Draft7
	c.AssertFormat = true
	if err := c.AddResource("order.schema.json", strings.NewReader(orderSchema)); err != nil {
		tb.Fatal(err)
	}
	s, err := c.Compile("order.schema.json")
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func schemaV6(tb testing.TB) *jsv6.Schema {
	c := jsv6.NewCompiler()
	c.DefaultDraft(jsv6.Draft7)
	c.AssertFormat()
	doc, err := jsv6.UnmarshalJSON(strings.NewReader(orderSchema))
	if err != nil {
		tb.Fatal(err)
	}
	if err := c.AddResource("order.schema.json", doc); err != nil {
		tb.Fatal(err)
	}
	s, err := c.Compile("order.schema.json")
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// decode reads JSON the way both jsonschema versions expect: numbers as
// json.Number (UseNumber), so that no precision is lost.
func decode(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// TestEquivalent checks that the three validators agree with the generator
// on every value of the stream: the comparison measures the same work.
func TestEquivalent(t *testing.T) {
	v, s5, s6 := engine(t), schemaV5(t), schemaV6(t)
	invalid := 0
	for i, s := range stream {
		r, err := v.ValidateJSON(s.data)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := decode(s.data)
		if err != nil {
			t.Fatalf("value %d: %v", i, err)
		}
		e5, e6 := s5.Validate(doc), s6.Validate(doc)
		if r.Valid != s.valid || (e5 == nil) != s.valid || (e6 == nil) != s.valid {
			t.Errorf("value %d (mutation %q): engine %v, v5 %v, v6 %v\n%s\n%s", i, s.mutation, r.Valid, e5, e6, r.Text(), s.data)
		}
		if !s.valid {
			invalid++
		}
	}
	if invalid < len(stream)/6 {
		t.Errorf("only %d invalid values", invalid)
	}
}

func BenchmarkValidate(b *testing.B) {
	size := streamBytes()
	b.Run("smithyvalidate", func(b *testing.B) {
		v := engine(b)
		b.SetBytes(size)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := v.ValidateJSON(stream[i%len(stream)].data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("jsonschema-v6", func(b *testing.B) {
		s := schemaV6(b)
		b.SetBytes(size)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			doc, err := decode(stream[i%len(stream)].data)
			if err != nil {
				b.Fatal(err)
			}
			_ = s.Validate(doc)
		}
	})
	b.Run("jsonschema-v5", func(b *testing.B) {
		s := schemaV5(b)
		b.SetBytes(size)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			doc, err := decode(stream[i%len(stream)].data)
			if err != nil {
				b.Fatal(err)
			}
			_ = s.Validate(doc)
		}
	})
	b.Run("json.Valid", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if !json.Valid(stream[i%len(stream)].data) {
				b.Fatal("invalid JSON")
			}
		}
	})
}

// BenchmarkValidateParts splits the Order stream's cost: its valid values
// (the one pass alone) and its invalid fifth (the one pass, then the
// walks that report the findings), each beside json.Valid on the same
// values. Profile each part on its own:
//
//	go test -run '^$' -bench 'ValidateParts/invalid/smithyvalidate' -cpuprofile /tmp/invalid.prof ./benchmarks
func BenchmarkValidateParts(b *testing.B) {
	v := engine(b)
	for _, part := range []struct {
		name  string
		valid bool
	}{{"valid", true}, {"invalid", false}} {
		var data [][]byte
		var n int64
		for _, s := range stream {
			if s.valid == part.valid {
				data = append(data, s.data)
				n += int64(len(s.data))
			}
		}
		size := n / int64(len(data))
		b.Run(part.name+"/smithyvalidate", func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				r, err := v.ValidateJSON(data[i%len(data)])
				if err != nil || r.Valid != part.valid {
					b.Fatalf("value %d: valid %v, err %v; want valid %v", i%len(data), r.Valid, err, part.valid)
				}
			}
		})
		b.Run(part.name+"/json.Valid", func(b *testing.B) {
			b.SetBytes(size)
			for i := 0; i < b.N; i++ {
				if !json.Valid(data[i%len(data)]) {
					b.Fatal("invalid JSON")
				}
			}
		})
	}
}

// sized returns a valid order with n coupons, and its node count.
func sized(n int) ([]byte, int) {
	coupon := `{"code":"SAVE2024","amount":5.00}`
	coupons := strings.TrimSuffix(strings.Repeat(coupon+",", n), ",")
	data := fmt.Sprintf(`{"id":"ord_0123456789abcdef","customer":{"id":"cus_abcdefgh12","name":"Ann","email":"ann@example.com"},`+
		`"items":[{"sku":"ABC-123456","name":"blue widget","quantity":2,"unitPrice":9.99}],"status":"PAID",`+
		`"createdAt":"2024-05-01T10:00:00Z","total":19.98,"currency":"EUR",`+
		`"shippingAddress":{"line1":"1 Main Street","city":"Lisbon","postalCode":"1000-001","country":"PT"},"version":1,`+
		`"coupons":[%s]}`, coupons)
	// Nodes: the order, its 10 member values, the customer's 3, the line
	// item and its 4, the address's 4, and 3 per coupon.
	return []byte(data), 1 + 10 + 3 + 5 + 4 + 3*n
}

// BenchmarkAllocsPerNode shows that a valid value costs a constant number
// of allocations whatever its size: allocs/op stays flat while nodes/op
// grows (the coupons list grows).
func BenchmarkAllocsPerNode(b *testing.B) {
	v := engine(b)
	for _, n := range []int{1, 10, 100, 1000, 10000} {
		data, nodes := sized(n)
		b.Run(fmt.Sprintf("coupons=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				r, _ := v.ValidateJSON(data)
				if !r.Valid {
					b.Fatal(r.Text())
				}
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}

func TestAllocsConstant(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	v := engine(t)
	var counts []float64
	for _, n := range []int{1, 100, 1000} {
		data, _ := sized(n)
		if r, _ := v.ValidateJSON(data); !r.Valid {
			t.Fatal(r.Text())
		}
		counts = append(counts, testing.AllocsPerRun(20, func() { _, _ = v.ValidateJSON(data) }))
	}
	if counts[0] != counts[1] || counts[1] != counts[2] || counts[0] > 3 {
		t.Errorf("allocations per value for 1, 100, 1000 coupons: %v (want the same small constant)", counts)
	}
}
