package stream

import "testing"

// BenchmarkGramAdd: Gram.Add of one block of 16384 rows x 100 features
// and a target (a row group of make bench-scale's Parquet file).
func BenchmarkGramAdd(b *testing.B) {
	X, y := data(16384, 100, 1, 2)
	blk := &Block{X: X, Y: y, Target: "y"}
	b.SetBytes(16384 * 101 * 8)
	for i := 0; i < b.N; i++ {
		g, _ := NewGram(100, true)
		if err := g.Add(blk); err != nil {
			b.Fatal(err)
		}
	}
}
