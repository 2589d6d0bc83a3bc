package chapter

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/greedy"
)

// CriterionFunc returns OMP's criterion <u_j, y>^2 / ||u_j||^2 for every
// feature (0 for the chosen ones).
type CriterionFunc = func(X *mat.Dense, y []float64, chosen []int) []float64

// GradientFunc returns the gradient of eq. 25.3 at w.
type GradientFunc = func(H *mat.Dense, y, w []float64) []float64

// DropCostFunc returns, for every feature j, the rise of the RSS of least
// squares on all columns when column j is removed.
type DropCostFunc = func(X *mat.Dense, y []float64) []float64

// Criterion checks OMP's criterion against greedy.ExactCriterion.
func Criterion() exercise.Exercise[CriterionFunc] {
	return exercise.Exercise[CriterionFunc]{
		Name: "OMP criterion <u_j,y>^2/||u_j||^2", ArgNames: []string{"X", "y", "chosen"},
		Reference: func(X *mat.Dense, y []float64, chosen []int) []float64 {
			return must(greedy.ExactCriterion(X, y, chosen))
		},
		Generate: func(r *rand.Rand, i int) []any {
			m, d := exercise.Size(i, 6, 30), exercise.Size(i, 2, 6)
			return []any{exercise.NormalMatrix(r, m, d), exercise.Normal(r, m), r.Perm(d)[:r.IntN(d)]}
		},
		Call: func(f CriterionFunc, a []any) (any, error) {
			return f(a[0].(*mat.Dense), a[1].([]float64), a[2].([]int)), nil
		},
		Hint: func(a []any, want, got any) string {
			w, g, chosen := want.([]float64), got.([]float64), a[2].([]int)
			if len(g) != len(w) {
				return ""
			}
			for _, j := range chosen {
				if g[j] != 0 {
					return fmt.Sprintf("feature %d is already chosen: its criterion is 0, you returned %.4g", j, g[j])
				}
			}
			return ""
		},
	}
}

// signMatrix draws an m x d matrix of -1/+1 entries.
func signMatrix(r *rand.Rand, m, d int) *mat.Dense {
	return mat.NewDense(m, d, exercise.Signs(r, m*d))
}

// Gradient checks the gradient of eq. 25.3 against greedy.AdaBoostGradient.
func Gradient() exercise.Exercise[GradientFunc] {
	return exercise.Exercise[GradientFunc]{
		Name: "gradient of eq. 25.3", ArgNames: []string{"H", "y", "w"},
		Reference: func(H *mat.Dense, y, w []float64) []float64 { return must(greedy.AdaBoostGradient(H, y, w)) },
		Generate: func(r *rand.Rand, i int) []any {
			m, d := exercise.Size(i, 3, 40), exercise.Size(i, 1, 6)
			return []any{signMatrix(r, m, d), exercise.Signs(r, m), exercise.Normal(r, d)}
		},
		Call: func(f GradientFunc, a []any) (any, error) {
			return f(a[0].(*mat.Dense), a[1].([]float64), a[2].([]float64)), nil
		},
	}
}

// rss returns the residual sum of squares of least squares of y on the
// columns cols of X (no intercept).
func rss(X *mat.Dense, y []float64, cols []int) float64 {
	m, _ := X.Dims()
	yv := mat.NewVecDense(m, y)
	if len(cols) == 0 {
		return mat.Dot(yv, yv)
	}
	A := mat.NewDense(m, len(cols), nil)
	for k, j := range cols {
		A.SetCol(k, mat.Col(nil, j, X))
	}
	var w, r mat.VecDense
	if err := w.SolveVec(A, yv); err != nil {
		panic(err)
	}
	r.MulVec(A, &w)
	r.SubVec(yv, &r)
	return mat.Dot(&r, &r)
}

// DropCost checks the exact backward-elimination criterion (removing j
// raises the RSS by w_j^2 / S_jj, S = (X^T X)^{-1}) against refits.
func DropCost() exercise.Exercise[DropCostFunc] {
	return exercise.Exercise[DropCostFunc]{
		Name: "backward elimination: RSS rise w_j^2/S_jj", ArgNames: []string{"X", "y"},
		Reference: func(X *mat.Dense, y []float64) []float64 {
			_, d := X.Dims()
			all := make([]int, d)
			for j := range all {
				all[j] = j
			}
			full, out := rss(X, y, all), make([]float64, d)
			for j := range out {
				rest := append(append([]int(nil), all[:j]...), all[j+1:]...)
				out[j] = rss(X, y, rest) - full
			}
			return out
		},
		Generate: func(r *rand.Rand, i int) []any {
			m, d := exercise.Size(i, 8, 30), exercise.Size(i, 1, 6)
			return []any{exercise.NormalMatrix(r, m, d), exercise.Normal(r, m)}
		},
		Call: func(f DropCostFunc, a []any) (any, error) { return f(a[0].(*mat.Dense), a[1].([]float64)), nil },
		Tol:  1e-8,
		Hint: func(a []any, want, got any) string {
			w, g := want.([]float64), got.([]float64)
			if len(g) != len(w) {
				return ""
			}
			// |w_j| / sqrt(S_jj) or w_j^2 S_jj are the usual slips
			S, wt := dropParts(a[0].(*mat.Dense), a[1].([]float64))
			sq, inv := true, true
			for j := range g {
				sq = sq && near(g[j], wt[j]*wt[j]*S[j], 1e-6)
				inv = inv && near(g[j]*g[j], w[j], 1e-6)
			}
			switch {
			case sq:
				return "you multiplied w_j^2 by S_jj: the rise is w_j^2 divided by S_jj, the j-th diagonal entry of (X^T X)^{-1}"
			case inv:
				return "your values are the square roots of the expected ones: w_j^2 / S_jj, not |w_j| / sqrt(S_jj)"
			}
			return ""
		},
	}
}

// dropParts returns the diagonal of S = (X^T X)^{-1} and the least-squares
// weights w.
func dropParts(X *mat.Dense, y []float64) (diag, w []float64) {
	m, d := X.Dims()
	var G, S mat.Dense
	G.Mul(X.T(), X)
	if err := S.Inverse(&G); err != nil {
		return make([]float64, d), make([]float64, d)
	}
	var wv mat.VecDense
	wv.MulVec(X.T(), mat.NewVecDense(m, y))
	wv.MulVec(&S, mat.VecDenseCopyOf(&wv))
	diag = make([]float64, d)
	for j := range diag {
		diag[j] = S.At(j, j)
	}
	return diag, mat.Col(nil, 0, &wv)
}
