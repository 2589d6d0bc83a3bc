package badinput

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/validate"
)

// Entries of package search (issue 10): every strategy crossed with the
// criteria, exhaustive best subsets, and the Evaluator machinery a user
// plugs functions into.

// evalScores evaluates a few subsets with the evaluator a Criterion builds
// from X and y (an Evaluator holds a func: its scores are the result).
func evalScores(c search.Criterion) func(X mat.Matrix, y []float64) (any, error) {
	return func(X mat.Matrix, y []float64) (any, error) {
		ev, err := c.Evaluator(X, y)
		if err != nil {
			return nil, err
		}
		var out []float64
		for _, s := range [][]int{{0}, {1, 2}, {2, 0, 1}} {
			if ev.D <= 2 && len(s) > 1 {
				continue
			}
			v, err := ev.Eval(s)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	}
}

// searchView drops the documented NaN markers of a search Result: the
// BySize entries of sizes never reached (nil Subset) and the Score of a
// Las Vegas search that found nothing.
func searchView(r *search.Result, err error) (*search.Result, error) {
	if r == nil {
		return r, err
	}
	c := *r
	c.BySize = nil
	for _, s := range r.BySize {
		if s.Subset != nil {
			c.BySize = append(c.BySize, s)
		}
	}
	if !c.Found && c.Subset == nil {
		c.Score = 0
	}
	return &c, err
}

func selectView(X mat.Matrix, y []float64, c search.Config) (*search.Result, error) {
	return searchView(search.Select(X, y, c))
}

func selectCtxView(ctx context.Context, X mat.Matrix, y []float64, c search.Config) (*search.Result, error) {
	return searchView(search.SelectContext(ctx, X, y, c))
}

func searchEntries() []*entry {
	ls := search.LeastSquares{}
	fwd := search.Config{Strategy: search.Forward{}, Criterion: ls}
	folds, _ := validate.KFoldUnshuffled(8, 2)
	cvLasso := search.CV{Learner: linear.LeastSquaresConfig{Intercept: true}, Folds: folds}
	return []*entry{
		xyCtx("search.Select", selectView, selectCtxView, fwd, as("search.Select"), alsoCovers("search.SelectContext")),
		xy("search.Select (Backward x BIC)", selectView, search.Config{Strategy: search.Backward{}, Criterion: search.LeastSquares{Score: search.BIC}}, allowInf, as("search.Select")),
		xy("search.Select (Bidirectional x adjusted R^2)", selectView, search.Config{Strategy: search.Bidirectional{}, Criterion: search.LeastSquares{Score: search.AdjR2}}, as("search.Select")),
		xy("search.Select (Floating x Cp)", selectView, search.Config{Strategy: search.Floating{}, Criterion: search.LeastSquares{Score: search.Cp}}, as("search.Select")),
		xy("search.Select (Exhaustive x CV MSE)", selectView, search.Config{Strategy: search.Exhaustive{}, Criterion: search.LeastSquares{Score: search.CVMSE, K: 2}}, as("search.Select")),
		xy("search.Select (LVW x CV of a learner)", selectView, search.Config{Strategy: search.LVW{T: 3, Seed: 1}, Criterion: cvLasso}, as("search.Select")),
		xy("search.Select (Forward x information gain)", selectView, search.Config{Criterion: search.InfoGain{}}, classif, as("search.Select")),
		plainXY("search.Config.Select", func(X mat.Matrix, y []float64) (any, error) { return fwd.Select(X, y) }),
		xyCtx("search.BestSubsets", search.BestSubsets, search.BestSubsetsContext, search.BestSubsetsConfig{}, allowInf),
		plainXY("search.LeastSquares.Evaluator", evalScores(search.LeastSquares{Score: search.AIC}), allowInf),
		plainXY("search.CV.Evaluator", evalScores(cvLasso)),
		plainXY("search.InfoGain.Evaluator", evalScores(search.InfoGain{}), classif),
		custom("search.Run", "callback", []string{"search.Func", "search.Memoize", "search.Memo.Evaluator", "search.Memo.Evaluations",
			"search.Memo.Requests", "search.Evaluator.Better", "search.Evaluator.Evaluator", "search.ForwardStep", "search.Count",
			"search.Accept", "search.Result.SubsetNames"}, searchMethods),
	}
}

// searchMethods: user evaluators that panic, return NaN or errors; the
// helpers' parameters; index methods.
func searchMethods() []failure {
	X, y := good()
	nan := math.NaN()
	sum := func(s []int) (float64, error) {
		v := 0.0
		for _, j := range s {
			v += float64(j+1) * float64(j+1)
		}
		return v - 4*float64(len(s)), nil
	}
	good3 := func() *search.Evaluator { return search.Func("sum", 3, false, sum) }
	boom := search.Func("boom", 3, false, func([]int) (float64, error) { panic("evaluator panics") })
	nanEv := search.Func("nan", 3, false, func(s []int) (float64, error) {
		if len(s) == 2 {
			return nan, nil
		}
		return 1, nil
	})
	res, err := search.Select(X, y, search.Config{Criterion: search.LeastSquares{}, Names: []string{"a", "b", "c"}})
	if err != nil {
		return []failure{fails("search.Select", "valid input", "8x3", "%v", err)}
	}
	var cases []outcome
	strategies := map[string]search.Strategy{"Forward": search.Forward{}, "Backward": search.Backward{}, "Bidirectional": search.Bidirectional{},
		"Floating": search.Floating{}, "Exhaustive": search.Exhaustive{}, "LVW": search.LVW{T: 3, Seed: 1}}
	for _, name := range sortedKeys(strategies) {
		st := strategies[name]
		for _, w := range []int{1, 2} {
			cases = append(cases,
				outcome{input: name + ": Eval panics, Workers " + itoa(w), call: func() (any, error) {
					return search.Run(context.Background(), boom, search.Config{Strategy: st, Workers: w})
				}, want: errSays(featlab.ErrPanic, "{")},
				outcome{input: name + ": Eval returns NaN, Workers " + itoa(w), call: func() (any, error) {
					return search.Run(context.Background(), nanEv, search.Config{Strategy: st, Workers: w})
				}, want: errKinds(featlab.ErrNotFinite, featlab.ErrParam)},
			)
		}
		cases = append(cases,
			outcome{input: name + ": Progress panics", call: func() (any, error) {
				return search.Run(context.Background(), good3(), search.Config{Strategy: st, Progress: panicProgress})
			}, want: errKinds(featlab.ErrPanic)},
			outcome{input: name + ": same bytes for Workers 1 and 4", call: func() (any, error) {
				a, err1 := searchView(search.Run(context.Background(), good3(), search.Config{Strategy: st, Workers: 1}))
				b, err2 := searchView(search.Run(context.Background(), good3(), search.Config{Strategy: st, Workers: 4}))
				if err1 != nil || err2 != nil || digest(a) != digest(b) {
					return nil, errorString("worker counts give different results")
				}
				return a, nil
			}},
			outcome{input: name + ": context cancelled", call: func() (any, error) {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				return search.Run(ctx, good3(), search.Config{Strategy: st})
			}, want: errKinds(context.Canceled)},
		)
	}
	cases = append(cases,
		outcome{input: "Run with a nil Evaluator", call: func() (any, error) { return search.Run(context.Background(), nil, search.Config{}) }, want: errKinds(featlab.ErrParam)},
		outcome{input: "Run with Eval nil", call: func() (any, error) {
			return search.Run(context.Background(), search.Func("nil", 3, false, nil), search.Config{})
		}, want: errSays(featlab.ErrParam, "Eval")},
		outcome{input: "Run with D = 0", call: func() (any, error) {
			return search.Run(context.Background(), search.Func("d0", 0, false, sum), search.Config{})
		}, want: errKinds(featlab.ErrParam, featlab.ErrEmpty)},
		outcome{input: "Run with Names of 2 for D = 3", call: func() (any, error) {
			return search.Run(context.Background(), good3(), search.Config{Names: []string{"a", "b"}})
		}, want: errSays(featlab.ErrShape, "2", "3")},
		outcome{input: "Run with an evaluator error", call: func() (any, error) {
			return search.Run(context.Background(), search.Func("err", 3, false, func([]int) (float64, error) {
				return 0, featlab.Errorf(featlab.ErrConstant, "user: constant")
			}), search.Config{})
		}, want: errKinds(featlab.ErrConstant)},
		outcome{input: "Select without a Criterion", call: func() (any, error) { return search.Select(X, y, search.Config{}) }, want: errSays(featlab.ErrParam, "Criterion")},
		outcome{input: "Select with a 3-feature Evaluator on 2 columns", call: func() (any, error) {
			return search.Select(mat.NewDense(8, 2, nil), y, search.Config{Criterion: good3()})
		}, want: errSays(featlab.ErrShape, "2", "3")},
		outcome{input: "Exhaustive over 70 features", call: func() (any, error) {
			return search.Run(context.Background(), search.Func("big", 70, false, sum), search.Config{Strategy: search.Exhaustive{}})
		}, want: errKinds(featlab.ErrParam, featlab.ErrTooLarge)},
		outcome{input: "Exhaustive MaxSize 4 of 3", call: func() (any, error) {
			return search.Run(context.Background(), good3(), search.Config{Strategy: search.Exhaustive{MaxSize: 4}})
		}, want: errSays(featlab.ErrParam, "4")},
		outcome{input: "LVW T = 0", call: func() (any, error) {
			return search.Run(context.Background(), good3(), search.Config{Strategy: search.LVW{}})
		}, want: errSays(featlab.ErrParam, "T")},
		outcome{input: "LVW Tol = -1", call: func() (any, error) {
			return search.Run(context.Background(), good3(), search.Config{Strategy: search.LVW{T: 2, Tol: -1}})
		}, want: errSays(featlab.ErrParam, "Tol")},
		outcome{input: "Forward K = -1", call: func() (any, error) {
			return search.Run(context.Background(), good3(), search.Config{Strategy: search.Forward{K: -1}})
		}, want: errSays(featlab.ErrParam, "K")},
		outcome{input: "Forward MinImprove = NaN", call: func() (any, error) {
			return search.Run(context.Background(), good3(), search.Config{Strategy: search.Forward{MinImprove: nan}})
		}, want: errSays(featlab.ErrParam, "MinImprove")},
		outcome{input: "LeastSquares Ridge = -1", call: func() (any, error) {
			return search.Select(X, y, search.Config{Criterion: search.LeastSquares{Ridge: -1}})
		}, want: errSays(featlab.ErrParam, "Ridge")},
		outcome{input: "LeastSquares Sigma2 = NaN", call: func() (any, error) {
			return search.Select(X, y, search.Config{Criterion: search.LeastSquares{Score: search.Cp, Sigma2: nan}})
		}, want: errSays(featlab.ErrParam, "Sigma2")},
		outcome{input: "LeastSquares Score 99", call: func() (any, error) {
			return search.Select(X, y, search.Config{Criterion: search.LeastSquares{Score: 99}})
		}, want: errKinds(featlab.ErrParam)},
		outcome{input: "CV without a Learner", call: func() (any, error) { return search.Select(X, y, search.Config{Criterion: search.CV{}}) }, want: errSays(featlab.ErrParam, "Learner")},
		outcome{input: "CV with a Learner that panics", call: func() (any, error) {
			return search.Select(X, y, search.Config{Criterion: search.CV{Learner: featlab.LearnerFunc(func(mat.Matrix, []float64) (featlab.Predictor, error) {
				panic("learner panics")
			})}, Workers: 2})
		}, want: errKinds(featlab.ErrPanic)},
		outcome{input: "CV with a Learner returning a nil Predictor", call: func() (any, error) {
			return search.Select(X, y, search.Config{Criterion: search.CV{Learner: featlab.LearnerFunc(func(mat.Matrix, []float64) (featlab.Predictor, error) {
				return nil, nil
			})}})
		}, want: errKinds(featlab.ErrParam)},
		outcome{input: "InfoGain Categorical of length 2 for 3 columns", call: func() (any, error) {
			return search.Select(X, y, search.Config{Criterion: search.InfoGain{Categorical: []bool{true, false}}})
		}, want: errSays(featlab.ErrShape, "2", "3")},
		outcome{input: "BestSubsets MaxSize 4 of 3", call: func() (any, error) { return search.BestSubsets(X, y, search.BestSubsetsConfig{MaxSize: 4}) }, want: errSays(featlab.ErrParam, "4")},
		outcome{input: "BestSubsets Choose CVMSE", call: func() (any, error) { return search.BestSubsets(X, y, search.BestSubsetsConfig{Choose: search.CVMSE}) }, want: errKinds(featlab.ErrParam)},
		outcome{input: "BestSubsets on a duplicated column", call: func() (any, error) {
			Xd := mat.DenseCopyOf(X)
			for i := 0; i < 8; i++ {
				Xd.Set(i, 2, X.At(i, 0))
			}
			return search.BestSubsets(Xd, y, search.BestSubsetsConfig{})
		}, want: errKinds(featlab.ErrConstant, featlab.ErrParam, featlab.ErrShape)},
		outcome{input: "ForwardStep(nil, nil)", call: func() (any, error) { j, v, err := search.ForwardStep(nil, nil); return []any{j, v}, err }, want: errKinds(featlab.ErrParam)},
		outcome{input: "ForwardStep with current holding 5 of 3", call: func() (any, error) {
			j, v, err := search.ForwardStep(good3(), []int{5})
			return []any{j, v}, err
		}, want: errSays(featlab.ErrParam, "5")},
		outcome{input: "ForwardStep with an Eval that panics", call: func() (any, error) {
			j, v, err := search.ForwardStep(boom, nil)
			return []any{j, v}, err
		}, want: errKinds(featlab.ErrPanic)},
		outcome{input: "ForwardStep, current unchanged", call: func() (any, error) {
			cur := []int{2}
			j, v, err := search.ForwardStep(good3(), cur)
			if err == nil && (cur[0] != 2 || len(cur) != 1) {
				return nil, errorString("current was modified")
			}
			return []any{j, v}, err
		}},
		outcome{input: "Memoize(nil)", call: func() (any, error) { return search.Memoize(nil), nil }, noPanic: true},
		outcome{input: "Memo counts repeated requests", call: func() (any, error) {
			m := search.Memoize(good3())
			ev := m.Evaluator()
			a, _ := ev.Eval([]int{0, 2})
			b, _ := ev.Eval([]int{2, 0})
			if a != b || m.Evaluations() != 1 || m.Requests() != 2 {
				return nil, errorString("memo: " + itoa(m.Evaluations()) + " evaluations, " + itoa(m.Requests()) + " requests")
			}
			return a, nil
		}},
		outcome{input: "Memo of an Eval that panics, through Run", call: func() (any, error) {
			return search.Run(context.Background(), search.Memoize(boom).Evaluator(), search.Config{Workers: 2})
		}, want: errKinds(featlab.ErrPanic)},
		outcome{input: "Evaluator.Better with NaN", call: func() (any, error) {
			ev := good3()
			if ev.Better(nan, 1) {
				return nil, errorString("NaN is better than 1")
			}
			return nil, nil
		}},
		outcome{input: "Evaluator.Evaluator on 2 columns, D = 3", call: func() (any, error) { return good3().Evaluator(mat.NewDense(8, 2, nil), y) }, want: errSays(featlab.ErrShape, "2", "3")},
		outcome{input: "Count(0, 0)", call: func() (any, error) { return search.Count(0, 0) }, want: errKinds(featlab.ErrParam)},
		outcome{input: "Count(3, 4)", call: func() (any, error) { return search.Count(3, 4) }, want: errSays(featlab.ErrParam, "4")},
		outcome{input: "Count(200, 0)", call: func() (any, error) { return search.Count(200, 0) }, want: errKinds(featlab.ErrParam, featlab.ErrTooLarge)},
		outcome{input: "Count(10, 2)", call: func() (any, error) {
			n, err := search.Count(10, 2)
			if err == nil && n != 55 {
				return nil, errorString("Count(10, 2) = " + itoa(n))
			}
			return n, err
		}},
		outcome{input: "Accept with NaN errors", call: func() (any, error) {
			if search.Accept(nan, 1, 1, 2, 0) {
				return nil, errorString("a NaN error is accepted")
			}
			return nil, nil
		}},
		outcome{input: "Result.SubsetNames with index 5 of 3 features", call: func() (any, error) { return res.SubsetNames([]int{0, 5}), nil }, panics: []string{"SubsetNames", "5", "3"}},
		outcome{input: "Result.SubsetNames", call: func() (any, error) { return res.SubsetNames(res.Subset), nil }},
	)
	return runCases("search", "evaluators, callbacks and parameters", cases)
}
