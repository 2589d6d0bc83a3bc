package badinput

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/greedy"
)

// Entries of package greedy (issue 11): forward greedy selection, OMP and
// its variants, backward elimination, greedy coordinate descent, AdaBoost
// as forward greedy selection, and the teaching helpers.

// pm maps the suite's 0/1 labels to the -1/+1 AdaBoost needs (any other
// value, 0.5 or NaN, passes through to be rejected by the function).
func pm(y []float64) []float64 {
	if y == nil {
		return nil
	}
	out := make([]float64, len(y))
	for i, v := range y {
		out[i] = v
		if v == 0 {
			out[i] = -1
		}
	}
	return out
}

// ompView, backwardView and coordView blank the per-round Scores' NaN
// markers (documented: chosen, removed or ineligible features).
func ompView(r *greedy.OMPResult, err error) (*greedy.OMPResult, error) {
	if r != nil {
		for i := range r.Rounds {
			r.Rounds[i].Scores = nanMarked(r.Rounds[i].Scores)
		}
	}
	return r, err
}

func backwardView(r *greedy.BackwardResult, err error) (*greedy.BackwardResult, error) {
	if r != nil {
		for i := range r.Steps {
			r.Steps[i].Scores = nanMarked(r.Steps[i].Scores)
		}
	}
	return r, err
}

func coordView(r *greedy.CoordinateResult, err error) (*greedy.CoordinateResult, error) {
	if r != nil {
		for i := range r.Rounds {
			r.Rounds[i].Scores = nanMarked(r.Rounds[i].Scores)
		}
	}
	return r, err
}

