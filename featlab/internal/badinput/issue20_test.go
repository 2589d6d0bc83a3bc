package badinput

import (
	"context"
	"math"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/sensing"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
)

// Entries issue 20 added so that the new checks reach what the older
// registrations did not: a user *Evaluator with Accept as a search
// criterion, the matrix completions (which take observed entries, not
// (X, y): strictOnly), and the sentinel rules the issue states.

func init() { entrySets = append(entrySets, issue20Entries) }

// userEvaluator is a search criterion written by a user: least squares
// RSS of the subset through linear.LeastSquares, with an Accept hook.
func userEvaluator(X mat.Matrix, y []float64) *search.Evaluator {
	_, d := X.Dims()
	return &search.Evaluator{Name: "user RSS", D: d,
		Eval: func(s []int) (float64, error) {
			Xs := mat.NewDense(len(y), len(s), nil)
			for k, j := range s {
				for i := range y {
					Xs.Set(i, k, X.At(i, j))
				}
			}
			m, err := linear.LeastSquares(Xs, y, linear.LeastSquaresConfig{Intercept: true})
			if err != nil {
				return 0, err
			}
			p, err := m.Predict(Xs)
			if err != nil {
				return 0, err
			}
			rss := 0.0
			for i, v := range p {
				rss += (v - y[i]) * (v - y[i])
			}
			return rss + float64(len(s)), nil
		},
		Accept: func([]int) {},
	}
}

// observed observes every entry of X but (0, 0) (nil for a nil X).
func observed(X mat.Matrix) (*sensing.Observations, error) {
	if featlab.IsNil(X) {
		return nil, nil
	}
	r, c := X.Dims()
	var I, J []int
	var V []float64
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if i+j > 0 {
				I, J, V = append(I, i), append(J, j), append(V, X.At(i, j))
			}
		}
	}
	return sensing.ObserveEntries(r, c, I, J, V)
}

func twoFolds() []validate.Fold {
	f, _ := validate.KFoldUnshuffled(8, 2)
	return f
}

func issue20Entries() []*entry {
	X, y := good()
	return []*entry{
		// The user evaluator reads X, not the hostile copies: strictOnly.
		xy("search.Select (Forward x a user *Evaluator with Accept)", func(Xh mat.Matrix, yh []float64, c search.Config) (*search.Result, error) {
			return selectView(Xh, yh, c)
		}, search.Config{Criterion: userEvaluator(X, y)}, as("search.Select"), strictOnly),
		xy("sensing.NuclearNorm (all entries but one)", func(X mat.Matrix, _ []float64, c sensing.NuclearNormConfig) (any, error) {
			o, err := observed(X)
			if err != nil {
				return nil, err
			}
			return sensing.NuclearNorm(o, c)
		}, sensing.NuclearNormConfig{MaxIter: 500}, as("sensing.NuclearNorm"), strictOnly),
		xy("sensing.SVT (all entries but one)", func(X mat.Matrix, _ []float64, c sensing.SVTConfig) (any, error) {
			o, err := observed(X)
			if err != nil {
				return nil, err
			}
			return sensing.SVT(o, c)
		}, sensing.SVTConfig{MaxIter: 100}, as("sensing.SVT"), strictOnly),
		xy("sensing.SoftImpute (all entries but one)", func(X mat.Matrix, _ []float64, c sensing.SoftImputeConfig) (any, error) {
			o, err := observed(X)
			if err != nil {
				return nil, err
			}
			return sensing.SoftImpute(o, c)
		}, sensing.SoftImputeConfig{NLambda: 3}, as("sensing.SoftImpute"), strictOnly),
		// Learner and Metric through the generic callback check.
		xy("validate.CrossValidate (Learner and Metric of the config)", func(X mat.Matrix, y []float64, c validate.CVConfig) (*validate.CVResult, error) {
			return validate.CrossValidate(X, y, c)
		}, validate.CVConfig{Learner: linear.LeastSquaresConfig{Intercept: true}, Folds: twoFolds(), Metric: validate.MSE}, as("validate.CrossValidate"), strictOnly),
		custom("sensing.ObserveEntries", "params", nil, issue20Cases),
	}
}

