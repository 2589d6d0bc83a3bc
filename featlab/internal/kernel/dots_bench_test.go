package kernel

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkDotRows: one 64-vector against 64 rows (a k-means assignment
// of one digit to 64 centroids).
func BenchmarkDotRows(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	a, rows, out := make([]float64, 64), make([]float64, 64*64), make([]float64, 64)
	for i := range rows {
		rows[i] = rng.NormFloat64()
	}
	for i := range a {
		a[i] = rng.NormFloat64()
	}
	b.SetBytes(8 * 64 * 64)
	for i := 0; i < b.N; i++ {
		DotRows(a, rows, 64, out)
	}
}

// BenchmarkGram: x^T x of a 2000 x 200 matrix.
func BenchmarkGram(b *testing.B) {
	const m, d = 2000, 200
	rng := rand.New(rand.NewPCG(1, 2))
	x, g := make([]float64, m*d), make([]float64, d*d)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	b.SetBytes(8 * m * d)
	for i := 0; i < b.N; i++ {
		Gram(x, m, d, g)
	}
}
