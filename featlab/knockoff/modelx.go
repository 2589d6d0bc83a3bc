package knockoff

import (
	"context"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
)

// ModelXConfig configures ModelX. The zero value estimates mu and Sigma
// from X and uses the equicorrelated s, with seed 0.
type ModelXConfig struct {
	// Mu is the mean of the rows of X (length d); nil: the sample mean.
	Mu []float64
	// Sigma is their covariance (d x d, positive definite); nil: the
	// sample covariance (denominator m - 1), which needs m > d.
	Sigma *mat.SymDense
	// S chooses s (on the correlation scale of Sigma, then scaled by
	// Sigma_jj). Default Equicorrelated.
	S SMethod
	// Seed fixes the Gaussian draws.
	Seed uint64
	// Names names the features (nil: x1, ..., xd).
	Names []string
}

// ModelXResult holds model-X Gaussian knockoffs.
type ModelXResult struct {
	// Knockoffs is X~, m x d, in the units of X.
	Knockoffs *mat.Dense
	// Mu and Sigma are the mean and covariance used (given or estimated).
	Mu    []float64
	Sigma *mat.SymDense
	// S is the vector s used (in the units of Sigma).
	S []float64
	// Names of the d features.
	Names []string
}

// ModelX draws model-X Gaussian knockoffs (Candès, Fan, Janson and Lv
// 2018, section 3.1): for rows x ~ N(mu, Sigma), each knockoff row is
// drawn independently from
//
//	x~ | x ~ N(x - diag(s) Sigma^-1 (x - mu), 2 diag(s) - diag(s) Sigma^-1 diag(s)),
//
// so that [X X~] has rows ~ N((mu, mu), G) with
// G = [[Sigma, Sigma - diag(s)], [Sigma - diag(s), Sigma]]. The square root
// of the conditional covariance is its eigen square root (see FixedX).
// Draws come from math/rand/v2's PCG seeded by Seed: the same seed gives
// the same knockoffs bit for bit.
//
// With Mu and Sigma both estimated, the draw is made on X times an exact
// power of two when X is far from unit scale (|x| outside [2^-60, 2^60])
// and the knockoffs scaled back, so they do not depend on the scale of X;
// the reported Sigma and S are then in X's units and may underflow.
//
// Errors: Mu or Sigma of the wrong size (ErrShape), a Sigma that is not
// symmetric positive definite or not finite (ErrParam, ErrNotFinite),
// m <= d when Sigma is estimated (ErrShape), a constant column
// (ErrConstant).
func ModelX(X mat.Matrix, cfg ModelXConfig) (*ModelXResult, error) {
	return modelX(context.Background(), X, cfg)
}

