package badinput

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/synth"
)

// Notebook 05's texts items (issue 23): Tikhonov regularisation in the
// config form and the exact l0-penalised least squares on best subsets
// (formerly linear.L0Penalized, registered in nbC_test.go).
func init() {
	entrySets = append(entrySets, nbBEntries)
	sharedSamples["linear.TikhonovConfig"] = func() any { X, _ := good(); return tikhonovCfg(X) }
	sharedSamples["search.L0Penalized"] = func() any { return search.L0Penalized{Lambda: 0.01, Intercept: true} }
}

// tikhonovCfg is Gamma = 0.1 I for the columns of X (a 1x1 Gamma when X is
// nil or has no columns, which the data checks refuse first).
func tikhonovCfg(X mat.Matrix) linear.TikhonovConfig {
	d := 1
	if !featlab.IsNil(X) {
		if _, c := X.Dims(); c > 0 {
			d = c
		}
	}
	G := mat.NewDense(d, d, nil)
	for j := 0; j < d; j++ {
		G.Set(j, j, 0.1)
	}
	return linear.TikhonovConfig{Gamma: G, Intercept: true}
}

func nbBEntries() []*entry {
	l0 := search.L0Penalized{Lambda: 0.01, Intercept: true}
	sel := plainXY("search.L0Penalized.Select", func(X mat.Matrix, y []float64) (any, error) {
		return l0.Select(X, y)
	}, alsoCovers("search.L0Penalized.SelectContext", "search.L0Penalized.Fit", "search.L0Result.Selection"))
	sel.ctx = func(ctx context.Context, X mat.Matrix, y []float64) (any, error) { return l0.SelectContext(ctx, X, y) }
	return []*entry{
		plainXY("linear.Tikhonov", func(X mat.Matrix, y []float64) (any, error) {
			return linear.Tikhonov(X, y, tikhonovCfg(X))
		}),
		plainXY("linear.TikhonovConfig.Fit", func(X mat.Matrix, y []float64) (any, error) {
			return tikhonovCfg(X).Fit(X, y)
		}),
		sel,
		plainXY("search.L0Penalized.Fit", func(X mat.Matrix, y []float64) (any, error) { return l0.Fit(X, y) }),
		plainXY("linear.CompareSolvers", func(X mat.Matrix, y []float64) (any, error) {
			cfg := linear.LassoConfig{Lambda: 0.01, Intercept: true}
			return linear.CompareSolvers(X, y, linear.CompareSolversConfig{Lasso: cfg, FStar: 1,
				Solvers: []linear.Solver{linear.FISTA, linear.CoordinateDescent}})
		}),
		custom("linear.DifferenceOperator", "params", []string{"synth.Smooth"}, nbBParams),
	}
}

func nbBParams() []failure {
	X, y := good()
	D3, _ := linear.DifferenceOperator(3)
	tik := func(X mat.Matrix, G mat.Matrix) func() (any, error) {
		return func() (any, error) { return linear.Tikhonov(X, y, linear.TikhonovConfig{Gamma: G}) }
	}
	l0 := func(X mat.Matrix, lambda float64) func() (any, error) {
		return func() (any, error) { return search.L0Penalized{Lambda: lambda, Intercept: true}.Select(X, y) }
	}
	return runCases("linear", "Tikhonov, DifferenceOperator and L0Penalized parameters", []outcome{
		{input: "DifferenceOperator(1)", call: func() (any, error) { return linear.DifferenceOperator(1) }, want: errSays(featlab.ErrParam, "d = 1")},
		{input: "DifferenceOperator(-3)", call: func() (any, error) { return linear.DifferenceOperator(-3) }, want: errSays(featlab.ErrParam, "-3")},
		{input: "DifferenceOperator(4)", call: func() (any, error) { return linear.DifferenceOperator(4) }},
		{input: "Tikhonov Gamma 2x2 for 3 columns", call: tik(X, mat.NewDense(2, 2, nil)), want: errSays(featlab.ErrShape, "2x2")},
		{input: "Tikhonov NaN in Gamma", call: tik(X, mat.NewDense(1, 3, []float64{1, math.NaN(), 0})), want: errKinds(featlab.ErrNotFinite)},
		{input: "Tikhonov X = 0 and Gamma = D share the constants", call: tik(mat.NewDense(8, 3, nil), D3), want: errSays(featlab.ErrParam, "singular")},
		{input: "Tikhonov X = 0 and Gamma nil (no penalty)", call: tik(mat.NewDense(8, 3, nil), nil), want: errSays(featlab.ErrParam, "singular")},
		{input: "Tikhonov Gamma = D", call: tik(X, D3)},
		{input: "Tikhonov Gamma nil (least squares)", call: tik(X, nil)},
		{input: "CompareSolvers FStar = 0", call: func() (any, error) {
			return linear.CompareSolvers(X, y, linear.CompareSolversConfig{Solvers: []linear.Solver{linear.FISTA}})
		}, want: errSays(featlab.ErrParam, "FStar")},
		{input: "CompareSolvers RelTol = -1", call: func() (any, error) {
			return linear.CompareSolvers(X, y, linear.CompareSolversConfig{FStar: 1, RelTol: -1})
		}, want: errSays(featlab.ErrParam, "RelTol")},
		{input: "CompareSolvers no solvers", call: func() (any, error) {
			return linear.CompareSolvers(X, y, linear.CompareSolversConfig{FStar: 1, Solvers: []linear.Solver{}})
		}, want: errSays(featlab.ErrParam, "no solvers")},
		{input: "Smooth(0, 30)", call: func() (any, error) { return wrap2(synth.Smooth(0, 30, 1)) }, want: errKinds(featlab.ErrParam)},
		{input: "Smooth(10, 1)", call: func() (any, error) { return wrap2(synth.Smooth(10, 1, 1)) }, want: errSays(featlab.ErrParam, "d = 1")},
		{input: "Smooth(40, 30)", call: func() (any, error) { return wrap2(synth.Smooth(40, 30, 5)) }},
		{input: "L0Penalized lambda = -1", call: l0(X, -1), want: errSays(featlab.ErrParam, "lambda")},
		{input: "L0Penalized lambda = NaN", call: l0(X, math.NaN()), want: errSays(featlab.ErrParam, "lambda")},
		{input: "L0Penalized 31 columns", call: l0(mat.NewDense(8, search.MaxL0Features+1, nil), 1), want: errSays(featlab.ErrTooLarge, "31")},
	})
}

// wrap2 drops the second result of a generator.
func wrap2[A, B any](a A, _ B, err error) (any, error) { return a, err }