func greedyEntries() []*entry {
	omp := greedy.OMPConfig{T: 2, Intercept: true}
	fwd := greedy.ForwardConfig{T: 2, Intercept: true}
	bwd := greedy.BackwardConfig{K: 1, Intercept: true}
	coord := greedy.CoordinateConfig{T: 2, Intercept: true}
	ada := greedy.AdaBoostConfig{T: 3}
	return []*entry{
		xy("greedy.Forward", func(X mat.Matrix, y []float64, c greedy.ForwardConfig) (*greedy.OMPResult, error) {
			return ompView(greedy.Forward(X, y, c))
		}, fwd),
		xy("greedy.OMP", func(X mat.Matrix, y []float64, c greedy.OMPConfig) (*greedy.OMPResult, error) {
			return ompView(greedy.OMP(X, y, c))
		},
			greedy.OMPConfig{T: 2, Intercept: true, Trace: true}, progressIgnored),
		xy("greedy.OMP (Normalize, Correlation rule)", func(X mat.Matrix, y []float64, c greedy.OMPConfig) (*greedy.OMPResult, error) {
			return ompView(greedy.OMP(X, y, c))
		}, greedy.OMPConfig{T: 2, Normalize: true, Rule: greedy.Correlation, Trace: true}, progressIgnored, as("greedy.OMP")),
		xy("greedy.OMPTextbook", func(X mat.Matrix, y []float64, c greedy.OMPConfig) (*greedy.OMPResult, error) {
			return ompView(greedy.OMPTextbook(X, y, c))
		}, greedy.OMPConfig{T: 2, Intercept: true, Trace: true}, progressIgnored),
		xy("greedy.Backward", func(X mat.Matrix, y []float64, c greedy.BackwardConfig) (*greedy.BackwardResult, error) {
			return backwardView(greedy.Backward(X, y, c))
		}, bwd),
		xy("greedy.CoordinateGreedy", func(X mat.Matrix, y []float64, c greedy.CoordinateConfig) (*greedy.CoordinateResult, error) {
			return coordView(greedy.CoordinateGreedy(X, y, c))
		}, coord),
		xy("greedy.CoordinateGreedy (logistic)", func(X mat.Matrix, y []float64, c greedy.CoordinateConfig) (*greedy.CoordinateResult, error) {
			return coordView(greedy.CoordinateGreedy(X, pm(y), c))
		}, greedy.CoordinateConfig{T: 2, Loss: greedy.Logistic, Intercept: true}, classif, as("greedy.CoordinateGreedy")),
		xy("greedy.AdaBoostGreedy", func(X mat.Matrix, y []float64, c greedy.AdaBoostConfig) (*greedy.AdaBoostResult, error) {
			return greedy.AdaBoostGreedy(X, pm(y), c)
		}, ada, classif),
		plainXY("greedy.ForwardConfig.Select", func(X mat.Matrix, y []float64) (any, error) { return fwd.Select(X, y) }),
		plainXY("greedy.OMPConfig.Select", func(X mat.Matrix, y []float64) (any, error) { return omp.Select(X, y) }),
		plainXY("greedy.BackwardConfig.Select", func(X mat.Matrix, y []float64) (any, error) { return bwd.Select(X, y) }),
		plainXY("greedy.CoordinateConfig.Select", func(X mat.Matrix, y []float64) (any, error) { return coord.Select(X, y) }),
		plainXY("greedy.AdaBoostConfig.Select", func(X mat.Matrix, y []float64) (any, error) { return ada.Select(X, pm(y)) }, classif),
		learner("greedy.OMPConfig.Fit", omp, alsoCovers("greedy.OMPResult.Predict")),
		plainXY("greedy.BestSubset", func(X mat.Matrix, y []float64) (any, error) {
			s, rss, err := greedy.BestSubset(X, y, 2, true)
			return []any{s, rss}, err
		}),
		plainXY("greedy.ExactCriterion", func(X mat.Matrix, y []float64) (any, error) { return greedy.ExactCriterion(X, y, []int{0}) }),
		plainXY("greedy.OrthonormalBasis", func(X mat.Matrix, _ []float64) (any, error) { return greedy.OrthonormalBasis(X, greedy.SVDBasis) }, ignoresY),
		plainXY("greedy.OrthonormalBasis (modified Gram-Schmidt)", func(X mat.Matrix, _ []float64) (any, error) {
			return greedy.OrthonormalBasis(X, greedy.ModifiedGS)
		}, ignoresY, as("greedy.OrthonormalBasis")),
		plainXY("greedy.AdaBoostRisk", func(H mat.Matrix, y []float64) (any, error) {
			return greedy.AdaBoostRisk(H, pm(y), []float64{0.5, -1, 0.25})
		}),
		plainXY("greedy.AdaBoostGradient", func(H mat.Matrix, y []float64) (any, error) {
			return greedy.AdaBoostGradient(H, pm(y), []float64{0.5, -1, 0.25})
		}),
		custom("greedy.OMPBatch", "params", []string{"greedy.OMPBatchContext", "greedy.OrthogonalityLoss",
			"greedy.Stump.Eval", "greedy.AdaBoostResult.Decision"}, greedyMethods),
	}
}

