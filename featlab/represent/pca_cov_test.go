package represent

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestPCACovarianceWide: beyond 128 columns (600 x 150 and 700 x 300,
// correlated, some constant columns) FitPCA takes the covariance path
// (kernel.Gram, then the symmetric eigendecomposition) and gives the
// singular values (relative 1e-9 of the largest) and components (up to
// sign, 1e-7) of the SVD of the centred data.
func TestPCACovarianceWide(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 2))
	for _, sh := range [][2]int{{600, 150}, {700, 300}} {
		m, d := sh[0], sh[1]
		Z, A := mat.NewDense(m, 20, nil), mat.NewDense(20, d, nil)
		for _, g := range []*mat.Dense{Z, A} {
			for i := range g.RawMatrix().Data {
				g.RawMatrix().Data[i] = rng.NormFloat64()
			}
		}
		X := mat.NewDense(m, d, nil)
		X.Mul(Z, A)
		raw := X.RawMatrix().Data
		for i := range raw {
			raw[i] += 0.3 * rng.NormFloat64()
		}
		for i := 0; i < m; i++ {
			X.Set(i, 3, 2.5) // constant columns
			X.Set(i, d-1, -1)
		}
		c := mat.DenseCopyOf(X)
		if _, _, ok := pcaCovariance(mat.DenseCopyOf(centred(c)), m, d); !ok {
			t.Fatalf("%dx%d: the covariance path is not taken", m, d)
		}
		p, err := FitPCA(X, PCAConfig{})
		if err != nil {
			t.Fatal(err)
		}
		var svd mat.SVD
		if !svd.Factorize(centred(c), mat.SVDThinV) {
			t.Fatal("reference SVD failed")
		}
		s := svd.Values(nil)
		var v mat.Dense
		svd.VTo(&v)
		for j := range s {
			if math.Abs(p.SingularValues[j]-s[j]) > 1e-9*s[0] {
				t.Fatalf("%dx%d: s[%d] = %v, want %v", m, d, j, p.SingularValues[j], s[j])
			}
		}
		// the 20 leading components (the others span a near-degenerate
		// noise space, where any orthonormal basis is right)
		for j := 0; j < 20; j++ {
			dot := 0.0
			for a := 0; a < d; a++ {
				dot += p.Components.At(j, a) * v.At(a, j)
			}
			if math.Abs(math.Abs(dot)-1) > 1e-7 {
				t.Fatalf("%dx%d: component %d: |<w, v>| = %v", m, d, j, math.Abs(dot))
			}
		}
	}
}

// centred returns X minus its column means.
func centred(X *mat.Dense) *mat.Dense {
	m, d := X.Dims()
	x := X.RawMatrix().Data
	mean := columnMeans(x, m, d)
	c := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			c.Set(i, j, x[i*d+j]-mean[j])
		}
	}
	return c
}
