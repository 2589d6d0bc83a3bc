package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestMulABt: a b^T against a plain triple loop, within the bound of
// MulABt's doc comment, on shapes around the piece and tile sizes and
// with strides larger than the rows.
func TestMulABt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sh := range [][3]int{{1, 1, 1}, {3, 5, 0}, {7, 65, 3}, {70, 130, 257}, {33, 64, 600}, {5, 3, 513}} {
		m, n, k := sh[0], sh[1], sh[2]
		lda, ldb, ldc := k+3, k+1, n+2
		a := make([]float64, m*lda)
		b := make([]float64, n*ldb)
		for i := range a {
			a[i] = rng.NormFloat64()
		}
		for i := range b {
			b[i] = rng.NormFloat64()
		}
		c := make([]float64, m*ldc)
		for i := range c {
			c[i] = -7 // the padding must stay
		}
		MulABt(m, n, k, a, lda, b, ldb, c, ldc)
		for i := 0; i < m; i++ {
			for j := 0; j < ldc; j++ {
				if j >= n {
					if c[i*ldc+j] != -7 {
						t.Fatalf("%v: padding (%d, %d) written", sh, i, j)
					}
					continue
				}
				s, abs := 0.0, 0.0
				for q := 0; q < k; q++ {
					p := a[i*lda+q] * b[j*ldb+q]
					s += p
					abs += math.Abs(p)
				}
				if math.Abs(c[i*ldc+j]-s) > 4*float64(k)*0x1p-53*abs {
					t.Fatalf("%v: (%d, %d) = %v, want %v", sh, i, j, c[i*ldc+j], s)
				}
			}
		}
	}
}
