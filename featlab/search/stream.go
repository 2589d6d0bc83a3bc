package search

import (
	"context"
	"math"

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
// a Gram without rows is ErrEmpty.
//
// Scaling: as Evaluator scales X by one power of two, the features'
// statistics are scaled by one exact power of two 2^(-e) (and y's by
// its own 2^(-e_y)) when their root sums of squares lie outside
// [2^-60, 2^60] (design.Pow2.Uniform), Ridge by 2^(-2e) and Sigma2 by
// 2^(-2 e_y), so data with values near 1e±150 give the scores of the
// in-memory evaluator (RSS, AIC and BIC in the data's units;
// TestEvaluatorFromStatsExtremeScales). Statistics whose squares
// overflowed during the pass wrap ErrNotFinite naming the column.
func (c LeastSquares) EvaluatorFromStats(g *stream.Gram) (*Evaluator, error) {
	e, e2, err := c.statsEval(g, true)
	if err != nil {
		return nil, err
	}
	e.rssExp = e2
	return &Evaluator{Name: c.name(1), Higher: c.Score.higher(), D: e.d, Eval: e.eval}, nil
}

// statsEval builds the least-squares evaluator of the statistics, with
// the columns of [X y] scaled by powers of two (design.Pow2): with
// uniform one scale for all the features and one for y, each only
// outside design.StatsWindow (Ridge and Sigma2 scaled to match); without,
// each column by its own: column j by 2^(-e_j), e_j the binary exponent of
// its root sum of squares, so every scaled diagonal lies in [1/4, 1) and
// the subsets, R², adjusted R² and Cp are those of the unscaled data
// (Ridge must be 0).
// e2 is the exponent of y's scale, 2^e2 (RSS in the evaluator is then the
// data's RSS times 2^(-2 e2)).
func (c LeastSquares) statsEval(g *stream.Gram, uniform bool) (ls *lsEval, e2 int, err error) {
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
	ex, err := design.GramExponents(g, !c.NoIntercept)
	if err != nil {
		return nil, 0, err
	}
	if uniform {
		ex = ex.Uniform(design.StatsWindow)
	}
	e2 = ex[d]
	Cs, ms := ex.Scale(g.Centred(), g.Mean())
	S := design.CrossProducts(Cs, ms, float64(n), !c.NoIntercept)
	if uniform {
		r := math.Ldexp(c.Ridge, -2*ex[0])
		if c.Ridge != 0 && (r == 0 || math.IsInf(r, 0)) {
			return nil, 0, featlab.Errorf(featlab.ErrNotFinite, "search: Ridge = %v on features of scale 2^%d leaves the floating-point range", c.Ridge, ex[0])
		}
		c.Ridge, c.Sigma2 = r, math.Ldexp(c.Sigma2, -2*e2)
	}
	e := &lsEval{d: d, m: float64(n), score: c.Score, ridge: c.Ridge, cache: map[string]*lsFactor{}, tss: Cs.At(d, d)}
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
// search (exact; see statsEval), so data with values near
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
	ls, e2, err := LeastSquares{NoIntercept: cfg.NoIntercept}.statsEval(g, false)
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
