package search

import (
	"context"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/stream"
)

// EvaluatorFromStats is Evaluator computed from the one-pass statistics
// of [X y] (a stream.Gram with a target) instead of X and y: every
// least-squares criterion but CVMSE reads the data only through
//
//	G = XcᵀXc, b = Xcᵀyc, yᵀy, TSS = Σ(y − ȳ)² and n
//
// (Xc, yc centred with an intercept, raw without: the Gram's C or
// C + n z̄ z̄ᵀ), so the scores, hence the subsets Forward, Backward and
// the other strategies choose through search.Run, are those of the
// in-memory evaluator up to rounding. CVMSE needs the rows of each fold
// and is refused (ErrParam), as are a nil Gram or one without a target;
// a Gram without rows is ErrEmpty. Unlike Evaluator, the statistics are
// not rescaled (their range is the caller's).
func (c LeastSquares) EvaluatorFromStats(g *stream.Gram) (*Evaluator, error) {
	e, err := c.statsEval(g)
	if err != nil {
		return nil, err
	}
	return &Evaluator{Name: c.name(1), Higher: c.Score.higher(), D: e.d, Eval: e.eval}, nil
}

func (c LeastSquares) statsEval(g *stream.Gram) (*lsEval, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if c.Score == CVMSE {
		return nil, featlab.Errorf(featlab.ErrParam, "search: CVMSE needs the rows of each fold, not one Gram")
	}
	if g == nil || !g.HasTarget() {
		return nil, featlab.Errorf(featlab.ErrParam, "search: statistics need a stream.Gram with a target")
	}
	n, d := g.Count(), g.Features()
	if n == 0 || d == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "search: a Gram of %d rows and %d features", n, d)
	}
	C, mean := g.Centred(), g.Mean()
	if err := design.CheckFinite(C, mean); err != nil {
		return nil, err
	}
	S := design.CrossProducts(C, mean, float64(n), !c.NoIntercept)
	e := &lsEval{d: d, m: float64(n), score: c.Score, ridge: c.Ridge, cache: map[string]*lsFactor{}, tss: C.At(d, d)}
	if !c.NoIntercept {
		e.icpt = 1
	}
	xx := make([]float64, d*d)
	xy := make([]float64, d)
	for a := 0; a < d; a++ {
		for b := 0; b < d; b++ {
			xx[a*d+b] = S.At(a, b)
		}
		xy[a] = S.At(a, d)
	}
	if err := c.fullSystem(e, xx, xy, S.At(d, d), int(min(n, 1<<62))); err != nil {
		return nil, err
	}
	return e, nil
}

// BestSubsetsFromStats is BestSubsets from the one-pass statistics of
// [X y] (a stream.Gram with a target): the branch and bound reads only
// the Gram matrix G = XcᵀXc, b = Xcᵀyc and yᵀy (see EvaluatorFromStats),
// so the best subset of every size, its RSS, R², adjusted R², Cp, AIC and
// BIC are those of BestSubsets on the n rows, up to rounding
// (TestBestSubsetsFromStatsExact), for data that never had to fit in
// memory. Errors: as BestSubsets' for the config; ErrParam for a nil Gram
// or one without a target; ErrEmpty for one without rows; ErrShape for
// Names of the wrong length.
func BestSubsetsFromStats(g *stream.Gram, cfg BestSubsetsConfig) (*BestSubsetsResult, error) {
	return BestSubsetsFromStatsContext(context.Background(), g, cfg)
}

// BestSubsetsFromStatsContext is BestSubsetsFromStats with a context, as
// BestSubsetsContext.
func BestSubsetsFromStatsContext(ctx context.Context, g *stream.Gram, cfg BestSubsetsConfig) (*BestSubsetsResult, error) {
	ls, err := LeastSquares{NoIntercept: cfg.NoIntercept}.statsEval(g)
	if err != nil {
		return nil, err
	}
	if cfg.Names != nil && len(cfg.Names) != ls.d {
		return nil, featlab.Errorf(featlab.ErrShape, "search: %d names for %d features", len(cfg.Names), ls.d)
	}
	choose, names, maxSize, err := cfg.check(ls.d)
	if err != nil {
		return nil, err
	}
	return bestSubsets(ctx, ls, choose, names, maxSize)
}
