package badinput

import (
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
)

// linearMethods: index methods of paths, the result types' prediction
// methods on bad new data, and linear's vector helpers.
func linearMethods() []failure {
	X, y := good()
	path, err := linear.LassoPath(X, y, linear.LassoPathConfig{NLambdas: 5, Intercept: true})
	if err != nil {
		return []failure{fails("linear.LassoPath", "valid input", "8x3", "%v", err)}
	}
	lp, err := linear.LogisticPath(X, y, linear.LogisticPathConfig{NLambdas: 5})
	if err != nil {
		return []failure{fails("linear.LogisticPath", "valid input", "8x3", "%v", err)}
	}
	lr, err := linear.Logistic(X, y, linear.LogisticConfig{Lambda: 0.01, Intercept: true, MaxIter: 100})
	if err != nil {
		return []failure{fails("linear.Logistic", "valid input", "8x3", "%v", err)}
	}
	svm, err := linear.SparseSVM(X, y, linear.SparseSVMConfig{Lambda: 0.1, Intercept: true, MaxIter: 500})
	if err != nil {
		return []failure{fails("linear.SparseSVM", "valid input", "8x3", "%v", err)}
	}
	nan := with(3, 1, math.NaN())
	shape := errKinds(featlab.ErrShape)
	notFinite := errSays(featlab.ErrNotFinite, "row 3")
	n := len(path.Lambdas)
	return runCases("linear", "index and prediction methods", []outcome{
		{input: "Path.Coef(-1)", call: func() (any, error) { return path.Coef(-1), nil }, panics: []string{"-1", itoa(n)}},
		{input: "Path.Coef(len)", call: func() (any, error) { return path.Coef(n), nil }, panics: []string{itoa(n)}},
		{input: "Path.Support(len)", call: func() (any, error) { return path.Support(n), nil }, panics: []string{itoa(n)}},
		{input: "LassoPathResult.Model(len)", call: func() (any, error) { return path.Model(n), nil }, panics: []string{itoa(n)}},
		{input: "LogisticPathResult.Model(-1)", call: func() (any, error) { return lp.Model(-1), nil }, panics: []string{"-1"}},
		{input: "LogisticPathResult.Accuracy on NaN", call: func() (any, error) { return lp.Accuracy(nan, y) }, want: notFinite},
		{input: "LogisticPathResult.Accuracy with short y", call: func() (any, error) { return lp.Accuracy(X, y[:3]) }, want: shape},
		{input: "Model.Predict on 2 columns", call: func() (any, error) { return path.Model(0).Predict(X.Slice(0, 8, 0, 2)) }, want: shape},
		{input: "LogisticResult.Decision on NaN", call: func() (any, error) { return lr.Decision(nan) }, want: notFinite},
		{input: "LogisticResult.Proba on NaN", call: func() (any, error) { return lr.Proba(nan) }, want: notFinite},
		{input: "LogisticResult.Predict on nil", call: func() (any, error) { return lr.Predict(nil) }, want: errKinds(featlab.ErrEmpty)},
		{input: "SparseSVMResult.Decision on 2 columns", call: func() (any, error) { return svm.Decision(X.Slice(0, 8, 0, 2)) }, want: shape},
		{input: "SparseSVMResult.Predict on NaN", call: func() (any, error) { return svm.Predict(nan) }, want: notFinite},
		{input: "ProjectL1Ball of [1, NaN]", call: func() (any, error) { return linear.ProjectL1Ball(nil, []float64{1, math.NaN()}, 1) }, want: errSays(featlab.ErrNotFinite, "1")},
		{input: "ProjectL1Ball of [+Inf, 1]", call: func() (any, error) { return linear.ProjectL1Ball(nil, []float64{math.Inf(1), 1}, 1) }, want: errKinds(featlab.ErrNotFinite)},
		{input: "ProjectL1Ball with radius -1", call: func() (any, error) { return linear.ProjectL1Ball(nil, []float64{1, 2}, -1) }, want: errKinds(featlab.ErrParam)},
		{input: "SoftThresholdVec with a short dst", call: func() (any, error) {
			return linear.SoftThresholdVec(make([]float64, 1), []float64{1, 2, 3}, 0.5), nil
		}, panics: []string{"1", "3"}},
		{input: "SoftThreshold(NaN)", call: func() (any, error) { return linear.SoftThreshold(1, 0.5), nil }},
	})
}
