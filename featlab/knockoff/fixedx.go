package knockoff

import (
	"context"
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
	return fixedX(context.Background(), X, cfg)
}

// fixedX is FixedX with a context, checked between its matrix products
// (each O(m d^2)), so that a filter built on it stops within one of them.
func fixedX(ctx context.Context, X mat.Matrix, cfg FixedXConfig) (*FixedXResult, error) {
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
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FixedX")
	}
	Sigma := mat.NewSymDense(d, nil)
	Sigma.SymOuterK(1, Xs.T())
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FixedX")
	}
	s, err := chooseS(Sigma, cfg.S)
	if err != nil {
		return nil, featlab.Wrap(err, "knockoff.FixedX")
	}
	P, C, err := condSqrt(Sigma, s)
	if err != nil {
		return nil, featlab.Wrap(err, "knockoff.FixedX")
	}
	U, err := orthComplement(ctx, Xs, Sigma, d, cfg.Center, cfg.Seed)
	if err != nil {
		return nil, err
	}
	var Xk, UC mat.Dense
	Xk.Mul(Xs, P)
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FixedX")
	}
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
// to the columns of Xs (Gram matrix Sigma, positive definite) and to the
// constant vector when withOne (Xs is then centred): a Gaussian m x k
// matrix Z drawn from seed is projected twice,
// Z <- Z - Xs Sigma^-1 Xs^T Z (and its column means removed), then
// orthonormalised by Cholesky QR applied twice (Z <- Z R^-1 with
// R^T R = Z^T Z), all in matrix products.
func orthComplement(ctx context.Context, Xs *mat.Dense, Sigma *mat.SymDense, k int, withOne bool, seed uint64) (*mat.Dense, error) {
	m, _ := Xs.Dims()
	var ch mat.Cholesky
	if !ch.Factorize(Sigma) {
		return nil, featlab.Errorf(featlab.ErrParam, "knockoff.FixedX: X^T X is not positive definite: X must have full column rank")
	}
	rng := rand.New(rand.NewPCG(seed, 0x6b6e6f636b6f6666))
	Z := mat.NewDense(m, k, nil)
	raw := Z.RawMatrix().Data
	for i := range raw {
		raw[i] = rng.NormFloat64()
	}
	var XtZ, B, XB mat.Dense
	for pass := 0; pass < 2; pass++ {
		if err := ctx.Err(); err != nil {
			return nil, featlab.Wrap(err, "knockoff.FixedX")
		}
		if withOne {
			for j := 0; j < k; j++ {
				mu := 0.0
				for i := 0; i < m; i++ {
					mu += raw[i*k+j]
				}
				mu /= float64(m)
				for i := 0; i < m; i++ {
					raw[i*k+j] -= mu
				}
			}
		}
		XtZ.Mul(Xs.T(), Z)
		if err := ctx.Err(); err != nil {
			return nil, featlab.Wrap(err, "knockoff.FixedX")
		}
		if err := ch.SolveTo(&B, &XtZ); err != nil {
			return nil, featlab.Errorf(featlab.ErrParam, "knockoff.FixedX: X^T X is numerically singular: %v", err)
		}
		XB.Mul(Xs, &B)
		Z.Sub(Z, &XB)
	}
	for pass := 0; pass < 2; pass++ {
		if err := ctx.Err(); err != nil {
			return nil, featlab.Wrap(err, "knockoff.FixedX")
		}
		G := mat.NewSymDense(k, nil)
		G.SymOuterK(1, Z.T())
		var cz mat.Cholesky
		if !cz.Factorize(G) {
			return nil, featlab.Errorf(featlab.ErrParam, "knockoff.FixedX: the random complement is rank deficient (m too close to 2d)")
		}
		var R, Rinv mat.TriDense
		cz.UTo(&R)
		// Z <- Z R^-1, with the k x k inverse of the triangular factor: one
		// matrix product instead of a triangular solve through transposed
		// copies of the m x k matrix.
		if err := Rinv.InverseTri(&R); err != nil {
			return nil, featlab.Errorf(featlab.ErrParam, "knockoff.FixedX: orthonormalising the complement: %v", err)
		}
		var ZR mat.Dense
		ZR.Mul(Z, &Rinv)
		Z = &ZR
	}
	return Z, nil
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
