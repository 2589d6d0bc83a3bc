package linear

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Tikhonov returns the minimiser of Tikhonov-regularised least squares
// (Zhou 11.4), without intercept,
//
//	F(w) = (1/2m) ||X w - y||^2 + ||Gamma w||^2,
//
// the solution of the normal equations
//
//	(X^T X + 2m Gamma^T Gamma) w = X^T y.
//
// Gamma is p x d for any p >= 1. Ridge is the case Gamma = sqrt(lambda) I:
// Tikhonov(X, y, sqrt(lambda) I) equals the Coef of Ridge(X, y,
// RidgeConfig{Lambda: lambda}) (the default (1/2m) scaling). A non-identity
// Gamma penalises a chosen direction of w: with the first-difference
// operator of DifferenceOperator, ||Gamma w||^2 = sum_j (w_{j+1} - w_j)^2
// prefers weights that change slowly from one feature to the next.
//
// X^T X + 2m Gamma^T Gamma must be positive definite (the null spaces of X
// and Gamma meet only at 0); otherwise the minimiser is not unique and
// Tikhonov returns an error wrapping featlab.ErrParam. Data so large that
// X^T X overflows float64 is refused with featlab.ErrNotFinite.
func Tikhonov(X mat.Matrix, y []float64, Gamma mat.Matrix) ([]float64, error) {
	m, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, err
	}
	if featlab.IsNil(Gamma) {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: Tikhonov: Gamma is nil")
	}
	p, dg := Gamma.Dims()
	if p == 0 || dg != d {
		return nil, featlab.Errorf(featlab.ErrShape, "linear: Tikhonov: Gamma is %dx%d, want p x %d with p >= 1", p, dg, d)
	}
	if err := featlab.CheckMatrix(Gamma, nil); err != nil {
		return nil, err
	}
	var A mat.SymDense
	A.SymOuterK(1, mat.DenseCopyOf(X).T())
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
	b.MulVec(X.T(), mat.NewVecDense(m, append([]float64(nil), y...)))
	w := mat.NewVecDense(d, nil)
	if err := ch.SolveVecTo(w, b); err != nil {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: Tikhonov: %v", err)
	}
	out := w.RawVector().Data
	for j, v := range out {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "linear: Tikhonov: w[%d] = %v", j, v)
		}
	}
	return out, nil
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
