package sensing

import (
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// Stream constants of the seeded generators (PCG stream numbers).
const (
	streamGaussian  = 0x1119
	streamBernoulli = 0x111a
	streamRows      = 0x111b
	streamRIP       = 0x1121
)

func checkNM(n, m int) error {
	if n < 1 || m < 1 {
		return featlab.Errorf(featlab.ErrParam, "sensing: n = %d measurements and m = %d unknowns must both be >= 1", n, m)
	}
	if n > 1<<15 || m > 1<<20 {
		return featlab.Errorf(featlab.ErrParam, "sensing: n x m = %d x %d is too large for a dense matrix", n, m)
	}
	// The dense matrix itself: refused over featlab.DefaultMaxCells values
	// before it is allocated (issue 20).
	return featlab.CheckCells("sensing: the n x m measurement matrix", "", n, m, 0)
}

// Gaussian returns an n x m measurement matrix with independent N(0, 1/n)
// entries, so that every column has expected squared norm 1 (the scaling
// under which E||A s||^2 = ||s||^2, the centre of eq. 11.21). Same seed,
// same matrix.
func Gaussian(n, m int, seed uint64) (*mat.Dense, error) {
	if err := checkNM(n, m); err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed, streamGaussian))
	a := make([]float64, n*m)
	sd := 1 / math.Sqrt(float64(n))
	for i := range a {
		a[i] = sd * r.NormFloat64()
	}
	return mat.NewDense(n, m, a), nil
}

// Bernoulli returns an n x m measurement matrix with independent entries
// +1/sqrt(n) or -1/sqrt(n), each with probability 1/2: every column has
// norm exactly 1.
func Bernoulli(n, m int, seed uint64) (*mat.Dense, error) {
	if err := checkNM(n, m); err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed, streamBernoulli))
	a := make([]float64, n*m)
	v := 1 / math.Sqrt(float64(n))
	for i := range a {
		if r.Uint64()&1 == 1 {
			a[i] = v
		} else {
			a[i] = -v
		}
	}
	return mat.NewDense(n, m, a), nil
}

// RandomRows returns n distinct rows of the m x m matrix B, chosen uniformly
// at random without replacement and kept in increasing order, scaled by
// sqrt(m/n) (so that the columns of an orthonormal B keep expected squared
// norm 1), together with the chosen row indices. With B the DCT analysis
// matrix this is the partial DCT; with B the identity it is random
// sampling of the signal's entries.
func RandomRows(B mat.Matrix, n int, seed uint64) (*mat.Dense, []int, error) {
	if featlab.IsNil(B) {
		return nil, nil, featlab.Errorf(featlab.ErrEmpty, "sensing: nil basis")
	}
	if err := featlab.CheckMatrix(B, nil); err != nil {
		return nil, nil, err
	}
	mr, m := B.Dims()
	if n < 1 || n > mr {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "sensing: n = %d rows out of a %d-row matrix", n, mr)
	}
	r := rand.New(rand.NewPCG(seed, streamRows))
	perm := r.Perm(mr)[:n]
	rows := append([]int(nil), perm...)
	sortInts(rows)
	out := mat.NewDense(n, m, nil)
	sc := math.Sqrt(float64(mr) / float64(n))
	for i, ri := range rows {
		for j := 0; j < m; j++ {
			out.Set(i, j, sc*B.At(ri, j))
		}
	}
	return out, rows, nil
}

// PartialDCT returns n random rows of the m x m orthonormal DCT-II analysis
// matrix (see DCT), scaled by sqrt(m/n), and the chosen frequencies. As a
// measurement of a signal sparse in the standard basis it is the classical
// partial-Fourier design of compressed sensing.
func PartialDCT(n, m int, seed uint64) (*mat.Dense, []int, error) {
	if err := checkNM(n, m); err != nil {
		return nil, nil, err
	}
	if n > m {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "sensing: partial DCT with n = %d rows of an m = %d DCT", n, m)
	}
	C, err := BasisMatrix(NewDCT(m))
	if err != nil {
		return nil, nil, err
	}
	// BasisMatrix gives the synthesis matrix Psi = C^T; the analysis rows
	// are the rows of C.
	return RandomRows(C.T(), n, seed)
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
