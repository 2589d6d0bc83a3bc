package eigen

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/lapack/gonum"

	"github.com/featlab/course/featlab/internal/kernel"
)

// Sym computes every eigenvalue and eigenvector of the n x n symmetric
// matrix A whose upper triangle (entries a[i lda + j], j >= i) is given,
// A = Z diag(w) Z^T: w (length n) receives the eigenvalues in ascending
// order and the columns of the row-major n x n z (stride ldz) the
// orthonormal eigenvectors. a is overwritten. It returns false if an
// entry of A is not finite or the tridiagonal solver fails; w and z are
// then unspecified.
//
// Method and accuracy: see the package comment (Householder reduction,
// divide and conquer, back-transformation by a matrix product). A is
// first scaled by a power of two (exact) so that its largest entry is in
// [1, 2).
//
// Cost: about (2/3) n^3 multiply-adds for the reduction (gonum's Dsytrd),
// at most (2/3) n^3 in the divide and conquer and n^3 for applying Q to
// the eigenvectors (applyQ, kernel.MulABt), against (2/3) n^3 for Q
// (Dorgtr) and about 3 n^3 plane rotations of implicit QR in gonum's
// Dsteqr (EigenSym).
func Sym(n int, a []float64, lda int, w []float64, z []float64, ldz int) bool {
	if n == 0 {
		return true
	}
	big := 0.0
	for i := 0; i < n; i++ {
		for _, v := range a[i*lda+i : i*lda+n] {
			big = math.Max(big, math.Abs(v))
		}
	}
	if math.IsNaN(big) || math.IsInf(big, 0) {
		return false
	}
	if n == 1 || big == 0 {
		for i := 0; i < n; i++ {
			w[i] = a[i*lda+i]
			clear(z[i*ldz : i*ldz+n])
			z[i*ldz+i] = 1
		}
		return true
	}
	_, exp := math.Frexp(big)
	for i := 0; i < n; i++ {
		row := a[i*lda+i : i*lda+n]
		for j, v := range row {
			row[j] = math.Ldexp(v, 1-exp)
		}
	}
	var impl gonum.Implementation
	e := make([]float64, n-1)
	tau := make([]float64, n-1)
	work := []float64{0}
	impl.Dsytrd(blas.Upper, n, a, lda, w, e, tau, work, -1)
	work = make([]float64, max(int(work[0]), 1))
	impl.Dsytrd(blas.Upper, n, a, lda, w, e, tau, work, len(work))
	// eigenvectors of T as rows of zt, then Q applied to them
	zt := make([]float64, n*n)
	if !Tridiag(w, e, zt, n) {
		return false
	}
	transpose(zt, n)
	applyQ(n, a, lda, tau, zt)
	for i := 0; i < n; i++ {
		row := z[i*ldz : i*ldz+n]
		for j := range row {
			row[j] = zt[j*n+i]
		}
	}
	for j := range w {
		w[j] = math.Ldexp(w[j], exp-1)
	}
	return true
}

// transpose transposes the n x n row-major x in place.
func transpose(x []float64, n int) {
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			x[i*n+j], x[j*n+i] = x[j*n+i], x[i*n+j]
		}
	}
}

// qBlock is the number of Householder reflectors applyQ applies at once.
const qBlock = 64

// applyQ sets zt = zt Q^T, that is Z = Q Z for Z = zt^T (the eigenvectors
// of T as rows of the row-major n x n zt), where Q = H(n-2) ... H(0) is
// the orthogonal factor of gonum's Dsytrd (uplo Upper) whose reflectors
// H(i) = I - tau[i] v_i v_i^T (v_i[i] = 1, v_i[j] = 0 for j > i, v_i[j]
// = a[j lda + i + 1] for j < i) are stored in a. The reflectors are
// taken qBlock at a time in the compact WY form H(j0) ... H(j1-1) = I -
// V T V^T (T upper triangular, as LAPACK's dlarft builds it), so that
// H(j1-1) ... H(j0) Z = Z - V T^T (V^T Z): two matrix products by
// kernel.MulABt over the first j1 rows of Z, the only ones the block
// touches.
//
// Cost: about n^3 multiply-adds in MulABt plus n^2 qBlock for the T
// factors.
func applyQ(n int, a []float64, lda int, tau []float64, zt []float64) {
	nr := n - 1 // reflectors
	vt := make([]float64, qBlock*n)
	v := make([]float64, n*qBlock)
	t := make([]float64, qBlock*qBlock)
	u := make([]float64, qBlock)
	wt := make([]float64, n*qBlock)
	mt := make([]float64, n*qBlock)
	tmp := make([]float64, n*n)
	for j0 := 0; j0 < nr; j0 += qBlock {
		j1 := min(j0+qBlock, nr)
		nb, rows := j1-j0, j1 // reflector j has support 0..j
		// vt: reflector j0+s as row s (length rows); v its transpose
		for s := 0; s < nb; s++ {
			j := j0 + s
			row := vt[s*rows : (s+1)*rows]
			clear(row)
			for r := 0; r < j; r++ {
				row[r] = a[r*lda+j+1]
			}
			row[j] = 1
			for r := 0; r < rows; r++ {
				v[r*nb+s] = row[r]
			}
		}
		// T: T[s][s] = tau, T[0:s, s] = -tau T[0:s, 0:s] V[:, 0:s]^T v_s
		clear(t[:nb*nb])
		for s := 0; s < nb; s++ {
			ts := tau[j0+s]
			vs := vt[s*rows : (s+1)*rows]
			for p := 0; p < s; p++ {
				vp := vt[p*rows : p*rows+j0+p+1]
				dot := 0.0
				for r, x := range vp {
					dot += x * vs[r]
				}
				u[p] = dot
			}
			for p := 0; p < s; p++ {
				sum := 0.0
				for q := p; q < s; q++ {
					sum += t[p*nb+q] * u[q]
				}
				t[p*nb+s] = -ts * sum
			}
			t[s*nb+s] = ts
		}
		// wt = Z^T V (n x nb) over the first rows of Z
		kernel.MulABt(n, nb, rows, zt, n, vt, rows, wt, nb)
		// mt = wt T
		for i := 0; i < n; i++ {
			wi, mi := wt[i*nb:(i+1)*nb], mt[i*nb:(i+1)*nb]
			for q := 0; q < nb; q++ {
				sum := 0.0
				for p := 0; p <= q; p++ {
					sum += wi[p] * t[p*nb+q]
				}
				mi[q] = sum
			}
		}
		// zt[:, 0:rows] -= mt V^T
		kernel.MulABt(n, rows, nb, mt, nb, v, nb, tmp, rows)
		for i := 0; i < n; i++ {
			zi, ti := zt[i*n:i*n+rows], tmp[i*rows:(i+1)*rows]
			for r, x := range ti {
				zi[r] -= x
			}
		}
	}
}
