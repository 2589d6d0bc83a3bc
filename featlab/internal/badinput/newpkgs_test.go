package badinput

import (
	"context"
	"math"
	"reflect"

	"github.com/go-gota/gota/dataframe"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/nb"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/synth"
	"github.com/featlab/course/featlab/validate"
	"github.com/featlab/course/featlab/viz"
)

// Registrations of the packages that landed after the suite: greedy and
// search (and their synth generators, viz figures and nb helpers). Each
// line is one entry point; see doc.go.

// signs maps the suite's 0/1 labels to -1/+1 (AdaBoost's labels),
// leaving every other value (NaN, 0.5, ...) as it is.
func signs(e *entry) {
	f := e.xy
	e.xy = func(X mat.Matrix, y []float64, set func(reflect.Value)) (any, error) {
		if y != nil {
			c := make([]float64, len(y))
			for i, v := range y {
				switch v {
				case 0:
					c[i] = -1
				default:
					c[i] = v
				}
			}
			y = c
		}
		return f(X, y, set)
	}
}

func newPackageEntries() []*entry {
	X, _ := good()
	folds, _ := validate.KFold(8, 2, 1)
	return []*entry{
		// greedy
		xy("greedy.OMP", greedy.OMP, greedy.OMPConfig{T: 2}, alsoCovers("greedy.OMPConfig.Select")),
		xy("greedy.OMPTextbook", greedy.OMPTextbook, greedy.OMPConfig{T: 2}),
		learner("greedy.OMPConfig.Fit", greedy.OMPConfig{T: 2}, alsoCovers("greedy.OMPResult.Predict")),
		xy("greedy.Forward", greedy.Forward, greedy.ForwardConfig{T: 2}, nanIn("Scores"), alsoCovers("greedy.ForwardConfig.Select")),
		xy("greedy.Backward", greedy.Backward, greedy.BackwardConfig{K: 2}, alsoCovers("greedy.BackwardConfig.Select")),
		xy("greedy.CoordinateGreedy", greedy.CoordinateGreedy, greedy.CoordinateConfig{T: 2}, nanIn("Scores"), alsoCovers("greedy.CoordinateConfig.Select")),
		xy("greedy.AdaBoostGreedy", greedy.AdaBoostGreedy, greedy.AdaBoostConfig{T: 2}, classif, signs,
			alsoCovers("greedy.AdaBoostConfig.Select")),
		plainXY("greedy.BestSubset", func(X mat.Matrix, y []float64) (any, error) {
			s, r, err := greedy.BestSubset(X, y, 2, true)
			return []any{s, r}, err
		}),
		plainXY("greedy.ExactCriterion", func(X mat.Matrix, y []float64) (any, error) { return greedy.ExactCriterion(X, y, []int{0}) }),
		plainXY("greedy.AdaBoostRisk", func(H mat.Matrix, y []float64) (any, error) {
			return greedy.AdaBoostRisk(H, y, []float64{0.1, 0, -0.2})
		}, signs),
		plainXY("greedy.AdaBoostGradient", func(H mat.Matrix, y []float64) (any, error) {
			return greedy.AdaBoostGradient(H, y, []float64{0.1, 0, -0.2})
		}, signs),
		plainXY("greedy.OMPBatch", func(D mat.Matrix, _ []float64) (any, error) {
			return greedy.OMPBatch(D, mat.DenseCopyOf(X.T()), greedy.OMPConfig{T: 1})
		}, ignoresY,
			alsoCovers("greedy.OMPBatchContext")),
		plainXY("greedy.OrthonormalBasis", func(A mat.Matrix, _ []float64) (any, error) { return greedy.OrthonormalBasis(A, greedy.SVDBasis) }, ignoresY,
			alsoCovers("greedy.OrthogonalityLoss")),
		custom("greedy.AdaBoostResult.Decision", "params", []string{"greedy.Stump.Eval"}, func() []failure {
			X, y := good()
			ys := make([]float64, len(y))
			for i, v := range y {
				ys[i] = 2*v - 1
			}
			r, err := greedy.AdaBoostGreedy(X, ys, greedy.AdaBoostConfig{T: 2})
			if err != nil {
				return []failure{fails("greedy.AdaBoostGreedy", "valid input", "8x3", "%v", err)}
			}
			return runCases("greedy", "methods", []outcome{
				{input: "Decision on 2 columns", call: func() (any, error) { return r.Decision(X.Slice(0, 8, 0, 2), 0) }, want: errKinds(featlab.ErrShape)},
				{input: "Decision on NaN at row 3", call: func() (any, error) { return r.Decision(with(3, 0, math.NaN()), 0) }, want: errSays(featlab.ErrNotFinite, "row 3")},
				{input: "Stump.Eval of a short row", call: func() (any, error) { return greedy.Stump{}.Eval([]float64{1}), nil }, noPanic: true},
				{input: "OrthogonalityLoss of an empty matrix", call: func() (any, error) { return greedy.OrthogonalityLoss(&mat.Dense{}), nil }, noPanic: true},
				{input: "OMPBatchContext cancelled", call: func() (any, error) {
					ctx, cancel := context.WithCancel(context.Background())
					cancel()
					return greedy.OMPBatchContext(ctx, X, mat.DenseCopyOf(X.T()), greedy.OMPConfig{T: 1})
				}, want: errKinds(context.Canceled)},
			})
		}),

		// search
		xyCtx("search.Select", search.Select, search.SelectContext,
			search.Config{Strategy: search.Forward{K: 2}, Criterion: search.LeastSquares{}}, nanIn("BySize"), alsoCovers("search.Config.Select")),
		xyCtx("search.BestSubsets", search.BestSubsets, search.BestSubsetsContext, search.BestSubsetsConfig{MaxSize: 2}, nanIn("BySize"),
			alsoCovers("search.Result.SubsetNames")),
		plainXY("search.LeastSquares.Evaluator", func(X mat.Matrix, y []float64) (any, error) {
			ev, err := search.LeastSquares{}.Evaluator(X, y)
			if err != nil {
				return nil, err
			}
			return search.Run(context.Background(), ev, search.Config{Strategy: search.Forward{K: 2}})
		}, nanIn("BySize"), alsoCovers("search.Run")),
		plainXY("search.CV.Evaluator", func(X mat.Matrix, y []float64) (any, error) {
			ev, err := search.CV{Learner: linear.RidgeConfig{Lambda: 0.1, Intercept: true}, Folds: folds, Metric: validate.MSE}.Evaluator(X, y)
			if err != nil {
				return nil, err
			}
			return search.Run(context.Background(), ev, search.Config{Strategy: search.Forward{K: 2}})
		}, nanIn("BySize")),
		plainXY("search.InfoGain.Evaluator", func(X mat.Matrix, y []float64) (any, error) {
			ev, err := search.InfoGain{}.Evaluator(X, y)
			if err != nil {
				return nil, err
			}
			return search.Run(context.Background(), ev, search.Config{Strategy: search.Forward{K: 2}})
		}, classif, nanIn("BySize")),
		custom("search.Func", "callback", []string{"search.Memoize", "search.Memo.Evaluator", "search.Memo.Evaluations",
			"search.Memo.Requests", "search.Evaluator.Better", "search.Evaluator.Evaluator", "search.ForwardStep", "search.Count",
			"search.Accept"}, searchChecks),

		// synth generators of the new chapters
		custom("synth.Cuboid", "params", []string{"synth.GreedyPitfall", "synth.GreedyTrap", "synth.MissedPair",
			"synth.NoiseClassification", "synth.Conditioned"}, func() []failure {
			pe := errKinds(featlab.ErrParam)
			return runCases("synth", "parameters (new chapters)", []outcome{
				{input: "Cuboid m = 0", call: func() (any, error) { return synth.Cuboid(0, 1) }, want: pe},
				{input: "GreedyPitfall m = -1", call: func() (any, error) { return synth.GreedyPitfall(-1, 1) }, want: pe},
				{input: "GreedyTrap m = 0", call: func() (any, error) { return synth.GreedyTrap(0, 1) }, want: pe},
				{input: "MissedPair m = 0", call: func() (any, error) { return synth.MissedPair(0, 1) }, want: pe},
				{input: "NoiseClassification d = 0", call: func() (any, error) { return synth.NoiseClassification(40, 0, 1) }, want: pe},
				{input: "NoiseClassification 10^6 x 10^6", call: func() (any, error) { return synth.NoiseClassification(1e6, 1e6, 1) }, want: errKinds(featlab.ErrTooLarge, featlab.ErrParam)},
				{input: "Conditioned cond = NaN", call: func() (any, error) { return synth.Conditioned(10, 3, math.NaN(), 1) }, want: pe},
				{input: "Conditioned 10^6 x 10^6", call: func() (any, error) { return synth.Conditioned(1e6, 1e6, 10, 1) }, want: errKinds(featlab.ErrTooLarge, featlab.ErrParam)},
				{input: "Cuboid valid", call: func() (any, error) { return synth.Cuboid(40, 1) }},
				{input: "MissedPair valid", call: func() (any, error) { return synth.MissedPair(40, 1) }},
			})
		}),

		// viz figures and nb helpers of the new chapters
		custom("viz.SearchTrace", "params", []string{"viz.EntryOrder", "viz.CriterionRounds", "nb.ErrorText", "nb.TableText", "nb.Slider"}, func() []failure {
			c := func(name string, f func() (any, error)) outcome { return outcome{input: name, call: f, noPanic: true} }
			return runCases("viz/nb", "new figures and helpers", []outcome{
				c("SearchTrace no series", func() (any, error) { p, err := viz.SearchTrace("t", "x", "y"); return p, err }),
				c("EntryOrder orders naming 9 of 2 names", func() (any, error) {
					p, err := viz.EntryOrder("t", []string{"a", "b"}, []string{"m"}, [][]int{{9}})
					return p, err
				}),
				c("CriterionRounds lengths disagree", func() (any, error) {
					g, err := viz.CriterionRounds("t", "y", []string{"a", "b"}, [][]float64{{1}}, []int{5}, 0)
					return g, err
				}),
				c("ErrorText(nil)", func() (any, error) { return nb.ErrorText(nil), nil }),
				c("TableText of an empty frame", func() (any, error) { return nb.TableText(dataframe.DataFrame{}), nil }),
				{input: "Slider with no values", call: func() (any, error) { nb.Slider("zz-suite", "s", "v", nil, 0, nil); return nil, nil }, panics: []string{"Slider", "0"}},
			})
		}),
	}
}

