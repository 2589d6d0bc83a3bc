package featlab

import (
	"context"

	"gonum.org/v1/gonum/mat"
)

// ContextLearner is a Learner whose fit can be cancelled: FitContext
// fits as Fit does while ctx is live and, once ctx is done, returns
// within a bounded amount of work with a nil Predictor and an error
// wrapping ctx.Err(). Entry points that fit a Learner many times (RFE,
// RFECV, cross-validation, one-vs-rest) call FitContext when their
// Learner has it, so that their own Context forms stop inside a fit, not
// after it. The same rules as Fit hold: X and y are neither retained nor
// modified.
type ContextLearner interface {
	Learner
	FitContext(ctx context.Context, X mat.Matrix, y []float64) (Predictor, error)
}

// FitContext fits l on (X, y) through its FitContext method when l is a
// ContextLearner; a plain Learner is fitted by Fit after a check of ctx
// (its fit, once begun, runs to its end). Either way a done ctx gives an
// error wrapping ctx.Err(). It does not recover panics: callers that
// accept user learners do.
func FitContext(ctx context.Context, l Learner, X mat.Matrix, y []float64) (Predictor, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if cl, ok := l.(ContextLearner); ok {
		return cl.FitContext(ctx, X, y)
	}
	return l.Fit(X, y)
}
