package linear

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
)

// TestLooFitsFourRowsSameBits: looFits on four rows at once gives the
// bits of the one-row loop (each sum in the order of l), for any stride.
func TestLooFitsFourRowsSameBits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, d := range []int{1, 2, 7, 64, 201} {
		m, stride := 9, d+3
		u := blas64.General{Rows: m, Cols: d, Stride: stride, Data: make([]float64, m*stride)}
		for i := range u.Data {
			u.Data[i] = r.NormFloat64()
		}
		fs, uty := make([]float64, d), make([]float64, d)
		for l := range fs {
			fs[l], uty[l] = r.Float64(), r.NormFloat64()*10
		}
		for i0 := 0; i0+4 <= m; i0++ {
			var h4, g4 [4]float64
			looFits(u, fs, uty, 0.125, i0, h4[:], g4[:])
			for k := range 4 {
				var h1, g1 [1]float64
				looFits(u, fs, uty, 0.125, i0+k, h1[:], g1[:])
				if h4[k] != h1[0] || g4[k] != g1[0] {
					t.Fatalf("d=%d row %d: four rows (%v, %v), one row (%v, %v)", d, i0+k, h4[k], g4[k], h1[0], g1[0])
				}
			}
		}
	}
}
