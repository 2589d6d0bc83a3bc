package linear

import (
	"math"
	"math/bits"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// MaxL0Features bounds the number of columns L0Penalized accepts: it fits
// least squares on all 2^d supports.
const MaxL0Features = 16

// L0Result is the exact solution of the l0-penalised least-squares problem.
type L0Result struct {
	Model
	// Support lists the nonzero weights' columns, in increasing order.
	Support []int
	// RSS is ||y - X w - b||^2 at the solution; Objective is
	// RSS/(2m) + Lambda |Support|.
	RSS, Objective, Lambda float64
	// Evaluated counts the supports tried: 2^d.
	Evaluated int
}

// L0Penalized solves the l0-penalised least-squares problem (the penalised
// form of the l0 budget, Aalto CS-E4710 lecture 10)
//
//	min_{w, b} (1/2m) ||X w + b - y||^2 + lambda ||w||_0,
//
// ||w||_0 the number of nonzero weights, exactly: for every support S of
// {0, ..., d-1} (all 2^d of them, d <= MaxL0Features) it fits least
// squares on the columns S and keeps the support with the smallest
// RSS_S/(2m) + lambda |S| (ties: the first found, supports taken in the
// order of their bit masks). b is fitted (unpenalised) when intercept is
// true, else 0. Since the penalty depends on S only through |S|, the
// solution is always a best subset of its own size: the l0-penalised path
// over lambda visits best subsets, those whose RSS lies on the lower convex
// hull of k -> min_{|S| = k} RSS_S.
func L0Penalized(X mat.Matrix, y []float64, lambda float64, intercept bool) (*L0Result, error) {
	m, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, err
	}
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: L0Penalized: lambda = %v must be finite and >= 0", lambda)
	}
	if d > MaxL0Features {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: L0Penalized: %d features, at most %d (2^d fits)", d, MaxL0Features)
	}
	Xd := mat.DenseCopyOf(X)
	best := &L0Result{Objective: math.Inf(1), Lambda: lambda}
	for mask := 0; mask < 1<<d; mask++ {
		var cols []int
		for j := 0; j < d; j++ {
			if mask&(1<<j) != 0 {
				cols = append(cols, j)
			}
		}
		coef, b, rss, err := subsetFit(Xd, y, cols, intercept)
		if err != nil {
			return nil, err
		}
		obj := rss/(2*float64(m)) + lambda*float64(bits.OnesCount(uint(mask)))
		if obj < best.Objective {
			w := make([]float64, d)
			for k, j := range cols {
				w[j] = coef[k]
			}
			best.Coef, best.Intercept, best.Support = w, b, cols
			best.RSS, best.Objective = rss, obj
		}
	}
	best.Evaluated = 1 << d
	if best.Support == nil {
		best.Support = []int{}
	}
	return best, nil
}

// subsetFit fits least squares on the columns cols of X (none: the
// intercept alone, or w = 0) and returns the weights, the intercept and
// the residual sum of squares.
func subsetFit(X *mat.Dense, y []float64, cols []int, intercept bool) ([]float64, float64, float64, error) {
	m := len(y)
	if len(cols) == 0 {
		b := 0.0
		if intercept {
			for _, v := range y {
				b += v / float64(m)
			}
		}
		rss := 0.0
		for _, v := range y {
			rss += (v - b) * (v - b)
		}
		return nil, b, rss, nil
	}
	sub := mat.NewDense(m, len(cols), nil)
	for k, j := range cols {
		for i := 0; i < m; i++ {
			sub.Set(i, k, X.At(i, j))
		}
	}
	fit, err := LeastSquares(sub, y, LeastSquaresConfig{Intercept: intercept})
	if err != nil {
		return nil, 0, 0, err
	}
	return fit.Coef, fit.Intercept, fit.RSS, nil
}