// modelX is ModelX with a context, checked between its O(m d^2) steps.
func modelX(ctx context.Context, X mat.Matrix, cfg ModelXConfig) (*ModelXResult, error) {
	if err := featlab.CheckMatrix(X, cfg.Names); err != nil {
		return nil, featlab.Wrap(err, "knockoff.ModelX")
	}
	if err := cfg.S.check(); err != nil {
		return nil, err
	}
	if cfg.Mu == nil && cfg.Sigma == nil {
		// Estimated moments: draw on X times an exact power of two, so that
		// a covariance of data at 1e-300 (or 1e300) does not underflow
		// (overflow), and scale back; 1 for data of everyday size.
		if Xs, sc := matx.Prescale(X); sc != 1 {
			res, err := modelX(ctx, Xs, cfg)
			if res != nil {
				res.Knockoffs.Scale(1/sc, res.Knockoffs)
				floats.Scale(1/sc, res.Mu)
				res.Sigma.ScaleSym(1/(sc*sc), res.Sigma)
				floats.Scale(1/(sc*sc), res.S)
				if !finiteSym(res.Sigma) || !finiteVec(res.S) {
					return nil, featlab.Errorf(featlab.ErrNotFinite, "knockoff.ModelX: the covariance of X overflows float64 (X is near the float64 limit); rescale X")
				}
			}
			return res, err
		}
	}
	m, d := X.Dims()
	names := cfg.Names
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	mu, Sigma, err := moments(X, cfg.Mu, cfg.Sigma)
	if err != nil {
		return nil, featlab.Wrap(err, "knockoff.ModelX")
	}
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.ModelX")
	}
	s, err := chooseS(Sigma, cfg.S)
	if err != nil {
		return nil, featlab.Wrap(err, "knockoff.ModelX")
	}
	P, C, err := condSqrt(Sigma, s)
	if err != nil {
		return nil, featlab.Wrap(err, "knockoff.ModelX")
	}
	// X~ = mu + (X - mu) P + Z C, rows of Z iid N(0, I_d):
	// x - diag(s) Sigma^-1 (x - mu) = mu + P^T (x - mu) as a column; as
	// rows, (x - mu)^T P with P = I - Sigma^-1 diag(s).
	Xc := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			Xc.Set(i, j, X.At(i, j)-mu[j])
		}
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6d6f64656c78))
	Z := mat.NewDense(m, d, nil)
	raw := Z.RawMatrix().Data
	for i := range raw {
		raw[i] = rng.NormFloat64()
	}
	var Xk, ZC mat.Dense
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.ModelX")
	}
	Xk.Mul(Xc, P)
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.ModelX")
	}
	ZC.Mul(Z, C)
	Xk.Add(&Xk, &ZC)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			Xk.Set(i, j, Xk.At(i, j)+mu[j])
		}
	}
	return &ModelXResult{Knockoffs: &Xk, Mu: mu, Sigma: Sigma, S: s, Names: names}, nil
}

// moments returns the given or estimated mean and covariance, checked.
func moments(X mat.Matrix, mu []float64, Sigma *mat.SymDense) ([]float64, *mat.SymDense, error) {
	m, d := X.Dims()
	if mu != nil && len(mu) != d {
		return nil, nil, featlab.Errorf(featlab.ErrShape, "Mu has %d values for %d features", len(mu), d)
	}
	if mu != nil {
		if err := featlab.CheckVector(mu, "Mu"); err != nil {
			return nil, nil, err
		}
	}
	if Sigma != nil {
		if Sigma.SymmetricDim() != d {
			return nil, nil, featlab.Errorf(featlab.ErrShape, "Sigma is %dx%d for %d features", Sigma.SymmetricDim(), Sigma.SymmetricDim(), d)
		}
		for i := 0; i < d; i++ {
			for j := 0; j <= i; j++ {
				if v := Sigma.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, nil, featlab.Errorf(featlab.ErrNotFinite, "Sigma has %v at (%d, %d)", v, i, j)
				}
			}
		}
	}
	if mu == nil || Sigma == nil {
		mean := make([]float64, d)
		for j := 0; j < d; j++ {
			s := 0.0
			for i := 0; i < m; i++ {
				s += X.At(i, j)
			}
			mean[j] = s / float64(m)
		}
		if mu == nil {
			mu = mean
		}
		if Sigma == nil {
			if m <= d {
				return nil, nil, featlab.Errorf(featlab.ErrShape, "X is %dx%d: estimating Sigma needs m > d rows (or give Sigma)", m, d)
			}
			Xc := mat.NewDense(m, d, nil)
			for i := 0; i < m; i++ {
				for j := 0; j < d; j++ {
					Xc.Set(i, j, X.At(i, j)-mean[j])
				}
			}
			Sigma = mat.NewSymDense(d, nil)
			Sigma.SymOuterK(1/float64(m-1), Xc.T())
		}
	}
	return mu, Sigma, nil
}

// finiteVec reports whether every value of v is finite.
func finiteVec(v []float64) bool {
	for _, x := range v {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return false
		}
	}
	return true
}

// finiteSym reports whether every entry of S is finite.
func finiteSym(S *mat.SymDense) bool {
	n := S.SymmetricDim()
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			if v := S.At(i, j); math.IsInf(v, 0) || math.IsNaN(v) {
				return false
			}
		}
	}
	return true
}
