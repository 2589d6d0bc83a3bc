package filter

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// benchData returns an m x d standard normal matrix and a target that
// depends linearly on the first five columns, with seeds fixed.
func benchData(m, d int) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float64, m*d)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	y := make([]float64, m)
	for i := range y {
		for j := 0; j < 5 && j < d; j++ {
			y[i] += x[i*d+j]
		}
		y[i] += rng.NormFloat64()
	}
	return mat.NewDense(m, d, x), y
}

func benchWorkers(b *testing.B, f func(cfg *Config)) {
	for _, w := range []struct {
		name string
		n    int
	}{{"serial", 1}, {"allcores", 0}} {
		b.Run(w.name, func(b *testing.B) {
			cfg := &Config{Workers: w.n}
			for b.Loop() {
				f(cfg)
			}
		})
	}
}

// BenchmarkPearson times |r| for all columns of a 10000 x 1000 matrix (the
// issue's size; scikit-learn's r_regression is the peer).
func BenchmarkPearson(b *testing.B) {
	X, y := benchData(10000, 1000)
	benchWorkers(b, func(cfg *Config) {
		if _, err := Pearson(X, y, nil, cfg); err != nil {
			b.Fatal(err)
		}
	})
}
