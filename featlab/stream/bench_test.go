package stream

import (
	"strings"
	"testing"
)

// BenchmarkCSVGramPass: one Gram pass over a 20,000 x 20 CSV text (about
// 7 MB) in 1 MiB chunks; SetBytes makes -bench report MB/s.
func BenchmarkCSVGramPass(b *testing.B) {
	X, y := data(20000, 20, 100, 1)
	text := csvText(X, y)
	b.SetBytes(int64(len(text)))
	for i := 0; i < b.N; i++ {
		src, err := NewCSV(strings.NewReader(text), CSVConfig{Target: "y"})
		if err != nil {
			b.Fatal(err)
		}
		g, _ := NewGram(20, true)
		if err := Pass(src, g, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCSVParseOnly: the same chunks parsed without accumulating (the
// floor a pass cannot beat).
func BenchmarkCSVParseOnly(b *testing.B) {
	X, y := data(20000, 20, 100, 1)
	text := csvText(X, y)
	b.SetBytes(int64(len(text)))
	for i := 0; i < b.N; i++ {
		src, _ := NewCSV(strings.NewReader(text), CSVConfig{Target: "y"})
		for {
			c, err := src.Next()
			if err != nil {
				break
			}
			if _, err := c.Parse(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
