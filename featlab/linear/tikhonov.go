package linear

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// TikhonovConfig configures Tikhonov. The zero value has no penalty
// (Gamma nil) and no intercept: least squares, as RidgeConfig's zero value.
type TikhonovConfig struct {
	// Gamma is the p x d penalty matrix, any p >= 1. Default nil: no
	// penalty (Gamma = 0).
	Gamma mat.Matrix
	// Intercept fits an unpenalised intercept by centring X and y.
	// Default false.
	Intercept bool
}

// TikhonovResult is a Tikhonov fit.
type TikhonovResult struct {
	Model
}

// Fit makes TikhonovConfig a featlab.Learner.
func (cfg TikhonovConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	r, err := Tikhonov(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Tikhonov returns the minimiser of Tikhonov-regularised least squares
// (Zhou 11.4)
//
//	F(w, b) = (1/2m) ||X w + b - y||^2 + ||Gamma w||^2,
//
// b = 0 unless cfg.Intercept (then X and y are centred first and
// b = mean(y) - mean(X) w), the solution of the normal equations
//
//	(X^T X + 2m Gamma^T Gamma) w = X^T y.
//
// Ridge is the case Gamma = sqrt(lambda) I: Tikhonov with that Gamma
// equals Ridge(X, y, RidgeConfig{Lambda: lambda}) (the default (1/2m)
// scaling). A non-identity Gamma penalises a chosen direction of w: with
// the first-difference operator of DifferenceOperator,
// ||Gamma w||^2 = sum_j (w_{j+1} - w_j)^2 prefers weights that change
// slowly from one feature to the next.
//
// X^T X + 2m Gamma^T Gamma must be positive definite (the null spaces of X
// and Gamma meet only at 0); otherwise the minimiser is not unique and
// Tikhonov returns an error wrapping featlab.ErrParam. Data so large that
// X^T X overflows float64 is refused with featlab.ErrNotFinite.
func Tikhonov(X mat.Matrix, y []float64, cfg TikhonovConfig) (*TikhonovResult, error) {
	m, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, err
	}
	Gamma := cfg.Gamma
	if featlab.IsNil(Gamma) {
		Gamma = mat.NewDense(1, d, nil)
	}
	p, dg := Gamma.Dims()
	if p == 0 || dg != d {
		return nil, featlab.Errorf(featlab.ErrShape, "linear: Tikhonov: Gamma is %dx%d, want p x %d with p >= 1", p, dg, d)
	}
	if err := featlab.CheckMatrix(Gamma, nil); err != nil {
		return nil, err
	}
	Xc, yc := mat.DenseCopyOf(X), append([]float64(nil), y...)
	xbar, ybar := make([]float64, d), 0.0 // zero without an intercept
	if cfg.Intercept {
		for j := range xbar {
			col := mat.Col(nil, j, Xc)
			for _, v := range col {
				xbar[j] += v / float64(m)
			}
			for i := range col {
				Xc.Set(i, j, col[i]-xbar[j])
			}
		}
		for _, v := range yc {
			ybar += v / float64(m)
		}
		for i := range yc {
			yc[i] -= ybar
		}
	}
	var A mat.SymDense
	A.SymOuterK(1, Xc.T())
	var G mat.SymDense
	G.SymOuterK(2*float64(m), mat.DenseCopyOf(Gamma).T())
	A.AddSym(&A, &G)
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			if v := A.At(i, j); math.IsInf(v, 0) || math.IsNaN(v) {
				return nil, featlab.Errorf(featlab.ErrNotFinite,
					"linear: Tikhonov: X^T X + 2m Gamma^T Gamma overflows float64 at (%d, %d)", i, j)
			}
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(&A) || ch.Cond() > 1e14 {
		return nil, featlab.Errorf(featlab.ErrParam,
			"linear: Tikhonov: X^T X + 2m Gamma^T Gamma is singular: X and Gamma share a null direction")
	}
	b := mat.NewVecDense(d, nil)
	b.MulVec(Xc.T(), mat.NewVecDense(m, yc))
	w := mat.NewVecDense(d, nil)
	if err := ch.SolveVecTo(w, b); err != nil {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: Tikhonov: %v", err)
	}
	res := &TikhonovResult{Model: Model{Coef: w.RawVector().Data, Intercept: ybar}}
	for j, v := range res.Coef {
		res.Intercept -= xbar[j] * v
	}
	if err := finiteModel(&res.Model, "linear: Tikhonov"); err != nil {
		return nil, err
	}
	return res, nil
}

// DifferenceOperator returns the (d-1) x d first-difference matrix D with
// (D w)_j = w_{j+1} - w_j, so that ||D w||^2 = sum_j (w_{j+1} - w_j)^2: the
// roughness penalty of Tikhonov regularisation for weights ordered along a
// line (neighbouring features should have similar weights). Its null
// space is the constant vectors. d must be at least 2.
func DifferenceOperator(d int) (*mat.Dense, error) {
	if d < 2 {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: DifferenceOperator: d = %d, want d >= 2", d)
	}
	D := mat.NewDense(d-1, d, nil)
	for j := 0; j < d-1; j++ {
		D.Set(j, j, -1)
		D.Set(j, j+1, 1)
	}
	return D, nil
}
