package badinput

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

func init() { entrySets = append(entrySets, multiclassEntries) }

// multiclassEntries: the multinomial model, its path and CV, one-vs-rest,
// and the k-class metrics.
func multiclassEntries() []*entry {
	mn := linear.MultinomialConfig{Lambda: 0.01, MaxIter: 100}
	ovr := linear.OneVsRestConfig{Learner: linear.LogisticConfig{Lambda: 0.01, Intercept: true, MaxIter: 100}}
	halves := []validate.Fold{{Train: []int{0, 1, 2, 3}, Test: []int{4, 5, 6, 7}}, {Train: []int{4, 5, 6, 7}, Test: []int{0, 1, 2, 3}}}
	return []*entry{
		xyCtx("linear.Multinomial", linear.Multinomial, linear.MultinomialContext, mn, scaleDependent("a fixed Lambda 0.01 penalizes coefficients, which scale as 1/c")),
		xyCtx("linear.MultinomialPath", linear.MultinomialPath, linear.MultinomialPathContext, linear.MultinomialPathConfig{NLambdas: 5, MaxIter: 100}),
		xyCtx("linear.MultinomialCV", linear.MultinomialCV, linear.MultinomialCVContext, linear.MultinomialCVConfig{Path: linear.MultinomialPathConfig{NLambdas: 4, MaxIter: 100}, Splits: halves}),
		xyCtx("linear.OneVsRest", linear.OneVsRest, linear.OneVsRestContext, ovr, scaleDependent("logistic learners of fixed Lambda 0.01 penalize coefficients, which scale as 1/c")),
		learner("linear.MultinomialConfig.Fit", mn, scaleDependent("a fixed Lambda 0.01 penalizes coefficients, which scale as 1/c")),
		learner("linear.OneVsRestConfig.Fit", ovr, scaleDependent("logistic learners of fixed Lambda 0.01 penalize coefficients, which scale as 1/c")),
		vec("validate.ConfusionMatrix", func(y, v []float64) (float64, error) {
			c, err := validate.ConfusionMatrix(y, v)
			if err != nil {
				return 0, err
			}
			return c.Accuracy(), nil
		}, alsoCovers("validate.Confusion.Accuracy", "validate.Confusion.String")),
		custom("validate.MultiLogLoss", "params", nil, multiLogLossChecks),
		custom("linear.MultinomialResult.Predict", "index", []string{
			"linear.MultinomialResult.Decision", "linear.MultinomialResult.PredictProba",
			"linear.MultinomialResult.Support", "linear.MultinomialResult.Selection",
			"linear.MultinomialPathResult.Model", "linear.MultinomialCVResult.Selection",
			"linear.OneVsRestResult.Predict", "linear.OneVsRestResult.Scores", "linear.OneVsRestResult.Selection",
		}, multiclassMethods),
	}
}

