package eigen

import "math"

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
// Cost: about n^3 multiply-adds for the reduction (tridiagonalize), at
// most (2/3) n^3 in the divide and conquer and n^3 for applying Q to the
// eigenvectors (applyQ), nearly all in kernel.DotRows and kernel.MulABt,
// against (2/3) n^3 for the reduction and (2/3) n^3 for Q in gonum's
// pure-Go Dsytrd and Dorgtr and about 3 n^3 plane rotations of implicit
// QR in its Dsteqr (EigenSym's route).
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
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			a[j*lda+i] = a[i*lda+j]
		}
	}
	e := make([]float64, n-1)
	tau := make([]float64, n-1)
	tridiagonalize(n, a, lda, w, e, tau)
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
