package eigen

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/lapack/gonum"
	"gonum.org/v1/gonum/mat"
)

// wishart returns the upper triangle of X^T X for an m x n standard
// Gaussian X (the covariance of peerbench's PCA case, uncorrelated).
func wishart(m, n int) []float64 {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float64, m*n)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	a := make([]float64, n*n)
	for i := 0; i < m; i++ {
		row := x[i*n : (i+1)*n]
		for p, u := range row {
			for q := p; q < n; q++ {
				a[p*n+q] += u * row[q]
			}
		}
	}
	return a
}

// BenchmarkSym1000: all eigenpairs of a 1000 x 1000 covariance matrix.
func BenchmarkSym1000(b *testing.B) {
	n := 1000
	a0 := wishart(2000, n)
	a := make([]float64, n*n)
	w := make([]float64, n)
	z := make([]float64, n*n)
	for b.Loop() {
		copy(a, a0)
		Sym(n, a, n, w, z, n)
	}
}

// BenchmarkTridiag1000: the divide and conquer alone on the tridiagonal
// form of BenchmarkSym1000's matrix (hardly any deflation; a random
// tridiagonal matrix deflates most of its poles and is much cheaper).
func BenchmarkTridiag1000(b *testing.B) {
	n := 1000
	a := wishart(2000, n)
	d0 := make([]float64, n)
	e0 := make([]float64, n-1)
	tau := make([]float64, n-1)
	var impl gonum.Implementation
	work := make([]float64, 64*n)
	impl.Dsytrd(blas.Upper, n, a, n, d0, e0, tau, work, len(work))
	d := make([]float64, n)
	e := make([]float64, n-1)
	z := make([]float64, n*n)
	for b.Loop() {
		copy(d, d0)
		copy(e, e0)
		Tridiag(d, e, z, n)
	}
}

// BenchmarkSym61 and BenchmarkEigenSym61: all eigenpairs of a 61 x 61
// covariance (the size of PCA on digits' non-constant columns), Sym
// against gonum's EigenSym.
func BenchmarkSym61(b *testing.B) {
	n := 61
	a0 := wishart(200, n)
	a := make([]float64, n*n)
	w := make([]float64, n)
	z := make([]float64, n*n)
	for b.Loop() {
		copy(a, a0)
		Sym(n, a, n, w, z, n)
	}
}

func BenchmarkEigenSym61(b *testing.B) {
	n := 61
	a0 := wishart(200, n)
	for b.Loop() {
		var es mat.EigenSym
		es.Factorize(mat.NewSymDense(n, append([]float64(nil), a0...)), true)
		var ev mat.Dense
		es.VectorsTo(&ev)
	}
}
