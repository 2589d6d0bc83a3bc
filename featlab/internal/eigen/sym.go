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
// Cost: about (4/3) n^3 multiply-adds for the reduction (gonum's Dsytrd),
// (2/3) n^3 for Q (Dorgtr), at most (4/3) n^3 in the divide and conquer
// and n^3 for Q Z (kernel.MulABt), against about 6 n^3 plane-rotation
// flops of implicit QR in gonum's Dsteqr.
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
	lw := max(int(work[0]), 1)
	impl.Dorgtr(blas.Upper, n, a, lda, tau, work, -1)
	lw = max(lw, int(work[0]))
	work = make([]float64, lw)
	impl.Dsytrd(blas.Upper, n, a, lda, w, e, tau, work, lw)
	impl.Dorgtr(blas.Upper, n, a, lda, tau, work, lw)
	// eigenvectors of T as columns, then transposed for Q Z = Q (Z^T)^T
	zt := make([]float64, n*n)
	if !Tridiag(w, e, zt, n) {
		return false
	}
	transpose(zt, n)
	kernel.MulABt(n, n, n, a, lda, zt, n, z, ldz)
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