// greedyMethods: batch OMP on hostile dictionaries and signals, the
// teaching helpers' parameters, and the fitted AdaBoost's Decision.
func greedyMethods() []failure {
	X, y := good()
	nan := math.NaN()
	signals := func() *mat.Dense {
		Y := mat.NewDense(2, 8, nil)
		Y.SetRow(0, y)
		for j := 0; j < 8; j++ {
			Y.Set(1, j, X.At(j, 1))
		}
		return Y
	}
	cfg := greedy.OMPConfig{T: 2}
	ada, err := greedy.AdaBoostGreedy(X, pm(y), greedy.AdaBoostConfig{T: 3})
	if err != nil {
		return []failure{fails("greedy.AdaBoostGreedy", "valid input", "8x3", "%v", err)}
	}
	Ynan := signals()
	Ynan.Set(1, 4, nan)
	Dinf := mat.DenseCopyOf(X)
	Dinf.Set(6, 2, math.Inf(-1))
	cases := []outcome{
		{input: "OMPBatch nil dictionary", call: func() (any, error) { return greedy.OMPBatch(nil, signals(), cfg) }, want: errKinds(featlab.ErrEmpty)},
		{input: "OMPBatch nil signals", call: func() (any, error) { return greedy.OMPBatch(X, nil, cfg) }, want: errKinds(featlab.ErrEmpty)},
		{input: "OMPBatch signals of length 5, atoms of length 8", call: func() (any, error) {
			return greedy.OMPBatch(X, mat.NewDense(1, 5, []float64{1, 2, 3, 4, 5}), cfg)
		}, want: errSays(featlab.ErrShape, "5", "8")},
		{input: "OMPBatch NaN in signal 1 at position 4", call: func() (any, error) { return greedy.OMPBatch(X, Ynan, cfg) }, want: errSays(featlab.ErrNotFinite, "row 1", "4")},
		{input: "OMPBatch -Inf in the dictionary at row 6, column 2", call: func() (any, error) { return greedy.OMPBatch(Dinf, signals(), cfg) }, want: errSays(featlab.ErrNotFinite, "row 6", "column 2|x3")},
		{input: "OMPBatch T = -1", call: func() (any, error) { return greedy.OMPBatch(X, signals(), greedy.OMPConfig{T: -1}) }, want: errSays(featlab.ErrParam, "T")},
		{input: "OMPBatch Tol = NaN", call: func() (any, error) { return greedy.OMPBatch(X, signals(), greedy.OMPConfig{Tol: nan}) }, want: errSays(featlab.ErrParam, "Tol")},
		{input: "OMPBatch all-zero dictionary", call: func() (any, error) { return greedy.OMPBatch(mat.NewDense(8, 3, nil), signals(), cfg) }},
		{input: "OMPBatch valid", call: func() (any, error) { return greedy.OMPBatch(X, signals(), cfg) }},
		{input: "OMPBatch same bytes for Workers 1 and 3, inputs unchanged", call: func() (any, error) {
			Y := signals()
			Xc := mat.DenseCopyOf(X)
			a, err1 := greedy.OMPBatch(X, Y, greedy.OMPConfig{T: 2, Workers: 1})
			b, err2 := greedy.OMPBatch(X, Y, greedy.OMPConfig{T: 2, Workers: 3})
			if err1 != nil || err2 != nil || !sameBits(a, b) {
				return nil, errorString("worker counts give different codes")
			}
			if !sameBits(Y, signals()) || !sameBits(Xc, X) {
				return nil, errorString("OMPBatch modified its input")
			}
			return nil, nil
		}},
		{input: "OMPBatch Progress panics", call: func() (any, error) {
			return greedy.OMPBatch(X, signals(), greedy.OMPConfig{T: 2, Progress: panicProgress})
		}, want: errKinds(featlab.ErrPanic)},
		{input: "OMPBatchContext cancelled", call: func() (any, error) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return greedy.OMPBatchContext(ctx, X, signals(), cfg)
		}, want: errKinds(context.Canceled)},
		{input: "OrthogonalityLoss(nil)", call: func() (any, error) { return greedy.OrthogonalityLoss(nil), nil }, noPanic: true},
		{input: "OrthogonalityLoss of an empty matrix", call: func() (any, error) { return greedy.OrthogonalityLoss(&mat.Dense{}), nil }, noPanic: true},
		{input: "OrthogonalityLoss of an orthonormal basis", call: func() (any, error) {
			V, err := greedy.OrthonormalBasis(X, greedy.SVDBasis)
			if err != nil {
				return nil, err
			}
			if l := greedy.OrthogonalityLoss(V); !(l < 1e-12) {
				return nil, errorString("loss of an orthonormal basis is " + itoa(int(l)))
			}
			return nil, nil
		}},
		{input: "OrthonormalBasis with method 99", call: func() (any, error) { return greedy.OrthonormalBasis(X, greedy.Basis(99)) }, want: errKinds(featlab.ErrParam)},
		{input: "ExactCriterion with chosen feature 3 of 3", call: func() (any, error) { return greedy.ExactCriterion(X, y, []int{3}) }, want: errSays(featlab.ErrParam, "3")},
		{input: "ExactCriterion with chosen feature -1", call: func() (any, error) { return greedy.ExactCriterion(X, y, []int{-1}) }, want: errSays(featlab.ErrParam, "-1")},
		{input: "BestSubset k = 4 of 3", call: func() (any, error) { s, r, err := greedy.BestSubset(X, y, 4, true); return []any{s, r}, err }, want: errSays(featlab.ErrParam, "4")},
		{input: "BestSubset k = 0", call: func() (any, error) { s, r, err := greedy.BestSubset(X, y, 0, true); return []any{s, r}, err }, want: errKinds(featlab.ErrParam)},
		{input: "BestSubset 40 features", call: func() (any, error) {
			s, r, err := greedy.BestSubset(mat.NewDense(8, 40, nil), y, 2, true)
			return []any{s, r}, err
		}, want: errKinds(featlab.ErrParam, featlab.ErrTooLarge)},
		{input: "AdaBoostRisk w of length 2 for 3 columns", call: func() (any, error) { return greedy.AdaBoostRisk(X, pm(y), []float64{1, 2}) }, want: errSays(featlab.ErrShape, "2", "3")},
		{input: "AdaBoostRisk NaN weight 1", call: func() (any, error) { return greedy.AdaBoostRisk(X, pm(y), []float64{1, nan, 0}) }, want: errSays(featlab.ErrNotFinite, "w[1]")},
		{input: "AdaBoostGradient nil w", call: func() (any, error) { return greedy.AdaBoostGradient(X, pm(y), nil) }, want: errKinds(featlab.ErrShape, featlab.ErrEmpty)},
		{input: "AdaBoostRisk with margins of 1e300", call: func() (any, error) { return greedy.AdaBoostRisk(X, pm(y), []float64{1e300, 1e300, -1e300}) }},
		{input: "AdaBoostGreedy T = -1", call: func() (any, error) { return greedy.AdaBoostGreedy(X, pm(y), greedy.AdaBoostConfig{T: -1}) }, want: errSays(featlab.ErrParam, "T")},
		{input: "OMP Names of 2 for 3 columns", call: func() (any, error) { return greedy.OMP(X, y, greedy.OMPConfig{Names: []string{"a", "b"}}) }, want: errSays(featlab.ErrShape, "2", "3")},
		{input: "Backward K = -2", call: func() (any, error) { return greedy.Backward(X, y, greedy.BackwardConfig{K: -2}) }, want: errSays(featlab.ErrParam, "K")},
		{input: "CoordinateGreedy Tol = -1", call: func() (any, error) { return greedy.CoordinateGreedy(X, y, greedy.CoordinateConfig{Tol: -1}) }, want: errSays(featlab.ErrParam, "Tol")},
		{input: "Decision on 2 columns, fitted on 3", call: func() (any, error) { return ada.Decision(mat.NewDense(2, 2, nil), 0) }, want: errSays(featlab.ErrShape, "2", "3")},
		{input: "Decision on nil", call: func() (any, error) { return ada.Decision(nil, 0) }, want: errKinds(featlab.ErrEmpty)},
		{input: "Decision with NaN at row 4, column 0", call: func() (any, error) { return ada.Decision(with(4, 0, nan), 0) }, want: errSays(featlab.ErrNotFinite, "row 4", "column 0|x1")},
		{input: "Decision with rounds -3 and 99", call: func() (any, error) {
			a, err1 := ada.Decision(X, -3)
			b, err2 := ada.Decision(X, 99)
			if err1 != nil {
				return nil, err1
			}
			if err2 != nil {
				return nil, err2
			}
			if !sameVec(a, b) {
				return nil, errorString("rounds <= 0 and rounds beyond the run differ")
			}
			return a, nil
		}},
		{input: "Stump.Eval on a row too short for its feature", call: func() (any, error) {
			return greedy.Stump{Feature: 5, Threshold: 0, Sign: 1}.Eval([]float64{1, 2}), nil
		}, panics: []string{"Stump.Eval", "5", "length 2"}},
		{input: "Stump.Eval", call: func() (any, error) {
			return greedy.Stump{Feature: 1, Threshold: 0, Sign: -1}.Eval([]float64{1, 2}), nil
		}},
	}
	return runCases("greedy", "parameters and methods", cases)
}
