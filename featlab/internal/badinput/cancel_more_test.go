package badinput

import (
	"context"
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/knockoff"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/stream"
	"github.com/featlab/course/featlab/validate"
)

// Heavy inputs for the Context entry points added after the harness was
// written (TestCancelLatency listed them as having none).
func init() {
	heavyCalls["knockoff.SimulateContext"] = func(ctx context.Context) (any, error) {
		return knockoff.SimulateContext(ctx, knockoff.SimulateConfig{M: 3000, D: 300, K: 30, Runs: 20, Workers: 1, Seed: 1})
	}
	heavyCalls["linear.LassoCVFromStatsContext"] = func(ctx context.Context) (any, error) {
		return linear.LassoCVFromStatsContext(ctx, heavyFolds, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true, NLambdas: 2000, Tol: 1e-14}})
	}
	heavyPrep["linear.LassoCVFromStatsContext"] = func() {
		X, y := heavyXY(20000, 300, 0)
		fg, err := stream.NewFoldGram(300, true, 10, 1)
		if err != nil {
			panic(err)
		}
		if err := passInto(X, y, fg); err != nil {
			panic(err)
		}
		heavyFolds = fg
	}
	heavyCalls["search.BestSubsetsFromStatsContext"] = func(ctx context.Context) (any, error) {
		return search.BestSubsetsFromStatsContext(ctx, heavyGram, search.BestSubsetsConfig{})
	}
	heavyPrep["search.BestSubsetsFromStatsContext"] = func() {
		X, y := heavyXY(5000, 60, 0)
		g, err := stream.NewGram(60, true)
		if err != nil {
			panic(err)
		}
		if err := passInto(X, y, g); err != nil {
			panic(err)
		}
		heavyGram = g
	}
	heavyCalls["search.Grouped.SearchContext"] = func(ctx context.Context) (any, error) {
		X, y := heavyXY(20000, 200, 0)
		groups := make([]featlab.Group, 100)
		for g := range groups {
			groups[g] = featlab.Group{Name: fmt.Sprintf("g%d", g), Columns: []int{2 * g, 2*g + 1}}
		}
		return search.Grouped{Config: search.Config{Strategy: search.Floating{}, Criterion: search.LeastSquares{Score: search.CVMSE, K: 5}}, Groups: groups}.SearchContext(ctx, X, y)
	}
	heavyCalls["validate.CrossValidatePathContext"] = func(ctx context.Context) (any, error) {
		X, y := heavyXY(20000, 100, 0)
		folds, err := validate.KFold(20000, 20, 1)
		if err != nil {
			return nil, err
		}
		return validate.CrossValidatePathContext(ctx, X, y, validate.PathCVConfig{
			Fit: func(X mat.Matrix, y []float64) (validate.PathPredictor, error) {
				return represent.FitPLS(X, y, represent.PLSConfig{Components: 20})
			},
			Folds: folds, Metric: validate.MSE,
		})
	}
}

// heavyFolds and heavyGram are built by heavyPrep off the clock.
var (
	heavyFolds *stream.FoldGram
	heavyGram  *stream.Gram
)
