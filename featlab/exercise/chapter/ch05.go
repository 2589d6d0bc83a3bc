package chapter

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/linear"
)

// Notebook 05 (sparsity).

// ProxFunc is one proximal-gradient step of the lasso.
type ProxFunc = func(X *mat.Dense, y, w []float64, lambda, L float64) []float64

// CDFunc is one coordinate-descent update of the lasso.
type CDFunc = func(X *mat.Dense, y, w []float64, lambda float64, j int) []float64

// RidgeFunc returns ridge weights for (X, y, lambda).
type RidgeFunc = func(X *mat.Dense, y []float64, lambda float64) []float64

// SoftThreshold checks the minimiser of (1/2)w^2 - x w + lambda |w|
// (eq. 25.7) against linear.SoftThreshold.
func SoftThreshold() exercise.Exercise[func(x, lambda float64) float64] {
	return exercise.ScalarScalarToScalar("soft thresholding (eq. 25.7)", linear.SoftThreshold, nil)
}

// ProxStep checks one proximal-gradient step z = w - grad f(w)/L, then
// soft thresholding at lambda/L (Zhou eq. 11.11-11.14), for
// f(w) = (1/2m)||Xw - y||^2, against linear.ProximalGradientStep, with
// L = lambda_max(X^T X)/m from linear.Lipschitz.
func ProxStep() exercise.Exercise[ProxFunc] {
	ref := func(X *mat.Dense, y, w []float64, lambda, L float64) []float64 {
		return must(linear.ProximalGradientStep(X, y, w, lambda, L))
	}
	gen := func(r *rand.Rand, i int) []any {
		m, d := exercise.Size(i, 3, 20), exercise.Size(i, 1, 5)
		X := exercise.NormalMatrix(r, m, d)
		L := must(linear.Lipschitz(X))
		return []any{X, exercise.Normal(r, m), exercise.Normal(r, d), r.Float64(), L}
	}
	name := "one proximal-gradient step (eq. 11.11-11.14)"
	return exercise.Func(name, ProxFunc(ref), []string{"X", "y", "w", "lambda", "L"}, gen)
}

// CoordinateStep checks one exact coordinate update of the lasso
// (1/2m)||Xw - y||^2 + lambda ||w||_1 against linear.CoordinateStep.
func CoordinateStep() exercise.Exercise[CDFunc] {
	ref := func(X *mat.Dense, y, w []float64, lambda float64, j int) []float64 {
		return must(linear.CoordinateStep(X, y, w, lambda, j))
	}
	gen := func(r *rand.Rand, i int) []any {
		m, d := exercise.Size(i, 3, 20), exercise.Size(i, 1, 5)
		X := exercise.NormalMatrix(r, m, d)
		return []any{X, exercise.Normal(r, m), exercise.Normal(r, d), r.Float64(), r.IntN(d)}
	}
	args := []string{"X", "y", "w", "lambda", "j"}
	return exercise.Func("one coordinate-descent update", CDFunc(ref), args, gen)
}

// PrintedRidge is 25.2's printed (2 lambda m I + X^T X)^{-1} X^T y, the
// minimiser of (1/2m)||Xw - y||^2 + lambda ||w||^2 (linear.Ridge's
// default): the trap of the Ridge exercise.
func PrintedRidge(X *mat.Dense, y []float64, lambda float64) []float64 {
	return must(linear.Ridge(X, y, linear.RidgeConfig{Lambda: lambda})).Coef
}

// Ridge checks the minimiser of (1/m)||Xw - y||^2 + lambda ||w||^2 (no
// intercept) against linear.Ridge with Objective linear.RidgeMean; its
// hint recognises the printed closed form (PrintedRidge).
func Ridge() exercise.Exercise[RidgeFunc] {
	ref := func(X *mat.Dense, y []float64, lambda float64) []float64 {
		cfg := linear.RidgeConfig{Lambda: lambda, Objective: linear.RidgeMean}
		return must(linear.Ridge(X, y, cfg)).Coef
	}
	ex := exercise.MatVecScalarToVec("ridge for (1/m)||Xw - y||^2 + lambda ||w||^2", ref, nil)
	ex.Hint = func(args []any, want, got any) string {
		X, y, lambda := args[0].(*mat.Dense), args[1].([]float64), args[2].(float64)
		if exercise.Close(PrintedRidge(X, y, lambda), got, 1e-6) {
			return "this is the printed (2 lambda m I + X^T X)^{-1} X^T y, the (1/2m) objective's " +
				"minimiser; for the (1/m) one the gradient is zero at (lambda m I + X^T X) w = X^T y"
		}
		return ""
	}
	return ex
}

// Ridge1D checks the minimiser x/(1 + 2 lambda) of
// (1/2)w^2 - x w + lambda w^2 against linear.Ridge on X = [1], y = [x].
func Ridge1D() exercise.Exercise[func(x, lambda float64) float64] {
	ref := func(x, lambda float64) float64 {
		one := mat.NewDense(1, 1, []float64{1})
		return must(linear.Ridge(one, []float64{x}, linear.RidgeConfig{Lambda: lambda})).Coef[0]
	}
	return exercise.ScalarScalarToScalar("l2-penalised 1-D problem", ref, nil)
}

// NoSparsity reports whether f(x, lambda) != 0 for every x != 0 of the
// grid -4, -3.9, ..., 4 and lambda in {0.5, 1, 2}: true for the l2
// minimiser of Ridge1D, false for soft thresholding.
func NoSparsity(f func(x, lambda float64) float64) bool {
	for k := -40; k <= 40; k++ {
		for _, lam := range []float64{0.5, 1, 2} {
			if x := float64(k) / 10; x != 0 && f(x, lam) == 0 {
				return false
			}
		}
	}
	return true
}
