package badinput

import (
	"math"
	"sync/atomic"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
	"github.com/featlab/course/featlab/viz"
)

// Entries the cell-count pass on notebooks 02, 03 and 04 added: the score
// suites and the rank table of 02, the search-history series of 03.

func init() { entrySets = append(entrySets, nbACellsEntries) }

func nbACellsEntries() []*entry {
	return []*entry{
		xy("filter.RegressionScores", filter.RegressionScores, filter.SuiteConfig{}),
		xy("filter.ClassificationScores", filter.ClassificationScores, filter.SuiteConfig{}, classif,
			allowInf), // the stump's threshold below all values is -Inf, as filter.Stump's
		custom("filter.RankTable", "params", []string{"viz.StepTrace"}, nbACellsParams),
		custom("greedy.AdaBoostResult.Curves", "params", nil, nbACellsCurves),
		custom("validate.HoldoutScore", "params", []string{"validate.CountFits"}, nbACellsHoldout),
	}
}

func nbACellsHoldout() []failure {
	ds := goodDataset()
	var n atomic.Int64
	lrn := validate.CountFits(linear.LeastSquaresConfig{Intercept: true}, &n)
	cfg := validate.HoldoutConfig{Learner: lrn, Metric: validate.MSE}
	train, test := ds.Rows([]int{0, 1, 2, 3, 4}), ds.Rows([]int{5, 6, 7})
	nanY := ds.Rows([]int{5, 6, 7})
	nanY.Y = []float64{1, math.NaN(), 0}
	return runCases("validate.HoldoutScore", "sets and config", []outcome{
		{input: "valid split", call: func() (any, error) { return validate.HoldoutScore(train, test, cfg) }},
		{input: "nil test set", call: func() (any, error) { return validate.HoldoutScore(train, nil, cfg) },
			want: errKinds(featlab.ErrEmpty)},
		{input: "no Metric", call: func() (any, error) {
			return validate.HoldoutScore(train, test, validate.HoldoutConfig{Learner: lrn})
		}, want: errKinds(featlab.ErrParam)},
		{input: "column 7 of 3", call: func() (any, error) {
			return validate.HoldoutScore(train, test, validate.HoldoutConfig{Learner: lrn, Metric: validate.MSE, Columns: []int{7}})
		}, want: errKinds(featlab.ErrParam, featlab.ErrShape)},
		{input: "NaN in test y", call: func() (any, error) { return validate.HoldoutScore(train, nanY, cfg) }, noPanic: true},
	})
}

func nbACellsCurves() []failure {
	X, y := good()
	pm := make([]float64, len(y))
	for i, v := range y {
		pm[i] = 2*v - 1
	}
	ada, err := greedy.AdaBoostGreedy(X, pm, greedy.AdaBoostConfig{T: 3})
	if err != nil {
		return []failure{fails("greedy.AdaBoostGreedy", "valid input", "8x3", "%v", err)}
	}
	bad := append([]float64(nil), pm...)
	bad[2] = math.NaN()
	return runCases("greedy.AdaBoostResult.Curves", "test rows", []outcome{
		{input: "valid test rows", call: func() (any, error) { return ada.Curves(X, pm) }},
		{input: "nil matrix", call: func() (any, error) { return ada.Curves(nil, pm) }, want: errKinds(featlab.ErrEmpty)},
		{input: "labels 0/1", call: func() (any, error) { return ada.Curves(X, y) }, want: errSays(featlab.ErrParam, "row 0")},
		{input: "NaN label at 2", call: func() (any, error) { return ada.Curves(X, bad) }, noPanic: true},
		{input: "3 labels for 8 rows", call: func() (any, error) { return ada.Curves(X, pm[:3]) }, want: errKinds(featlab.ErrShape)},
		{input: "2 of 3 columns", call: func() (any, error) { return ada.Curves(X.Slice(0, 8, 0, 2), pm) }, want: errKinds(featlab.ErrShape)},
	})
}

func nbACellsParams() []failure {
	nan := math.NaN()
	s := &filter.Scores{Method: "a", Names: []string{"u", "v"}, Values: []float64{1, 2}}
	pe := func(says ...string) *expectation { return errSays(featlab.ErrParam, says...) }
	return runCases("filter", "rank table and step trace", []outcome{
		{input: "RankTable with no scores", call: func() (any, error) { return filter.RankTable(1) },
			want: errKinds(featlab.ErrEmpty)},
		{input: "RankTable k = 0", call: func() (any, error) { return filter.RankTable(0, s) }, want: pe("k")},
		{input: "RankTable k = 3 of 2", call: func() (any, error) { return filter.RankTable(3, s) }, want: pe("k")},
		{input: "RankTable with a nil score", call: func() (any, error) { return filter.RankTable(1, s, nil) },
			want: errKinds(featlab.ErrShape)},
		{input: "RankTable with lengths 2 and 1", call: func() (any, error) {
			return filter.RankTable(1, s, &filter.Scores{Values: []float64{1}})
		}, want: errKinds(featlab.ErrShape)},
		{input: "RankTable with a NaN score", call: func() (any, error) {
			return filter.RankTable(2, &filter.Scores{Values: []float64{nan, 1}})
		}, noPanic: true},
		{input: "StepTrace of no steps", call: func() (any, error) { return viz.StepTrace("", nil), nil }},
		{input: "StepTrace with a NaN score", call: func() (any, error) {
			return viz.StepTrace("s", []featlab.Step{{Action: "add", Name: "a", Score: nan}}), nil
		}, noPanic: true},
	})
}
