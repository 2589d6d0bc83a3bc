package badinput

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/validate"
)

// PCR, PLS and the one-standard-error rule (issue 21, "PCR and PLS" and
// "Model choice along a path").
func init() {
	entrySets = append(entrySets, plsEntries)
	for _, n := range []string{"datasets.Prostate", "datasets.ProstateFrame", "datasets.ProstateSplit"} {
		exempt[n] = "no input; datasets' tests check every value of the data compiled in, and TestProstateESLTable32 the split"
	}
}

// twoTargets returns the m x 2 matrix [y, 2y - 1] (nil for an empty y),
// so that FitPLS2 meets every hostile y of the suite.
func twoTargets(y []float64) mat.Matrix {
	if len(y) == 0 {
		return nil
	}
	Y := mat.NewDense(len(y), 2, nil)
	for i, v := range y {
		Y.Set(i, 0, v)
		Y.Set(i, 1, 2*v-1)
	}
	return Y
}

func plsEntries() []*entry {
	return []*entry{
		xy("represent.FitPCR", represent.FitPCR, represent.PCRConfig{Components: 1}),
		xy("represent.FitPLS", represent.FitPLS, represent.PLSConfig{Components: 1}),
		plainXY("represent.FitPLS2", func(X mat.Matrix, y []float64) (any, error) {
			return represent.FitPLS2(X, twoTargets(y), represent.PLSConfig{Components: 1})
		}),
		learner("represent.PCRConfig.Fit", represent.PCRConfig{Components: 1}),
		learner("represent.PLSConfig.Fit", represent.PLSConfig{Components: 1}),
		plainXY("validate.CrossValidatePath", func(X mat.Matrix, y []float64) (any, error) {
			var folds []validate.Fold
			if len(y) >= 4 {
				folds, _ = validate.KFold(len(y), 2, 1)
			}
			return validate.CrossValidatePath(X, y, validate.PathCVConfig{
				Fit: func(X mat.Matrix, y []float64) (validate.PathPredictor, error) {
					return represent.FitPLS(X, y, represent.PLSConfig{Components: 1})
				},
				Folds: folds, Metric: validate.MSE,
			})
		}, alsoCovers("validate.CrossValidatePathContext")),
		custom("represent.ComponentPath.Model", "index", []string{"represent.ComponentPath.TargetModel", "represent.ComponentPath.Predict", "represent.ComponentPath.PredictPath"}, componentPathChecks),
		custom("validate.OneSE", "params", nil, oneSEChecks),
	}
}

func componentPathChecks() []failure {
	X := mat.NewDense(6, 2, []float64{1, 0, 2, 1, 3, 1, 4, 3, 5, 2, 6, 5})
	y := []float64{1, 3, 2, 5, 4, 6}
	fit, err := represent.FitPLS(X, y, represent.PLSConfig{Components: 2})
	if err != nil {
		return []failure{fails("represent.ComponentPath.Model", "fit", "6x2", "%v", err)}
	}
	var unfitted represent.ComponentPath
	nan := math.NaN()
	return runCases("represent.ComponentPath.Model", "index", []outcome{
		{input: "k = 2 (M)", call: func() (any, error) { return fit.Model(2), nil }},
		{input: "k = 3 > M", call: func() (any, error) { return fit.Model(3), nil }, panics: []string{"Model", "3"}},
		{input: "k = -1", call: func() (any, error) { return fit.Model(-1), nil }, panics: []string{"Model", "-1"}},
		{input: "target 1 of 1", call: func() (any, error) { return fit.TargetModel(0, 1), nil }, panics: []string{"target", "1"}},
		{input: "unfitted Model", call: func() (any, error) { return unfitted.Model(0), nil }, panics: []string{"unfitted"}},
		{input: "Predict k = 5", call: func() (any, error) { return fit.Predict(X, 5) }, want: errSays(featlab.ErrParam, "5")},
		{input: "Predict 3 columns", call: func() (any, error) { return fit.Predict(mat.NewDense(2, 3, nil), 1) }, want: errKinds(featlab.ErrShape)},
		{input: "Predict NaN", call: func() (any, error) {
			return fit.Predict(mat.NewDense(1, 2, []float64{0, nan}), 1)
		}, want: errSays(featlab.ErrNotFinite, "row 0")},
		{input: "Predict unfitted", call: func() (any, error) { return unfitted.Predict(X, 0) }, want: errKinds(featlab.ErrNotFitted)},
		{input: "PredictPath 3 columns", call: func() (any, error) { return fit.PredictPath(mat.NewDense(2, 3, nil)) }, want: errKinds(featlab.ErrShape)},
		{input: "PredictPath unfitted", call: func() (any, error) { return unfitted.PredictPath(X) }, want: errKinds(featlab.ErrNotFitted)},
	})
}

func oneSEChecks() []failure {
	nan, inf := math.NaN(), math.Inf(1)
	one := func(c validate.Curve) func() (any, error) { return func() (any, error) { return validate.OneSE(c) } }
	return runCases("validate.OneSE", "params", []outcome{
		{input: "empty", call: one(validate.Curve{}), want: errKinds(featlab.ErrEmpty)},
		{input: "lengths 2, 1", call: one(validate.Curve{Mean: []float64{1, 2}, StdErr: []float64{1}}), want: errSays(featlab.ErrShape, "2", "1")},
		{input: "NaN mean", call: one(validate.Curve{Mean: []float64{1, nan}, StdErr: []float64{1, 1}}), want: errSays(featlab.ErrNotFinite, "model 1")},
		{input: "Inf complexity", call: one(validate.Curve{Mean: []float64{1}, StdErr: []float64{1}, Complexity: []float64{inf}}), want: errKinds(featlab.ErrNotFinite)},
		{input: "negative SE", call: one(validate.Curve{Mean: []float64{1}, StdErr: []float64{-1}}), want: errSays(featlab.ErrParam, "standard error")},
		{input: "one model", call: one(validate.Curve{Mean: []float64{1}, StdErr: []float64{0}})},
	})
}