// searchChecks: evaluators from functions, memoisation, and the helpers.
func searchChecks() []failure {
	boom := search.Func("boom", 3, true, func(subset []int) (float64, error) { panic("evaluator panics") })
	nanEv := search.Func("nan", 3, true, func(subset []int) (float64, error) { return math.NaN(), nil })
	ok := search.Func("size", 3, true, func(subset []int) (float64, error) { return float64(len(subset)), nil })
	memo := search.Memoize(ok)
	run := func(ev *search.Evaluator, workers int) func() (any, error) {
		return func() (any, error) {
			return search.Run(context.Background(), ev, search.Config{Strategy: search.Forward{K: 2}, Workers: workers})
		}
	}
	return runCases("search", "evaluators and helpers", []outcome{
		{input: "evaluator panics, Workers 1", call: run(boom, 1), want: errKinds(featlab.ErrPanic)},
		{input: "evaluator panics, Workers 2", call: run(boom, 2), want: errKinds(featlab.ErrPanic)},
		{input: "evaluator returns NaN", call: run(nanEv, 1), want: errKinds(featlab.ErrNotFinite)},
		{input: "Func with d = 0", call: func() (any, error) { return run(search.Func("z", 0, true, nil), 1)() }, want: errKinds(featlab.ErrParam, featlab.ErrEmpty)},
		{input: "memoised run", call: func() (any, error) {
			r, err := run(memo.Evaluator(), 1)()
			if err == nil && memo.Evaluations() > memo.Requests() {
				return nil, errorString("more evaluations than requests")
			}
			return r, err
		}, noPanic: true},
		{input: "ForwardStep from a subset with index 7 of 3", call: func() (any, error) {
			j, s, err := search.ForwardStep(ok, []int{7})
			return []any{j, s}, err
		}, want: errKinds(featlab.ErrParam)},
		{input: "Evaluator.Better of NaN", call: func() (any, error) { return ok.Better(math.NaN(), 1), nil }},
		{input: "Evaluator.Evaluator", call: func() (any, error) { X, y := good(); return ok.Evaluator(X, y) }, noPanic: true},
		{input: "Count with d = -1", call: func() (any, error) { return search.Count(-1, 2) }, want: errKinds(featlab.ErrParam)},
		{input: "Count of 2^70 subsets", call: func() (any, error) { return search.Count(70, 70) }, want: errKinds(featlab.ErrParam, featlab.ErrTooLarge)},
		{input: "Accept NaN", call: func() (any, error) { return search.Accept(math.NaN(), 1, 0, 1, 0), nil }},
	})
}
