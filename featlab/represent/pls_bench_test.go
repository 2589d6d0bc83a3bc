package represent

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// plsBenchData is m x d with AR(1)-correlated columns (x_j = z_j + 0.9
// x_{j-1}, z ~ N(0, I)), so that PLS needs all its directions (with
// independent columns it reaches least squares in a few), and y = X w +
// N(0, 1) with w ~ U(0, 1).
func plsBenchData(m, d int) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(5, 5))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	w := make([]float64, d)
	for j := range w {
		w[j] = rng.Float64()
	}
	for i := 0; i < m; i++ {
		row := X.RawRowView(i)
		prev := 0.0
		for j := range row {
			row[j] = rng.NormFloat64() + 0.9*prev
			prev = row[j]
			y[i] += w[j] * row[j]
		}
		y[i] += rng.NormFloat64()
	}
	return X, y
}

// BenchmarkPLS1: 5000 x 100, 20 components (all 20 extracted: checked).
func BenchmarkPLS1(b *testing.B) {
	X, y := plsBenchData(5000, 100)
	for i := 0; i < b.N; i++ {
		r, err := FitPLS(X, y, PLSConfig{Components: 20})
		if err != nil || r.Directions != 20 {
			b.Fatal(err, r.Directions)
		}
	}
}

// BenchmarkPCR: 5000 x 100, 20 components.
func BenchmarkPCR(b *testing.B) {
	X, y := plsBenchData(5000, 100)
	for i := 0; i < b.N; i++ {
		if _, err := FitPCR(X, y, PCRConfig{Components: 20}); err != nil {
			b.Fatal(err)
		}
	}
}
