package badinput

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/importance"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// Entries of package importance and of filter.MRMR (issue 21).

func init() { entrySets = append(entrySets, importanceEntries) }

// rowSums predicts the sum of each row: a Predictor for any width.
var rowSums = featlab.PredictorFunc(func(X mat.Matrix) ([]float64, error) {
	m, d := X.Dims()
	out := make([]float64, m)
	for i := range out {
		for j := 0; j < d; j++ {
			out[i] += X.At(i, j)
		}
	}
	return out, nil
})

func importanceEntries() []*entry {
	rdg := linear.RidgeConfig{Lambda: 0.1, Intercept: true}
	return []*entry{
		xyCtx("importance.RFE", importance.RFE, importance.RFEContext, importance.RFEConfig{Learner: rdg}, scaleDependent("ranks by the coefficients of a ridge of fixed Lambda 0.1, which penalizes coefficients that scale as 1/c"),
			alsoCovers("importance.RFEConfig.Select", "importance.RFEResult.Selection")),
		xyCtx("importance.RFECV", importance.RFECV, importance.RFECVContext,
			importance.RFECVConfig{Learner: rdg, Metric: validate.MSE, LowerIsBetter: true, K: 2}, scaleDependent("ranks by the coefficients of a ridge of fixed Lambda 0.1, which penalizes coefficients that scale as 1/c"),
			alsoCovers("importance.RFECVConfig.Select", "importance.RFECVResult.Selection")),
		xy("importance.FromModel", importance.FromModel, importance.FromModelConfig{Learner: rdg, Threshold: "median"}, scaleDependent("ranks by the coefficients of a ridge of fixed Lambda 0.1, which penalizes coefficients that scale as 1/c"),
			alsoCovers("importance.FromModelConfig.Select", "importance.FromModelResult.Selection")),
		xyCtx("importance.Permutation", importance.Permutation, importance.PermutationContext,
			importance.PermutationConfig{Predictor: rowSums, Metric: validate.MSE, LowerIsBetter: true, Repeats: 3},
			scaleDependent("the Predictor (row sums) is fixed, not refit: on c X it predicts c times as much against the same y, another model"),
			alsoCovers("importance.PermutationResult.Selection")),
		custom("importance.SelectImportances", "params", []string{"importance.AbsCoef", "importance.SquaredCoef", "importance.PermutationGetter"}, importanceParams),
		xyCtx("filter.MRMR", filter.MRMR, filter.MRMRContext, filter.MRMRConfig{Relevance: filter.MRMRF, Redundancy: filter.MRMRF, Form: filter.MRMRQuotient},
			alsoCovers("filter.MRMRConfig.Select", "filter.MRMRResult.Selection", "filter.MRMRScore.String")),
		xy("filter.MRMR, mutual information", filter.MRMR, filter.MRMRConfig{K: 2}, as("filter.MRMR")),
	}
}

// importanceParams: the rule of SelectFromModel and the coefficient
// getters on bad parameters.
func importanceParams() []failure {
	imp := []float64{3, 1, 2}
	sel := func(v []float64, cfg importance.FromModelConfig) func() (any, error) {
		return func() (any, error) { return importance.SelectImportances(v, cfg) }
	}
	noCoef := featlab.PredictorFunc(func(X mat.Matrix) ([]float64, error) { return nil, nil })
	return runCases("importance.SelectImportances", "parameters", []outcome{
		{input: "valid", call: sel(imp, importance.FromModelConfig{Threshold: "1.5*median"})},
		{input: "no importances", call: sel(nil, importance.FromModelConfig{}), want: errKinds(featlab.ErrEmpty)},
		{input: "NaN importance", call: sel([]float64{1, math.NaN()}, importance.FromModelConfig{}), want: errKinds(featlab.ErrNotFinite)},
		{input: "Threshold \"mode\"", call: sel(imp, importance.FromModelConfig{Threshold: "mode"}), want: errSays(featlab.ErrParam, "mode")},
		{input: "Threshold \"x*mean\"", call: sel(imp, importance.FromModelConfig{Threshold: "x*mean"}), want: errSays(featlab.ErrParam, "x*mean")},
		{input: "MaxFeatures 4 of 3", call: sel(imp, importance.FromModelConfig{MaxFeatures: 4}), want: errSays(featlab.ErrParam, "MaxFeatures")},
		{input: "2 names for 3", call: sel(imp, importance.FromModelConfig{Names: []string{"a", "b"}}), want: errKinds(featlab.ErrShape)},
		{input: "AbsCoef of nil", call: func() (any, error) { return importance.AbsCoef(nil, nil) }, want: errKinds(featlab.ErrParam)},
		{input: "SquaredCoef without coefficients", call: func() (any, error) { return importance.SquaredCoef(noCoef, []int{0}) }, want: errSays(featlab.ErrParam, "coefficients")},
		{input: "AbsCoef of a nil model", call: func() (any, error) { return importance.AbsCoef((*linear.Model)(nil), nil) }, want: errKinds(featlab.ErrParam)},
		{input: "PermutationGetter on a nil matrix", call: func() (any, error) {
			return importance.PermutationGetter(nil, nil, importance.PermutationConfig{Metric: validate.MSE})(rowSums, []int{0})
		}, want: errKinds(featlab.ErrEmpty)},
		{input: "PermutationGetter, feature 3 of 2 columns", call: func() (any, error) {
			return importance.PermutationGetter(mat.NewDense(3, 2, nil), []float64{1, 2, 3}, importance.PermutationConfig{Metric: validate.MSE})(rowSums, []int{3})
		}, want: errSays(featlab.ErrShape, "3")},
	})
}
