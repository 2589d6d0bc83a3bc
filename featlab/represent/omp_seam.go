package represent

// TEMPORARY: the batch OMP below stands in for greedy's batch OMP until the
// greedy branch lands; it is then deleted and ompBatch calls greedy (one
// implementation in the library, not two).

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/par"
)

// ompBatch returns the m x k codes of the rows of X (m x d) against the
// atoms (rows of D, k x d) by orthogonal matching pursuit with at most s
// nonzeros each (Gram form, Rubinstein et al. 2008); a sample is done
// early when its residual is zero.
func ompBatch(D, X *mat.Dense, s, workers int) *mat.Dense {
	k, d := D.Dims()
	m, _ := X.Dims()
	G := mat.NewDense(k, k, nil)
	G.Mul(D, D.T())
	C := mat.NewDense(m, k, nil)
	C.Mul(X, D.T())
	g := G.RawMatrix().Data
	c := C.RawMatrix().Data
	x, _, _ := denseRows(X)
	out := mat.NewDense(m, k, nil)
	o := out.RawMatrix().Data
	par.Blocks(m, workers, func(lo, hi int) {
		L := make([]float64, s*s)
		idx := make([]int, 0, s)
		alpha := make([]float64, k)
		gam := make([]float64, s)
		tmp := make([]float64, s)
		for i := lo; i < hi; i++ {
			a0 := c[i*k : (i+1)*k]
			copy(alpha, a0)
			idx = idx[:0]
			xx := dot(x[i*d:(i+1)*d], x[i*d:(i+1)*d])
			for t := 0; t < s; t++ {
				j, best := -1, 0.0
				for l, v := range alpha {
					if a := math.Abs(v); a > best {
						j, best = l, a
					}
				}
				if j < 0 || best <= 1e-12*math.Sqrt(xx*g[j*k+j]) {
					break
				}
				// Cholesky update: L w = G[idx, j]
				n := len(idx)
				w := L[n*s : n*s+n]
				for r := 0; r < n; r++ {
					v := g[idx[r]*k+j]
					for q := 0; q < r; q++ {
						v -= L[r*s+q] * w[q]
					}
					w[r] = v / L[r*s+r]
				}
				dd := g[j*k+j] - dot(w, w)
				if dd <= 1e-12*g[j*k+j] {
					break
				}
				L[n*s+n] = math.Sqrt(dd)
				idx = append(idx, j)
				n++
				// solve L L^T gam = a0[idx]
				for r := 0; r < n; r++ {
					v := a0[idx[r]]
					for q := 0; q < r; q++ {
						v -= L[r*s+q] * tmp[q]
					}
					tmp[r] = v / L[r*s+r]
				}
				for r := n - 1; r >= 0; r-- {
					v := tmp[r]
					for q := r + 1; q < n; q++ {
						v -= L[q*s+r] * gam[q]
					}
					gam[r] = v / L[r*s+r]
				}
				copy(alpha, a0)
				for r := 0; r < n; r++ {
					axpy(-gam[r], g[idx[r]*k:(idx[r]+1)*k], alpha)
				}
				for _, l := range idx {
					alpha[l] = 0
				}
			}
			row := o[i*k : (i+1)*k]
			for r, l := range idx {
				row[l] = gam[r]
			}
		}
	})
	return out
}
