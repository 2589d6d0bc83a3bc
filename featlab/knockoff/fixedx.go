package knockoff

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// FixedXConfig configures FixedX. The zero value gives the equicorrelated
// construction on X's columns scaled to unit norm, not centred, with seed
// 0.
type FixedXConfig struct {
	// S chooses s. Default Equicorrelated.
	S SMethod
	// Center centres each column before scaling it, and makes the
	// knockoffs orthogonal to the constant vector as well (they are then
	// centred too, and a model with an intercept sees the same Gram
	// structure); it needs m >= 2d + 1. Default false.
	Center bool
	// Seed fixes the random orthonormal U~.
	Seed uint64
	// Names names the features (nil: x1, ..., xd); the knockoff of "a" is
	// named "a~".
	Names []string
}

// FixedXResult holds the fixed-X knockoffs of a design.
type FixedXResult struct {
	// X is the design as used: columns (centred when asked, then) scaled
	// to unit Euclidean norm.
	X *mat.Dense
	// Knockoffs is X~, m x d, in the same scaling: X~^T X~ = Sigma and
	// X^T X~ = Sigma - diag(S).
	Knockoffs *mat.Dense
	// Sigma = X^T X, the Gram matrix of the scaled columns (unit
	// diagonal).
	Sigma *mat.SymDense
	// S is the vector s used.
	S []float64
	// Mean and Scale are the column means subtracted (0 without Center)
	// and the norms divided by.
	Mean, Scale []float64
	// Names of the d features.
	Names []string
}

// FixedX constructs fixed-X knockoffs (Barber and Candès 2015, section
// 2.1): with the columns of X scaled to unit norm and Sigma = X^T X,
//
//	X~ = X (I - Sigma^-1 diag(s)) + U~ C,
//
// where U~ (m x d) has orthonormal columns orthogonal to the span of X
// (and of the constant vector with Center), drawn at random from the Seed
// (a Gaussian matrix orthonormalised against X by Gram-Schmidt, twice),
// and C^T C = 2 diag(s) - diag(s) Sigma^-1 diag(s). C is taken from the
// eigendecomposition of that matrix (negative rounding eigenvalues set
// to 0), not from a Cholesky factor: for the equicorrelated s the matrix
// is singular by construction, and the eigen square root is exact where a
// Cholesky factor would need a ridge. Then X~^T X~ = Sigma and
// X^T X~ = Sigma - diag(s) up to rounding.
//
// Requirements: m >= 2d (2d + 1 with Center), no constant column
// (ErrConstant) and full column rank (ErrParam). Cost O(m d^2).
func FixedX(X mat.Matrix, cfg FixedXConfig) (*FixedXResult, error) {
	if err := featlab.CheckMatrix(X, cfg.Names); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FixedX")
	}
	if err := cfg.S.check(); err != nil {
		return nil, err
	}
	m, d := X.Dims()
	extra := 0
	if cfg.Center {
		extra = 1
	}
	if m < 2*d+extra {
		return nil, featlab.Errorf(featlab.ErrShape, "knockoff.FixedX: X is %dx%d: fixed-X knockoffs need m >= 2d%s = %d rows", m, d, map[bool]string{true: " + 1", false: ""}[cfg.Center], 2*d+extra)
	}
	names := cfg.Names
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	// columns, centred and scaled
	cols := make([][]float64, d)
	mean := make([]float64, d)
	scale := make([]float64, d)
	for j := range cols {
		c := make([]float64, m)
		mat.Col(c, j, X)
		if cfg.Center {
			mean[j] = meanOf(c)
			for i := range c {
				c[i] -= mean[j]
			}
		}
		amax := 0.0
		for _, v := range c {
			amax = math.Max(amax, math.Abs(v))
		}
		if amax == 0 || amax <= 1e-12*math.Abs(mean[j]) {
			return nil, featlab.Errorf(featlab.ErrConstant, "knockoff.FixedX: feature %d (%q) is constant", j, names[j])
		}
		// norm computed on c/amax to stay clear of overflow and underflow
		ss := 0.0
		for _, v := range c {
			ss += (v / amax) * (v / amax)
		}
		scale[j] = amax * math.Sqrt(ss)
		for i := range c {
			c[i] = (c[i] / amax) / math.Sqrt(ss)
		}
		cols[j] = c
	}
	Xs := mat.NewDense(m, d, nil)
	for j, c := range cols {
		Xs.SetCol(j, c)
	}
	Sigma := mat.NewSymDense(d, nil)
	Sigma.SymOuterK(1, Xs.T())
	s, err := chooseS(Sigma, cfg.S)
	if err != nil {
		return nil, featlab.Wrap(err, "knockoff.FixedX")
	}
	P, C, err := condSqrt(Sigma, s)
	if err != nil {
		return nil, featlab.Wrap(err, "knockoff.FixedX")
	}
	U, err := orthComplement(cols, m, d, cfg.Center, cfg.Seed)
	if err != nil {
		return nil, err
	}
	var Xk, UC mat.Dense
	Xk.Mul(Xs, P)
	UC.Mul(U, C)
	Xk.Add(&Xk, &UC)
	return &FixedXResult{X: Xs, Knockoffs: &Xk, Sigma: Sigma, S: s, Mean: mean, Scale: scale, Names: names}, nil
}

func meanOf(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// orthComplement returns k random orthonormal columns (m x k) orthogonal
// to the columns of basis (and to the constant vector when withOne): the
// basis is orthonormalised first, then Gaussian columns drawn from seed
// are orthogonalised against everything before them, by modified
// Gram-Schmidt applied twice.
func orthComplement(basis [][]float64, m, k int, withOne bool, seed uint64) (*mat.Dense, error) {
	var q [][]float64
	add := func(v []float64) bool {
		n0 := norm(v)
		for pass := 0; pass < 2; pass++ {
			for _, u := range q {
				dot := 0.0
				for i := range v {
					dot += u[i] * v[i]
				}
				for i := range v {
					v[i] -= dot * u[i]
				}
			}
		}
		n := norm(v)
		if !(n > 1e-10*n0) {
			return false
		}
		for i := range v {
			v[i] /= n
		}
		q = append(q, v)
		return true
	}
	if withOne {
		one := make([]float64, m)
		for i := range one {
			one[i] = 1
		}
		add(one)
	}
	for j, b := range basis {
		if !add(append([]float64(nil), b...)) {
			return nil, featlab.Errorf(featlab.ErrParam, "knockoff.FixedX: feature %d is a linear combination of the others (X must have full column rank)", j)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x6b6e6f636b6f6666))
	U := mat.NewDense(m, k, nil)
	for j := 0; j < k; j++ {
		for {
			z := make([]float64, m)
			for i := range z {
				z[i] = rng.NormFloat64()
			}
			if add(z) {
				U.SetCol(j, z)
				break
			}
		}
	}
	return U, nil
}

func norm(v []float64) float64 {
	amax := 0.0
	for _, x := range v {
		amax = math.Max(amax, math.Abs(x))
	}
	if amax == 0 {
		return 0
	}
	ss := 0.0
	for _, x := range v {
		ss += (x / amax) * (x / amax)
	}
	return amax * math.Sqrt(ss)
}
