package badinput

import (
	"context"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
)

// The featlab.ContextLearner methods of package linear and featlab.FitContext
// (issue 20: RFE, RFECV, cross-validation and OneVsRest stop inside a fit).
func init() { entrySets = append(entrySets, rel3Entries) }

// ctxLearner registers a FitContext method: the hostile inputs go through
// FitContext with a background context, the cancellation run through ctx.
func ctxLearner(id string, l featlab.ContextLearner, opts ...opt) *entry {
	e := plainXY(id, func(X mat.Matrix, y []float64) (any, error) { return l.FitContext(context.Background(), X, y) }, opts...)
	e.ctx = func(ctx context.Context, X mat.Matrix, y []float64) (any, error) { return l.FitContext(ctx, X, y) }
	return e
}

func rel3Entries() []*entry {
	rdg := linear.RidgeConfig{Lambda: 0.1, Intercept: true}
	mn := linear.MultinomialConfig{Lambda: 0.01, MaxIter: 100}
	ovr := linear.OneVsRestConfig{Learner: linear.LogisticConfig{Lambda: 0.01, Intercept: true, MaxIter: 100}}
	return []*entry{
		ctxLearner("linear.LassoConfig.FitContext", linear.LassoConfig{Lambda: 0.01, Intercept: true}, scaleDependent("a fixed Lambda penalizes coefficients, which scale as 1/c")),
		ctxLearner("linear.ElasticNetConfig.FitContext", linear.ElasticNetConfig{Alpha: 0.01, L1Ratio: 0.5}, scaleDependent("a fixed Lambda penalizes coefficients, which scale as 1/c")),
		ctxLearner("linear.LeastSquaresConfig.FitContext", linear.LeastSquaresConfig{Intercept: true}),
		ctxLearner("linear.RidgeConfig.FitContext", rdg),
		ctxLearner("linear.LogisticConfig.FitContext", linear.LogisticConfig{Lambda: 0.01, Intercept: true, MaxIter: 100}, classif, scaleDependent("a fixed Lambda penalizes coefficients, which scale as 1/c")),
		ctxLearner("linear.SparseSVMConfig.FitContext", linear.SparseSVMConfig{Lambda: 0.1, Intercept: true, MaxIter: 500}, classif, scaleDependent("a fixed Lambda penalizes coefficients, which scale as 1/c")),
		ctxLearner("linear.MultinomialConfig.FitContext", mn, scaleDependent("a fixed Lambda 0.01 penalizes coefficients, which scale as 1/c")),
		ctxLearner("linear.OneVsRestConfig.FitContext", ovr, scaleDependent("logistic learners of fixed Lambda 0.01 penalize coefficients, which scale as 1/c")),
		ctxLearner("featlab.FitContext", contextFitter{rdg}),
	}
}

// contextFitter calls featlab.FitContext on its learner.
type contextFitter struct{ l featlab.Learner }

func (c contextFitter) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return featlab.FitContext(context.Background(), c.l, X, y)
}

func (c contextFitter) FitContext(ctx context.Context, X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return featlab.FitContext(ctx, c.l, X, y)
}
