package search

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

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
	e, _, err := c.statsEval(g, false)
	if err != nil {
		return nil, err
	}
	return &Evaluator{Name: c.name(1), Higher: c.Score.higher(), D: e.d, Eval: e.eval}, nil
}

// statsEval builds the least-squares evaluator of the statistics; with
// scaled, columns of [X y] are first scaled by powers of two (see
// scaledCrossProducts) and e2 is the exponent of y's scale, 2^e2 (RSS in
// the evaluator is then the data's RSS times 2^(-2 e2)).
func (c LeastSquares) statsEval(g *stream.Gram, scaled bool) (ls *lsEval, e2 int, err error) {
	if err := c.check(); err != nil {
		return nil, 0, err
	}
	if c.Score == CVMSE {
		return nil, 0, featlab.Errorf(featlab.ErrParam, "search: CVMSE needs the rows of each fold, not one Gram")
	}
	if g == nil || !g.HasTarget() {
		return nil, 0, featlab.Errorf(featlab.ErrParam, "search: statistics need a stream.Gram with a target")
	}
	n, d := g.Count(), g.Features()
	if n == 0 || d == 0 {
		return nil, 0, featlab.Errorf(featlab.ErrEmpty, "search: a Gram of %d rows and %d features", n, d)
	}
	var S *mat.SymDense
	var tss float64
	if scaled {
		if S, e2, err = scaledCrossProducts(g, !c.NoIntercept); err != nil {
			return nil, 0, err
		}
		tss = math.Ldexp(g.Centred().At(d, d), -2*e2)
	} else {
		C, mean := g.Centred(), g.Mean()
		if err := design.CheckFinite(C, mean); err != nil {
			return nil, 0, err
		}
		S = design.CrossProducts(C, mean, float64(n), !c.NoIntercept)
		tss = C.At(d, d)
	}
	e := &lsEval{d: d, m: float64(n), score: c.Score, ridge: c.Ridge, cache: map[string]*lsFactor{}, tss: tss}
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
		return nil, 0, err
	}
	return e, e2, nil
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
//
// Scaling: the columns of [X y] are scaled by powers of two before the
// search (exact; see scaledCrossProducts), so data with values near
// 1e±150 give the subsets, R², adjusted R² and Cp of the same data at unit
// scale, RSS in the data's units and AIC, BIC from it
// (TestBestSubsetsFromStatsExtremeScales); values whose squares
// overflowed during the pass (beyond about 1e154) wrap ErrNotFinite
// naming the column.
func BestSubsetsFromStats(g *stream.Gram, cfg BestSubsetsConfig) (*BestSubsetsResult, error) {
	return BestSubsetsFromStatsContext(context.Background(), g, cfg)
}

// BestSubsetsFromStatsContext is BestSubsetsFromStats with a context, as
// BestSubsetsContext.
func BestSubsetsFromStatsContext(ctx context.Context, g *stream.Gram, cfg BestSubsetsConfig) (*BestSubsetsResult, error) {
	ls, e2, err := LeastSquares{NoIntercept: cfg.NoIntercept}.statsEval(g, true)
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
	res, err := bestSubsets(ctx, ls, choose, names, maxSize)
	if res != nil && e2 != 0 {
		unscaleSubsets(res, ls, choose, e2)
	}
	return res, err
}
