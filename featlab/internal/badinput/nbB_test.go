package badinput

import (
	"context"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/search"
)

// Entries of notebook 03's additions (issue 23): best-first search.

func init() { entrySets = append(entrySets, nbBEntries) }

func nbBEntries() []*entry {
	return []*entry{
		xy("search.Select (BestFirst x BIC)", selectView, search.Config{Strategy: search.BestFirst{},
			Criterion: search.LeastSquares{Score: search.BIC}}, allowInf, as("search.Select")),
		xy("search.Select (backward BestFirst x CV MSE)", selectView, search.Config{
			Strategy:  search.BestFirst{Backward: true, Stale: 2},
			Criterion: search.LeastSquares{Score: search.CVMSE, K: 2}}, as("search.Select")),
		bestFirstEntry(),
	}
}

// bestFirstEntry runs bestFirstChecks through search.Run (BestFirst is a
// strategy type, not a function).
func bestFirstEntry() *entry {
	e := custom("search.Run (BestFirst)", "callback", nil, bestFirstChecks)
	as("search.Run")(e)
	return e
}

// bestFirstChecks: BestFirst's parameters, user evaluators that panic or
// return NaN, a cancelled context, and the same result for any Workers.
func bestFirstChecks() []failure {
	// A score that favours small subsets of high indices; one that panics;
	// one that is NaN on pairs.
	good3 := func() *search.Evaluator {
		return search.Func("size minus first", 3, false, func(s []int) (float64, error) {
			return float64(len(s)) - float64(s[0])/2, nil
		})
	}
	boom := search.Func("boom", 3, false, func([]int) (float64, error) { panic("best-first: evaluator panics") })
	nanEv := search.Func("nan on pairs", 3, true, func(s []int) (float64, error) {
		return map[bool]float64{true: math.NaN(), false: float64(len(s))}[len(s) == 2], nil
	})
	run := func(ev *search.Evaluator, st search.BestFirst, w int) func() (any, error) {
		return func() (any, error) {
			return searchView(search.Run(context.Background(), ev, search.Config{Strategy: st, Workers: w}))
		}
	}
	var cases []outcome
	for _, back := range []bool{false, true} {
		name := map[bool]string{false: "forward", true: "backward"}[back]
		st := search.BestFirst{Backward: back}
		cases = append(cases,
			outcome{input: name + ": Stale = -1", call: run(good3(), search.BestFirst{Stale: -1, Backward: back}, 0),
				want: errSays(featlab.ErrParam, "Stale")},
			outcome{input: name + ": MinImprove = NaN", call: run(good3(), search.BestFirst{MinImprove: math.NaN(), Backward: back}, 0),
				want: errSays(featlab.ErrParam, "MinImprove")},
			outcome{input: name + ": MinImprove = +Inf", call: run(good3(), search.BestFirst{MinImprove: math.Inf(1), Backward: back}, 0),
				want: errSays(featlab.ErrParam, "MinImprove")},
			outcome{input: name + ": Eval panics, Workers 2", call: run(boom, st, 2), want: errSays(featlab.ErrPanic, "{")},
			outcome{input: name + ": Eval returns NaN", call: run(nanEv, st, 1), want: errKinds(featlab.ErrNotFinite, featlab.ErrParam)},
			outcome{input: name + ": Progress panics", call: func() (any, error) {
				return search.Run(context.Background(), good3(), search.Config{Strategy: st, Progress: panicProgress})
			}, want: errKinds(featlab.ErrPanic)},
			outcome{input: name + ": context cancelled", call: func() (any, error) {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				return search.Run(ctx, good3(), search.Config{Strategy: st})
			}, want: errKinds(context.Canceled)},
			outcome{input: name + ": same bytes for Workers 1 and 4", call: func() (any, error) {
				a, err1 := run(good3(), st, 1)()
				b, err2 := run(good3(), st, 4)()
				if err1 != nil || err2 != nil || digest(a) != digest(b) {
					return nil, errorString("worker counts give different results")
				}
				return a, nil
			}},
		)
	}
	return runCases("search.BestFirst", "parameters and callbacks", cases)
}
