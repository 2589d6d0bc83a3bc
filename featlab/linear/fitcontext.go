package linear

import (
	"context"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// The learners of this package are featlab.ContextLearners: RFE, RFECV,
// cross-validation and OneVsRest fit them through FitContext, so that a
// cancelled call stops inside a fit. Each FitContext is the Context form
// of its Fit and returns a nil Predictor and an error wrapping ctx.Err()
// once ctx is done.

// ridgeBlock is the number of rows per block of gramContext: 1024 rows
// of 300 columns are 4.6e7 multiply-adds, a few tens of ms.
const ridgeBlock = 1024

// gramContext returns A^T A. When ctx can be cancelled (ctx.Done() is not
// nil) it is summed over blocks of ridgeBlock rows with a check of ctx
// between blocks; otherwise it is one SymOuterK, as Ridge always computed
// it (the blocked sum may differ from it in the last bits).
func gramContext(ctx context.Context, A *mat.Dense) (*mat.SymDense, error) {
	m, d := A.Dims()
	G := mat.NewSymDense(d, nil)
	if ctx.Done() == nil || m <= ridgeBlock {
		G.SymOuterK(1, A.T())
		return G, nil
	}
	for i := 0; i < m; i += ridgeBlock {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		G.SymRankK(G, 1, A.Slice(i, min(i+ridgeBlock, m), 0, d).T())
	}
	return G, ctx.Err()
}

// asPredictor turns a typed nil result into a nil Predictor.
func asPredictor[T featlab.Predictor](r T, err error) (featlab.Predictor, error) {
	if err != nil {
		return nil, err
	}
	return r, nil
}

// FitContext is Fit with a context: the Gram matrix is summed in blocks
// of rows with a check of ctx between them (see Ridge).
func (cfg RidgeConfig) FitContext(ctx context.Context, X mat.Matrix, y []float64) (featlab.Predictor, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return asPredictor(ridge(ctx, X, y, cfg))
}

// FitContext is Fit with a context checked before and after the QR or
// SVD (one factorisation, not interruptible inside).
func (cfg LeastSquaresConfig) FitContext(ctx context.Context, X mat.Matrix, y []float64) (featlab.Predictor, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r, err := LeastSquares(X, y, cfg)
	if err == nil {
		err = ctx.Err()
	}
	return asPredictor(r, err)
}

// FitContext is Fit through LassoContext.
func (cfg LassoConfig) FitContext(ctx context.Context, X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return asPredictor(LassoContext(ctx, X, y, cfg))
}

// FitContext is Fit through ElasticNetContext.
func (cfg ElasticNetConfig) FitContext(ctx context.Context, X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return asPredictor(ElasticNetContext(ctx, X, y, cfg))
}

// FitContext is Fit through LogisticContext.
func (cfg LogisticConfig) FitContext(ctx context.Context, X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return asPredictor(LogisticContext(ctx, X, y, cfg))
}

// FitContext is Fit through MultinomialContext.
func (cfg MultinomialConfig) FitContext(ctx context.Context, X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return asPredictor(MultinomialContext(ctx, X, y, cfg))
}

// FitContext is Fit through SparseSVMContext.
func (cfg SparseSVMConfig) FitContext(ctx context.Context, X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return asPredictor(SparseSVMContext(ctx, X, y, cfg))
}

// FitContext is Fit through OneVsRestContext.
func (cfg OneVsRestConfig) FitContext(ctx context.Context, X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return asPredictor(OneVsRestContext(ctx, X, y, cfg))
}

var (
	_ featlab.ContextLearner = RidgeConfig{}
	_ featlab.ContextLearner = LeastSquaresConfig{}
	_ featlab.ContextLearner = LassoConfig{}
	_ featlab.ContextLearner = ElasticNetConfig{}
	_ featlab.ContextLearner = LogisticConfig{}
	_ featlab.ContextLearner = MultinomialConfig{}
	_ featlab.ContextLearner = SparseSVMConfig{}
	_ featlab.ContextLearner = OneVsRestConfig{}
)