// multiclassMethods: prediction methods on bad new data, path indices,
// and a one-vs-rest learner that panics or returns nil.
func multiclassMethods() []failure {
	X, y := good()
	y3 := []float64{0, 1, 2, 0, 1, 2, 2, 0}
	r, err := linear.Multinomial(X, y3, linear.MultinomialConfig{Lambda: 0.01})
	if err != nil {
		return []failure{fails("linear.Multinomial", "valid input", "8x3, 3 classes", "%v", err)}
	}
	p, err := linear.MultinomialPath(X, y3, linear.MultinomialPathConfig{NLambdas: 3})
	if err != nil {
		return []failure{fails("linear.MultinomialPath", "valid input", "8x3, 3 classes", "%v", err)}
	}
	cv, err := linear.MultinomialCV(X, y, linear.MultinomialCVConfig{Path: linear.MultinomialPathConfig{NLambdas: 3},
		Splits: []validate.Fold{{Train: []int{0, 1, 2, 3}, Test: []int{4, 5, 6, 7}}, {Train: []int{4, 5, 6, 7}, Test: []int{0, 1, 2, 3}}}})
	if err != nil {
		return []failure{fails("linear.MultinomialCV", "valid input", "8x3", "%v", err)}
	}
	o, err := linear.OneVsRest(X, y3, linear.OneVsRestConfig{Learner: linear.LogisticConfig{Lambda: 0.01, Intercept: true}})
	if err != nil {
		return []failure{fails("linear.OneVsRest", "valid input", "8x3, 3 classes", "%v", err)}
	}
	nan := with(3, 1, math.NaN())
	shape := errKinds(featlab.ErrShape)
	notFinite := errSays(featlab.ErrNotFinite, "row 3")
	n := len(p.Lambdas)
	panicky := featlab.LearnerFunc(func(mat.Matrix, []float64) (featlab.Predictor, error) { panic("learner panics") })
	nilPred := featlab.LearnerFunc(func(mat.Matrix, []float64) (featlab.Predictor, error) { return nil, nil })
	return runCases("linear", "multiclass methods", []outcome{
		{input: "MultinomialResult.Predict on NaN", call: func() (any, error) { return r.Predict(nan) }, want: notFinite},
		{input: "MultinomialResult.PredictProba on 2 columns", call: func() (any, error) { return r.PredictProba(X.Slice(0, 8, 0, 2)) }, want: shape},
		{input: "MultinomialResult.Decision on nil", call: func() (any, error) { return r.Decision(nil) }, want: errKinds(featlab.ErrEmpty)},
		{input: "MultinomialResult.Support", call: func() (any, error) { return r.Support(), nil }},
		{input: "MultinomialResult.Selection", call: func() (any, error) { return r.Selection(), nil }},
		{input: "MultinomialPathResult.Model(len)", call: func() (any, error) { return p.Model(n), nil }, panics: []string{itoa(n)}},
		{input: "MultinomialPathResult.Model(-1)", call: func() (any, error) { return p.Model(-1), nil }, panics: []string{"-1"}},
		{input: "MultinomialCVResult.Selection", call: func() (any, error) { return cv.Selection(), nil }},
		{input: "OneVsRestResult.Predict on NaN", call: func() (any, error) { return o.Predict(nan) }, want: notFinite},
		{input: "OneVsRestResult.Scores on 2 columns", call: func() (any, error) { return o.Scores(X.Slice(0, 8, 0, 2)) }, want: shape},
		{input: "OneVsRestResult.Selection", call: func() (any, error) { return o.Selection(), nil }},
		{input: "OneVsRest with a panicking learner", call: func() (any, error) {
			return linear.OneVsRest(X, y3, linear.OneVsRestConfig{Learner: panicky})
		}, want: errKinds(featlab.ErrPanic)},
		{input: "OneVsRest with a learner returning nil", call: func() (any, error) {
			return linear.OneVsRest(X, y3, linear.OneVsRestConfig{Learner: nilPred})
		}, want: errKinds(featlab.ErrParam)},
		{input: "OneVsRest without a learner", call: func() (any, error) { return linear.OneVsRest(X, y3, linear.OneVsRestConfig{}) }, want: errKinds(featlab.ErrParam)},
		{input: "Multinomial with one class", call: func() (any, error) {
			return linear.Multinomial(X, make([]float64, 8), linear.MultinomialConfig{})
		}, want: errKinds(featlab.ErrLabels)},
		{input: "Multinomial with Alpha 2", call: func() (any, error) {
			return linear.Multinomial(X, y3, linear.MultinomialConfig{Alpha: 2})
		}, want: errSays(featlab.ErrParam, "Alpha")},
	})
}

// multiLogLossChecks: MultiLogLoss on bad probabilities, labels and shapes.
func multiLogLossChecks() []failure {
	y := []float64{0, 1, 2}
	P := mat.NewDense(3, 3, []float64{0.8, 0.1, 0.1, 0.2, 0.7, 0.1, 0.1, 0.1, 0.8})
	bad := mat.DenseCopyOf(P)
	bad.Set(1, 2, math.NaN())
	neg := mat.DenseCopyOf(P)
	neg.Set(2, 0, -0.1)
	return runCases("validate", "MultiLogLoss", []outcome{
		{input: "valid", call: func() (any, error) { return validate.MultiLogLoss(y, P, nil) }},
		{input: "NaN probability at row 1", call: func() (any, error) { return validate.MultiLogLoss(y, bad, nil) }, want: errSays(featlab.ErrNotFinite, "row 1")},
		{input: "negative probability at row 2", call: func() (any, error) { return validate.MultiLogLoss(y, neg, nil) }, want: errSays(featlab.ErrParam, "row 2")},
		{input: "label 5 not a class", call: func() (any, error) { return validate.MultiLogLoss([]float64{0, 5, 1}, P, nil) }, want: errSays(featlab.ErrLabels, "row 1")},
		{input: "short y", call: func() (any, error) { return validate.MultiLogLoss(y[:2], P, nil) }, want: errKinds(featlab.ErrShape)},
		{input: "two classes for three columns", call: func() (any, error) { return validate.MultiLogLoss(y, P, []float64{0, 1}) }, want: errKinds(featlab.ErrShape)},
		{input: "nil P", call: func() (any, error) { return validate.MultiLogLoss(y, nil, nil) }, want: errKinds(featlab.ErrEmpty)},
		{input: "a third class for ROCAUC", call: func() (any, error) { return validate.ROCAUC(y, []float64{0.1, 0.5, 0.9}) }, want: errSays(featlab.ErrLabels, "MultiLogLoss")},
	})
}