// issue20Cases: the sentinel rules issue 20 states (a negative size or a
// nil argument is ErrParam; a NaN in a parameter keeps ErrNotFinite
// testable), helpers that panic with the package's own message, and
// values of other shapes.
func issue20Cases() []failure {
	X, y := good()
	nan := math.NaN()
	pe := errKinds(featlab.ErrParam)
	o, _ := observed(X)
	other, _ := sensing.ObserveEntries(2, 2, []int{0, 1}, []int{0, 1}, []float64{1, 2})
	var start *sensing.Completion
	if p, err := sensing.SoftImpute(other, sensing.SoftImputeConfig{NLambda: 2}); err == nil {
		start = p.Last()
	}
	km := &represent.KMeans{KMeansConfig: represent.KMeansConfig{K: 2, NInit: 1}}
	_ = km.Fit(X)
	init := mat.NewDense(2, 3, []float64{1, 0, 0, 0, nan, 1})
	return runCases("issue 20", "sentinel rules and helpers", []outcome{
		{input: "ObserveEntries(-3, 3, ...)", call: func() (any, error) { return sensing.ObserveEntries(-3, 3, nil, nil, nil) }, want: pe},
		{input: "search.Func with d = -1, through Run", call: func() (any, error) {
			return search.Run(context.Background(), search.Func("f", -1, false, func([]int) (float64, error) { return 0, nil }), search.Config{})
		}, want: pe},
		{input: "BasisMatrix(nil)", call: func() (any, error) { return sensing.BasisMatrix(nil) }, want: pe},
		{input: "Refine(o, nil, ...)", call: func() (any, error) { return sensing.Refine(o, nil, sensing.RefineConfig{Rank: 1}) }, want: pe},
		{input: "Refine from a 2x2 completion on 8x3 observations", call: func() (any, error) {
			return sensing.Refine(o, start, sensing.RefineConfig{Rank: 1})
		}, want: errKinds(featlab.ErrShape)},
		{input: "DictionaryLearning Init with NaN", call: func() (any, error) {
			return represent.LearnDictionary(X, represent.DictionaryLearningConfig{K: 2, S: 1, MaxIter: 2, Init: init})
		}, want: errKinds(featlab.ErrNotFinite)},
		{input: "LassoCV with an empty test split", call: func() (any, error) {
			return linear.LassoCV(X, y, linear.LassoCVConfig{Path: linear.LassoPathConfig{NLambdas: 3}, Splits: []validate.Fold{{Train: []int{0, 1, 2, 3, 4, 5, 6, 7}}, {Train: []int{0, 1, 2, 3}, Test: []int{4, 5, 6, 7}}}})
		}, want: pe},
		{input: "OneHotDataset, NA in a feature and no target column", call: func() (any, error) {
			df := dataframe.ReadCSV(strings.NewReader("age,color\n31,red\nNA,blue\n"))
			_, _, err := transform.OneHotDataset(df, "y", transform.UnknownError)
			return nil, err
		}, want: errKinds(featlab.ErrMissing)},
		{input: "KMeans.Decode of a NaN code", call: func() (any, error) {
			return km.Decode(mat.NewDense(1, 2, []float64{nan, 1}))
		}, want: errKinds(featlab.ErrNotFinite, featlab.ErrParam)},
		{input: "SVT with one observed entry of 4 x 4, 25 iterations", call: func() (any, error) {
			one, err := sensing.ObserveEntries(4, 4, []int{1}, []int{2}, []float64{3})
			if err != nil {
				return nil, err
			}
			return sensing.SVT(one, sensing.SVTConfig{AllowEmpty: true, MaxIter: 25})
		}},
		{input: "SVT Delta 100", call: func() (any, error) { return sensing.SVT(o, sensing.SVTConfig{Delta: 100, MaxIter: 50}) }},
		{input: "SoftImpute Progress panics", call: func() (any, error) {
			return sensing.SoftImpute(o, sensing.SoftImputeConfig{NLambda: 2, Progress: panicProgress})
		}, want: errKinds(featlab.ErrPanic)},
		{input: "SoftThresholdSV of a matrix holding NaN", call: func() (any, error) {
			return sensing.SoftThresholdSV(mat.NewDense(2, 2, []float64{1, nan, 0, 1}), 0.5), nil
		}, panics: []string{"SoftThresholdSV", "NaN"}},
		{input: "SoftThresholdSV of an empty matrix", call: func() (any, error) { return sensing.SoftThresholdSV(&mat.Dense{}, 0.5), nil }, panics: []string{"SoftThresholdSV"}},
		{input: "HardThreshold k = -1", call: func() (any, error) { return sensing.HardThreshold(nil, []float64{1, 2}, -1), nil }, panics: []string{"HardThreshold", "-1"}},
		{input: "IHTStep with a short y", call: func() (any, error) {
			return sensing.IHTStep(X, []float64{1}, make([]float64, 3), 1, 0.1), nil
		}, panics: []string{"IHTStep", "y"}},
		{input: "MissingError(nil, ...)", call: func() (any, error) { return sensing.MissingError(nil, nil, X), nil }, panics: []string{"MissingError", "nil"}},
		{input: "CompletionPath{}.Last()", call: func() (any, error) { return (&sensing.CompletionPath{}).Last(), nil }, noPanic: true},
		{input: "Completion.At(99, 99)", call: func() (any, error) {
			if start == nil {
				return nil, errorString("no completion to index")
			}
			return start.At(99, 99), nil
		}, panics: []string{"At", "99"}},
	})
}
