package greedy

import (
	"fmt"
	"testing"

	"github.com/featlab/course/featlab/synth"
	"gonum.org/v1/gonum/mat"
)

// BenchmarkOMP: 20 nonzeros on make_regression-style data (the peerbench
// sizes; `go run ./featlab/cmd/peerbench -run greedy` compares with
// scikit-learn).
func BenchmarkOMP(b *testing.B) {
	for _, sz := range [][2]int{{2000, 500}, {10000, 1000}} {
		ds, _, err := synth.Regression(sz[0], synth.RegressionConfig{Features: sz[1], Informative: 20, Noise: 1}, 0)
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range []struct {
			name string
			fn   func(mat.Matrix, []float64, OMPConfig) (*OMPResult, error)
		}{{"fast", OMP}, {"textbook", OMPTextbook}} {
			b.Run(fmt.Sprintf("%s/m=%d_d=%d", c.name, sz[0], sz[1]), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					if _, err := c.fn(ds.X, ds.Y, OMPConfig{T: 20, Intercept: true, Workers: 1}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkOMPBatch: 10 nonzeros, 2000 signals of length 64, 256 atoms.
func BenchmarkOMPBatch(b *testing.B) {
	ds, _, err := synth.Regression(2064, synth.RegressionConfig{Features: 256, Informative: 20, Noise: 1}, 1)
	if err != nil {
		b.Fatal(err)
	}
	D := mat.DenseCopyOf(ds.X.Slice(0, 64, 0, 256))
	Y := mat.DenseCopyOf(ds.X.Slice(64, 2064, 0, 64))
	for i := 0; i < b.N; i++ {
		if _, err := OMPBatch(D, Y, OMPConfig{T: 10, Rule: Correlation, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
