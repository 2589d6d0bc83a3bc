package linear

import (
	"context"

	"github.com/featlab/course/featlab/stream"
)

// LassoPathFromStats is LassoPath computed from the one-pass statistics
// of [X y] (a stream.Gram with a target) instead of X: the same grid,
// the same covariance-update coordinate descent with strong rules, the
// same entry order, for data that never had to fit in memory.
//
// Coordinate descent with covariance updates reads the data only through
// S = [X y]ᵀ[X y] of the centred columns (with cfg.Intercept: the Gram's
// C; without: C + n z̄ z̄ᵀ, the raw cross products) and the count n. The
// function factors S = RᵀR (Cholesky; a symmetric eigendecomposition
// S = V Λ Vᵀ, R = Λ^½ Vᵀ, when S is singular), scales R by √(p/n) for
// p = d+1, and runs the in-memory path on the p x p "design" whose rows
// are R's: its cross products are (p/n) S, so the (1/2p) objective on it is
// the (1/2n) objective on the data, lambda_max and every fit are those of
// LassoPath on the n rows (up to the rounding of the factorisation, about
// 1e-13 relative on well-conditioned data), and the intercept is
// ȳ − x̄ᵀw. A column whose centred sum of squares is below (1e-12 n x̄_j)²
// (constant in the data) is treated as constant, coefficient 0, as
// LassoPath does. With cfg.L1Ratio < 1 it is the elastic-net path
// (LassoPath's, the same penalty) from the same statistics.
//
// Scaling: as LassoPath multiplies X by one power of two when its values
// are far from 1, the features' statistics are scaled by one exact power
// of two (and the target's by another) when their root sums of squares
// lie outside [2^-60, 2^60], and the path is mapped back exactly: data
// with a column near 1e150 or 1e-150 give LassoPath's answer
// (TestLassoFromStatsExtremeScales). Errors: ErrParam for a nil Gram,
// one without a target or a bad config; ErrEmpty for a Gram without rows;
// ErrNotFinite, naming the column, for statistics whose squares
// overflowed during the pass.
func LassoPathFromStats(g *stream.Gram, cfg LassoPathConfig) (*LassoPathResult, error) {
	rho, err := cfg.check()
	if err != nil {
		return nil, err
	}
	d, err := checkStats(g, "LassoPathFromStats")
	if err != nil {
		return nil, err
	}
	if err := checkNames(cfg.Names, d); err != nil {
		return nil, err
	}
	sc, err := gramScale(g, cfg.Intercept, true)
	if err != nil {
		return nil, err
	}
	ds, err := lassoDesign(g, cfg.Intercept, sc)
	if err != nil {
		return nil, err
	}
	mon := newMonitor(context.Background(), cfg.Progress, "lasso path from statistics")
	cs := cfg
	cs.Lambdas = sc.lambdas(cfg.Lambdas)
	res := pathOn(ds, cs, rho, nil, mon)
	if err := sc.path(&res.Path); err != nil {
		return nil, err
	}
	if mon.err != nil {
		return res, mon.err
	}
	return res, nil
}
