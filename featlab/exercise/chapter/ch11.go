package chapter

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/importance"
	"github.com/featlab/course/featlab/knockoff"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// RFEStepFunc returns the indices (as float64, increasing) RFE keeps after
// one step on X and y.
type RFEStepFunc = func(X *mat.Dense, y []float64) []float64

// RFEStep checks one step of recursive feature elimination with least
// squares (an intercept, no penalty): fit on all d columns, drop the one
// with the smallest |coefficient|, return the d - 1 kept indices in
// increasing order, against importance.RFE with NFeatures = d - 1; on
// 30 x d standard normal designs, d from 2 to 6.
func RFEStep() exercise.Exercise[RFEStepFunc] {
	ref := func(X *mat.Dense, y []float64) []float64 {
		_, d := X.Dims()
		cfg := importance.RFEConfig{Learner: linear.RidgeConfig{Intercept: true}, NFeatures: d - 1}
		r := must(importance.RFE(X, y, cfg))
		out := make([]float64, len(r.Support))
		for k, j := range r.Support {
			out[k] = float64(j)
		}
		return out
	}
	return exercise.MatVecToVec("one RFE step (least squares)", ref,
		func(r *rand.Rand, i int) (*mat.Dense, []float64) {
			m, d := 30, exercise.Size(i, 2, 6)
			return exercise.NormalMatrix(r, m, d), exercise.Normal(r, m)
		})
}

// KnockoffPlus checks the knockoff+ threshold at q = 0.2, the smallest t
// among the |W_j| != 0 with (1 + #{W_j <= -t}) / max(1, #{W_j >= t}) <= q
// (+Inf when there is none), against knockoff.Threshold(W, 0.2, true),
// on 5 to 40 statistics of which every third is shifted by 2.5 (a likely
// signal).
func KnockoffPlus() exercise.Exercise[func([]float64) float64] {
	return exercise.VecToScalar("knockoff+ threshold at q = 0.2",
		func(W []float64) float64 { return must(knockoff.Threshold(W, 0.2, true)) },
		func(r *rand.Rand, i int) []float64 {
			W := exercise.Normal(r, exercise.Size(i, 5, 40))
			for k := range W {
				W[k] += 2.5 * float64(k%3/2) // every third W is a likely signal
			}
			return W
		})
}

// OneSE checks the one-standard-error rule: the smallest index k with
// mean[k] <= mean[b] + se[b], b the index of the smallest mean, against
// validate.OneSE, on 2 to 12 means in [0.5, 1.5) with standard errors in
// [0, 0.2).
func OneSE() exercise.Exercise[func(mean, se []float64) float64] {
	return exercise.VecVecToScalar("the one-standard-error rule",
		func(mean, se []float64) float64 {
			return float64(must(validate.OneSE(validate.Curve{Mean: mean, StdErr: se})).Chosen)
		},
		func(r *rand.Rand, i int) ([]float64, []float64) {
			n := exercise.Size(i, 2, 12)
			return exercise.Uniform(r, n, 0.5, 1.5), exercise.Uniform(r, n, 0, 0.2)
		})
}
