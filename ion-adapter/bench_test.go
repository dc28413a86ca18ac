package ionadapter

import (
	"fmt"
	"strings"
	"testing"
)

// benchInput is a datagram of 1000 Row values (about 80 KB of text).
func benchInput() string {
	var b strings.Builder
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&b, "{id: \"row-%d\", name: \"a name\", flag: true, count: %d, tags: [\"x\", \"y\", \"z\"]}\n", i, i)
	}
	return b.String()
}

func BenchmarkValidate(b *testing.B) {
	v := validator(b, "Row")
	text := []byte(benchInput())
	for _, c := range []struct {
		name string
		data []byte
	}{{"text", text}, {"binary", toBinary(b, string(text))}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				r, err := Validate(v, c.data)
				if err != nil || !r.Valid {
					b.Fatal(err, r.Text())
				}
			}
		})
	}
}
